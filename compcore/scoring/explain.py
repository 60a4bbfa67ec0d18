"""'Why did my score change?': a score difference between two rounds, broken into parts.

:func:`explain` compares a player's standings score after round N with his score after an
earlier round (by default the previous played round), both in the scope the standings use
(DS-17: a cycle, restarting from zero; PP-5: the season so far). Both sides come from
:func:`compcore.scoring.contributions.contributions`, the engine's own points per entry and
the value each was scored with, so the parts add up exactly, as fractions, to the
difference. Matching the two sides entry by entry (one entry per player per round) gives:

* ``new-entry``: an entry counted after round N that was not counted before (round N's;
  more than one round when ``since`` is further back), with what it scored;
* ``cap``: such an entry over its cap (DS-4, PP-2, LA-9, MG-4), scored by the cap's rule;
* ``revalued``: an entry counted on both sides whose points changed because the value it is
  a fraction of moved (an opponent's for a game, the player's own for a bye or an absence)
  when the standings were recomputed or iterated (DS-8, KC-4);
* ``new-cycle``: the entries counted before that no longer count, because the standings
  restart per cycle (DS-17) and round N is in a later cycle than the earlier round.

Items are data (kind, round, opponent, exact points, an i18n key with parameters) and are
rendered per language with :meth:`Item.text` (``compcore/i18n/explain.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Kind, Season
from compcore.i18n import Lang, t
from compcore.rules.rulesets.schema import Points, Ruleset
from compcore.scoring.contributions import Capped, Contribution, contributions
from compcore.scoring.history import history
from compcore.scoring.standings import last_complete_round

ItemKind = Literal["new-entry", "cap", "revalued", "new-cycle"]

#: game outcomes, each with its own words ("je won van ...")
_GAMES = (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)

_VULGAR = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 6): "⅙",
    (5, 6): "⅚",
    (1, 5): "⅕",
    (2, 5): "⅖",
    (3, 5): "⅗",
    (4, 5): "⅘",
    (1, 8): "⅛",
    (3, 8): "⅜",
    (5, 8): "⅝",
    (7, 8): "⅞",
}


class ExplainError(CompcoreError):
    """An explanation was asked for a player or round that has none."""


def number_text(value: Fraction) -> str:
    """An exact number as people write it: ``27``, ``13½``, ``17⅓``, ``−⅙``, or ``3 1/7``
    where no single character exists; a minus sign, never a hyphen."""
    sign = "−" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    part = _VULGAR.get((rest, value.denominator), f"{rest}/{value.denominator}")
    joiner = " " if "/" in part and whole else ""
    return f"{sign}{whole or ''}{joiner}{part}" if whole else f"{sign}{part}"


#: how a text writes an exact number: :func:`number_text` (``13½``) on the command line; the
#: app passes its own (the ruleset's decimals in the screen's language: ``13,50``)
NumberText = Callable[[Fraction], str]


def signed_text(value: Fraction, number: NumberText = number_text) -> str:
    """Points gained or lost: ``+27``, ``−1``, ``+0`` (each number written by ``number``)."""
    return number(value) if value < 0 else "+" + number(value)


@dataclass(frozen=True, slots=True)
class Words:
    """A text as data: an i18n key and its parameters. A :class:`Words` parameter renders
    as its own text, a Fraction as a number (written by ``number``: exactly, :func:`number_text`,
    unless the caller says otherwise), ``opponent`` as the player's name, ``kind`` and
    ``scope`` as their words."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(
        self,
        lang: Lang = "nl",
        names: Mapping[str, str] | None = None,
        number: NumberText = number_text,
    ) -> str:
        fields = {k: _field(k, v, lang, names, number) for k, v in self.params.items()}
        return t(self.key, lang, **fields)


def _field(
    key: str, value: object, lang: Lang, names: Mapping[str, str] | None, number: NumberText
) -> object:
    if isinstance(value, Words):
        return value.text(lang, names, number)
    if key == "points" and isinstance(value, Fraction):
        return signed_text(value, number)
    if isinstance(value, Fraction):
        return number(value)
    if key == "opponent" and isinstance(value, str):
        return (names or {}).get(value, value)
    if key == "kind":
        return t(f"kind.{value}", lang)
    if key == "scope":
        return t(f"explain.scope.{value}", lang)
    return value


