"""The ``compcore`` command line (``spec/season-format.md``, "Command line").

Every command reads a season file (or a DuckDB database with ``--db``), prints to standard
output and, on bad input, prints one line naming what is wrong and exits non-zero:
2 for bad input, 1 when ``check`` finds violations.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from compcore.errors import CompcoreError
from compcore.i18n import DEFAULT, LANGUAGES

if TYPE_CHECKING:  # every command imports what it needs itself: ``--help`` starts fast
    from compcore.model import Season
    from compcore.rulesets import Ruleset

EXIT_BAD_INPUT = 2
EXIT_VIOLATIONS = 1


def _load(args: argparse.Namespace) -> tuple[Season, Ruleset]:
    """The season named on the command line: a file, or a competition in ``--db``."""
    from compcore.adapters import season_file

    if getattr(args, "db", None):
        from compcore.adapters import store

        return store.load_season_readonly(args.db, getattr(args, "competition", None))
    if not args.file:
        raise CompcoreError("give a season file or --db PATH")
    return season_file.load(args.file)


def cmd_presets(args: argparse.Namespace) -> int:
    from compcore.rulesets import preset_summaries

    for preset in preset_summaries():
        text = (
            preset.description_nl
            if args.lang == "nl" and preset.description_nl
            else preset.description
        )
        print(f"{preset.name:<16} {text}")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    from compcore.adapters import reports
    from compcore.scoring.standings import standings

    season, ruleset = _load(args)
    cycle = None if args.cycle is None else ruleset.cycle_from_label(args.cycle)
    result = standings(season, ruleset, after_round=args.after_round, cycle=cycle)
    if args.format == "json":
        print(reports.to_json(result, ruleset))
    elif args.format == "csv":
        sys.stdout.write(reports.to_csv(result, ruleset, args.lang))
    else:
        sys.stdout.write(reports.to_table(result, ruleset, args.lang))
    return 0


def cmd_winners(args: argparse.Namespace) -> int:
    """What the Winnaars page shows: cycle winners, champions or play-offs, subgroups, a
    level's top N, the cup and its bracket (``compcore.adapters.winners_report``)."""
    from compcore.adapters import winners_report
    from compcore.awards import awards
    from compcore.scoring.standings import last_complete_round

    season, ruleset = _load(args)
    result = awards(season, ruleset, after_round=args.after_round)
    after = last_complete_round(season) if args.after_round is None else args.after_round
    if args.format == "json":
        print(winners_report.to_json(result, ruleset, after))
    else:
        sys.stdout.write(winners_report.to_table(result, season, ruleset, after, args.lang))
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    if args.file and args.file.lower().endswith(".trf"):
        from compcore.adapters.trf import trf_text
        from compcore.adapters.trf_pairing import pair_trf_text

        sys.stdout.write(pair_trf_text(trf_text(Path(args.file).read_bytes())))
        return 0
    from compcore.adapters import pairing_report
    from compcore.pairing import pair

    season, ruleset = _load(args)
    result = pair(season, ruleset)
    if args.format == "json":
        print(pairing_report.to_json(result, season))
    else:
        sys.stdout.write(pairing_report.to_table(result, season, ruleset, args.lang))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from compcore.i18n import t
    from compcore.pairing.check import check

    season, ruleset = _load(args)
    violations = check(season, ruleset)
    for v in violations:
        print(v.describe(args.lang))
    if not violations:
        print(t("check.none", args.lang))
    return EXIT_VIOLATIONS if any(not v.overridden for v in violations) else 0


