"""The ``compcore`` command line (``spec/season-format.md``, "Command line").

Every command reads a season file (or a DuckDB database with ``--db``), prints to standard
output and, on bad input, prints one line naming what is wrong and exits non-zero:
2 for bad input, 1 when ``check`` finds violations.

Every line it prints is Dutch by default and English with ``--lang en``: the output, the
errors, the password prompts, the help (``compcore/i18n/cli.py``), and argparse's own words
(``compcore.cli.words``).

The commands are in :mod:`compcore.cli.commands` (those that print) and
:mod:`compcore.cli.writes` (those that write a database or a file), the parser in
:mod:`compcore.cli.parser`.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence

from compcore.cli.commands import EXIT_BAD_INPUT
from compcore.cli.parser import parser
from compcore.cli.words import argparse_words, language_of
from compcore.domain.errors import CompcoreError, os_problem
from compcore.i18n import Lang, t

#: the cyclic garbage collector's first threshold while a command runs (Python's: 700)
YOUNG_THRESHOLD = 50_000


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line. A command is a short process that makes tens of thousands of
    small objects and next to no reference cycles (the modules it imports, a season's
    entries): the collector looks at the newest objects every 50,000 allocations instead
    of every 700, as mypy's command line does (collections were a tenth of ``standings``'
    CPU time, issue 19); Python's thresholds are back when it returns."""
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, *thresholds[1:])
    try:
        return _main(argv)
    finally:
        gc.set_threshold(*thresholds)


def _main(argv: Sequence[str] | None) -> int:
    lang = language_of(sys.argv[1:] if argv is None else argv)
    words = sys.argv[1:] if argv is None else argv
    with argparse_words(lang):
        args = parser(lang, set(words)).parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except CompcoreError as exc:
        return _fail(args.lang, exc.describe(args.lang))
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        return _fail(args.lang, where + os_problem(exc).render(args.lang))
    except ValueError as exc:
        return _fail(args.lang, " ".join(str(exc).splitlines()))
    except Exception as exc:  # a bug: still one line, the traceback only on request
        if os.environ.get("COMPCORE_DEBUG"):
            raise
        detail = " ".join(f"{type(exc).__name__}: {exc}".splitlines())
        print(t("cli.internal", args.lang, detail=detail), file=sys.stderr)
        return 70


def _fail(lang: Lang, message: str) -> int:
    """One line on standard error; the exit code for bad input."""
    print(t("cli.error", lang, message=message), file=sys.stderr)
    return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
