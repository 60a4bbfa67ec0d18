"""The quick pass of :func:`compcore.domain.jsondata.check` (issue 19) never lets through what the
field-by-field walk refuses: it only decides that data is plainly fine, and everything
else is judged, and refused with its field named, by the walk as before."""

from __future__ import annotations

import datetime
import json
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.domain import jsondata
from compcore.domain.errors import SeasonError

#: text of any code point of the first plane, lone surrogates included
_CHARACTERS = st.characters(min_codepoint=0, max_codepoint=0xFFFF)
_KEYS = st.text(alphabet=_CHARACTERS, max_size=3)
#: what JSON text can give (infinity from an exponent too large)
_JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**130), max_value=2**130),
    st.floats(allow_nan=False, allow_infinity=True),
    st.text(alphabet=_CHARACTERS, max_size=4),
)
#: ... and what other data brings: NaN, a date, explicit lone surrogates
_SCALARS = st.one_of(
    _JSON_SCALARS,
    st.just(float("nan")),
    st.sampled_from([datetime.date(2026, 1, 1), "\ud800", "a\udfffb"]),
)


def _tree(children: Any) -> Any:
    return st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(_KEYS, children, max_size=4),
        st.dictionaries(_KEYS, children, max_size=2).map(MappingProxyType),
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


def _json_tree(children: Any) -> Any:
    return st.one_of(st.lists(children, max_size=4), st.dictionaries(_KEYS, children, max_size=4))


@settings(max_examples=400, deadline=None)
@given(st.recursive(_JSON_SCALARS, _json_tree, max_leaves=20), st.booleans())
def test_parsed_text_judged_as_the_walk_judges(data: Any, ascii_only: bool) -> None:
    """:func:`jsondata.loads`' quick judgment of what ``json.loads`` read (issue 19) says
    fine only where the field-by-field walk finds nothing, whether the text escapes its
    characters (``\\u``, then it leaves the judgment to :func:`check`) or holds them."""
    text = json.dumps(data, ensure_ascii=ascii_only)
    parsed = json.loads(text)
    if jsondata._plain_text(text) and jsondata._parsed_fine(parsed):
        assert not _walk_refuses(parsed)
        assert "\\u" not in text
    elif "\\u" not in text:  # nothing escaped: it judged the numbers and depth itself
        assert _walk_refuses(parsed)


@pytest.mark.parametrize("depth", [jsondata.MAX_DEPTH - 1, jsondata.MAX_DEPTH, 40])
@pytest.mark.parametrize("leaf", ['"s"', "1", "null", "true", str(2**130), "1e999", "[]", "{}"])
@pytest.mark.parametrize("container", ["list", "dict"])
def test_parsed_depth_limit_is_the_walks(depth: int, leaf: str, container: str) -> None:
    text = leaf
    for _ in range(depth):
        text = f"[{text}]" if container == "list" else f'{{"k": {text}}}'
    parsed = json.loads(text)
    assert (jsondata._plain_text(text) and jsondata._parsed_fine(parsed)) == (
        not _walk_refuses(parsed)
    )


def test_a_lone_surrogate_in_the_text_itself_is_left_to_the_walk() -> None:
    text = '{"name": "a\ud800b"}'  # not from a UTF-8 file: a str that holds one
    assert not jsondata._plain_text(text)
    with pytest.raises(SeasonError):
        jsondata.loads(text, "x.json", SeasonError)


@pytest.mark.parametrize("number", [2**127 - 1, 2**127, -(2**127), -(2**127) - 1, 2**200], ids=str)
@pytest.mark.parametrize("where", ["top", "list", "dict"])
def test_parsed_whole_numbers_at_the_128_bit_bounds(number: int, where: str) -> None:
    text = {"top": f"{number}", "list": f"[{number}]", "dict": f'{{"n": {number}}}'}[where]
    parsed = json.loads(text)
    # the bounds are the walk's: 2**127 - 1 and -(2**127) fine, one further refused
    assert (jsondata._plain_text(text) and jsondata._parsed_fine(parsed)) == (
        jsondata.INT_MIN <= number <= jsondata.INT_MAX
    )
    assert (jsondata._plain_text(text) and jsondata._parsed_fine(parsed)) == (
        not _walk_refuses(parsed)
    )
