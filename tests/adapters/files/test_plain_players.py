"""A season file's members read a field at a time (issue 19,
:mod:`compcore.adapters.files.plain_players`): the same players as read one by one, and
where any of them is not plainly right, the same refusal, naming the same player."""

from __future__ import annotations

from typing import Any

import pytest

from compcore.adapters.files import plain_players, season_file
from compcore.domain.errors import CompcoreError
from tests.builders import season_data


def _data(members: list[dict[str, Any]]) -> dict[str, Any]:
    return season_data("dubbelschaak", ["a", "b", "c", "d", *members], ["a-b 1-0, c-d 1/2"])


def _members(count: int = 150) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(count):
        member: dict[str, Any] = {"id": f"m{i:03d}", "name": f"Lid {i}"}
        if i % 3:
            member["rating"] = 1000 + i
        if i % 4 == 1:
            member["participation"] = "never"
        if i % 5 == 2:
            member["participation"] = "always"
        if i % 7 == 3:
            member["strength"] = -i
        if i % 11 == 4:
            member["joined_round"] = 2
        if i % 13 == 5:
            member["withdrawn_round"] = 3
        if i % 17 == 6:
            member["rating"] = None
        out.append(member)
    return out


def _one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(season_file, "plain_players", lambda items: {})


def test_the_same_players_as_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _data(_members())
    assert len(plain_players.plain_players(data["players"])) == 154  # all read in bulk
    bulk = season_file.parse(data, "test")
    _one_by_one(monkeypatch)
    assert season_file.parse(data, "test").players == bulk.players
    assert [type(p) for p in bulk.players] == [type(p) for p in bulk.players[:1]] * len(
        bulk.players
    )


def test_few_members_are_read_one_by_one() -> None:
    assert plain_players.plain_players(_members(plain_players.FROM - 1)) == {}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "Lid\u0007"),  # a control character
        ("name", "   "),
        ("name", "x" * 101),
        ("name", None),
        ("id", " "),
        ("id", 7),
        ("rating", -1),
        ("rating", True),
        ("rating", 2.5),
        ("rating", 2**63),
        ("strength", "5"),
        ("participation", "sometimes"),
        ("joined_round", 0),
        ("withdrawn_round", False),
    ],
)
def test_a_member_not_plainly_right_is_refused_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch, field: str, value: Any
) -> None:
    members = _members()
    members[97][field] = value
    data = _data(members)
    assert plain_players.plain_players(data["players"]) == {}
    with pytest.raises(CompcoreError) as bulk:
        season_file.parse(data, "test")
    _one_by_one(monkeypatch)
    with pytest.raises(CompcoreError) as alone:
        season_file.parse(data, "test")
    assert bulk.value.describe("en") == alone.value.describe("en")
    assert "m097" in bulk.value.describe("en") or "102" in bulk.value.describe("en")


def _refusal(data: dict[str, Any]) -> str:
    with pytest.raises(CompcoreError) as refused:
        season_file.parse(data, "test")
    return refused.value.describe("en")


def test_withdrawn_before_joining_is_refused_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    members = _members()
    members[40] |= {"joined_round": 3, "withdrawn_round": 2}
    data = _data(members)
    assert plain_players.plain_players(data["players"]) == {}
    bulk = _refusal(data)
    _one_by_one(monkeypatch)
    assert _refusal(data) == bulk


def test_a_name_only_the_names_rule_takes_is_read_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    members = _members()
    members[41]["name"] = "Jan\u00a0de Vries"  # a no-break space: not printable, yet a name
    data = _data(members)
    assert plain_players.plain_players(data["players"]) == {}
    read = season_file.parse(data, "test").players
    assert read[4 + 41].name == "Jan\u00a0de Vries"
    _one_by_one(monkeypatch)
    assert season_file.parse(data, "test").players == read
