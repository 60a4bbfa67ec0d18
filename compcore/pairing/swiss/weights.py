"""The base weight of one edge in caissify's bracket loop, computed with the fields' places
worked out once per round (:func:`bracket_edge_weight`).

caissify's ``DutchEngine._compute_bracket_edge_weight`` builds the weight bbpPairings'
``computeEdgeWeight`` gives a pair: a few dozen criteria, each a small number put in its own
bit field. It is asked for every pair of the field before the first bracket and for every
pair of each bracket and the score group below it: about 7,600 times in a 100-player round,
a fifth of the round's time, most of it spent defining three nested helpers and working out
the same field places again on every call. :func:`bracket_edge_weight` gives the same
integer for the same arguments (checked call by call on every vector,
``tests/unit/pairing/test_swiss_weights.py``): the places come from :func:`_layout`, cached
per (field widths, rounds played), and the criteria are read once per player pair.

Every field is put in with ``|=`` at its place, as caissify does (a sum of two score bits may
carry into the field above; OR-ing the same values at the same places gives the same bits in
any order).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from caissify_pairings.engines.dutch import ColorPref, FloatDir

_UP = FloatDir.UP
_DOWN = FloatDir.DOWN
_NO_FLOAT = FloatDir.NONE
_NO_PREFERENCE = ColorPref.NONE
_WHITE = ColorPref.WHITE


class _Layout(NamedTuple):
    """Where each field of an edge weight starts (bit number), for one round's widths;
    ``-1`` for a field the round does not have (floats one or two rounds back)."""

    c19: int
    c18: int
    c17: int
    c16: int
    c15: int
    c14: int
    c13: int
    c12: int
    strong: int
    compatible: int
    absolute: int
    imbalance: int
    bye: int
    next_pair: int
    next_score: int
    current_pair: int
    current_score: int
    completion: int


@functools.lru_cache(maxsize=64)
def _layout(b: int, sb: int, rounds_played: int) -> _Layout:
    """The field places for criterion width ``b``, score width ``sb`` after
    ``rounds_played`` rounds, from the least significant bit up: the reserved bits for the
    bracket steps (``3b + 1``), the float criteria C.19 .. C.12 (those of two rounds back
    only from the third round, of the previous round only from the second), the four colour
    criteria, C.9 (two fields), then the next bracket's pair and score, the current
    bracket's pair and score, and the completion on top."""
    s = 3 * b + 1
    c19 = c18 = c17 = c16 = c15 = c14 = c13 = c12 = -1
    if rounds_played >= 2:
        c19, c18 = s, s + sb
        s += 2 * sb
    if rounds_played >= 1:
        c17, c16 = s, s + sb
        s += 2 * sb
    if rounds_played >= 2:
        c15, c14 = s, s + b
        s += 2 * b
    if rounds_played >= 1:
        c13, c12 = s, s + b
        s += 2 * b
    strong, compatible, absolute, imbalance = s, s + b, s + 2 * b, s + 3 * b
    s += 4 * b
    bye = s
    s += 2 * b
    next_pair = s
    next_score = s + b
    s += b + sb
    current_pair = s
    current_score = s + b
    s += b + sb
    return _Layout(
        c19,
        c18,
        c17,
        c16,
        c15,
        c14,
        c13,
        c12,
        strong,
        compatible,
        absolute,
        imbalance,
        bye,
        next_pair,
        next_score,
        current_pair,
        current_score,
        s,
    )


def _repeated_colour(p: Any) -> str | None:
    """The colour of the player's last two games over the board when both had it."""
    history: list[str] = p.color_hist
    if len(history) >= 2 and history[-1] == history[-2]:
        return history[-1]
    return None


def _float_terms(p1: Any, p2: Any, k: int, bits1: int, bits2: int) -> tuple[int, int, int, int]:
    """The float criteria of ``k`` rounds back (C.16/C.17 and C.12/C.13 for the previous
    round, C.18/C.19 and C.14/C.15 for two back): the downfloaters' score bits, the
    opponents' score bits of a repeated upfloater, the downfloat count and the upfloat
    flag, with ``bits1``/``bits2`` the two players' score bits (``p1`` ranked higher)."""
    history1: list[Any] = p1.float_hist
    history2: list[Any] = p2.float_hist
    float1 = history1[-k] if len(history1) >= k else _NO_FLOAT
    float2 = history2[-k] if len(history2) >= k else _NO_FLOAT
    upfloat_again = float2 is _UP and p1.score > p2.score
    down_scores = (bits2 if float2 is _DOWN else 0) + (bits1 if float1 is _DOWN else 0)
    down_count = (float2 is _DOWN) + (float1 is _DOWN and p1.score <= p2.score)
    return down_scores, 0 if upfloat_again else bits1, down_count, 0 if upfloat_again else 1


