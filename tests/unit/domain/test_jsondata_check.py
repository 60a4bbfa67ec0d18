"""The quick pass of :func:`compcore.domain.jsondata.check` (issue 19) never lets through what the
field-by-field walk refuses: it only decides that data is plainly fine, and everything
else is judged, and refused with its field named, by the walk as before."""

from __future__ import annotations

import datetime
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.domain import jsondata
from compcore.domain.errors import SeasonError

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**130), max_value=2**130),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0xFFFF), max_size=4),
    st.sampled_from([datetime.date(2026, 1, 1), "\ud800", "a\udfffb"]),
)


def _tree(children: Any) -> Any:
    keys = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0xFFFF), max_size=3)
    return st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(keys, children, max_size=4),
        st.dictionaries(keys, children, max_size=2).map(MappingProxyType),
    )


def _walk_refuses(data: Any) -> bool:
    return any(jsondata._problem(v, d) is not None for _, d, v in jsondata._walk(data))


@settings(max_examples=400, deadline=None)
@given(st.recursive(_SCALARS, _tree, max_leaves=20))
def test_plainly_fine_only_when_the_walk_finds_nothing(data: Any) -> None:
    if jsondata._plainly_fine(data):
        assert not _walk_refuses(data)
    else:  # check() still raises exactly when the walk finds something
        if _walk_refuses(data):
            with pytest.raises(SeasonError):
                jsondata.check(data, "x.json", SeasonError)
        else:
            jsondata.check(data, "x.json", SeasonError)


@pytest.mark.parametrize("depth", [jsondata.MAX_DEPTH - 1, jsondata.MAX_DEPTH, 40])
def test_depth_limit_is_the_walks(depth: int) -> None:
    data: Any = 1
    for _ in range(depth):
        data = [data]
    assert jsondata._plainly_fine(data) == (not _walk_refuses(data))


@pytest.mark.parametrize("depth", [jsondata.MAX_DEPTH - 1, jsondata.MAX_DEPTH, 40])
@pytest.mark.parametrize("leaf", ["s", 1, None, True, 2**130, [], {}])
@pytest.mark.parametrize("container", ["list", "dict"])
def test_depth_limit_with_a_leaf_judged_in_its_container(depth: int, leaf: Any, container: str):
    """Text and whole numbers are judged in their object or list, not on the stack: at the
    limit they are as deep as the walk counts them."""
    data: Any = leaf
    for _ in range(depth):
        data = [data] if container == "list" else {"k": data}
    assert jsondata._plainly_fine(data) == (not _walk_refuses(data))
