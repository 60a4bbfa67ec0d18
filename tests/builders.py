"""One small language for writing seasons in tests, close to how a director notes an evening.

    season, ruleset = load("keizer-classic", "a b c d", [
        "a-b 1-0, c-d =",                          # a played round, compact
        "a-c 0-1F, b absent, d bye",               # a word after one id is an entry kind
        {"games": "a-b 1/2", "entries": {"c": "bye"}, "cycle": 0},   # or a round object
        {"present": "a b c d"},                    # an open round (present as text or list;
                                                   # without it: everyone who participates)
    ])

Players: ``"a b c"`` (strength 1, 2, 3; no rating) or a list of ids (rated 2000, 1990, ...
in list order, strength = position) or of season-file player objects. Every season goes
through the real season-file parser, so tests only ever see valid seasons.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest

from compcore.adapters.files import season_file
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.rules.rulesets import Ruleset, ruleset_of

RESULTS = {
    "=": "1/2-1/2",
    "1/2": "1/2-1/2",
    "1/2-1/2": "1/2-1/2",
    "1-0": "1-0",
    "0-1": "0-1",
    "1-0F": "1-0F",
    "0-1F": "0-1F",
    "0-0F": "0-0F",
}


def parse_round(text: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """``"a-b 1-0, c-d =, e bye"`` -> (games, entries); a board without a result is unplayed."""
    games: list[dict[str, Any]] = []
    entries: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        left, _, right = item.partition(" ")
        right = right.strip()
        if "-" in left and not left.startswith("-"):
            white, black = left.split("-", 1)
            game: dict[str, Any] = {"white": white, "black": black}
            if right:
                game["result"] = RESULTS[right]
            games.append(game)
        else:
            entries[left] = right
    return games, entries


def player_list(players: str | Iterable[str | Mapping[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(players, str):
        return [
            {"id": pid, "name": pid.upper(), "strength": i}
            for i, pid in enumerate(players.split(), start=1)
        ]
    out = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            out.append({"id": p, "name": p.upper(), "rating": 2000 - 10 * i, "strength": i + 1})
        else:
            out.append(dict(p))
    return out


def _round(number: int, spec: str | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(spec, str):
        games, entries = parse_round(spec)
        return {"round": number, "games": games, "entries": entries}
    rnd: dict[str, Any] = {"round": number}
    for key, value in spec.items():
        if key == "games" and isinstance(value, str):
            games, extra = parse_round(value)
            rnd["games"] = games
            if extra:
                rnd.setdefault("entries", {}).update(extra)
        elif key == "present" and isinstance(value, str):
            rnd["present"] = value.split()
        elif key == "entries":
            rnd.setdefault("entries", {}).update(value)
        else:
            rnd[key] = value
    if "games" in rnd:  # a played round: everyone not on a board is in the entries
        rnd.setdefault("entries", {})
    return rnd


def season_data(
    preset: str,
    players: str | Iterable[str | Mapping[str, Any]],
    rounds: Iterable[str | Mapping[str, Any]] = (),
    overrides: Mapping[str, Any] | None = None,
    **top: Any,
) -> dict[str, Any]:
    """A season file (JSON data)."""
    return {
        "format": "compcore-season",
        "version": 1,
        "club": "Test",
        "season": "2025",
        "competition": preset,
        "ruleset": {"preset": preset, **({"overrides": dict(overrides)} if overrides else {})},
        "players": player_list(players),
        "rounds": [_round(n, spec) for n, spec in enumerate(rounds, start=1)],
        **top,
    }


def load(
    preset: str,
    players: str | Iterable[str | Mapping[str, Any]],
    rounds: Iterable[str | Mapping[str, Any]] = (),
    overrides: Mapping[str, Any] | None = None,
    **top: Any,
) -> tuple[Season, Ruleset]:
    """:func:`season_data`, parsed and validated like a season file."""
    season = season_file.parse(season_data(preset, players, rounds, overrides, **top), "test")
    return season, ruleset_of(season)


def generated(
    preset: str,
    n: int,
    rounds: int,
    *,
    seed: int = 1,
    realistic: bool = False,
    absent: float = 0.1,
    overrides: Mapping[str, Any] | None = None,
) -> Season:
    """A generated season with ``rounds`` played rounds and an open round after them: paired
    by compcore's own engine (``realistic``: a history that keeps the hard rules) or drawn at
    random (harder for the rules: random colours and repeats)."""
    from compcore.lab import synthetic

    return synthetic.season(
        preset,
        n_players=n,
        n_rounds=rounds,
        seed=seed,
        overrides=dict(overrides) if overrides else None,
        mix=synthetic.Mix(absent=absent),
        pairer=synthetic.engine_pairer if realistic else synthetic.random_round_pairer,
        open_round=True,
    )


@contextlib.contextmanager
def raises_in_english(
    kind: type[CompcoreError], text: str
) -> Iterator[pytest.ExceptionInfo[CompcoreError]]:
    """Like ``pytest.raises(kind, match=text)``, but matched against the error's English
    words (``str(error)`` is the default language, Dutch)."""
    with pytest.raises(kind) as caught:
        yield caught
    english = caught.value.describe("en")
    assert re.search(text, english), f"{text!r} not in {english!r}"
