"""The ``compcore`` command line (``spec/season-format.md``, "Command line").

Every command reads a season file (or a DuckDB database with ``--db``), prints to standard
output and, on bad input, prints one line naming what is wrong and exits non-zero:
2 for bad input, 1 when ``check`` finds violations.

Every line it prints is Dutch by default and English with ``--lang en``: the output, the
errors, the password prompts, the help (``compcore/i18n/cli.py``), and argparse's own words
(``compcore.cli.words``).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compcore.cli.words import argparse_words, language_of
from compcore.domain.errors import CompcoreError, Phrase, os_problem
from compcore.i18n import LANGUAGES, Lang, t

if TYPE_CHECKING:  # every command imports what it needs itself: ``--help`` starts fast
    from compcore.adapters.files.rating_lists import BadRow
    from compcore.awards.winners import Awards
    from compcore.domain.model import Player, RatingChange, Season
    from compcore.rules.rulesets import Ruleset
    from compcore.services.ratings import Preview

EXIT_BAD_INPUT = 2
EXIT_VIOLATIONS = 1


def _load(args: argparse.Namespace) -> tuple[Season, Ruleset]:
    """The season named on the command line: a file, or a competition in ``--db``."""
    from compcore.adapters.files import season_file

    if getattr(args, "db", None):
        from compcore.adapters import store

        return store.load_season_readonly(args.db, getattr(args, "competition", None))
    if not args.file:
        raise CompcoreError(Phrase("cli.no_source"))
    return season_file.load(args.file)


def cmd_presets(args: argparse.Namespace) -> int:
    from compcore.rules.rulesets import preset_summaries

    for preset in preset_summaries():
        text = (
            preset.description_nl
            if args.lang == "nl" and preset.description_nl
            else preset.description
        )
        print(f"{preset.name:<16} {text}")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    from compcore.present import reports
    from compcore.scoring.standings import standings

    if args.excel and args.format not in (None, "csv"):
        raise CompcoreError(Phrase("cli.excel_needs_csv", format=args.format))
    season, ruleset = _load(args)
    cycle = None if args.cycle is None else ruleset.cycle_from_label(args.cycle)
    result = standings(season, ruleset, after_round=args.after_round, cycle=cycle)
    if args.format == "json":
        print(reports.to_json(result, ruleset, args.lang))
    elif args.excel:  # issue 18 item 6: ';', decimal comma, UTF-8 with a BOM
        from compcore.adapters.files.csv_text import csv_bytes

        sys.stdout.flush()
        sys.stdout.buffer.write(
            csv_bytes(reports.to_csv(result, ruleset, args.lang, excel=True), excel=True)
        )
        sys.stdout.buffer.flush()
    elif args.format == "csv":
        sys.stdout.write(reports.to_csv(result, ruleset, args.lang))
    else:
        sys.stdout.write(reports.to_table(result, ruleset, args.lang))
    return 0


def cmd_winners(args: argparse.Namespace) -> int:
    """What the Winnaars page shows: cycle winners, champions or play-offs, subgroups, a
    level's top N, the cup and its bracket (``compcore.present.winners_report``)."""
    import json

    from compcore.awards.winners import awards
    from compcore.formats.kind import is_playoff, is_pools_cup
    from compcore.present import winners_report
    from compcore.scoring.standings import last_complete_round

    season, ruleset = _load(args)
    if is_playoff(ruleset):  # a championship play-off (DS-19, DS-20): its state
        from compcore.present import playoff_report

        report = playoff_report.to_json(season, ruleset) + "\n"
        if args.format != "json":
            report = playoff_report.to_table(season, ruleset, args.lang)
        sys.stdout.write(report)
        return 0
    result = awards(season, ruleset, after_round=args.after_round)
    after = last_complete_round(season) if args.after_round is None else args.after_round
    group = winners_report.group_data(season, ruleset)  # DS-16: a round-robin group
    if is_pools_cup(ruleset):  # DS-21: a cup of pools
        return _pools_cup_winners(args, season, ruleset, result, after)
    if args.format == "json" and group is None:
        print(winners_report.to_json(result, ruleset, after))
    elif args.format == "json":
        data = {**winners_report.to_data(result, ruleset, after), "group": group}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(winners_report.to_table(result, season, ruleset, after, args.lang))
    return 0


