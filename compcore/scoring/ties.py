"""Why one of two players on the same points is ahead (issue 10, item 3).

The ranking breaks a tie by the ruleset's tie-breaks in order (PP-6: Sonneborn-Berger,
then fewest jokers; LA-10: wins), always ending with the initial order (DS-2, KC-3, LA-2:
strength list, rating, name, as the ruleset's ``initial_order`` lists them). For every two
neighbours in the table with equal scores, :func:`tie_reasons` names the first of these
that separates them, with both players' values: "WP 10½ tegen 8".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any, Protocol, overload

from compcore.domain.errors import Phrase
from compcore.domain.model import Season
from compcore.i18n import Lang, t
from compcore.rules.rulesets.schema import Ruleset
from compcore.scoring import twins
from compcore.scoring.club_rating import club_rating_before

TieValue = Fraction | int | None


class _Ranked(Protocol):
    """What a tie reason reads of a standings row."""

    @property
    def player(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def score(self) -> Fraction: ...
    @property
    def tie_breaks(self) -> Mapping[str, Fraction | int]: ...


@dataclass(frozen=True, slots=True)
class Figure:
    """A number in a sentence: whole, with ½ (the clubs' half points: ``10½``), else two
    decimals (a Dutch decimal comma); no value is "geen"/"none"."""

    value: TieValue

    def render(self, lang: Lang) -> str:
        if self.value is None:
            return t("tie.none", lang)
        v = Fraction(self.value)
        sign, v = ("-" if v < 0 else ""), abs(v)
        if v.denominator == 1:
            return f"{sign}{v.numerator}"
        if v.denominator == 2:
            whole = v.numerator // 2
            return f"{sign}{whole or ''}½"
        text = f"{sign}{float(v):.2f}"
        return text.replace(".", ",") if lang == "nl" else text


@dataclass(frozen=True, slots=True)
class TieReason:
    """``upper`` is ahead of ``lower`` on equal ``score`` because of ``by``: a tie-break
    (``sonneborn-berger``, ``wins``, ``fewest-jokers``, ``buchholz``), a key of the initial
    order (``strength``, ``rating``, ``name``) or, when those are equal too, the place in
    the initial order itself (``initial-order``); the two players' values for it."""

    upper: str
    lower: str
    upper_name: str
    lower_name: str
    score: Fraction
    by: str
    upper_value: TieValue
    lower_value: TieValue

    @property
    def why(self) -> Phrase:
        """The deciding tie-break with both values: "WP 10½ tegen 8"."""
        return Phrase(
            f"tie.by.{self.by}", upper=Figure(self.upper_value), lower=Figure(self.lower_value)
        )

    @property
    def phrase(self) -> Phrase:
        """The whole line: "Anna staat voor Bert (beiden 12): WP 10½ tegen 8"."""
        return Phrase(
            "tie.ahead",
            upper=self.upper_name,
            lower=self.lower_name,
            score=Figure(self.score),
            why=self.why,
        )


def tie_reasons(
    rows: Sequence[_Ranked],
    ruleset: Ruleset,
    season: Season,
    first_round: int,
    tie_index: Mapping[str, int],
) -> tuple[TieReason, ...]:
    """For every two neighbours in ``rows`` (in ranking order) with the same score, why the
    upper one is ahead. ``first_round``: the scope's first round (ratings of the initial
    order are those valid then); ``tie_index``: each player's place in the initial order,
    from 0."""
    keys = _InitialKeys(season, ruleset, first_round)
    return tuple(
        _reason(a, b, ruleset, keys, tie_index)
        for a, b in pairwise(rows)
        # the same object first: the members who never play share one score (issue 19)
        if a.score is b.score or a.score == b.score
    )


class LazyTies(Sequence[TieReason]):
    """:func:`tie_reasons` made when first read: a table or a CSV never reads them, and a
    club's idle members tie in thousands (issue 19). Reads, compares, hashes, copies and
    pickles as the tuple it stands for (pickled, it is that tuple)."""

    __slots__ = ("_args", "_made")

    def __init__(
        self,
        rows: Sequence[_Ranked],
        ruleset: Ruleset,
        season: Season,
        first_round: int,
        tie_index: Mapping[str, int],
    ) -> None:
        self._args: tuple[Any, ...] | None = (rows, ruleset, season, first_round, tie_index)
        self._made: tuple[TieReason, ...] | None = None

    def made(self) -> tuple[TieReason, ...]:
        """The tie reasons (computed on the first call)."""
        if self._made is None:
            assert self._args is not None
            self._made = tie_reasons(*self._args)
            self._args = None  # the rows and season are not kept beyond this
        return self._made

    @overload
    def __getitem__(self, index: int) -> TieReason: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[TieReason, ...]: ...
    def __getitem__(self, index: int | slice) -> TieReason | tuple[TieReason, ...]:
        return self.made()[index]

    def __len__(self) -> int:
        return len(self.made())

    def __iter__(self) -> Iterator[TieReason]:
        return iter(self.made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyTies):
            other = other.made()
        return self.made() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.made())

    def __repr__(self) -> str:
        return repr(self.made())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.made(),))