def cmd_import(args: argparse.Namespace) -> int:
    from compcore.adapters import season_file, store

    season, _ = season_file.load(args.file)
    store.import_season_file(args.db, season, replace=args.replace)
    print(f"imported {season.club} / {season.season} / {season.competition} into {args.db}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from compcore.adapters import season_file, store

    if Path(args.out).is_dir():
        raise CompcoreError(f"--out {args.out} is a folder; name the file to write, "
                            f"e.g. {Path(args.out) / 'season.json'}")  # fmt: skip
    season, _ = store.load_season_readonly(args.db, args.competition)
    season_file.dump(season, args.out)
    print(f"exported {season.club} / {season.season} / {season.competition} to {args.out}")
    return 0


def cmd_hash_password(args: argparse.Namespace) -> int:
    """Print the PBKDF2 hash of the director password (for secrets.toml or the environment)."""
    from compcore.adapters import auth

    if sys.stdin.isatty():
        import getpass

        password = getpass.getpass("director password: ")
        if getpass.getpass("again: ") != password:
            raise CompcoreError("the two passwords differ; nothing printed")
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    if not password:
        raise CompcoreError("the password may not be empty")
    if len(password) < 8:
        print(
            "compcore: warning: a password of fewer than 8 characters is easy to guess",
            file=sys.stderr,
        )
    print(auth.hash_password(password))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="compcore", description="A chess club's internal competition.")
    p.add_argument(
        "--lang", choices=LANGUAGES, default=DEFAULT, help="language of the output (default: nl)"
    )
    sub = p.add_subparsers(dest="command", required=True)

    def source(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("file", nargs="?", help="season file (JSON)")
        sp.add_argument("--db", help="a compcore DuckDB database instead of a file")
        sp.add_argument("--competition", help="competition name in --db (default: the only one)")

    sp = sub.add_parser("presets", help="list the presets")
    sp.set_defaults(run=cmd_presets)

    sp = sub.add_parser("standings", help="standings after a round")
    source(sp)
    sp.add_argument("--after-round", type=int, help="default: the last played round")
    sp.add_argument(
        "--cycle",
        type=int,
        help="cycle as the club numbers it (first_cycle_number: dubbelschaak 0-2, "
        "princenpaard 1-3): that cycle's standings, or the season's up to its end where "
        "standings accumulate",
    )
    sp.add_argument("--format", choices=("table", "csv", "json"), default="table")
    sp.set_defaults(run=cmd_standings)

    sp = sub.add_parser("winners", help="cycle winners, champions, play-offs and the cup")
    source(sp)
    sp.add_argument("--after-round", type=int, help="default: the last played round")
    sp.add_argument("--format", choices=("table", "json"), default="table")
    sp.set_defaults(run=cmd_winners)

    sp = sub.add_parser("pair", help="pair the open round (or the next round of a TRF16 file)")
    source(sp)
    sp.add_argument("--format", choices=("table", "json"), default="table")
    sp.set_defaults(run=cmd_pair)

    sp = sub.add_parser(
        "check", help="report every stored pairing that breaks a hard rule or a colour rule"
    )
    source(sp)
    sp.set_defaults(run=cmd_check)

    sp = sub.add_parser("import", help="import a season file into a database")
    sp.add_argument("file")
    sp.add_argument("--db", required=True)
    sp.add_argument("--replace", action="store_true", help="replace the competition if it exists")
    sp.set_defaults(run=cmd_import)

    sp = sub.add_parser("export", help="export a competition from a database to a season file")
    sp.add_argument("--db", required=True)
    sp.add_argument("--competition")
    sp.add_argument("--out", required=True)
    sp.set_defaults(run=cmd_export)

    sp = sub.add_parser(
        "hash-password",
        help="print the hash of a director password (reads it from the terminal or stdin)",
    )
    sp.set_defaults(run=cmd_hash_password)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except CompcoreError as exc:
        print(f"compcore: error: {exc.describe(args.lang)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, ValueError) as exc:
        print(f"compcore: error: {' '.join(str(exc).splitlines())}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug: still one line, the traceback only on request
        if os.environ.get("COMPCORE_DEBUG"):
            raise
        print(
            f"compcore: internal error ({type(exc).__name__}: {exc}); "
            "set COMPCORE_DEBUG=1 for details",
            file=sys.stderr,
        )
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