def _pools_cup_winners(
    args: argparse.Namespace, season: Season, ruleset: Ruleset, result: Awards, after: int
) -> int:
    """DS-21: a cup of pools and knock-outs has no champion by points: the awards without
    championships, then the pools, the knock-out and the losers' cup (``pools_cup``)."""
    import json
    from dataclasses import replace

    from compcore.formats.pools_cup import cup_state
    from compcore.present import pools_cup_report, winners_report

    if args.after_round is not None:
        season = season.truncated(args.after_round)
    state = cup_state(season, ruleset)
    result = replace(result, championships=())
    if args.format == "json":
        data = winners_report.to_data(result, ruleset, after)
        data["pools_cup"] = pools_cup_report.to_data(state)
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    names = season.names()
    sys.stdout.write(winners_report.to_table(result, season, ruleset, after, args.lang))
    sys.stdout.write("\n".join(["", *pools_cup_report.lines(state, args.lang, names)]) + "\n")
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """Why a player's score changed after a round (``compcore.scoring.explain``), as a table or
    JSON (exact numbers as strings: ``"27/2"``)."""
    import json

    from compcore.scoring.explain import explain, find_player, to_data

    season, ruleset = _load(args)
    player = find_player(season, args.player)
    result = explain(season, ruleset, player, round=args.round, since=args.since)
    names = season.names()
    if args.format == "json":
        print(json.dumps(to_data(result, args.lang, names), ensure_ascii=False, indent=2))
        return 0
    from compcore.scoring.explain import number_text, signed_text

    heading = t(
        "explain.cli.heading",
        args.lang,
        name=names[player],
        round=result.round,
        since=result.since,
        before=number_text(result.score_before),
        after=number_text(result.score_after),
    )
    print(heading)
    for item in result.items:
        print(f"  {item.text(args.lang, names)}")
    print(
        t(
            "explain.total",
            args.lang,
            before=number_text(result.score_before),
            after=number_text(result.score_after),
            points=signed_text(result.difference),
        )
    )
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """The rule lab (issue 13 item 1): the season scored under its own ruleset and under
    ``--preset``/``--set`` (:mod:`compcore.lab.rulelab`), as a table or JSON."""
    from compcore.lab import rulelab
    from compcore.present import rulelab_report

    season, ruleset = _load(args)
    other = rulelab.ruleset_b(season, ruleset, args.preset, rulelab.overrides_from(args.set))
    result = rulelab.compare(season, ruleset, other)
    if args.format == "json":
        print(rulelab_report.to_json(result))
    else:
        sys.stdout.write(rulelab_report.to_table(result, args.lang))
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    if args.file and args.file.lower().endswith(".trf"):
        from compcore.adapters.files.trf import trf_text
        from compcore.adapters.files.trf_pairing import pair_trf_text

        sys.stdout.write(pair_trf_text(trf_text(Path(args.file).read_bytes())))
        return 0
    from compcore.pairing import pair
    from compcore.present import pairing_report

    season, ruleset = _load(args)
    result = pair(season, ruleset)
    if args.format == "json":
        print(pairing_report.to_json(result, season))
    else:
        sys.stdout.write(pairing_report.to_table(result, season, ruleset, args.lang))
    return 0


# --------------------------------------------------------------------- club rating (issue 13)


def cmd_rating(args: argparse.Namespace) -> int:
    """The club rating list (``compcore.scoring.club_rating``) after a round, as a table or JSON."""
    from compcore.present import club_rating_report

    season, ruleset = _load(args)
    ratings = club_rating_report.rating_list(season, ruleset, args.after_round)
    if args.format == "json":
        print(club_rating_report.to_json(ratings, season, ruleset))
    else:
        sys.stdout.write(club_rating_report.to_table(ratings, season, ruleset, args.lang))
    return 0


