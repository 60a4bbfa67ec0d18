"""Random but valid seasons, reproducible from a seed: for property tests, benchmarks and the
bundled demo data.

Rounds are paired by a ``pairer`` (default: a random draw among the present players, which
is all scoring needs); the demo-data script passes the real pairing engine so the demo
seasons look like a club's. Results are drawn with the stronger player favoured.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any, Protocol

from compcore.domain.model import (
    EMPTY,
    Game,
    Kind,
    Player,
    RatingChange,
    Result,
    Round,
    RulesetRef,
    Season,
)
from compcore.formats.cup import bracket
from compcore.formats.kind import Format, format_of
from compcore.rules.rulesets import Ruleset, load_ruleset

#: pairer(season with an open round, ruleset) -> the round filled in (games without results)
Pairer = Callable[[Season, Ruleset], Round]


class Within(Protocol):
    """Competitions played within the season being made (DS-16, DS-20, DS-21): what they put
    on each evening before it is paired, and what they take from it once it is played."""

    def on_evening(self, ladder: Season, rnd: Round) -> Round:
        """The evening ``rnd`` (attendance taken, not paired) with their boards and entries."""
        ...

    def played(self, ladder: Season, number: int) -> None:
        """Evening ``number`` of ``ladder`` is played: take its results."""
        ...


FIRST = ("Anna", "Bram", "Chantal", "Daan", "Eva", "Finn", "Greet", "Hugo", "Ilse", "Joost",
         "Karin", "Lars", "Marieke", "Niels", "Olga", "Pieter", "Quinten", "Roos", "Sven",
         "Tineke", "Umut", "Vera", "Wouter", "Xandra", "Youssef", "Zoë", "Arjen", "Bas",
         "Cor", "Dewi", "Elif", "Frits", "Gijs", "Hanneke", "Ids", "Jelle")  # fmt: skip
LAST = ("de Vries", "Jansen", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer",
        "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker",
        "Brouwer", "de Wit", "Dijkstra", "Smits", "de Graaf", "van der Meer", "Kok",
        "Jacobs", "de Haan", "Vermeulen", "van den Berg", "van der Linden", "Koster")  # fmt: skip


@dataclass(frozen=True)
class Mix:
    """How often each kind of evening happens (per player per round)."""

    absent: float = 0.10
    unexcused: float = 0.02
    external: float = 0.04
    club_duty: float = 0.01
    joker: float = 0.05
    cup: float = 0.0
    forfeit: float = 0.02


def players(
    rng: random.Random,
    n: int,
    *,
    levels: bool = False,
    engine: bool = False,
    never: int = 0,
    entrant_flags: tuple[str, ...] = (),
) -> list[Player]:
    """``n`` players, strongest first; ``never`` of them only play when they sign up (DS-15);
    most carry ``entrant_flags`` (MG-7: ``cup`` and ``senior``)."""
    pool = [f"{f} {s}" for f in FIRST for s in LAST]
    while len(pool) < n:  # a very large club (benchmarks): numbered namesakes
        pool += [
            f"{name} {len(pool) // len(FIRST) // len(LAST) + 1}" for name in pool[: n - len(pool)]
        ]
    names = rng.sample(pool, n)
    ratings = sorted((int(rng.gauss(1700, 250)) for _ in range(n)), reverse=True)
    out = []
    for i, (name, rating) in enumerate(zip(names, ratings, strict=True), start=1):
        flags = []
        if rng.random() < 0.7:
            flags.append("engine-opt-in")
        if levels and rng.random() < 0.1:
            flags.append("own-level-only")
        if entrant_flags and rng.random() < 0.6:
            flags += entrant_flags
        out.append(
            Player(
                id=f"p{i:02d}",
                name=name,
                rating=max(rating, 800),
                strength=i,
                level=("A" if i <= n // 2 else "B") if levels else None,
                flags=tuple(flags) or None,
            )
        )
    for index in rng.sample(range(n), k=min(never, n)):
        out[index] = replace(out[index], participation="never")
    if engine:
        out.append(Player(id="engine", name="Komodo", virtual="engine"))
    return out


def random_round_pairer(season: Season, ruleset: Ruleset) -> Round:
    """Pairs the open round by a seeded shuffle; an odd one out gets a bye (a ruleset
    without one, a round robin's rest: nothing, not participating that round)."""
    rnd = season.open_round
    assert rnd is not None and rnd.present is not None
    rng = random.Random(f"{season.season}/{rnd.number}")
    present = [p for p in rnd.present if not season.player(p).is_engine]
    rng.shuffle(present)
    entries = dict(rnd.entries or EMPTY)
    if len(present) % 2:
        odd = present.pop()
        if ruleset.points.bye is not None:
            entries[odd] = Kind.BYE
    games = tuple(Game(present[i], present[i + 1]) for i in range(0, len(present), 2))
    return replace(rnd, games=games, entries=entries, present=None)


def engine_pairer(season: Season, ruleset: Ruleset) -> Round:
    """Pairs the open round with compcore's own engine (a history that keeps the hard rules);
    where no legal pairing exists at all, falls back to a random draw."""
    from compcore.domain.errors import PairingError
    from compcore.pairing import pair

    try:
        return pair(season, ruleset).round
    except PairingError:
        return random_round_pairer(season, ruleset)


def result_for(
    rng: random.Random, white: Player, black: Player, forfeit: float, draws: bool = True
) -> Result:
    """A result favouring the higher-rated player (no draws in a knock-out: MG-8's barrage
    would need a recorded decision)."""
    if rng.random() < forfeit:
        return rng.choice((Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN))
    diff = (white.rating or 1500) - (black.rating or 1500) + 35
    expected = 1 / (1 + 10 ** (-diff / 400))
    draw = 0.25 if draws else 0.0
    x = rng.random()
    if x < draw:
        return Result.DRAW
    return Result.WHITE_WINS if rng.random() < expected else Result.BLACK_WINS


def season(
    preset: str,
    *,
    n_players: int = 24,
    n_rounds: int = 12,
    seed: int = 1,
    overrides: Mapping[str, Any] | None = None,
    mix: Mix = Mix(),
    pairer: Pairer = random_round_pairer,
    engine: bool | None = None,
    withdraw: bool = True,
    open_round: bool = False,
    club: str = "Schaakclub Synthetisch",
    season_name: str = "2025-2026",
    competition: str | None = None,
    start: date | None = None,
    never: int = 0,
    roster: Sequence[Player] | None = None,
    within: Within | None = None,
) -> Season:
    """A valid season of ``n_rounds`` played rounds (plus an open one if asked); ``roster``:
    these players (``n_players`` of them humans) instead of new ones; ``within``: the
    competitions played within it, on its evenings."""
    ruleset = load_ruleset(preset, overrides)
    rng = random.Random(seed)
    kinds = set(ruleset.points.kinds)
    if roster is None:
        roster = _new_roster(rng, ruleset, n_players, engine, never)
    roster = list(roster)
    if withdraw and n_players > 4 and n_rounds > 4:
        quitter = roster[rng.randrange(n_players)]
        roster[roster.index(quitter)] = replace(quitter, withdrawn_round=n_rounds // 2 + 1)
    current = Season(
        club=club,
        season=season_name,
        competition=competition or ruleset.name,
        ruleset=RulesetRef(preset, overrides or EMPTY),
        players=tuple(roster),
        ratings=(),
    )
    ratings: list[RatingChange] = []
    cup = format_of(ruleset) is Format.CUP
    for number in range(1, n_rounds + 1 + (1 if open_round else 0)):
        if cup and bracket(current, ruleset).over:
            break  # MG-7: one player is left, the cup is over
        if _rerated(ruleset, number):
            for p in rng.sample(roster[:n_players], k=max(1, n_players // 4)):
                ratings.append(
                    RatingChange(p.id, number, (p.rating or 1500) + rng.randint(-40, 40))
                )
            current = replace(current, ratings=tuple(ratings))
        present, entries = _attendance(rng, current, ruleset, number, kinds, mix)
        day = None if start is None else (start + timedelta(weeks=number - 1)).isoformat()
        rnd = Round(
            number=number,
            date=day,
            cycle=ruleset.cycle_of(number),
            present=tuple(present),
            entries=entries,
        )
        if within is not None:
            rnd = within.on_evening(current, rnd)
        current = current.with_round(rnd)
        if number > n_rounds:
            break
        paired = pairer(current, ruleset)
        games = tuple(
            replace(
                g,
                result=result_for(
                    rng,
                    current.player(g.white),
                    current.player(g.black),
                    mix.forfeit,
                    draws=not cup,
                ),
            )
            for g in paired.games or ()
        )
        # played: who was present and which boards were forced are in the boards now
        current = current.with_round(replace(paired, games=games, present=None, forced=None))
        if within is not None:
            within.played(current, number)
    return current


def _rerated(ruleset: Ruleset, number: int) -> bool:
    """MG-1: a Keizer by rating gets rating updates every sixth round."""
    keizer = ruleset.keizer
    return keizer is not None and keizer.values.basis == "rating" and number % 6 == 0


def _new_roster(
    rng: random.Random, ruleset: Ruleset, n_players: int, engine: bool | None, never: int
) -> list[Player]:
    """A new season's players (:func:`players`), with the engine entrant where it plays."""
    return players(
        rng,
        n_players,
        levels=ruleset.pairing.level_only_flag is not None,
        engine=ruleset.pairing.engine is not None if engine is None else engine,
        never=never,
        entrant_flags=ruleset.pairing.entrant_flags,
    )


def _attendance(
    rng: random.Random,
    season: Season,
    ruleset: Ruleset,
    number: int,
    kinds: set[Kind],
    mix: Mix,
) -> tuple[list[str], dict[str, Kind]]:
    present: list[str] = []
    entries: dict[str, Kind] = {}
    options: Sequence[tuple[float, Kind]] = [
        (mix.joker, Kind.JOKER),
        (mix.absent, Kind.ABSENT),
        (mix.unexcused, Kind.ABSENT_UNEXCUSED),
        (mix.external, Kind.EXTERNAL),
        (mix.club_duty, Kind.CLUB_DUTY),
        (mix.cup, Kind.CUP_WIN),
    ]
    for player in season.players:
        if player.is_engine:
            continue
        if not player.registered_in(number) or (
            not player.participates_by_default and rng.random() > 0.3
        ):
            entries[player.id] = Kind.NOT_PARTICIPATING
            continue
        x = rng.random()
        for share, kind in options:
            if kind in kinds and x < share:
                if kind is Kind.CUP_WIN:
                    kind = rng.choice((Kind.CUP_WIN, Kind.CUP_DRAW, Kind.CUP_LOSS))
                entries[player.id] = kind
                break
            x -= share if kind in kinds else 0
        else:
            present.append(player.id)
    return present, entries
