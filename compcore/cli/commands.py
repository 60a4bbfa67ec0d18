"""The command line's commands that read a competition and print (``compcore standings``,
``winners``, ``explain``, ``compare``, ``pair``, ``rating``, ``check``, ``simulate``,
``presets``, ``hash-password``). Each imports what it needs itself, so ``--help`` starts fast."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from compcore.domain.errors import CompcoreError, Phrase
from compcore.i18n import t

if TYPE_CHECKING:  # every command imports what it needs itself: ``--help`` starts fast
    from compcore.awards.winners import Awards
    from compcore.domain.model import Season
    from compcore.rules.rulesets import Ruleset

EXIT_BAD_INPUT = 2
EXIT_VIOLATIONS = 1


def load_season(args: argparse.Namespace) -> tuple[Season, Ruleset]:
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
    season, ruleset = load_season(args)
    cycle = None if args.cycle is None else ruleset.cycle_from_label(args.cycle)
    # the table and CSV show the last round's standings: the earlier rounds' are not kept
    # (the JSON's diagnostics list every round)
    every_round = args.format == "json"
    result = standings(
        season, ruleset, after_round=args.after_round, cycle=cycle, every_round=every_round
    )
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

    season, ruleset = load_season(args)
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

    season, ruleset = load_season(args)
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

    season, ruleset = load_season(args)
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

    season, ruleset = load_season(args)
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

    season, ruleset = load_season(args)
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

    season, ruleset = load_season(args)
    violations = check(season, ruleset)
    for v in violations:
        print(v.describe(args.lang))
    if not violations:
        print(t("check.none", args.lang))
    return EXIT_VIOLATIONS if any(not v.overridden for v in violations) else 0


def season_name(season: Season) -> str:
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


# simulate (issue 13 item 2)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulated seasons of this competition under its own ruleset (A) and ``--preset-b``
    with ``--set`` overrides (B); progress on standard error (``compcore.lab.simulation``)."""
    from compcore.lab.simulation import model_of, overrides_from_set, simulate
    from compcore.present import simulation_report
    from compcore.rules.rulesets import load_ruleset

    season, ruleset_a = load_season(args)
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
