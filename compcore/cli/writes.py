"""The command line's commands that write a database or a file (``compcore import``,
``export``, ``ratings import``, ``knsb``, ``publish``, ``calendar``). Each imports what it needs
itself, so ``--help`` starts fast."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from compcore.cli.commands import load_season, season_name
from compcore.domain.errors import CompcoreError, Phrase
from compcore.i18n import Lang, t
from compcore.rules.rulesets import ruleset_of

if TYPE_CHECKING:  # every command imports what it needs itself: ``--help`` starts fast
    from compcore.adapters.files.rating_lists import BadRow
    from compcore.domain.model import Player, RatingChange, Season
    from compcore.services.ratings import Preview


def cmd_import(args: argparse.Namespace) -> int:
    from compcore.adapters import store
    from compcore.adapters.files import season_file

    if args.file.lower().endswith(".trf"):
        season = _trf_season(args)
    else:
        season, _ = season_file.load(args.file)
    store.import_season_file(args.db, season, replace=args.replace)
    where = store.database_at(args.db).where  # a URL without its password
    print(t("cli.imported", args.lang, name=season_name(season), db=where))
    return 0


def _trf_season(args: argparse.Namespace) -> Season:
    """A TRF16 file as a new competition (:mod:`compcore.adapters.files.trf_import`), checked
    against its preset like any season file."""
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
    ruleset_of(season)  # an unknown preset: one line, nothing stored
    return season


def cmd_export(args: argparse.Namespace) -> int:
    """A competition (a season file or ``--db``) as a season file, or as TRF16 with
    ``--format trf`` (:mod:`compcore.adapters.files.trf_export`)."""
    from compcore.adapters.files import season_file

    if Path(args.out).is_dir():
        example = Path(args.out) / ("season.trf" if args.format == "trf" else "season.json")
        raise CompcoreError(Phrase("cli.out_is_folder", out=args.out, example=example))
    season, ruleset = load_season(args)
    if args.format == "trf":
        from compcore.adapters.files.trf_export import season_trf

        # newline="": the text's own CR LF line ends, untranslated on every platform
        Path(args.out).write_text(season_trf(season, ruleset), encoding="utf-8", newline="")
    else:
        season_file.dump(season, args.out)
    print(t("cli.exported", args.lang, name=season_name(season), out=args.out))
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
    season, _ = load_season(args)
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
    print(t("cli.exported", args.lang, name=season_name(season), out=args.out))
    for phrase in submission.left_out:
        print(f"  {phrase.render(args.lang)}")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    """Write the static website of every competition in ``--db`` to the folder ``--out``,
    all or nothing (:func:`compcore.present.site_files.write_site`); a folder that is not a
    site it wrote is refused unless ``--force``."""
    from compcore.adapters import store
    from compcore.present import site_files, website

    out = Path(args.out)
    site_files.check_target(out, force=args.force)  # before reading: refused, nothing is done
    comps = [
        website.Competition(f"c{info.id}", season, ruleset)
        for info, season, ruleset in store.load_all_readonly(args.db)
    ]
    pages = website.site(comps, args.lang)
    site_files.write_site(pages, out, force=args.force)
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
    season, ruleset = load_season(args)
    data = club_calendar.to_ics(season, ruleset, args.lang, zone)
    Path(args.out).write_bytes(data)
    events = len(club_calendar.evenings(season, ruleset))
    print(
        t("cli.calendar_written", args.lang, events=events, name=season_name(season), out=args.out)
    )
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    """``compcore migrate --from FILE --to URL``: a whole database into an empty one."""
    from compcore.adapters import store

    copied = store.copy_database(args.source, args.target)
    where = store.database_at(args.target).where
    for name, cid in copied:
        print(t("cli.migrated_one", args.lang, name=name, id=cid))
    print(t("cli.migrated", args.lang, count=len(copied), db=where))
    return 0
