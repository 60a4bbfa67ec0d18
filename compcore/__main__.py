"""``python -m compcore``: the same as the ``compcore`` command."""

import sys

from compcore.cli.main import main

sys.exit(main())
