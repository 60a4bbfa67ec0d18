"""The ruleset schema's refusals: the pydantic models that validate a ruleset's text.

The engine reads the plain frozen dataclasses of :mod:`compcore.rules.rulesets.schema`; these
models mirror them field by field (``tests/unit/rules/test_ruleset_cache.py`` holds the two to the
same fields, aliases and defaults) and say what is allowed. They are imported only where
ruleset text is validated (:func:`compcore.rules.rulesets.load_ruleset` on a text it has not
validated before), so pydantic stays out of the processes that only read rulesets.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema import (
    _EXACT_RE,
    ZERO,
    ColourRule,
    InitialOrderKey,
    IterateAt,
    Points,
    RelaxableRule,
    RuleIds,
    RuleTextError,
    TieBreak,
    exact_fraction,
    fraction_data,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, strict=True, defer_build=True
    )


# --------------------------------------------------------------------------- numbers


def _to_fraction(value: Any) -> Fraction:
    """Exact numbers from TOML/JSON: ints, decimal strings ("0.33") and fractions ("2/6").

    Floats are refused: a ruleset is exact (0.33 must mean 33/100, not a binary float).
    """
    if isinstance(value, bool):
        raise PydanticCustomError("error.ruleset.boolean", "expected a number, got a boolean")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, str) and _EXACT_RE.match(value.strip()):
        try:
            return exact_fraction(value.strip())
        except RuleTextError as exc:
            raise PydanticCustomError(exc.key, exc.message, exc.fields) from None
    raise PydanticCustomError(
        "error.ruleset.exact",
        "expected an exact number such as 3, '0.33' or '2/6', got {value}",
        {"value": repr(value)},
    )


ExactNumber = Annotated[
    Fraction,
    BeforeValidator(_to_fraction),
    PlainSerializer(fraction_data),
]


# --------------------------------------------------------------------------- points


def _points(value: Any) -> Points:
    try:
        return Points.parse(value)
    except RuleTextError as exc:
        raise PydanticCustomError(exc.key, exc.message, exc.fields) from None


PointsField = Annotated[Points, BeforeValidator(_points), PlainSerializer(lambda p: p.text)]


class Cap(_Frozen):
    """ "At most N such entries per scope, then ``then``" (DS-4, PP-2, LA-9, MG-4)."""

    count: int | None = Field(default=None, ge=0)
    #: DS-4: the cap is this fraction of the rounds in a cycle, rounded up (0.33 x 12 -> 4).
    fraction_of_cycle_rounds: ExactNumber | None = None
    scope: Literal["cycle", "season"] = "season"
    #: kinds with the same group share one counter (LA: club-duty counts as an absence).
    group: str | None = None
    then: PointsField = ZERO

    @model_validator(mode="after")
    def _one_count(self) -> Cap:
        if (self.count is None) == (self.fraction_of_cycle_rounds is None):
            raise PydanticCustomError(
                "error.ruleset.cap", "give exactly one of 'count' and 'fraction_of_cycle_rounds'"
            )
        return self


def _kind_rule_shorthand(value: Any) -> Any:
    return {"points": value} if isinstance(value, str | int) else value


class KindRule(_Frozen):
    """The points of one entry kind, and its cap if it has one."""

    points: PointsField
    cap: Cap | None = None


KindRuleField = Annotated[KindRule, BeforeValidator(_kind_rule_shorthand)]


class PointsTable(_Frozen):
    """Points per entry kind. A kind left out is not used by the ruleset: entering it is an
    error (the spec's tables mark those with a dash)."""

    win: KindRuleField
    draw: KindRuleField
    loss: KindRuleField
    forfeit_win: KindRuleField = Field(alias="forfeit-win")
    forfeit_loss: KindRuleField = Field(alias="forfeit-loss")
    bye: KindRuleField | None = None
    absent: KindRuleField | None = None
    absent_unexcused: KindRuleField = Field(
        default_factory=lambda: KindRule(points=ZERO), alias="absent-unexcused"
    )
    not_participating: KindRuleField = Field(
        default_factory=lambda: KindRule(points=ZERO), alias="not-participating"
    )
    external: KindRuleField | None = None
    club_duty: KindRuleField | None = Field(default=None, alias="club-duty")
    cup_win: KindRuleField | None = Field(default=None, alias="cup-win")
    cup_draw: KindRuleField | None = Field(default=None, alias="cup-draw")
    cup_loss: KindRuleField | None = Field(default=None, alias="cup-loss")
    joker: KindRuleField | None = None
    declined_engine: KindRuleField | None = Field(default=None, alias="declined-engine")
    #: MG-5: whose points make up an ``evening-average`` entry: the players with one of
    #: these kinds that evening. Default: those present who played or won by forfeit; the
    #: no-show (``forfeit-loss``) was not there and is left out.
    evening_average_kinds: tuple[Kind, ...] = Field(
        default=(Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN), alias="evening-average-kinds"
    )

    @model_validator(mode="after")
    def _averaged_kinds_are_game_results(self) -> PointsTable:
        wrong = [k.value for k in self.evening_average_kinds if not k.is_game_outcome]
        if wrong:
            raise PydanticCustomError(
                "error.ruleset.evening_kinds",
                "evening-average-kinds: {kinds} is not a game result "
                "(allowed: 'win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss')",
                {"kinds": ", ".join(wrong)},
            )
        return self

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


class TopRatio(_Frozen):
    """DS-1 reading: the top value is ``ratio`` times the bottom one (top = ratio(N-1)/(ratio-1),
    rounded up)."""

    ratio: ExactNumber = Field(gt=1)


class RankValues(_Frozen):
    """Values linear in rank: top, top - step, ..., never below ``min`` (DS-1, KC-2)."""

    basis: Literal["rank"] = "rank"
    top: int | Literal["players"] | TopRatio
    step: int = Field(default=1, ge=1)
    min: int = Field(default=1, ge=0)


class RatingValues(_Frozen):
    """Values linear in rating between ``low`` (lowest-rated player) and ``high``
    (highest-rated), following rating updates (MG-1)."""

    basis: Literal["rating"]
    low: ExactNumber = Fraction(10)
    high: ExactNumber = Fraction(30)


class KeizerRules(_Frozen):
    """How Keizer scores are computed (the three modes of ``spec/rulesets.md``)."""

    mode: Literal["at-time", "recompute", "iterate"]
    #: rounds after which ``iterate`` runs to a fixed point; ``recompute`` in the others.
    iterate_rounds: tuple[IterateAt, ...] = ()
    values: RankValues | RatingValues = Field(discriminator="basis")
    #: safety bound on iteration steps (oscillations are detected long before).
    max_iterations: int = Field(default=200, ge=1)

    @model_validator(mode="after")
    def _iterate_rounds_only_when_iterating(self) -> KeizerRules:
        if self.mode == "iterate" and not self.iterate_rounds:
            raise PydanticCustomError(
                "error.ruleset.iterate_needs_rounds",
                "mode 'iterate' needs iterate_rounds (e.g. ['every'] or [19, 'last'])",
            )
        if self.mode != "iterate" and self.iterate_rounds:
            raise PydanticCustomError(
                "error.ruleset.rounds_need_iterate",
                "iterate_rounds is only used with mode 'iterate', not {mode}",
                {"mode": repr(self.mode)},
            )
        return self


# --------------------------------------------------------------------------- tie-breaks


class SbAdjustment(_Frozen):
    """PP-6: for a joker round, and for an absence after the jokers are used up, add ``share``
    of the player's average Sonneborn-Berger per game."""

    kinds: tuple[Kind, ...] = (Kind.JOKER,)
    after_cap_kinds: tuple[Kind, ...] = (Kind.ABSENT,)
    cap_kind: Kind = Kind.JOKER
    share: ExactNumber = Fraction(1, 2)


# --------------------------------------------------------------------------- pairing


class FirstRounds(_Frozen):
    """Rounds paired by a scheme instead of the ladder (KC-5, DS-12, PP-5)."""

    scheme: Literal["blocks", "random"]
    #: round numbers, or "cycle-start" for the first round of every cycle (DS-12)
    rounds: tuple[int | Literal["cycle-start"], ...]
    #: KC-5: blocks of 20 by current ranking, top half against bottom half
    block_size: int = Field(default=20, ge=2)
    #: whether the scheme's board position decides the colours (KC-5: "first named has
    #: white"); when false the ruleset's ``colours`` list decides, as in any round (DS-12)
    scheme_colours: bool = True


class ByeRules(_Frozen):
    """Who sits out when the number of present players is odd (KC-8, PP-4, LA-8, DS-9)."""

    method: Literal["fewest-byes-lowest-placed", "engine", "swiss", "random"]
    #: LA-8: players with fewer games than this get no bye ...
    min_games: int = Field(default=0, ge=0)
    #: ... except in these rounds (LA-8: round 1)
    protect_except_rounds: tuple[int, ...] = ()


class EngineRules(_Frozen):
    """The computer entrant (DS-9, DS-10)."""

    opt_in_flag: str = "engine-opt-in"
    max_games_per_player: int = Field(default=1, ge=0)  # per season
    rating_offset: int = -100  # plays this many rating points from its opponent
    #: DS-9 (rulebook FAQ 7): on an evening the engine is unavailable (its ``not-participating``
    #: entry in the open round: the e-board is needed at an away match), the odd one out
    #: gets a plain bye, chosen outside the top N places of the ranking as far as a legal
    #: pairing allows ("zoveel mogelijk ... top 5"); 0: the normal bye order
    away_bye_avoid_top: int = Field(default=0, ge=0)


class RoundRobinRules(_Frozen):
    """A competition whose whole schedule is made once, when it is created, by Berger tables
    (``pairing.method = "round-robin"``: DS-16 groups, DS-20 play-off, DS-21 pools). Its
    rounds are never paired; a board may wait for its result in any round (a postponed
    game)."""

    #: DS-16: a double round robin plays everyone twice, the second half colours reversed
    double: bool = False
    #: DS-21: games against the same opponent on one evening (the second reverses colours)
    games_per_meeting: int = Field(default=1, ge=1, le=2)


class PoolsCupRules(_Frozen):
    """A cup of pools and knock-outs (DS-21, the Meierij Cup): the entrants are split into
    pools that each play a round robin (the ``round_robin`` section: single or double, games
    per meeting); the first ``to_main`` of every pool go on to the main knock-out, the next
    ``to_losers`` to the losers' knock-out. A knock-out tie is the games of one meeting;
    level on game points, the director records the outcome of the ``tiebreaks`` steps in
    order (``rapid-pair``: two faster games, colours reversed; ``armageddon``: one game,
    White must win, a draw sends Black through)."""

    #: DS-21: pools of four (a last pool may be smaller)
    pool_size: int = Field(default=4, ge=2, le=16)
    #: how the entrants (strongest first) fill the pools: ``snake`` (1 2 / 4 3 / 5 6 ...
    #: across the pools) or ``listed`` (consecutive blocks: the director's own order)
    pool_order: Literal["snake", "listed"] = "snake"
    #: DS-21: places 1-2 of every pool go to the main knock-out ...
    to_main: int = Field(default=2, ge=1)
    #: ... places 3-4 to the losers' cup (0: no losers' cup)
    to_losers: int = Field(default=2, ge=0)
    #: DS-21: after a level knock-out tie: two 5-minute games, then an Armageddon
    tiebreaks: tuple[Literal["rapid-pair", "armageddon"], ...] = ()


class PairingRules(_Frozen):
    #: ladder: Keizer/points ladders; swiss; knockout (MG-7); round-robin: the schedule is
    #: made when the competition is created (``round_robin`` section) and never paired
    method: Literal["ladder", "swiss", "knockout", "round-robin"]
    #: knock-out (MG-7): who takes part: players carrying every one of these flags
    entrant_flags: tuple[str, ...] = ()
    #: DS-11, MG-3: players not yet met (in the meetings scope) before those already met
    prefer_unmet: bool = False
    max_meetings: int | None = Field(default=None, ge=1)  # DS-11 3/cycle, KC-6 3, LA-4 2
    meetings_scope: Literal["cycle", "season"] = "season"
    single_meeting_until_round: int | None = Field(default=None, ge=1)  # KC-6: 15
    min_rounds_between_meetings: int | None = Field(default=None, ge=1)  # LA-4: 8
    colour_critical_balance: int | None = Field(default=None, ge=1)  # LA-6: 3
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


class Category(_Frozen):
    """A rating category (DS-18): ``min_rating <= rating < below_rating``."""

    name: str
    min_rating: int | None = None
    below_rating: int | None = None


class LevelTop(_Frozen):
    """LA-11: a top N of the players of one level (the B-players' top 3)."""

    level: str
    count: int = Field(ge=1)


class Subgroups(_Frozen):
    """KC-12: after ``after_round`` players are split by the ranking into groups of ``size``
    (the director may compose them himself: ``compcore.formats.subgroups``)."""

    after_round: int = Field(ge=1)
    size: int = Field(ge=2)
    #: KC-12: the lists the proposal orders by (the sum of the places): the ranking, and
    #: optionally the rating list ("from the ranking, possibly with the rating")
    by: tuple[Literal["ranking", "rating"], ...] = Field(default=("ranking",), min_length=1)


class Awards(_Frozen):
    categories: tuple[Category, ...] = ()
    #: first: the leader wins; first-or-playoff: a tie for first needs a play-off (LA-11);
    #: all-cycles-or-playoff: DS-19 (champion if they won every cycle, else a play-off);
    #: cup-final: the winner of the knock-out's final (MG-7; needs pairing.method knockout)
    champion: Literal["first", "first-or-playoff", "all-cycles-or-playoff", "cup-final"] = "first"
    playoff_size: int = Field(default=4, ge=2)
    level_top: LevelTop | None = None
    subgroups: Subgroups | None = None
    #: MG-8: in a drawn cup game a rating gap above this sends the lower-rated player through
    cup_rating_gap: int | None = None
    #: DS-16: the competition whose winner (a round robin's, once every board has a result)
    #: is promoted to this group for next season ("Topcompetitie"); None: no promotion
    promotes_to: str | None = None


# --------------------------------------------------------------------------- linked


class LadderLink(_Frozen):
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


class Barrage(_Frozen):
    """DS-20: how leaders level on points after a play-off decide the title: a match of
    ``games`` rapid games of ``minutes`` each, then (still level) an Armageddon game in which
    White has ``armageddon_white`` minutes and Black ``armageddon_black`` and a draw counts
    for Black. Three or more leaders are drawn by lot (seeded, reproducible) into a knock-out
    of such barrages: each stage pairs players in drawn order, so that after it a power of
    two is left (three: the first barrage eliminates one, the other two meet in the second)."""

    games: int = Field(default=2, ge=1)
    minutes: int = Field(default=5, ge=1)
    armageddon: bool = True
    armageddon_white: int = Field(default=6, ge=1)
    armageddon_black: int = Field(default=5, ge=1)


class PlayoffRules(_Frozen):
    """A championship play-off played as a competition of its own (DS-19, DS-20): a round
    robin of the seeds (``pairing.method = "round-robin"``) whose leaders on points play
    barrages; the play-off's winner is the champion of the category it decides."""

    barrage: Barrage = Field(default_factory=lambda: Barrage())


# --------------------------------------------------------------------------- attendance

_CLOCK_RE = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")


def _clock_time(value: Any) -> str:
    """A time of day as ``"HH:MM"`` (24 hours)."""
    if not isinstance(value, str) or not _CLOCK_RE.match(value):
        raise PydanticCustomError(
            "error.ruleset.clock_time",
            "expected a time of day such as '18:30', got {value}",
            {"value": repr(value)},
        )
    return value


ClockTime = Annotated[str, BeforeValidator(_clock_time)]


class SignoffDeadline(_Frozen):
    """The last moment a member may sign off or on for a club evening himself: ``days_before``
    days before the evening, at ``time`` (the club's local time, ``timezone``). DS-15 (seed
    000: "op de betreffende dinsdag tot 18:30"): the evening itself, 18:30; PP-2: 19:00;
    KC-9: 20:00 (everyone present at 20:00 is paired). A rulebook that names no time: the
    evening itself at 18:00, two hours before the clocks start."""

    days_before: int = Field(default=0, ge=0, le=14)
    time: ClockTime = "18:00"
    timezone: str = "Europe/Amsterdam"

    @model_validator(mode="after")
    def _known_timezone(self) -> SignoffDeadline:
        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise PydanticCustomError(
                "error.ruleset.timezone",
                "{value} is not a time zone (such as 'Europe/Amsterdam')",
                {"value": repr(self.timezone)},
            ) from None
        return self


class AttendanceRules(_Frozen):
    """Members' own sign-off and sign-up for the coming club evenings (issue 10)."""

    deadline: SignoffDeadline = Field(default_factory=lambda: SignoffDeadline())


class EveningRules(_Frozen):
    """The club evening as a member's calendar shows it (issue 18 item 7,
    :mod:`compcore.adapters.files.club_calendar`): it starts at ``start`` (the club's local time)
    and lasts ``minutes``. The rulebooks name no start time; KC-9 pairs everyone present at
    20:00, and the deadlines (DS-15 18:30, PP-2 19:00) lie before it, so the default is
    20:00, with 3.5 hours for a game and the analysis after it."""

    start: ClockTime = "20:00"
    minutes: int = Field(default=210, ge=15, le=720)


# --------------------------------------------------------------------------- club rating


class ClubRatingRules(_Frozen):
    """The club's own Elo-style rating (issue 13; DS-2 "Dubbelschaak rating", Keizer
    classic's weekly internal rating list): computed by :mod:`compcore.scoring.club_rating` from the
    games played over the board, updated per round."""

    #: the K factor: a player's change is K x (score - expected score) per game
    k: int = Field(default=20, ge=1, le=200)
    #: the K factor while a player is provisional; None: ``k``
    provisional_k: int | None = Field(default=None, ge=1, le=200)
    #: the first N games a player is provisional (marked on the list)
    provisional_games: int = Field(default=10, ge=0)
    #: a player's rating before his first game: a number, or ``"rating"``: his own rating
    #: (as valid in the round of his first game), else ``unrated``
    initial: int | Literal["rating"] = "rating"
    #: the initial club rating of a player without a rating (``initial = "rating"``)
    unrated: int = Field(default=1500, ge=0)


# --------------------------------------------------------------------------- the ruleset


RuleIdsField = Annotated[
    dict[str, str], AfterValidator(lambda d: RuleIds(d)), PlainSerializer(lambda d: dict(d))
]


class Ruleset(_Frozen):
    """One club's competition rules. Built from a preset plus a season's overrides."""

    name: str
    version: int = Field(default=1, ge=1)
    description: str
    description_nl: str | None = None
    system: Literal["keizer", "points"]
    keizer: KeizerRules | None = None
    points: PointsTable
    cycles: int = Field(default=1, ge=1)
    #: how the club numbers its cycles on every screen, in the CLI and in exports (DS-17:
    #: cyclus 0, 1, 2; PP-5: 1, 2, 3). The season file's ``cycle`` field stays 0-based.
    first_cycle_number: int = Field(default=0, ge=0)
    rounds_per_cycle: int = Field(ge=1)
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
    display_decimals: int = Field(default=2, ge=0, le=6)
    pairing: PairingRules
    #: the Berger schedule of a ``round-robin`` competition (DS-16, DS-20, DS-21)
    round_robin: RoundRobinRules = Field(default_factory=lambda: RoundRobinRules())
    #: a cup of pools, then knock-outs (DS-21); None: not such a cup
    pools_cup: PoolsCupRules | None = None
    awards: Awards = Field(default_factory=lambda: Awards())
    #: a competition played within a ladder: how it counts there (DS-16, DS-20, DS-21, MG-8)
    ladder_link: LadderLink | None = None
    #: a championship play-off played as a competition (DS-19, DS-20): its barrages
    playoff: PlayoffRules | None = None
    #: members signing off themselves: the deadline per club evening (DS-15, PP-2, KC-9)
    attendance: AttendanceRules = Field(default_factory=lambda: AttendanceRules())
    #: the club evening's start and length, for the calendar file (issue 18 item 7)
    evening: EveningRules = Field(default_factory=lambda: EveningRules())
    #: the club rating's K, initial rating and provisional games (issue 13, DS-2)
    club_rating: ClubRatingRules = Field(default_factory=lambda: ClubRatingRules())
    #: the club's rule ids for generic rule names, for explanations ("max-meetings" ->
    #: "DS-11", "repeat-reversed" -> "DS-13.1"); names: see docs/pairing.md
    rule_ids: RuleIdsField = Field(default_factory=lambda: RuleIds())

    @model_validator(mode="after")
    def _consistent(self) -> Ruleset:
        if self.system == "keizer" and self.keizer is None:
            raise PydanticCustomError(
                "error.ruleset.keizer_missing", "system 'keizer' needs a [keizer] section"
            )
        if self.system == "points" and self.keizer is not None:
            raise PydanticCustomError(
                "error.ruleset.keizer_extra", "system 'points' has no [keizer] section"
            )
        if self.system == "points":
            for kind in self.points.kinds:
                rule = self.points.rule(kind)
                assert rule is not None
                if rule.points.basis != "constant":
                    raise PydanticCustomError(
                        "error.ruleset.points_plain",
                        "points.{kind}: system 'points' needs plain numbers, not {text}",
                        {"kind": kind.value, "text": repr(rule.points.text)},
                    )
        if self.awards.champion == "cup-final" and self.pairing.method != "knockout":
            raise PydanticCustomError(
                "error.ruleset.cup_final",
                "awards.champion 'cup-final' needs pairing.method 'knockout'",
            )
        if self.pairing.method == "round-robin" and self.system != "points":
            raise PydanticCustomError(
                "error.ruleset.round_robin_points",
                "pairing.method 'round-robin' needs system 'points' (its table counts plain points)",
            )
        if self.pairing.bye.method == "engine" and self.pairing.engine is None:
            raise PydanticCustomError(
                "error.ruleset.engine_missing",
                "pairing.bye.method 'engine' needs a [pairing.engine] section",
            )
        return self


def validate(text: str) -> dict[str, Any]:
    """The ruleset JSON ``text`` validated (pydantic's ``ValidationError`` if not) and
    given back as data keyed by field name, every default filled in: what
    :func:`compcore.rules.rulesets.schema.build` reads."""
    return Ruleset.model_validate_json(text).model_dump(mode="json")