# --------------------------------------------------------------------- end club rating


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
    from compcore.adapters import store
    from compcore.adapters.files import season_file

    if args.file.lower().endswith(".trf"):
        season = _trf_season(args)
    else:
        season, _ = season_file.load(args.file)
    store.import_season_file(args.db, season, replace=args.replace)
    print(t("cli.imported", args.lang, name=_name(season), db=args.db))
    return 0


def _trf_season(args: argparse.Namespace) -> Season:
    """A TRF16 file as a new competition (:mod:`compcore.adapters.files.trf_import`), checked
    against its preset like any season file."""
    from compcore.adapters.files import season_file
    from compcore.adapters.files.trf import read_trf_file
    from compcore.adapters.files.trf_import import name_parts, season_from_trf

    if not args.preset:
        raise CompcoreError(Phrase("cli.trf_needs_preset"))
    document = read_trf_file(args.file)
    named = name_parts(document)  # compcore's own 012: club / season / competition
    season_name = args.season.strip() or named.season
    if not season_name:  # a season file names its season; another program's TRF does not
        raise CompcoreError(Phrase("cli.trf_needs_season"))
    club = args.club or named.club or document.name or Path(args.file).stem
    season = season_from_trf(document, club=club, season=season_name, preset=args.preset)
    season_file.ruleset_of(season)  # an unknown preset: one line, nothing stored
    return season


def cmd_export(args: argparse.Namespace) -> int:
    """A competition (a season file or ``--db``) as a season file, or as TRF16 with
    ``--format trf`` (:mod:`compcore.adapters.files.trf_export`)."""
    from compcore.adapters.files import season_file

    if Path(args.out).is_dir():
        example = Path(args.out) / ("season.trf" if args.format == "trf" else "season.json")
        raise CompcoreError(Phrase("cli.out_is_folder", out=args.out, example=example))
    season, ruleset = _load(args)
    if args.format == "trf":
        from compcore.adapters.files.trf_export import season_trf

        # newline="": the text's own CR LF line ends, untranslated on every platform
        Path(args.out).write_text(season_trf(season, ruleset), encoding="utf-8", newline="")
    else:
        season_file.dump(season, args.out)
    print(t("cli.exported", args.lang, name=_name(season), out=args.out))
    return 0


def cmd_ratings_import(args: argparse.Namespace) -> int:
    """Match a rating list to the roster and store the new ratings from a round on; bad
    rows: one line each on standard error, exit 2, nothing stored; with
    ``--skip-bad-rows`` the bad rows are listed on standard output and the good rows
    stored."""
    from compcore.adapters.store import Store
    from compcore.adapters.store.command_line import competition_id
    from compcore.ports.actors import Administrator
    from compcore.services import players, ratings

    repo = Store(args.db)
    cid = competition_id(args.db, args.competition)
    season = repo.load(cid)
    players.check_round(season, repo.ruleset(cid), args.from_round)
    with Path(args.file).open("rb") as stream:
        seen = ratings.preview(season, stream, args.from_round)
    _bad_rows(args.lang, seen.bad, skipped=args.skip_bad_rows)
    changes = seen.to_store(args.skip_bad_rows)
    numbers = seen.numbers_to_store(args.skip_bad_rows)
    if changes or numbers:
        read = season.ratings or ()
        admin = Administrator("command-line")
        ratings.import_ratings(repo, cid, changes, read=read, actor=admin, numbers=numbers,
                               read_players=season.players)  # fmt: skip
    _print_ratings(args.lang, seen, changes, numbers, args.from_round)
    return 0


