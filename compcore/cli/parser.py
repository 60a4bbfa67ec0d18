"""The command line's parser (argparse): every subcommand with its arguments, its help in the
chosen language; only the subcommands a command line names get their arguments."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Collection
from typing import Any

from compcore.cli.commands import (
    cmd_check,
    cmd_compare,
    cmd_explain,
    cmd_hash_password,
    cmd_pair,
    cmd_presets,
    cmd_rating,
    cmd_simulate,
    cmd_standings,
    cmd_winners,
)
from compcore.cli.writes import (
    cmd_calendar,
    cmd_export,
    cmd_import,
    cmd_knsb,
    cmd_migrate,
    cmd_publish,
    cmd_ratings_import,
)
from compcore.i18n import LANGUAGES, Lang, t


def _simulate_parser(sp: argparse.ArgumentParser, h: Callable[[str], str]) -> None:
    sp.add_argument("--preset-b", required=True, metavar="PRESET", help=h("preset_b"))
    sp.add_argument("--set", action="append", metavar="KEY=VALUE", help=h("set"))
    sp.add_argument("--seasons", type=int, required=True, metavar="N", help=h("seasons"))
    sp.add_argument("--seed", type=int, required=True, metavar="S", help=h("seed"))
    sp.add_argument("--absent-below", type=float, default=0.5, metavar="X", help=h("absent_below"))
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_simulate)


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, its width found as ``shutil.get_terminal_size`` finds it
    (``$COLUMNS``, else the terminal, else 80) but without importing ``shutil`` and its
    archive modules into every command (argparse makes a formatter per argument)."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
        width: int | None = None,
    ) -> None:  # fmt: skip
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


#: what a subcommand that is only listed gives back for an argument it does not add
_UNUSED = argparse.Action([], "unused")


class _Parser(argparse.ArgumentParser):
    """The command line's parsers: :class:`_Formatter`'s layout; ``listed_only``: a
    subcommand this command line does not use, whose arguments are not built."""

    listed_only = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if self.listed_only:
            return _UNUSED
        return super().add_argument(*args, **kwargs)


def parser(lang: Lang = "nl", commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, its help in ``lang``. With ``commands`` (the words of a
    command line), only those subcommands get their arguments; the others are listed with
    their help but left empty (building every subcommand's arguments was a fifth of a short
    command's start-up, issue 19)."""

    def h(key: str) -> str:
        return t(f"cli.help.{key}", lang)

    def m(key: str) -> str:
        return t(f"cli.metavar.{key}", lang)

    p = _Parser(prog="compcore", description=h("description"))
    p.add_argument("--lang", choices=LANGUAGES, default=lang, help=h("lang"))
    sub = p.add_subparsers(dest="command", required=True, title=h("commands"), metavar=m("command"))

    def command(name: str, help: str) -> _Parser:
        if commands is None or name in commands:
            return sub.add_parser(name, help=help)
        sp = sub.add_parser(name, help=help, add_help=False)  # never parsed: no -h either
        sp.listed_only = True
        return sp

    def source(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("file", nargs="?", metavar=m("file"), help=h("file"))
        sp.add_argument("--db", metavar=m("path"), help=h("db"))
        sp.add_argument("--competition", metavar=m("competition"), help=h("competition"))

    sp = command("presets", help=h("presets"))
    sp.set_defaults(run=cmd_presets)

    sp = command("standings", help=h("standings"))
    source(sp)
    sp.add_argument("--after-round", type=int, metavar=m("round"), help=h("after_round"))
    sp.add_argument("--cycle", type=int, metavar=m("cycle"), help=h("cycle"))
    # default None, shown as the table: --excel may then stand alone (--excel = --format csv --excel)
    sp.add_argument("--format", choices=("table", "csv", "json"), help=h("format_csv"))
    sp.add_argument("--excel", action="store_true", help=h("excel"))
    sp.set_defaults(run=cmd_standings)

    sp = command("winners", help=h("winners"))
    source(sp)
    sp.add_argument("--after-round", type=int, metavar=m("round"), help=h("after_round"))
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_winners)

    sp = command("explain", help=h("explain"))
    source(sp)
    sp.add_argument("player", metavar=m("player"), help=h("player"))
    sp.add_argument("--round", type=int, metavar=m("round"), help=h("explain_round"))
    sp.add_argument("--since", type=int, metavar=m("round"), help=h("explain_since"))
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_explain)

    sp = command("pair", help=h("pair"))
    source(sp)
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_pair)

    # club rating (issue 13)
    sp = command("rating", help=h("rating"))
    source(sp)
    sp.add_argument("--after-round", type=int, metavar=m("round"), help=h("rating_after"))
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_rating)

    # the rule lab (issue 13 item 1)
    sp = command("compare", help=h("compare"))
    source(sp)
    sp.add_argument("--preset", metavar=m("preset"), help=h("compare_preset"))
    sp.add_argument("--set", action="append", default=[], metavar=m("assignment"),
                    help=h("compare_set"))  # fmt: skip
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_compare)

    sp = command("check", help=h("check"))
    source(sp)
    sp.set_defaults(run=cmd_check)

    sp = command("import", help=h("import"))
    sp.add_argument("file", metavar=m("file"), help=h("file"))
    sp.add_argument("--db", required=True, metavar=m("path"), help=h("db_target"))
    sp.add_argument("--replace", action="store_true", help=h("replace"))
    sp.add_argument("--preset", metavar=m("preset"), help=h("trf_preset"))
    sp.add_argument("--club", help=h("trf_club"))
    sp.add_argument("--season", default="", help=h("trf_season"))
    sp.set_defaults(run=cmd_import)

    sp = command("migrate", help=h("migrate"))  # issue 21 item 2
    sp.add_argument("--from", dest="source", required=True, metavar=m("path"),
                    help=h("migrate_from"))  # fmt: skip
    sp.add_argument("--to", dest="target", required=True, metavar=m("path"), help=h("migrate_to"))
    sp.set_defaults(run=cmd_migrate)

    sp = command("export", help=h("export"))
    sp.add_argument("file", nargs="?", metavar=m("file"), help=h("file"))
    sp.add_argument("--db", metavar=m("path"), help=h("db_source"))
    sp.add_argument("--competition", metavar=m("competition"), help=h("competition"))
    sp.add_argument("--format", choices=("json", "trf"), default="json", help=h("export_format"))
    sp.add_argument("--out", required=True, metavar=m("file"), help=h("out"))
    sp.set_defaults(run=cmd_export)

    sp = command("ratings", help=h("ratings"))
    ratings = sp.add_subparsers(dest="ratings_command", required=True, metavar=m("command"))
    sp = ratings.add_parser("import", help=h("ratings_import"))
    sp.add_argument("file", metavar=m("file"), help=h("rating_list"))
    sp.add_argument("--db", required=True, metavar=m("path"), help=h("db_target"))
    sp.add_argument("--competition", metavar=m("competition"), help=h("competition"))
    sp.add_argument(
        "--from-round", type=int, required=True, metavar=m("round"), help=h("from_round")
    )
    sp.add_argument("--skip-bad-rows", action="store_true", help=h("skip_bad_rows"))
    sp.set_defaults(run=cmd_ratings_import)
    sp = command("knsb", help=h("knsb"))
    source(sp)
    sp.add_argument("--from", dest="first", type=int, default=1, metavar=m("round"),
                    help=h("knsb_from"))  # fmt: skip
    sp.add_argument("--to", type=int, metavar=m("round"), help=h("knsb_to"))
    sp.add_argument("--tempo", metavar=m("text"), help=h("knsb_tempo"))
    sp.add_argument("--arbiter", metavar=m("name"), help=h("knsb_arbiter"))
    sp.add_argument("--out", required=True, metavar=m("file"), help=h("knsb_out"))
    sp.set_defaults(run=cmd_knsb)
    sp = command("publish", help=h("publish"))
    sp.add_argument("--db", required=True, metavar=m("path"), help=h("db_source"))
    sp.add_argument("--out", required=True, metavar=m("folder"), help=h("site_out"))
    sp.add_argument("--force", action="store_true", help=h("site_force"))
    sp.set_defaults(run=cmd_publish)

    sp = command("calendar", help=h("calendar"))  # issue 18 item 7
    source(sp)
    sp.add_argument("--out", required=True, metavar=m("file"), help=h("calendar_out"))
    sp.add_argument("--timezone", metavar=m("zone"), help=h("timezone"))
    sp.set_defaults(run=cmd_calendar)

    sp = command("hash-password", help=h("hash_password"))
    sp.set_defaults(run=cmd_hash_password)

    sp = command("simulate", help=h("simulate"))  # issue 13 item 2
    source(sp)
    _simulate_parser(sp, h)
    return p