@dataclass(frozen=True, slots=True)
class Item:
    """One part of a score difference."""

    kind: ItemKind
    #: the round of the entry (for ``new-cycle``: the first round of the new scope)
    round: int
    opponent: str | None
    points: Fraction
    words: Words

    def text(
        self,
        lang: Lang = "nl",
        names: Mapping[str, str] | None = None,
        number: NumberText = number_text,
    ) -> str:
        """The part as a sentence in ``lang``, its numbers written by ``number``."""
        return self.words.text(lang, names, number)


@dataclass(frozen=True, slots=True)
class Explanation:
    """A player's score after ``round`` against after ``since`` (0: before any round)."""

    player: str
    round: int
    since: int
    score_before: Fraction
    score_after: Fraction
    items: tuple[Item, ...]
    #: the standings' cycle after ``round`` (0-based; None where standings do not restart)
    cycle: int | None = None

    @property
    def difference(self) -> Fraction:
        return self.score_after - self.score_before


def explain(
    season: Season,
    ruleset: Ruleset,
    player: str,
    round: int | None = None,
    since: int | None = None,
) -> Explanation:
    """Why ``player``'s score after ``round`` (default: the last complete round) differs
    from his score after ``since`` (default: the played round before it; 0 if none)."""
    if player not in season.player_ids:
        raise ExplainError(Phrase("explain.unknown_player", player=player))
    after_round = last_complete_round(season) if round is None else round
    if after_round <= 0:
        key = "explain.none_played" if round is None else "explain.round_too_early"
        raise ExplainError(Phrase(key, round=after_round))
    since = _previous_round(season, after_round) if since is None else since
    if since >= after_round or since < 0:
        raise ExplainError(Phrase("explain.since_not_before", since=since, round=after_round))
    capped = Capped(history(season, ruleset, upto=after_round), ruleset)
    after = contributions(season, ruleset, after_round=after_round, players=[player], capped=capped)
    if player not in after.standings.order:
        raise ExplainError(Phrase("explain.not_in_ranking", player=player, round=after_round))
    before_entries: tuple[Contribution, ...] = ()
    score_before = Fraction(0)
    if since > 0:
        before = contributions(season, ruleset, after_round=since, players=[player], capped=capped)
        before_entries = before.entries[player]
        if player in before.standings.order:
            score_before = before.standings.row(player).score
    items = _items(ruleset, player, before_entries, after.entries[player], score_before)
    return Explanation(
        player=player,
        round=after.standings.after_round,
        since=since,
        score_before=score_before,
        score_after=after.standings.row(player).score,
        items=items,
        cycle=after.standings.cycle if ruleset.restarts_per_cycle else None,
    )