def _absolute_term(p1: Any, p2: Any) -> int:
    """The absolute colour criterion of two players who both have the same absolute
    preference: 0 when the one with the larger imbalance (either, when equal) would repeat
    the colour of his last two games, else 1."""
    imbalance1, imbalance2 = abs(p1.color_diff), abs(p2.color_diff)
    repeated1, repeated2 = _repeated_colour(p1), _repeated_colour(p2)
    if imbalance2 == imbalance1:
        return 0 if repeated2 is not None and repeated2 == repeated1 else 1
    lower = repeated1 if imbalance2 > imbalance1 else repeated2
    other = "black" if p2.color_preference == _WHITE else "white"
    return 0 if lower is not None and lower == other else 1


def _colour_terms(p1: Any, p2: Any) -> int:
    """The four colour criteria's bits, as ``strong | compatible << 1 | absolute << 2 |
    imbalance << 3`` (each 1 when the pair satisfies it), ``p1`` ranked higher."""
    pref1, pref2 = p1.color_preference, p2.color_preference
    str1, str2 = p1.preference_strength, p2.preference_strength
    same = pref1 == pref2 and pref1 != _NO_PREFERENCE
    strong = 0 if same and str1 >= 2 and str2 >= 2 and not (str1 == 3 and str2 == 3) else 1
    compatible = 0 if same else 1
    absolute = _absolute_term(p1, p2) if str1 == 3 and str2 == 3 and pref1 == pref2 else 1
    imbalance = 0 if abs(p1.color_diff) >= 2 and abs(p2.color_diff) >= 2 and same else 1
    return strong | compatible << 1 | absolute << 2 | imbalance << 3


def bracket_edge_weight(
    engine: Any,
    p1: Any,
    p2: Any,
    bracket_score: float,
    n: int,
    s1_ids: Any,
    s2_ids: Any,
    s1_pos: Any,
    s2_pos: Any,
    s_len: int,
    in_current_bracket: bool,
    in_next_bracket: bool,
    score_group_shifts: dict[float, int] | None = None,
    score_groups_shift: int = 0,
    score_group_size_bits: int = 8,
    bye_candidates: set[int] | None = None,
    bye_assignee_score: float | None = None,
    is_single_downfloater_bye_assignee: bool = False,
    unplayed_game_ranks: dict[int, int] | None = None,
) -> int:
    """caissify's base weight of the edge ``p1``-``p2`` (``p1`` ranked higher) in a round
    of ``n`` players, 0 when the pair is forbidden: a drop-in for its
    ``DutchEngine._compute_bracket_edge_weight`` (``engine`` is its ``self``), with its
    signature, though the bracket score, the S1/S2 arguments and the group size bits are
    not read there either."""
    if not engine._can_pair(p1, p2):
        return 0
    if score_group_shifts is not None:
        sb = score_groups_shift
    else:
        sb = max(16, (n * max(1, int(engine.total_rounds * 2))).bit_length() + 3)
    at = _layout(max(8, n.bit_length() + 3), sb, engine.round_number - 1)
    if bye_candidates is not None:
        w = (1 + (p1.id not in bye_candidates) + (p2.id not in bye_candidates)) << at.completion
    else:
        w = 3 << at.completion
    if (
        is_single_downfloater_bye_assignee
        and unplayed_game_ranks is not None
        and bye_assignee_score is not None
    ):
        c9 = 0
        if p1.score == bye_assignee_score:
            c9 |= unplayed_game_ranks.get(len(p1.opponents), 0)
        if p2.score == bye_assignee_score:
            c9 += unplayed_game_ranks.get(len(p2.opponents), 0)
        w |= c9 << at.bye
    if not (in_current_bracket or in_next_bracket):
        return w  # the pairs outside both brackets: most calls
    bits1 = _score_bits(p1.score, score_group_shifts)
    if in_next_bracket:
        w |= 1 << at.next_pair | bits1 << at.next_score
    if not in_current_bracket:
        return w
    bits2 = _score_bits(p2.score, score_group_shifts)
    if at.c19 >= 0:
        down, up, count, flag = _float_terms(p1, p2, 2, bits1, bits2)
        w |= up << at.c19 | down << at.c18 | flag << at.c15 | count << at.c14
    if at.c17 >= 0:
        down, up, count, flag = _float_terms(p1, p2, 1, bits1, bits2)
        w |= up << at.c17 | down << at.c16 | flag << at.c13 | count << at.c12
    colour = _colour_terms(p1, p2)
    return (
        w
        | (colour & 1) << at.strong
        | (colour >> 1 & 1) << at.compatible
        | (colour >> 2 & 1) << at.absolute
        | (colour >> 3) << at.imbalance
        | 1 << at.current_pair
        | bits1 << at.current_score
    )


def _score_bits(score: float, score_group_shifts: dict[float, int] | None) -> int:
    """A score's bits: its group's one bit, or ``2 * score + 1`` without groups."""
    if score_group_shifts is not None and score in score_group_shifts:
        return 1 << score_group_shifts[score]
    return int(score * 2) + 1
