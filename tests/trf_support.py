"""Seasons for the TRF tests (issue 18): a demo season as it stood after round k, and
generated FIDE Dutch seasons with the situations a club meets (late joiners, a withdrawal,
forfeits, absences, jokers past the cap, an open round with a joker)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from compcore.adapters.files import season_file
from compcore.domain.model import Game, Kind, Player, Round, RulesetRef, Season
from compcore.lab import synthetic
from compcore.pairing import pair
from compcore.rules.rulesets import Ruleset, ruleset_of

DATA = Path(__file__).resolve().parents[1] / "data"
#: magnus-youth (FIDE Dutch, MG-6) with PP-2's jokers: 1/2 point, at most 2 a season, then 0
JOKER_OVERRIDES = {"points": {"joker": {"points": "1/2", "cap": {"count": 2, "scope": "season"}}}}


def demo(name: str) -> tuple[Season, Ruleset]:
    return season_file.load(DATA / f"{name}.json")


def after(season: Season, k: int) -> Season:
    """The season as it stood after round ``k``: rounds 1..k played, and round k+1 (where
    the season has one) open with the attendance it was paired with: everyone on a board or
    given the bye present, every other entry (a joker, an absence) announced."""
    rounds = [r for r in season.rounds if r.number <= k]
    following = next((r for r in season.rounds if r.number == k + 1), None)
    if following is not None and following.games is not None:
        present = {p for g in following.games for p in (g.white, g.black)}
        entries = dict(following.entries or {})
        present |= {p for p, kind in entries.items() if kind is Kind.BYE}
        rest = {p: kind for p, kind in entries.items() if p not in present}
        rounds.append(
            Round(
                following.number,
                date=following.date,
                cycle=following.cycle,
                present=tuple(p for p in season.player_ids if p in present),
                entries=rest or None,
            )
        )
    elif following is not None:
        rounds.append(following)
    return replace(season, rounds=tuple(rounds))


def generated_swiss(
    seed: int, n: int = 14, rounds: int = 8, *, first_round_absences: bool = False
) -> tuple[Season, Ruleset]:
    """A magnus-youth season with jokers (:data:`JOKER_OVERRIDES`) paired round by round by
    compcore's own Swiss: ``n`` players, two of them rated alike (a tie in the initial
    order), the two lowest-rated joining in round 3, one withdrawing from round 5; each
    evening about 15 % absent and 12 % on a joker (so some go past the cap), 5 % of games
    forfeited; then an open round ``rounds + 1`` with its own absences and jokers. Round 1
    has everyone registered present (the late joiners are the last pairing numbers), unless
    ``first_round_absences``: then round 1 has absences too, and compcore's round-1
    colours differ from bbpPairings' (the ``swiss`` branch's part of issue 18)."""
    rng = random.Random(seed)
    ref = RulesetRef("magnus-youth", JOKER_OVERRIDES)
    ratings = sorted((rng.randrange(1000, 2300) for _ in range(n)), reverse=True)
    ratings[n // 2] = ratings[n // 2 - 1]  # equal ratings: the initial order's tie
    players = [
        Player(f"p{i:02d}", f"{synthetic.FIRST[i % 36]} {synthetic.LAST[i % 29]}", rating=r)
        for i, r in enumerate(ratings, start=1)
    ]
    players[-1] = replace(players[-1], joined_round=3)
    players[-2] = replace(players[-2], joined_round=3)
    quitter = rng.randrange(n - 2)
    players[quitter] = replace(players[quitter], withdrawn_round=5)
    season = Season(club="Test", season="2025-2026", competition="Jeugd", ruleset=ref,
                    players=tuple(players))  # fmt: skip
    ruleset = ruleset_of(season)
    for number in range(1, rounds + 2):
        present: list[str] = []
        entries: dict[str, Kind] = {}
        for p in players:
            if not p.registered_in(number):
                entries[p.id] = Kind.NOT_PARTICIPATING
                continue
            x = rng.random()
            if number == 1 and not first_round_absences:
                present.append(p.id)
            elif x < 0.15:
                entries[p.id] = Kind.ABSENT
            elif x < 0.27:
                entries[p.id] = Kind.JOKER
            else:
                present.append(p.id)
        open_round = Round(number, date=f"2025-09-{number + 1:02d}", present=tuple(present),
                           entries=entries or None)  # fmt: skip
        season = season.with_round(open_round)
        if number > rounds:
            break
        paired = pair(season, ruleset).round
        games = tuple(
            replace(g, result=synthetic.result_for(
                rng, season.player(g.white), season.player(g.black), 0.05))
            for g in paired.games or ()
        )  # fmt: skip
        season = season.with_round(replace(paired, games=games, present=None, finalized=True))
    return season, ruleset


def boards_of(rnd: Round, number: dict[str, int]) -> set[tuple[int, int]]:
    """A played round's boards as (white, black) pairing numbers, the bye as (n, 0)."""
    out = {(number[g.white], number[g.black]) for g in rnd.games or () if isinstance(g, Game)}
    out |= {(number[p], 0) for p, kind in (rnd.entries or {}).items() if kind is Kind.BYE}
    return out