def find_player(season: Season, text: str) -> str:
    """The player ``text`` names: an id, else a name (not minding case); one line naming
    what is wrong when none or several match."""
    if text in season.player_ids:
        return text
    matches = [p.id for p in season.players if p.name.casefold() == text.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ExplainError(
            Phrase("explain.ambiguous_player", player=text, matches=", ".join(matches))
        )
    raise ExplainError(Phrase("explain.unknown_player", player=text))


def _previous_round(season: Season, round_no: int) -> int:
    """The played round before ``round_no`` (0 when there is none)."""
    return max((r.number for r in season.played_rounds if r.number < round_no), default=0)


def _items(
    ruleset: Ruleset,
    player: str,
    before: tuple[Contribution, ...],
    after: tuple[Contribution, ...],
    score_before: Fraction,
) -> tuple[Item, ...]:
    """The parts: dropped entries (a new cycle), new entries (or over a cap), revalued ones."""
    old = {c.entry.round: c for c in before}
    new = {c.entry.round: c for c in after}
    items: list[Item] = []
    dropped = [c for r, c in old.items() if r not in new]
    if dropped:
        items.append(_new_cycle(ruleset, dropped, after, score_before))
    items += [_new_entry(ruleset, player, c) for r, c in new.items() if r not in old]
    items += [
        _revalued(player, old[r], c)
        for r, c in new.items()
        if r in old and old[r].points != c.points
    ]
    return tuple(items)


def _what(c: Contribution) -> Words:
    """What happened in the entry's round: "je won van X", "oneven"."""
    kind = c.entry.kind
    if kind in _GAMES and c.entry.opponent is not None:
        return Words(f"explain.what.{kind.value}", {"opponent": c.entry.opponent})
    return Words("explain.what.entry", {"kind": kind.value})


def _how(player: str, c: Contribution) -> Words | None:
    """How the points came about: an opponent's value, a share of one's own, the evening's
    average, or None for fixed points (nothing to add)."""
    if c.rule.basis == "evening-average":
        return Words("explain.how.average")
    if c.valued is None or c.value is None:
        return None
    if c.valued == player:
        return Words("explain.how.own", {"amount": _amount(c.rule), "value": c.value})
    return Words("explain.how.opponent", {"value": c.value})


def _amount(rule: Points) -> str:
    """The share as the ruleset writes it (``2/6`` of ``"2/6 own"``, not 1/3)."""
    return rule.text.split()[0] if rule.text else str(rule.amount)


def _new_entry(ruleset: Ruleset, player: str, c: Contribution) -> Item:
    """An entry counted now and not before: what it scored, or that it was over its cap
    and scored by the cap's rule (DS-4, PP-2, LA-9, MG-4)."""
    how = _how(player, c)
    params: dict[str, object] = {"round": c.entry.round, "what": _what(c), "points": c.points}
    if how is not None:
        params["how"] = how
    kind: ItemKind = "new-entry"
    rule = ruleset.points.rule(c.entry.kind)
    if c.over_cap and rule is not None and rule.cap is not None:
        kind = "cap"
        params |= {"limit": rule.cap.limit(ruleset.rounds_per_cycle), "scope": rule.cap.scope}
    key = f"explain.item.{kind}" + ("" if how is not None else ".fixed")
    return Item(kind, c.entry.round, c.entry.opponent, c.points, Words(key, params))


def _revalued(player: str, old: Contribution, new: Contribution) -> Item:
    """An entry counted before and after whose points moved with a value (DS-8, KC-4)."""
    points = new.points - old.points
    params: dict[str, object] = {"round": new.entry.round, "points": points}
    if new.valued is not None and new.valued == old.valued and new.value is not None:
        params |= {"old": old.value, "new": new.value}
        if new.valued == player:
            key = "explain.item.revalued.own"
            params["kind"] = new.entry.kind.value
        else:
            key = "explain.item.revalued.opponent"
            params["what"] = Words(
                f"explain.noun.{_noun(new)}",
                {"opponent": new.entry.opponent, "kind": new.entry.kind.value},
            )
    else:  # an evening average (MG-5), or a share of several values: its points moved
        key = "explain.item.revalued.points"
        params |= {"old": old.points, "new": new.points, "kind": new.entry.kind.value}
    return Item("revalued", new.entry.round, new.entry.opponent, points, Words(key, params))


def _noun(c: Contribution) -> str:
    return c.entry.kind.value if c.entry.kind in _GAMES else "entry"


def _new_cycle(
    ruleset: Ruleset,
    dropped: list[Contribution],
    after: tuple[Contribution, ...],
    score_before: Fraction,
) -> Item:
    """DS-17: the standings restart, so the earlier cycle's entries no longer count."""
    points = -sum((c.points for c in dropped), Fraction(0))
    first = min((c.entry.round for c in after), default=dropped[-1].entry.round + 1)
    params: dict[str, object] = {
        "cycle": ruleset.cycle_label(
            after[0].entry.cycle if after else dropped[-1].entry.cycle + 1
        ),
        "previous": ruleset.cycle_label(dropped[-1].entry.cycle),
        "before": score_before,
        "points": points,
    }
    return Item("new-cycle", first, None, points, Words("explain.item.new-cycle", params))


def to_data(result: Explanation, lang: Lang, names: Mapping[str, str]) -> dict[str, object]:
    """The JSON form: exact numbers as strings (``"27/2"``), texts in ``lang``."""
    return {
        "player": result.player,
        "round": result.round,
        "since": result.since,
        "score_before": _exact(result.score_before),
        "score_after": _exact(result.score_after),
        "items": [
            {
                "kind": item.kind,
                "round": item.round,
                "opponent": item.opponent,
                "points": _exact(item.points),
                "text": item.text(lang, names),
            }
            for item in result.items
        ],
    }


def _exact(value: Fraction) -> str:
    return str(value)
