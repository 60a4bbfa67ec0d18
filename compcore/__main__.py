"""``python -m compcore``: the same as the ``compcore`` command."""

import sys

from compcore.cli import main

sys.exit(main())
