"""The pairing section: the method, first rounds, byes, the engine entrant, colours, the
soft rules that may be relaxed, round robins and the cup of pools."""

from __future__ import annotations

from typing import Literal

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema.base import _Rules, rule_field

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
    block_size: int = rule_field(default=20, ge=2)
    #: whether the scheme's board position decides the colours (KC-5: "first named has
    #: white"); when false the ruleset's ``colours`` list decides, as in any round (DS-12)
    scheme_colours: bool = True


class ByeRules(_Rules):
    """Who sits out when the number of present players is odd (KC-8, PP-4, LA-8, DS-9)."""

    method: Literal["fewest-byes-lowest-placed", "engine", "swiss", "random"]
    #: LA-8: players with fewer games than this get no bye ...
    min_games: int = rule_field(default=0, ge=0)
    #: ... except in these rounds (LA-8: round 1)
    protect_except_rounds: tuple[int, ...] = ()


class EngineRules(_Rules):
    """The computer entrant (DS-9, DS-10)."""

    opt_in_flag: str = "engine-opt-in"
    max_games_per_player: int = rule_field(default=1, ge=0)  # per season
    rating_offset: int = -100  # plays this many rating points from its opponent
    #: DS-9 (rulebook FAQ 7): on an evening the engine is unavailable (its ``not-participating``
    #: entry in the open round: the e-board is needed at an away match), the odd one out
    #: gets a plain bye, chosen outside the top N places of the ranking as far as a legal
    #: pairing allows ("zoveel mogelijk ... top 5"); 0: the normal bye order
    away_bye_avoid_top: int = rule_field(default=0, ge=0)


class RoundRobinRules(_Rules):
    """A competition whose whole schedule is made once, when it is created, by Berger tables
    (``pairing.method = "round-robin"``: DS-16 groups, DS-20 play-off, DS-21 pools). Its
    rounds are never paired; a board may wait for its result in any round (a postponed
    game)."""

    #: DS-16: a double round robin plays everyone twice, the second half colours reversed
    double: bool = False
    #: DS-21: games against the same opponent on one evening (the second reverses colours)
    games_per_meeting: int = rule_field(default=1, ge=1, le=2)


class PoolsCupRules(_Rules):
    """A cup of pools and knock-outs (DS-21, the Meierij Cup): the entrants are split into
    pools that each play a round robin (the ``round_robin`` section: single or double, games
    per meeting); the first ``to_main`` of every pool go on to the main knock-out, the next
    ``to_losers`` to the losers' knock-out. A knock-out tie is the games of one meeting;
    level on game points, the director records the outcome of the ``tiebreaks`` steps in
    order (``rapid-pair``: two faster games, colours reversed; ``armageddon``: one game,
    White must win, a draw sends Black through)."""

    #: DS-21: pools of four (a last pool may be smaller)
    pool_size: int = rule_field(default=4, ge=2, le=16)
    #: how the entrants (strongest first) fill the pools: ``snake`` (1 2 / 4 3 / 5 6 ...
    #: across the pools) or ``listed`` (consecutive blocks: the director's own order)
    pool_order: Literal["snake", "listed"] = "snake"
    #: DS-21: places 1-2 of every pool go to the main knock-out ...
    to_main: int = rule_field(default=2, ge=1)
    #: ... places 3-4 to the losers' cup (0: no losers' cup)
    to_losers: int = rule_field(default=2, ge=0)
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
    max_meetings: int | None = rule_field(default=None, ge=1)  # DS-11 3/cycle, KC-6 3, LA-4 2
    meetings_scope: Literal["cycle", "season"] = "season"
    single_meeting_until_round: int | None = rule_field(default=None, ge=1)  # KC-6: 15
    min_rounds_between_meetings: int | None = rule_field(default=None, ge=1)  # LA-4: 8
    colour_critical_balance: int | None = rule_field(default=None, ge=1)  # LA-6: 3
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