def _bad_rows(lang: Lang, bad: Sequence[BadRow], *, skipped: bool) -> None:
    """The list's bad rows, one line each: on standard error and refused (nothing stored),
    or, when the director skips them, on standard output with a line saying so."""
    for row in bad:
        print(row.describe(lang), file=sys.stdout if skipped else sys.stderr)
    if bad and not skipped:
        raise CompcoreError(Phrase("ratings.bad_rows", count=len(bad)))
    if bad:
        print(t("ratings.bad_rows_skipped", lang, count=len(bad)))


def _print_ratings(
    lang: Lang,
    seen: Preview,
    new: Sequence[RatingChange],
    numbers: Sequence[Player],
    from_round: int,
) -> None:
    """One line per new rating, per number stored, per player not found, per ambiguous
    player, per number conflict; a summary."""
    result = seen.result
    changed = {c.player for c in new}
    for m in result.matches:
        if m.player.id in changed:
            how = t(f"ratings.how.{m.how}", lang)
            old = t("ratings.none", lang) if m.old is None else m.old
            print(t("ratings.change", lang, name=m.player.name, old=old, new=m.new, how=how))
    family = "knsb" if seen.kind == "knsb" else "fide"
    stored = {p.id for p in numbers}
    for m in result.matches:
        if m.number is not None and m.player.id in stored:
            print(t(f"ratings.number.{family}", lang, name=m.player.name, number=m.number))
    for p in result.unmatched:
        print(t("ratings.unmatched", lang, name=p.name))
    for a in result.ambiguous:
        lines = ", ".join(map(str, a.lines))
        key = "ratings.ambiguous_roster" if a.where == "roster" else "ratings.ambiguous"
        print(t(key, lang, name=a.player.name, lines=lines))
    for c in result.conflicts:
        print(t(f"ratings.conflict.{family}", lang, name=c.player.name, ours=c.ours,
                theirs=c.theirs, line=c.line))  # fmt: skip
    for b in result.bad_numbers:
        print(t(f"ratings.bad_number.{family}", lang, name=b.player.name, number=b.number,
                line=b.line))  # fmt: skip
    if numbers:
        print(t("ratings.numbers", lang, count=len(numbers)))
    print(t("ratings.summary", lang, rows=result.rows, matched=len(result.matches),
            changed=len(new), round=from_round, unmatched=len(result.unmatched),
            ambiguous=len(result.ambiguous)))  # fmt: skip


def cmd_knsb(args: argparse.Namespace) -> int:
    """The KNSB rating submission of rounds ``--from``..``--to``
    (:mod:`compcore.adapters.files.knsb_submission`): the file, and who and what was left out.
    The header's time control and arbiter: ``--tempo``/``--arbiter``, else the club's
    settings in ``--db``."""
    from compcore.rules.club_settings import ClubSettings
    from compcore.services.federation import knsb_submission_of

    if Path(args.out).is_dir():
        example = Path(args.out) / "knsb.trf"
        raise CompcoreError(Phrase("cli.out_is_folder", out=args.out, example=example))
    season, _ = _load(args)
    settings = ClubSettings()
    if getattr(args, "db", None):
        from compcore.adapters.store.command_line import club_settings_readonly

        settings = club_settings_readonly(args.db, season.club)
    settings = ClubSettings(
        tempo=settings.tempo if args.tempo is None else args.tempo,
        arbiter=settings.arbiter if args.arbiter is None else args.arbiter,
    )
    last = season.last_played if args.to is None else args.to
    submission = knsb_submission_of(season, args.first, last, settings)
    Path(args.out).write_text(submission.text, encoding="utf-8")
    print(t("cli.exported", args.lang, name=_name(season), out=args.out))
    for phrase in submission.left_out:
        print(f"  {phrase.render(args.lang)}")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    """Write the static website of every competition in ``--db`` to the folder ``--out``,
    all or nothing (:func:`compcore.present.website.write_site`); a folder that is not a
    site it wrote is refused unless ``--force``."""
    from compcore.adapters import store
    from compcore.present import website

    out = Path(args.out)
    website.check_target(out, force=args.force)  # before reading: refused, nothing is done
    comps = [
        website.Competition(f"c{info.id}", season, ruleset)
        for info, season, ruleset in store.load_all_readonly(args.db)
    ]
    pages = website.site(comps, args.lang)
    website.write_site(pages, out, force=args.force)
    print(t("cli.published", args.lang, pages=len(pages), out=args.out))
    return 0


