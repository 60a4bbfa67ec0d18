"""The ruleset schema: every number and switch of a club's rulebook as a typed, frozen field.

A ruleset is data (a preset TOML file, plus a season file's overrides). This module says
which fields exist and their types, as plain frozen dataclasses the engine reads; the
allowed values and the refusals live at the edge, in :mod:`compcore.rules.rulesets.models`
(pydantic, imported only where ruleset text is validated). :mod:`compcore.rules.rulesets` loads,
validates (or finds the text validated before: :mod:`compcore.rules.rulesets.validated`) and builds
these objects with :func:`build`. Rule ids in the field comments point to
``spec/rulesets.md``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar, dataclass_transform, get_args

from compcore.domain.model import Kind

# --------------------------------------------------------------------------- numbers

#: An exact number as rulesets write it: digits, a decimal part, a fraction bar. No exponent
#: ("1e100000000" would take minutes to expand) and at most 12 digits a part, which is far
#: more than any rulebook needs.
EXACT_TEXT = r"\d{1,12}(?:\.\d{1,12})?(?:/\d{1,12})?"
_EXACT_RE = re.compile(rf"^[+-]?{EXACT_TEXT}$")


class RuleTextError(ValueError):
    """A ruleset's text that is not a number or points rule: an i18n ``key``, pydantic's
    English ``message`` template and its ``fields`` (the validation edge,
    :mod:`compcore.rules.rulesets.models`, reports it as pydantic's error for the field)."""

    def __init__(self, key: str, message: str, fields: dict[str, Any] | None = None) -> None:
        super().__init__(message.format(**(fields or {})))
        self.key = key
        self.message = message
        self.fields = fields or {}


def exact_fraction(text: str) -> Fraction:
    """The exact number ``text`` (an :data:`EXACT_TEXT`); a fraction whose denominator is 0
    is refused with the i18n error ``error.points.zero_denominator`` (pydantic reports it
    for the field that holds it)."""
    _, bar, denominator = text.partition("/")
    if bar and int(denominator) == 0:
        raise RuleTextError(
            "error.points.zero_denominator", "'{text}' divides by zero", {"text": text}
        )
    return Fraction(text)


def fraction_data(value: Fraction) -> int | str:
    """An exact number as a ruleset writes it back: a whole number, else ``"p/q"``."""
    return value.numerator if value.denominator == 1 else str(value)


# --------------------------------------------------------------------------- the objects

#: a ruleset object (any of this module's classes but :class:`Points`)
R = TypeVar("R", bound="_Rules")

_NO_DEFAULT: Any = object()


class _Field:
    """A field's default (a value, or a factory called per object) and the name the
    ruleset's text gives it (``forfeit-win``) where that differs."""

    __slots__ = ("default", "factory", "text_name")

    def __init__(self, default: Any, factory: Callable[[], Any] | None, text_name: str | None):
        self.default, self.factory, self.text_name = default, factory, text_name


def rule_field(
    *,
    default: Any = _NO_DEFAULT,
    default_factory: Callable[[], Any] | None = None,
    text_name: str | None = None,
) -> Any:
    """A field with a default made per object (``default_factory``) or a name of its own
    in the ruleset's text (``text_name``: the points table's ``forfeit-win``)."""
    return _Field(default, default_factory, text_name)


class FrozenRuleError(AttributeError):
    """A ruleset object's field was assigned: rulesets are immutable."""


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(rule_field,))
class _Rules:
    """A frozen ruleset object: keyword fields with defaults, compared and hashed by value
    (a light dataclass: 27 of them are built at import, and ``dataclasses`` would take
    three times as long, issue 19). Besides its fields it has a changed copy
    (``model_copy``) and its data as the ruleset's text writes it (``model_dump``), named
    as pydantic names them (the objects were pydantic models before issue 19)."""

    #: the fields in order; their defaults and factories; their names in the text
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Callable[[], Any]]] = {}
    _text_names: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names = tuple(inspect.get_annotations(cls))
        defaults, factories, text_names = {}, {}, {}
        for name in names:
            if name not in cls.__dict__:
                continue
            value = cls.__dict__[name]
            if isinstance(value, _Field):
                if value.text_name is not None:
                    text_names[name] = value.text_name
                if value.factory is not None:
                    factories[name] = value.factory
                elif value.default is not _NO_DEFAULT:
                    defaults[name] = value.default
            else:
                defaults[name] = value
            delattr(cls, name)  # the value lives in each object, not in the class
        cls._fields, cls._defaults = names, defaults
        cls._factories, cls._text_names = factories, text_names

    def __init__(self, **values: Any) -> None:
        own = self.__dict__
        for name in self._fields:
            if name in values:
                own[name] = values.pop(name)
            elif name in self._defaults:
                own[name] = self._defaults[name]
            elif name in self._factories:
                own[name] = self._factories[name]()
            else:
                raise TypeError(f"{type(self).__name__}() needs the field {name!r}")
        if values:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(values))!r}")

    def _values(self) -> tuple[Any, ...]:
        own = self.__dict__
        return tuple(own[name] for name in self._fields)

    def _items(self) -> dict[str, Any]:
        own = self.__dict__
        return {name: own[name] for name in self._fields}

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRuleError(f"cannot assign to field {name!r}: a ruleset is frozen")

    def __delattr__(self, name: str) -> None:
        raise FrozenRuleError(f"cannot delete field {name!r}: a ruleset is frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Rules)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self._items().items())
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and deepcopy
        return (_rebuild, (type(self), self._items()))

    def model_copy(self: R, *, update: dict[str, Any] | None = None) -> R:
        """A copy with the fields in ``update`` replaced (not validated again)."""
        return type(self)(**{**self._items(), **(update or {})})

    def model_dump(self, *, mode: str = "python", by_alias: bool = False) -> dict[str, Any]:
        """Every field as data (:func:`dump`): exact numbers as ``3`` or ``"1/3"``, points
        rules as their text; ``mode="json"``: lists and the kinds' words too; ``by_alias``:
        the points table's kinds as the ruleset writes them (``forfeit-win``)."""
        data = dump(self, json=mode == "json", by_alias=by_alias)
        assert isinstance(data, dict)
        return data


def _rebuild(kind: type[R], values: dict[str, Any]) -> R:
    return kind(**values)


def dump(value: Any, *, json: bool = True, by_alias: bool = False) -> Any:
    """A ruleset object (or one of its values) as plain data, the inverse of :func:`build`."""
    if isinstance(value, _Rules):
        names = value._text_names if by_alias else {}
        return {
            names.get(name, name): dump(item, json=json, by_alias=by_alias)
            for name, item in value._items().items()
        }
    if isinstance(value, Points):
        return value.text
    if isinstance(value, Fraction):
        return fraction_data(value)
    if isinstance(value, Kind):
        return value.value if json else value
    if isinstance(value, RuleIds):
        return dict(value)
    if isinstance(value, tuple):
        items = [dump(v, json=json, by_alias=by_alias) for v in value]
        return items if json else tuple(items)
    return value


def build(kind: type[R], data: dict[str, Any]) -> R:
    """The object ``kind`` from validated data keyed by field name (``dump(x, json=True)``
    of such an object, as :mod:`compcore.rules.rulesets.models` gives it): numbers, points rules,
    kinds and tables back to their types. The data is trusted: it was validated."""
    return kind(**{name: convert(data[name]) for name, convert in _converters(kind)})


def _same(value: Any) -> Any:
    return value


def _converter(text: str) -> Any:
    """How a field annotated ``text`` (this module's annotations are text) is read back from
    validated data. The text is read here rather than evaluated (``typing.get_type_hints``
    took 4 ms for the 27 classes, a tenth of a cached ruleset's load, issue 19): a
    ``tuple[X, ...]``, a union of names with ``None``, a ``Literal[...]``, or one name."""
    text = text.strip()
    if text.startswith("Literal["):
        return _same
    if text.startswith("tuple[") and text.endswith(", ...]"):
        item = _converter(text[len("tuple[") : -len(", ...]")])
        return tuple if item is _same else lambda value: tuple(item(v) for v in value)
    members = [m.strip() for m in text.split("|")]
    if len(members) == 1:
        return _named(text)
    objects = [_CLASSES[m] for m in members if m in _CLASSES]
    plain = [_converter(m) for m in members if m not in _CLASSES and m != "None"]
    assert len(plain) <= 1 or all(c is _same for c in plain), text
    other = plain[0] if len(plain) == 1 else _same

    def either(value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, dict):
            return other(value)
        if len(objects) == 1:
            return build(objects[0], value)
        # a discriminated union (keizer.values): the member whose ``basis`` it names
        for kind in objects:
            if repr(value.get("basis")) in inspect.get_annotations(kind)["basis"]:
                return build(kind, value)
        raise ValueError(f"no member of {text} for {value!r}")

    return either


def _named(name: str) -> Any:
    """The converter of one name: a ruleset class, an exact number, a points rule, a kind,
    the rule ids; else (``int``, ``str``, ``bool``, an alias of literals) the value."""
    if name in _CLASSES:
        kind = _CLASSES[name]
        return lambda value: build(kind, value)
    special = {"Fraction": Fraction, "Points": Points.parse, "Kind": Kind, "RuleIds": RuleIds}
    if name in special:
        return special[name]
    if name not in ("int", "str", "bool"):  # an alias such as TieBreak: literals, numbers
        alias = globals()[name]
        assert all(isinstance(a, int | str) or a in (int, str) for a in _leaves(alias)), name
    return _same


def _leaves(alias: Any) -> list[Any]:
    args = get_args(alias)
    return [leaf for arg in args for leaf in _leaves(arg)] if args else [alias]


#: the ruleset classes by name, for :func:`_converter` (filled when the module is loaded)
_CLASSES: dict[str, type[_Rules]] = {}

#: each class's fields with their converters, made on first use
_CONVERTERS: dict[type[_Rules], tuple[tuple[str, Any], ...]] = {}


def _converters(kind: type[_Rules]) -> tuple[tuple[str, Any], ...]:
    found = _CONVERTERS.get(kind)
    if found is None:
        if not _CLASSES:
            _CLASSES.update(
                (name, value)
                for name, value in globals().items()
                if isinstance(value, type) and issubclass(value, _Rules) and value is not _Rules
            )
        texts = inspect.get_annotations(kind)
        found = tuple((name, _converter(texts[name])) for name in kind._fields)
        _CONVERTERS[kind] = found
    return found


# --------------------------------------------------------------------------- points

PointsBasis = Literal["constant", "opponent", "own", "evening-average"]

#: a points rule's ``opp``/``own`` suffix (none: a constant amount)
_BASIS_OF: dict[str | None, PointsBasis] = {"opp": "opponent", "own": "own", None: "constant"}
_POINTS_RE = re.compile(rf"^\s*(?P<num>{EXACT_TEXT})\s*(?P<of>opp|own)?\s*$")


@dataclass(frozen=True, slots=True)
class Points:
    """How many points an entry gives: a constant, or a fraction of a Keizer value.

    Written as text in rulesets: ``"1"``, ``"1/2"``, ``"9"`` (constants), ``"6/6 opp"``
    (a fraction of the opponent's value), ``"2/6 own"`` (of the player's own value) or
    ``"evening-average"`` (MG-5: the average score of that evening's players).
    """

    basis: PointsBasis
    amount: Fraction
    text: str
    #: scores nothing (read in every scoring loop, so computed once)
    is_zero: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_zero", self.basis != "evening-average" and self.amount == 0)

    @classmethod
    def parse(cls, text: Any) -> Points:
        if isinstance(text, Points):
            return text
        if isinstance(text, bool) or not isinstance(text, str | int):
            raise RuleTextError(
                "error.ruleset.points_text",
                "expected points as text such as '6/6 opp', got {value}",
                {"value": repr(text)},
            )
        text = str(text)
        if text.strip() == "evening-average":
            return cls("evening-average", Fraction(1), "evening-average")
        match = _POINTS_RE.match(text)
        if not match:
            raise RuleTextError(
                "error.ruleset.points_rule",
                "{value} is not a points rule (allowed: a number such as '1' or '1/2', "
                "'p/q opp', 'p/q own', 'evening-average')",
                {"value": repr(text)},
            )
        amount = exact_fraction(match["num"])
        return cls(_BASIS_OF[match["of"]], amount, text.strip())


ZERO = Points("constant", Fraction(0), "0")


class Cap(_Rules):
    """ "At most N such entries per scope, then ``then``" (DS-4, PP-2, LA-9, MG-4)."""

    count: int | None = None
    #: DS-4: the cap is this fraction of the rounds in a cycle, rounded up (0.33 x 12 -> 4).
    fraction_of_cycle_rounds: Fraction | None = None
    scope: Literal["cycle", "season"] = "season"
    #: kinds with the same group share one counter (LA: club-duty counts as an absence).
    group: str | None = None
    then: Points = ZERO

    def limit(self, rounds_per_cycle: int) -> int:
        if self.count is not None:
            return self.count
        assert self.fraction_of_cycle_rounds is not None
        exact = self.fraction_of_cycle_rounds * rounds_per_cycle
        return -(-exact.numerator // exact.denominator)  # rounded up


class KindRule(_Rules):
    """The points of one entry kind, and its cap if it has one."""

    points: Points
    cap: Cap | None = None


def _zero_rule() -> KindRule:
    return KindRule(points=ZERO)


class PointsTable(_Rules):
    """Points per entry kind. A kind left out is not used by the ruleset: entering it is an
    error (the spec's tables mark those with a dash)."""

    win: KindRule
    draw: KindRule
    loss: KindRule
    forfeit_win: KindRule = rule_field(text_name="forfeit-win")
    forfeit_loss: KindRule = rule_field(text_name="forfeit-loss")
    bye: KindRule | None = None
    absent: KindRule | None = None
    absent_unexcused: KindRule = rule_field(
        default_factory=_zero_rule, text_name="absent-unexcused"
    )
    not_participating: KindRule = rule_field(
        default_factory=_zero_rule, text_name="not-participating"
    )
    external: KindRule | None = None
    club_duty: KindRule | None = rule_field(default=None, text_name="club-duty")
    cup_win: KindRule | None = rule_field(default=None, text_name="cup-win")
    cup_draw: KindRule | None = rule_field(default=None, text_name="cup-draw")
    cup_loss: KindRule | None = rule_field(default=None, text_name="cup-loss")
    joker: KindRule | None = None
    declined_engine: KindRule | None = rule_field(default=None, text_name="declined-engine")
    #: MG-5: whose points make up an ``evening-average`` entry: the players with one of
    #: these kinds that evening. Default: those present who played or won by forfeit; the
    #: no-show (``forfeit-loss``) was not there and is left out.
    evening_average_kinds: tuple[Kind, ...] = rule_field(
        default=(Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN),
        text_name="evening-average-kinds",
    )

    def rule(self, kind: Kind) -> KindRule | None:
        rule = getattr(self, kind.value.replace("-", "_"))
        # every kind names a field of this table: a KindRule, or None where the kind is unused
        assert rule is None or isinstance(rule, KindRule)
        return rule

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds this ruleset uses."""
        return tuple(k for k in Kind if self.rule(k) is not None)


# --------------------------------------------------------------------------- Keizer values


class TopRatio(_Rules):
    """DS-1 reading: the top value is ``ratio`` times the bottom one (top = ratio(N-1)/(ratio-1),
    rounded up)."""

    ratio: Fraction


class RankValues(_Rules):
    """Values linear in rank: top, top - step, ..., never below ``min`` (DS-1, KC-2)."""

    basis: Literal["rank"] = "rank"
    top: int | Literal["players"] | TopRatio
    step: int = 1
    min: int = 1


class RatingValues(_Rules):
    """Values linear in rating between ``low`` (lowest-rated player) and ``high``
    (highest-rated), following rating updates (MG-1)."""

    basis: Literal["rating"]
    low: Fraction = Fraction(10)
    high: Fraction = Fraction(30)


IterateAt = int | Literal["every", "last"]


class KeizerRules(_Rules):
    """How Keizer scores are computed (the three modes of ``spec/rulesets.md``)."""

    mode: Literal["at-time", "recompute", "iterate"]
    #: rounds after which ``iterate`` runs to a fixed point; ``recompute`` in the others.
    iterate_rounds: tuple[IterateAt, ...] = ()
    values: RankValues | RatingValues
    #: safety bound on iteration steps (oscillations are detected long before).
    max_iterations: int = 200


# --------------------------------------------------------------------------- tie-breaks

TieBreak = Literal[
    "initial-order",  # the order before any result (KC-3, LA-2, ...)
    "wins",  # number of won games (LA-10)
    "sonneborn-berger",  # PP-6 weerstandspunten (with sb_adjustment if set)
    "fewest-jokers",  # PP-6
    "buchholz",
    "mutual-result",  # DS-16: the result among the players still level (the group table)
]


class SbAdjustment(_Rules):
    """PP-6: for a joker round, and for an absence after the jokers are used up, add ``share``
    of the player's average Sonneborn-Berger per game."""

    kinds: tuple[Kind, ...] = (Kind.JOKER,)
    after_cap_kinds: tuple[Kind, ...] = (Kind.ABSENT,)
    cap_kind: Kind = Kind.JOKER
    share: Fraction = Fraction(1, 2)


# --------------------------------------------------------------------------- pairing

ColourRule = Literal[
    "repeat-reversed",  # the second game reverses the first's colours (DS-13.1, KC-6, LA-5)
    "critical-balance",  # a player at the critical balance gets the restoring colour (LA-6)
    "lower-balance-white",  # DS-13.2, LA-7
    "alternate",  # opposite of one's previous colour (DS-13.3; LA-7: black last -> white)
    "higher-placed-black",  # DS-13.4, MG-3
    "higher-placed-white",  # LA-7
]

RelaxableRule = Literal[
    "single-meeting-window",  # KC-6
    "min-rounds-between",  # LA-4
    "max-meetings",  # DS-11, KC-6, LA-4
    "colour-critical",  # LA-6
    "level-only",  # LA-3
    "engine-limit",  # DS-9
]


class FirstRounds(_Rules):
    """Rounds paired by a scheme instead of the ladder (KC-5, DS-12, PP-5)."""

    scheme: Literal["blocks", "random"]
    #: round numbers, or "cycle-start" for the first round of every cycle (DS-12)
    rounds: tuple[int | Literal["cycle-start"], ...]
    #: KC-5: blocks of 20 by current ranking, top half against bottom half
    block_size: int = 20
    #: whether the scheme's board position decides the colours (KC-5: "first named has
    #: white"); when false the ruleset's ``colours`` list decides, as in any round (DS-12)
    scheme_colours: bool = True


class ByeRules(_Rules):
    """Who sits out when the number of present players is odd (KC-8, PP-4, LA-8, DS-9)."""

    method: Literal["fewest-byes-lowest-placed", "engine", "swiss", "random"]
    #: LA-8: players with fewer games than this get no bye ...
    min_games: int = 0
    #: ... except in these rounds (LA-8: round 1)
    protect_except_rounds: tuple[int, ...] = ()


class EngineRules(_Rules):
    """The computer entrant (DS-9, DS-10)."""

    opt_in_flag: str = "engine-opt-in"
    max_games_per_player: int = 1  # per season
    rating_offset: int = -100  # plays this many rating points from its opponent
    #: DS-9 (rulebook FAQ 7): on an evening the engine is unavailable (its ``not-participating``
    #: entry in the open round: the e-board is needed at an away match), the odd one out
    #: gets a plain bye, chosen outside the top N places of the ranking as far as a legal
    #: pairing allows ("zoveel mogelijk ... top 5"); 0: the normal bye order
    away_bye_avoid_top: int = 0


class RoundRobinRules(_Rules):
    """A competition whose whole schedule is made once, when it is created, by Berger tables
    (``pairing.method = "round-robin"``: DS-16 groups, DS-20 play-off, DS-21 pools). Its
    rounds are never paired; a board may wait for its result in any round (a postponed
    game)."""

    #: DS-16: a double round robin plays everyone twice, the second half colours reversed
    double: bool = False
    #: DS-21: games against the same opponent on one evening (the second reverses colours)
    games_per_meeting: int = 1


class PoolsCupRules(_Rules):
    """A cup of pools and knock-outs (DS-21, the Meierij Cup): the entrants are split into
    pools that each play a round robin (the ``round_robin`` section: single or double, games
    per meeting); the first ``to_main`` of every pool go on to the main knock-out, the next
    ``to_losers`` to the losers' knock-out. A knock-out tie is the games of one meeting;
    level on game points, the director records the outcome of the ``tiebreaks`` steps in
    order (``rapid-pair``: two faster games, colours reversed; ``armageddon``: one game,
    White must win, a draw sends Black through)."""

    #: DS-21: pools of four (a last pool may be smaller)
    pool_size: int = 4
    #: how the entrants (strongest first) fill the pools: ``snake`` (1 2 / 4 3 / 5 6 ...
    #: across the pools) or ``listed`` (consecutive blocks: the director's own order)
    pool_order: Literal["snake", "listed"] = "snake"
    #: DS-21: places 1-2 of every pool go to the main knock-out ...
    to_main: int = 2
    #: ... places 3-4 to the losers' cup (0: no losers' cup)
    to_losers: int = 2
    #: DS-21: after a level knock-out tie: two 5-minute games, then an Armageddon
    tiebreaks: tuple[Literal["rapid-pair", "armageddon"], ...] = ()


class PairingRules(_Rules):
    #: ladder: Keizer/points ladders; swiss; knockout (MG-7); round-robin: the schedule is
    #: made when the competition is created (``round_robin`` section) and never paired
    method: Literal["ladder", "swiss", "knockout", "round-robin"]
    #: knock-out (MG-7): who takes part: players carrying every one of these flags
    entrant_flags: tuple[str, ...] = ()
    #: DS-11, MG-3: players not yet met (in the meetings scope) before those already met
    prefer_unmet: bool = False
    max_meetings: int | None = None  # DS-11 3/cycle, KC-6 3, LA-4 2
    meetings_scope: Literal["cycle", "season"] = "season"
    single_meeting_until_round: int | None = None  # KC-6: 15
    min_rounds_between_meetings: int | None = None  # LA-4: 8
    colour_critical_balance: int | None = None  # LA-6: 3
    level_only_rounds: tuple[int, ...] = ()  # LA-3: (1, 2)
    level_only_flag: str | None = None  # LA-3: own-level-only
    first_rounds: FirstRounds | None = None
    colours: tuple[ColourRule, ...] = ()
    relax_order: tuple[RelaxableRule, ...] = ()
    bye: ByeRules
    engine: EngineRules | None = None
    #: Swiss: where the no-rematch rule applies (PP-5: within a cycle)
    rematch_scope: Literal["cycle", "season"] = "season"
    #: DS-14: late re-pairing among players whose opponent did not come
    late_repairing: bool = False
    #: the entry of an ``always`` player who is neither present nor signed off (DS: seen as a
    #: sign-off; KC-9: absent; PP-1, MG-4: absent without notice)
    missing_kind: Kind = Kind.ABSENT


# --------------------------------------------------------------------------- awards


class Category(_Rules):
    """A rating category (DS-18): ``min_rating <= rating < below_rating``."""

    name: str
    min_rating: int | None = None
    below_rating: int | None = None


class LevelTop(_Rules):
    """LA-11: a top N of the players of one level (the B-players' top 3)."""

    level: str
    count: int


class Subgroups(_Rules):
    """KC-12: after ``after_round`` players are split by the ranking into groups of ``size``
    (the director may compose them himself: ``compcore.formats.subgroups``)."""

    after_round: int
    size: int
    #: KC-12: the lists the proposal orders by (the sum of the places): the ranking, and
    #: optionally the rating list ("from the ranking, possibly with the rating")
    by: tuple[Literal["ranking", "rating"], ...] = ("ranking",)


class Awards(_Rules):
    categories: tuple[Category, ...] = ()
    #: first: the leader wins; first-or-playoff: a tie for first needs a play-off (LA-11);
    #: all-cycles-or-playoff: DS-19 (champion if they won every cycle, else a play-off);
    #: cup-final: the winner of the knock-out's final (MG-7; needs pairing.method knockout)
    champion: Literal["first", "first-or-playoff", "all-cycles-or-playoff", "cup-final"] = "first"
    playoff_size: int = 4
    level_top: LevelTop | None = None
    subgroups: Subgroups | None = None
    #: MG-8: in a drawn cup game a rating gap above this sends the lower-rated player through
    cup_rating_gap: int | None = None
    #: DS-16: the competition whose winner (a round robin's, once every board has a result)
    #: is promoted to this group for next season ("Topcompetitie"); None: no promotion
    promotes_to: str | None = None


# --------------------------------------------------------------------------- linked


class LadderLink(_Rules):
    """How a competition played within a ladder (``Season.ladder``) counts there, on the
    ladder evening each of its rounds names (``Round.ladder_round``).

    * ``game``: its games are forced boards of that evening's ladder round and score there
      as games (DS-16 groups, DS-20 play-off, MG-8 cup); their results are entered once and
      hold in both competitions.
    * ``entry``: its players get ``entry`` in that ladder round instead of a ladder game
      (DS-21: a Meierij Cup match gives DS-5's ``external``, 4/6 of the own value).
    * ``none``: nothing in the ladder.

    ``counts_for_meetings`` false: the ladder's meeting limits ignore these games (DS-16:
    not for DS-11's limit); they carry ``tag`` as their ``Game.group``.
    """

    counts_as: Literal["game", "entry", "none"]
    entry: Kind = Kind.EXTERNAL
    counts_for_meetings: bool = True
    #: the tag on the ladder's games (``Game.group``) when they do not count for meetings;
    #: None: the competition's name
    tag: str | None = None


# --------------------------------------------------------------------------- play-off


class Barrage(_Rules):
    """DS-20: how leaders level on points after a play-off decide the title: a match of
    ``games`` rapid games of ``minutes`` each, then (still level) an Armageddon game in which
    White has ``armageddon_white`` minutes and Black ``armageddon_black`` and a draw counts
    for Black. Three or more leaders are drawn by lot (seeded, reproducible) into a knock-out
    of such barrages: each stage pairs players in drawn order, so that after it a power of
    two is left (three: the first barrage eliminates one, the other two meet in the second)."""

    games: int = 2
    minutes: int = 5
    armageddon: bool = True
    armageddon_white: int = 6
    armageddon_black: int = 5


class PlayoffRules(_Rules):
    """A championship play-off played as a competition of its own (DS-19, DS-20): a round
    robin of the seeds (``pairing.method = "round-robin"``) whose leaders on points play
    barrages; the play-off's winner is the champion of the category it decides."""

    barrage: Barrage = rule_field(default_factory=Barrage)


# --------------------------------------------------------------------------- attendance


class SignoffDeadline(_Rules):
    """The last moment a member may sign off or on for a club evening himself: ``days_before``
    days before the evening, at ``time`` (the club's local time, ``timezone``). DS-15 (seed
    000: "op de betreffende dinsdag tot 18:30"): the evening itself, 18:30; PP-2: 19:00;
    KC-9: 20:00 (everyone present at 20:00 is paired). A rulebook that names no time: the
    evening itself at 18:00, two hours before the clocks start."""

    days_before: int = 0
    time: str = "18:00"
    timezone: str = "Europe/Amsterdam"


class AttendanceRules(_Rules):
    """Members' own sign-off and sign-up for the coming club evenings (issue 10)."""

    deadline: SignoffDeadline = rule_field(default_factory=SignoffDeadline)


class EveningRules(_Rules):
    """The club evening as a member's calendar shows it (issue 18 item 7,
    :mod:`compcore.adapters.files.club_calendar`): it starts at ``start`` (the club's local time)
    and lasts ``minutes``. The rulebooks name no start time; KC-9 pairs everyone present at
    20:00, and the deadlines (DS-15 18:30, PP-2 19:00) lie before it, so the default is
    20:00, with 3.5 hours for a game and the analysis after it."""

    start: str = "20:00"
    minutes: int = 210


# --------------------------------------------------------------------------- club rating


class ClubRatingRules(_Rules):
    """The club's own Elo-style rating (issue 13; DS-2 "Dubbelschaak rating", Keizer
    classic's weekly internal rating list): computed by :mod:`compcore.scoring.club_rating` from the
    games played over the board, updated per round."""

    #: the K factor: a player's change is K x (score - expected score) per game
    k: int = 20
    #: the K factor while a player is provisional; None: ``k``
    provisional_k: int | None = None
    #: the first N games a player is provisional (marked on the list)
    provisional_games: int = 10
    #: a player's rating before his first game: a number, or ``"rating"``: his own rating
    #: (as valid in the round of his first game), else ``unrated``
    initial: int | Literal["rating"] = "rating"
    #: the initial club rating of a player without a rating (``initial = "rating"``)
    unrated: int = 1500


# --------------------------------------------------------------------------- the ruleset


class RuleIds(dict[str, str]):
    """A read-only ``dict`` of generic rule name to the club's rule id (hashable, so a
    ruleset stays hashable)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self) -> tuple[type[RuleIds], tuple[dict[str, str]]]:
        return (RuleIds, (dict(self),))  # pickle and deepcopy without item assignment

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("rule_ids is read-only")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]


#: ``club-rating``: the club rating before the round (``compcore.scoring.club_rating``; DS-2)
InitialOrderKey = Literal["strength", "rating", "club-rating", "name"]


class Ruleset(_Rules):
    """One club's competition rules. Built from a preset plus a season's overrides."""

    name: str
    version: int = 1
    description: str
    description_nl: str | None = None
    system: Literal["keizer", "points"]
    keizer: KeizerRules | None = None
    points: PointsTable
    cycles: int = 1
    #: how the club numbers its cycles on every screen, in the CLI and in exports (DS-17:
    #: cyclus 0, 1, 2; PP-5: 1, 2, 3). The season file's ``cycle`` field stays 0-based.
    first_cycle_number: int = 0
    rounds_per_cycle: int
    #: DS-17 restart: each cycle's standings start from zero and the initial order;
    #: PP-5 accumulate: one standings table over the season
    cycle_standings: Literal["restart", "accumulate"] = "accumulate"
    initial_order: tuple[InitialOrderKey, ...] = ("strength", "rating", "name")
    tie_breaks: tuple[TieBreak, ...] = ("initial-order",)
    #: columns shown as information only (LA-10: Buchholz, SB)
    info_columns: tuple[TieBreak, ...] = ()
    sb_adjustment: SbAdjustment | None = None
    #: PP-3: the count of unexcused no-shows shown per player, with these warnings
    no_show_warnings: tuple[str, ...] = ()
    #: decimals shown for scores and values (MG-1: one decimal); scoring is exact
    display_decimals: int = 2
    pairing: PairingRules
    #: the Berger schedule of a ``round-robin`` competition (DS-16, DS-20, DS-21)
    round_robin: RoundRobinRules = rule_field(default_factory=RoundRobinRules)
    #: a cup of pools, then knock-outs (DS-21); None: not such a cup
    pools_cup: PoolsCupRules | None = None
    awards: Awards = rule_field(default_factory=Awards)
    #: a competition played within a ladder: how it counts there (DS-16, DS-20, DS-21, MG-8)
    ladder_link: LadderLink | None = None
    #: a championship play-off played as a competition (DS-19, DS-20): its barrages
    playoff: PlayoffRules | None = None
    #: members signing off themselves: the deadline per club evening (DS-15, PP-2, KC-9)
    attendance: AttendanceRules = rule_field(default_factory=AttendanceRules)
    #: the club evening's start and length, for the calendar file (issue 18 item 7)
    evening: EveningRules = rule_field(default_factory=EveningRules)
    #: the club rating's K, initial rating and provisional games (issue 13, DS-2)
    club_rating: ClubRatingRules = rule_field(default_factory=ClubRatingRules)
    #: the club's rule ids for generic rule names, for explanations ("max-meetings" ->
    #: "DS-11", "repeat-reversed" -> "DS-13.1"); names: see docs/pairing.md
    rule_ids: RuleIds = rule_field(default_factory=RuleIds)

    @property
    def total_rounds(self) -> int:
        """Rounds in the season: cycles times rounds per cycle (KC-1: one cycle of 23)."""
        return self.cycles * self.rounds_per_cycle

    @property
    def is_keizer(self) -> bool:
        return self.system == "keizer"

    @property
    def restarts_per_cycle(self) -> bool:
        return self.cycle_standings == "restart"

    def cycle_of(self, round_no: int) -> int:
        """The cycle (0-based) of a round that does not say its cycle itself."""
        return min((round_no - 1) // self.rounds_per_cycle, self.cycles - 1)

    def cycle_label(self, cycle: int) -> int:
        """The club's number for the 0-based ``cycle`` (``first_cycle_number`` + cycle)."""
        return cycle + self.first_cycle_number

    def cycle_from_label(self, label: int) -> int:
        """The 0-based cycle for the club's number ``label`` (inverse of cycle_label)."""
        return label - self.first_cycle_number

    @property
    def shows_cycles(self) -> bool:
        """Whether people see cycle numbers: standings restart per cycle (DS-17) or the
        season has more than one cycle (PP-5, PP-7: "after the last round of cycle 3")."""
        return self.restarts_per_cycle or self.cycles > 1

    def last_round_of_cycle(self, cycle: int) -> int:
        return (cycle + 1) * self.rounds_per_cycle
