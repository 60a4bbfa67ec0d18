"""A small language for writing seasons in tests, close to how a director notes an evening.

    s, r = build("keizer-classic", players="a b c d", rounds=[
        {"games": "a-b 1-0, c-d 1/2"},
        {"games": "a-c 0-1F", "entries": {"b": "absent", "d": "bye"}},
    ])

Players are given as ``"a b c"`` (strength 1, 2, 3 in that order) or as dicts. Every
season goes through the real season-file parser, so tests use only valid seasons.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from compcore.adapters import season_file
from compcore.model import Season
from compcore.rulesets import Ruleset


def games(text: str) -> list[dict[str, Any]]:
    """``"a-b 1-0, c-d 1/2"`` -> season-file games (``1/2`` is short for ``1/2-1/2``)."""
    out = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        pair, *result = item.split()
        white, black = pair.split("-")
        game: dict[str, Any] = {"white": white, "black": black}
        if result:
            game["result"] = "1/2-1/2" if result[0] == "1/2" else result[0]
        out.append(game)
    return out


def player_list(players: str | Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(players, str):
        return [
            {"id": pid, "name": pid.upper(), "strength": i}
            for i, pid in enumerate(players.split(), start=1)
        ]
    return [dict(p) for p in players]


def build_data(
    preset: str,
    players: str | Iterable[Mapping[str, Any]],
    rounds: Iterable[Mapping[str, Any]] = (),
    overrides: Mapping[str, Any] | None = None,
    **top: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "compcore-season",
        "version": 1,
        "club": "Testclub",
        "season": "2025-2026",
        "competition": "test",
        "ruleset": {"preset": preset, **({"overrides": dict(overrides)} if overrides else {})},
        "players": player_list(players),
        "rounds": [],
        **top,
    }
    for number, spec in enumerate(rounds, start=1):
        rnd: dict[str, Any] = {"round": number}
        for key, value in spec.items():
            if key == "games":
                rnd["games"] = games(value) if isinstance(value, str) else list(value)
            else:
                rnd[key] = value
        if "present" not in rnd:
            rnd.setdefault("games", [])
            rnd.setdefault("entries", {})
        data["rounds"].append(rnd)
    return data


def build(
    preset: str,
    players: str | Iterable[Mapping[str, Any]],
    rounds: Iterable[Mapping[str, Any]] = (),
    overrides: Mapping[str, Any] | None = None,
    **top: Any,
) -> tuple[Season, Ruleset]:
    """A parsed, validated season and its ruleset."""
    season = season_file.parse(build_data(preset, players, rounds, overrides, **top), "test")
    return season, season_file.ruleset_of(season)
