"""Colours by the ruleset's ordered ``colours`` list (DS-13, KC-6, LA-5..LA-7, MG-3).

The first rule in the list that decides gives the colours; the board's colour reason names
it. Balance is whites minus blacks over the season's games played over the board (forfeits
carry no colour); "previous colour" is the colour of the last such game.

* ``repeat-reversed``: the *second* game of two players (in the meetings scope) reverses
  the colours of the first (DS-13.1, KC-6, LA-5). Reading: exactly one game between them
  was played over the board in the scope before this round (forfeits carry no colour and
  are no game here); a third or later game falls to the next rules, like a first meeting.
* ``critical-balance``: a player at the critical balance gets the restoring colour (LA-6).
* ``lower-balance-white``: the lower balance gets white (DS-13.2, LA-7).
* ``alternate``: the one who had black last gets white; if only one has a previous colour,
  they get the other one (DS-13.3, LA-7).
* ``higher-placed-black`` / ``higher-placed-white`` (DS-13.4, MG-3 / LA-7).

When no rule decides (an empty list), the higher-placed player gets white.
"""

from __future__ import annotations

from collections.abc import Callable

from compcore.domain.boards import Reason
from compcore.pairing.rules import Rules, rule_id

#: the colour rules that depend on who is placed higher; the others give the same colours
#: whichever of the two is named first
PLACEMENT_RULES = frozenset({"higher-placed-black", "higher-placed-white"})


def allocate(rules: Rules, higher: str, lower: str) -> tuple[str, str, Reason]:
    """``(white, black, reason)`` for ``higher`` (placed higher) against ``lower``, by the
    ruleset's colour rules (DS-13, LA-5, LA-7, MG-3)."""
    decided = decide(rules, higher, lower, lambda: (higher, lower))
    if decided is None:
        return higher, lower, Reason("colour.fallback", None, {"player": higher})
    white, reason = decided
    return white, (lower if white == higher else higher), reason


def decide(
    rules: Rules, a: str, b: str, placing: Callable[[], tuple[str, str]]
) -> tuple[str, Reason] | None:
    """White of a board of ``a`` and ``b`` and the first colour rule of the ruleset's list
    that decides it, or ``None`` if none does. ``placing()`` gives the two in ranking order
    (higher first); it is called only when a placement rule is reached, so a caller without
    the ranking at hand (``check``) computes it only when it matters."""
    ruleset = rules.ruleset
    for name in ruleset.pairing.colours:
        higher, lower = placing() if name in PLACEMENT_RULES else (a, b)
        decided = _decide(rules, name, higher, lower)
        if decided is not None:
            white, params = decided
            return white, Reason(f"colour.{name}", rule_id(ruleset, name), params)
    return None


_Decision = tuple[str, dict[str, object]] | None


def _decide(rules: Rules, name: str, higher: str, lower: str) -> _Decision:
    """White and the reason's values by the colour rule ``name``; ``None``: it does not decide."""
    if name == "higher-placed-black":
        return lower, {"player": higher}
    if name == "higher-placed-white":
        return higher, {"player": higher}
    decide = _DECIDERS.get(name)
    if decide is None:
        raise ValueError(f"unknown colour rule {name!r}")
    return decide(rules, higher, lower)


def _repeat_reversed(rules: Rules, higher: str, lower: str) -> _Decision:
    white = rules.repeat_colours(higher, lower)
    if white is None:
        return None
    m = rules.meeting(higher, lower)
    assert m is not None
    return white, {"white": white, "first": m.last_played_round, "scope": rules.scope}


def _critical_balance(rules: Rules, higher: str, lower: str) -> _Decision:
    nh, nl = rules.need.get(higher), rules.need.get(lower)
    if nh is not None and nh != nl:
        return (higher if nh == "w" else lower), {
            "player": higher,
            "need": nh,
            "balance": rules.balance.get(higher, 0),
        }
    if nl is not None and nl != nh:
        return (lower if nl == "w" else higher), {
            "player": lower,
            "need": nl,
            "balance": rules.balance.get(lower, 0),
        }
    return None


def _lower_balance_white(rules: Rules, higher: str, lower: str) -> _Decision:
    bh, bl = rules.balance.get(higher, 0), rules.balance.get(lower, 0)
    if bh == bl:
        return None
    white = higher if bh < bl else lower
    return white, {"white": white, "bw": min(bh, bl), "bb": max(bh, bl)}


def _alternate(rules: Rules, higher: str, lower: str) -> _Decision:
    ch, cl = rules.last_colour.get(higher), rules.last_colour.get(lower)
    if ch == cl:
        return None
    if ch is None:
        assert cl is not None
        white = lower if cl == "b" else higher
    elif cl is None:
        white = higher if ch == "b" else lower
    else:
        white = higher if ch == "b" else lower
    return white, {"white": white}


_DECIDERS: dict[str, Callable[[Rules, str, str], _Decision]] = {
    "repeat-reversed": _repeat_reversed,
    "critical-balance": _critical_balance,
    "lower-balance-white": _lower_balance_white,
    "alternate": _alternate,
}