def cmd_calendar(args: argparse.Namespace) -> int:
    """The club evenings of a competition as an iCalendar file (issue 18 item 7,
    :mod:`compcore.adapters.files.club_calendar`); bad input: one line, nothing written."""
    from compcore.adapters.files import club_calendar

    if Path(args.out).is_dir():
        example = Path(args.out) / "clubavonden.ics"
        raise CompcoreError(Phrase("cli.out_is_folder", out=args.out, example=example))
    zone = club_calendar.zone(args.timezone or os.environ.get("COMPCORE_TIMEZONE"))
    season, ruleset = _load(args)
    data = club_calendar.to_ics(season, ruleset, args.lang, zone)
    Path(args.out).write_bytes(data)
    events = len(club_calendar.evenings(season, ruleset))
    print(t("cli.calendar_written", args.lang, events=events, name=_name(season), out=args.out))
    return 0


def _name(season: Season) -> str:
    return f"{season.club} / {season.season} / {season.competition}"


def cmd_hash_password(args: argparse.Namespace) -> int:
    """Print the PBKDF2 hash of the director password (for secrets.toml or the environment)."""
    from compcore.adapters.access import auth

    if sys.stdin.isatty():
        import getpass

        password = getpass.getpass(t("cli.password", args.lang))
        if getpass.getpass(t("cli.password_again", args.lang)) != password:
            raise CompcoreError(Phrase("cli.passwords_differ"))
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    if not password:
        raise CompcoreError(Phrase("cli.password_empty"))
    if len(password) < 8:
        print(t("cli.password_short", args.lang), file=sys.stderr)
    print(auth.hash_password(password))
    return 0


# --- simulate (issue 13 item 2) -------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulated seasons of this competition under its own ruleset (A) and ``--preset-b``
    with ``--set`` overrides (B); progress on standard error (``compcore.lab.simulation``)."""
    from compcore.lab.simulation import model_of, overrides_from_set, simulate
    from compcore.present import simulation_report
    from compcore.rules.rulesets import load_ruleset

    season, ruleset_a = _load(args)
    ruleset_b = load_ruleset(args.preset_b, overrides_from_set(args.set or ()))
    model = model_of(season, ruleset_a)
    step = max(1, args.seasons // 20)

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            print(t("cli.sim.progress", args.lang, done=done, total=total), file=sys.stderr)

    result = simulate(
        model,
        ruleset_a,
        ruleset_b,
        seasons=args.seasons,
        seed=args.seed,
        threshold=args.absent_below,
        on_progress=progress,
    )
    if args.format == "json":
        print(simulation_report.to_json(result, model))
    else:
        sys.stdout.write(simulation_report.to_table(result, model, args.lang))
    return 0


def _simulate_parser(sp: argparse.ArgumentParser, h: Callable[[str], str]) -> None:
    sp.add_argument("--preset-b", required=True, metavar="PRESET", help=h("preset_b"))
    sp.add_argument("--set", action="append", metavar="KEY=VALUE", help=h("set"))
    sp.add_argument("--seasons", type=int, required=True, metavar="N", help=h("seasons"))
    sp.add_argument("--seed", type=int, required=True, metavar="S", help=h("seed"))
    sp.add_argument("--absent-below", type=float, default=0.5, metavar="X", help=h("absent_below"))
    sp.add_argument("--format", choices=("table", "json"), default="table", help=h("format"))
    sp.set_defaults(run=cmd_simulate)


# --- end simulate ----------------------------------------------------------------------------


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
    sp.add_argument("--format", choices=("table", "csv", "json"), help=h("format"))
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
