"""A season file's players read plainly (issue 19: :func:`season_players.plain_player`, a
club's thousands of members without a place built for each) are exactly the players the
field-by-field reader makes, and whatever that reader refuses is left to it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.adapters.files import season_players
from compcore.domain.errors import SeasonError
from compcore.domain.model import Player

_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=4),
    st.sampled_from([2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 1.0, 1500]),
    st.sampled_from(["", " ", "p1", "Anna", "1234567", "123456", "12345678901", "x\ny"]),
    st.sampled_from(["always", "never", "engine", "sometimes", "\u00a0Anna", "Ann\u200ba"]),
    st.sampled_from(["A" * 100, "A" * 101, "\u2028", "Zoë", "١٢٣٤٥٦٧"]),
    st.lists(st.sampled_from(["junior", "", 3, "engine-opt-in"]), max_size=2),
    st.dictionaries(st.just("a"), st.just(1), max_size=1),
)
_FIELDS = [*season_players.PLAYER_KEYS, "unknown"]
_LIKELY = {
    "id": st.sampled_from(["p1", "m00001"]),
    "name": st.sampled_from(["Anna de Vries", "Lid 1"]),
    "rating": st.integers(min_value=0, max_value=3000),
    "participation": st.sampled_from(["always", "never"]),
}


@st.composite
def _players(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 20)) == 0:
        return draw(_VALUES)  # not an object at all
    data: dict[str, Any] = {}
    for key in draw(st.lists(st.sampled_from(_FIELDS), max_size=6, unique=True)):
        data[key] = draw(_VALUES)
    for key, likely in _LIKELY.items():  # mostly a plain member
        if key not in data and draw(st.booleans()):
            data[key] = draw(likely)
    return data


@settings(max_examples=1500, deadline=None)
@given(_players())
def test_a_plainly_read_player_is_the_one_the_reader_makes(data: Any) -> None:
    plain = season_players.plain_player(data)
    try:
        read = season_players.read_player(data, ("x.json",))
    except SeasonError:
        assert plain is None
        return
    if plain is not None:
        assert type(plain) is Player
        assert plain == read
        assert [type(getattr(plain, f)) for f in Player.__slots__] == [
            type(getattr(read, f)) for f in Player.__slots__
        ]


def test_a_plain_member_is_read_plainly() -> None:
    member = {"id": "m00001", "name": "Lid 1", "rating": 1500, "participation": "never"}
    assert season_players.plain_player(member) == Player(
        id="m00001", name="Lid 1", rating=1500, participation="never"
    )
