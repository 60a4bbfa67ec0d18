"""Synthetic seasons for benchmarks and property tests (not used by the engine itself).

:func:`season` builds a season of any preset with ``players`` members (ratings, strength
list, A/B levels, a few ``own-level-only`` and ``engine-opt-in`` flags, the engine entrant
where the ruleset has one), ``rounds`` played rounds and an open round. Played rounds are
either paired by compcore's own engine (``realistic=True``: a history that keeps the hard
rules) or drawn at random (fast, and harder for the rules: random colours and repeats).
Results are random. Everything is reproducible from ``seed``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

from compcore.model import Game, Kind, Player, Result, Round, RulesetRef, Season
from compcore.rulesets import Ruleset, load_ruleset

_RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)


def players(n: int, ruleset: Ruleset, rng: random.Random) -> tuple[Player, ...]:
    out = []
    for i in range(n):
        flags = []
        if rng.random() < 0.5:
            flags.append("engine-opt-in")
        if rng.random() < 0.1:
            flags.append("own-level-only")
        if rng.random() < 0.6:
            flags += ["cup", "senior"]
        out.append(
            Player(
                id=f"p{i + 1:04d}",
                name=f"Player {i + 1}",
                rating=2300 - 7 * i + rng.randint(-40, 40),
                strength=i + 1,
                level="A" if i < n // 2 else "B",
                flags=tuple(flags) or None,
            )
        )
    if ruleset.pairing.engine is not None:
        out.append(Player(id="engine", name="Komodo", virtual="engine"))
    return tuple(out)


def season(
    preset: str,
    n: int,
    rounds: int,
    *,
    seed: int = 1,
    realistic: bool = False,
    absent: float = 0.1,
    overrides: dict[str, object] | None = None,
) -> Season:
    """A season of ``preset`` with ``rounds`` played rounds and an open round after them."""
    ruleset = load_ruleset(preset, overrides or {})
    rng = random.Random(seed)
    s = Season(
        club="Synthetic",
        season="2025",
        competition=preset,
        ruleset=RulesetRef(preset, MappingProxyType(dict(overrides or {}))),
        players=players(n, ruleset, rng),
    )
    results = _RESULTS[:2] if ruleset.pairing.method == "knockout" else _RESULTS
    humans = [p.id for p in s.players if not p.is_engine]
    engines = [p.id for p in s.players if p.is_engine]
    for number in range(1, rounds + 2):
        away = {pid for pid in humans if rng.random() < absent}
        present = tuple(pid for pid in humans if pid not in away)
        entries = {pid: Kind.ABSENT for pid in away}
        entries.update({e: Kind.NOT_PARTICIPATING for e in engines})
        open_round = Round(
            number=number,
            cycle=ruleset.cycle_of(number),
            present=present,
            entries=MappingProxyType({k: v for k, v in entries.items() if k in away}),
        )
        if number == rounds + 1:
            return s.with_round(open_round)
        played = None
        if realistic:
            from compcore.errors import PairingError
            from compcore.pairing import pair

            try:
                paired = pair(s.with_round(open_round), ruleset).round
            except PairingError:  # nobody can be paired legally: random boards instead
                paired = None
            if paired is not None:
                games = tuple(replace(g, result=rng.choice(results)) for g in paired.games or ())
                played = replace(paired, games=games)
        if played is None:
            pool = list(present)
            rng.shuffle(pool)
            if len(pool) % 2:
                entries[pool.pop()] = Kind.BYE
            games = tuple(
                Game(pool[k], pool[k + 1], rng.choice(results)) for k in range(0, len(pool), 2)
            )
            played = Round(
                number=number,
                cycle=ruleset.cycle_of(number),
                games=games,
                entries=MappingProxyType(entries),
            )
        s = s.with_round(played)
    return s


# --------------------------------------------------------------------------- compact seasons

_SHORT_RESULTS = {
    "=": "1/2-1/2",
    "1-0": "1-0",
    "0-1": "0-1",
    "1-0F": "1-0F",
    "0-1F": "0-1F",
    "0-0F": "0-0F",
}


def season_data(
    preset: str,
    players: list[str | dict[str, object]],
    rounds: list[str | dict[str, object]],
    *,
    overrides: dict[str, object] | None = None,
    decisions: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    """A season file (JSON data) from a compact description, for tests and examples.

    ``players``: ids (rated 2000, 1990, ... in list order, strength = list position) or
    player objects as in a season file. ``rounds``: a played round as text,
    ``"a-b 1-0, c-d =, e bye, f absent"`` (``=`` is a draw; a word after one id is an
    entry kind), or a round object as in a season file (an open round: ``present`` may be
    given as text ``"a b c"``).
    """
    plist: list[dict[str, object]] = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            plist.append({"id": p, "name": p.upper(), "rating": 2000 - 10 * i, "strength": i + 1})
        else:
            plist.append(dict(p))
    rlist: list[dict[str, object]] = []
    for number, r in enumerate(rounds, start=1):
        if isinstance(r, str):
            games: list[dict[str, object]] = []
            entries: dict[str, str] = {}
            for item in filter(None, (x.strip() for x in r.split(","))):
                left, _, right = item.partition(" ")
                if "-" in left and not left.startswith("-"):
                    white, black = left.split("-", 1)
                    games.append(
                        {"white": white, "black": black, "result": _SHORT_RESULTS[right.strip()]}
                    )
                else:
                    entries[left] = right.strip()
            data: dict[str, object] = {"round": number, "games": games, "entries": entries}
        else:
            data = {"round": number, **r}
            if isinstance(data.get("present"), str):
                data["present"] = str(data["present"]).split()
        rlist.append(data)
    out: dict[str, object] = {
        "format": "compcore-season",
        "version": 1,
        "club": "Test",
        "season": "2025",
        "competition": preset,
        "ruleset": {"preset": preset, **({"overrides": overrides} if overrides else {})},
        "players": plist,
        "rounds": rlist,
    }
    if decisions is not None:
        out["decisions"] = decisions
    return out


def load(
    preset: str,
    players: list[str | dict[str, object]],
    rounds: list[str | dict[str, object]],
    **kw: object,
) -> tuple[Season, Ruleset]:
    """:func:`season_data`, parsed and validated like a season file."""
    from compcore.adapters.season_file import parse, ruleset_of

    s = parse(season_data(preset, players, rounds, **kw))  # type: ignore[arg-type]
    return s, ruleset_of(s)
