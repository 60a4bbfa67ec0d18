"""The standings' tie reasons are made when first read (issue 19: a table never reads a
club's thousands of them): the same reasons as :func:`tie_reasons`, read, compared, copied
and pickled as that tuple."""

from __future__ import annotations

import copy
import pickle
from unittest import mock

from compcore.scoring import ties
from compcore.scoring.standings import standings
from compcore.scoring.ties import LazyTies, tie_reasons
from tests.builders import load


def _table():
    # a, b, c, d: a beats b, c-d drawn; then b and c and d level in pairs
    return load("princenpaard", "a b c d e f", ["a-b 1-0, c-d 1/2, e-f 1/2"])


def test_not_made_until_read_then_the_tuple_of_tie_reasons() -> None:
    season, ruleset = _table()
    with mock.patch.object(ties, "tie_reasons", wraps=tie_reasons) as made:
        table = standings(season, ruleset)
        assert made.call_count == 0
        assert isinstance(table.ties, LazyTies)
        reasons = tuple(table.ties)
        assert made.call_count == 1
        assert len(table.ties) == len(reasons) == 3  # c-d, d-e, e-f on equal points
        assert table.ties[0] is reasons[0] and table.ties[1:] == reasons[1:]
        assert made.call_count == 1  # made once
    first = table.ties[0]
    assert (first.upper, first.lower) == ("c", "d")


def test_equal_copied_and_pickled_as_the_tuple() -> None:
    season, ruleset = _table()
    table = standings(season, ruleset)
    reasons = tuple(table.ties)
    assert table.ties == reasons and reasons == table.ties
    assert table.ties == standings(season, ruleset).ties
    assert hash(table.ties) == hash(reasons)
    assert pickle.loads(pickle.dumps(table.ties)) == reasons
    assert type(pickle.loads(pickle.dumps(table.ties))) is tuple
    assert copy.deepcopy(table) == table
    assert pickle.loads(pickle.dumps(table)) == table
    assert bool(table.ties) and not LazyTies([], ruleset, season, 1, {})