class _InitialKeys:
    """Each player's values of the ruleset's initial-order keys (DS-2, KC-3, LA-2), in
    its order: strength, rating valid in the scope's first round, club rating (None: none,
    computed once per table), name as compared (casefolded); made on the first ask, for
    everyone at once (a club's idle members tie in thousands, issue 19)."""

    def __init__(self, season: Season, ruleset: Ruleset, first_round: int) -> None:
        self.season, self.ruleset, self.first_round = season, ruleset, first_round
        self._values: dict[str, tuple[object, ...]] | None = None

    def __getitem__(self, player: str) -> tuple[object, ...]:
        if self._values is None:
            self._values = self._all()
        return self._values[player]

    def _all(self) -> dict[str, tuple[object, ...]]:
        season, first = self.season, self.first_round
        players = season.by_id
        columns: list[list[object]] = []
        for key in self.ruleset.initial_order:
            if key == "strength":
                columns.append([p.strength for p in players.values()])
            elif key == "rating":
                columns.append([season.rating_at(pid, first) for pid in players])
            elif key == "club-rating":
                club = club_rating_before(season, self.ruleset, first)
                columns.append([club.get(pid) for pid in players])
            elif key == "name":
                columns.append([p.name.casefold() for p in players.values()])
            else:
                columns.append([None] * len(players))  # no key compcore knows: never differs
        if not columns:
            return dict.fromkeys(players, ())
        return dict(zip(players, zip(*columns, strict=True), strict=True))


def _reason(
    a: _Ranked,
    b: _Ranked,
    ruleset: Ruleset,
    keys: _InitialKeys,
    tie_index: Mapping[str, int],
) -> TieReason:
    # idle members share one mapping of tie-breaks (issue 19): nothing to compare
    for name in ruleset.tie_breaks if a.tie_breaks is not b.tie_breaks else ():
        if name == "initial-order":
            break
        va, vb = a.tie_breaks.get(name), b.tie_breaks.get(name)
        if va != vb:
            return _made(a, b, name, va, vb)
    return _by_initial_order(a, b, ruleset, keys, tie_index)


def _by_initial_order(
    a: _Ranked,
    b: _Ranked,
    ruleset: Ruleset,
    keys: _InitialKeys,
    tie_index: Mapping[str, int],
) -> TieReason:
    """The first key of the ruleset's initial order (DS-2, KC-3, LA-2) that differs, else
    the places in the initial order."""
    ka, kb = keys[a.player], keys[b.player]
    if ka != kb:
        for key, va, vb in zip(ruleset.initial_order, ka, kb, strict=True):
            if va != vb:
                if key == "name":
                    return _made(a, b, key, None, None)
                return _made(a, b, key, va, vb)  # type: ignore[arg-type]
    return _made(a, b, "initial-order", tie_index[a.player] + 1, tie_index[b.player] + 1)


#: ``TieReason(*values)`` made as a twin (:mod:`~compcore.scoring.twins`): a club's idle
#: members tie in thousands
_reason_of = twins.maker(TieReason)


def _made(a: _Ranked, b: _Ranked, by: str, va: TieValue, vb: TieValue) -> TieReason:
    return _reason_of(a.player, b.player, a.name, b.name, a.score, by, va, vb)
