"""What pairing one round starts from: the :class:`Context` (the season before the round,
its rules, the ranking it is paired on, who is present, the engine entrant), the round's seed
and first-round scheme, and the :class:`Outcome` type every pairing method returns.

Shared by the general procedure (:mod:`compcore.pairing.engine`) and the methods
(:mod:`compcore.pairing.ladder_round`, :mod:`compcore.pairing.club_swiss`,
:mod:`compcore.pairing.knockout`), which import it and never the engine itself.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from compcore.domain.boards import Board, Reason, Relaxation
from compcore.domain.errors import PairingError, Phrase
from compcore.domain.model import EMPTY, Kind, Round, Season
from compcore.formats.validate import registration
from compcore.pairing.rules import Rules, rule_id
from compcore.rules.rulesets import Ruleset
from compcore.scoring.history import History, cycle_of, history
from compcore.scoring.standings import Standings, standings


@dataclass
class Context:
    """What pairing one round needs: the season before it, the rules, the ranking."""

    season: Season
    ruleset: Ruleset
    round: Round
    cycle: int
    rules: Rules
    #: the ranking the round is paired on (standings after the previous round), every
    #: registered player and the engine
    order: tuple[str, ...]
    #: present humans, in ranking order
    present: tuple[str, ...]
    #: the engine entrant available this round, if the ruleset uses one
    engine: str | None
    position: dict[str, int] = field(default_factory=dict)
    standings: Standings | None = None
    #: the engine entrant when it is unavailable this evening (DS-9, FAQ 7: e-board away)
    engine_away: str | None = None

    @property
    def number(self) -> int:
        return self.round.number

    def rank(self, pid: str) -> int:
        return self.position.get(pid, len(self.position))

    def rid(self, name: str) -> str | None:
        return rule_id(self.ruleset, name)


def build_context(
    season: Season, ruleset: Ruleset, rnd: Round, table: Standings | None = None
) -> Context:
    """The context for pairing ``rnd``: the rules as they stand before it and the ranking
    (``table``: the standings after the previous round, computed if not given)."""
    number = rnd.number
    cycle = cycle_of(rnd, ruleset)
    # the rounds before this one, read once for the rules and the ranking
    hist = history(season, ruleset, upto=number - 1)
    rules = Rules(season, ruleset, number, cycle, hist)
    if table is None:
        table = ranking_table(season, ruleset, number, cycle, hist)
    order = ranking(season, table)
    position = {pid: i for i, pid in enumerate(order)}
    present = present_players(season, rnd)
    engine = engine_entrant(season, ruleset, number)
    away = engine if engine is not None and engine_is_away(rnd, engine) else None
    ctx = Context(
        season=season,
        ruleset=ruleset,
        round=rnd,
        cycle=cycle,
        rules=rules,
        order=order,
        present=tuple(sorted(present, key=lambda pid: position[pid])),
        engine=None if away else engine,
        position=position,
        engine_away=away,
    )
    ctx.standings = table
    return ctx


def ranking_table(
    season: Season, ruleset: Ruleset, number: int, cycle: int, hist: History | None = None
) -> Standings:
    """The standings round ``number`` is paired on: after the previous round, for the
    round's cycle where standings restart per cycle (DS-17). ``hist``: the history of the
    rounds before ``number``, if the caller has it."""
    return standings(
        season.truncated(number - 1),
        ruleset,
        after_round=number - 1,
        cycle=cycle if ruleset.restarts_per_cycle else None,
        detail=False,
        hist=hist,
    )


def ranking(season: Season, table: Standings) -> tuple[str, ...]:
    """The pairing order: the standings, then every registered player not in them."""
    order = list(table.order)
    known = set(order)
    order += [p.id for p in season.players if p.id not in known]
    return tuple(order)


def engine_entrant(season: Season, ruleset: Ruleset, number: int) -> str | None:
    """DS-9: the computer entrant registered in round ``number``, if the ruleset pairs one."""
    p = ruleset.pairing
    if p.engine is None or p.bye.method != "engine":
        return None
    return next((pl.id for pl in season.players if pl.is_engine and pl.registered_in(number)), None)


def engine_is_away(rnd: Round, engine: str) -> bool:
    """DS-9 (rulebook FAQ 7): the engine is unavailable this evening (its e-board is needed at
    an away match) when the open round's entries give it ``not-participating``. Only an open
    round says so: a paired round lists the engine so whenever it has no board."""
    return rnd.is_open and (rnd.entries or EMPTY).get(engine) is Kind.NOT_PARTICIPATING


def present_players(season: Season, rnd: Round) -> list[str]:
    """The humans to pair: the round's ``present`` list (LA-1, KC-9), or, when a round does
    not list them, every registered ``always`` player without an entry (DS-15)."""
    entries = rnd.entries or EMPTY
    if rnd.present is not None:
        players = season.by_id
        listed = list(dict.fromkeys([*rnd.present, *(rnd.late or ())]))
        out = []
        for pid in listed:
            player = players.get(pid)
            if player is None or player.is_engine or pid in entries:
                continue
            if not player.registered_in(rnd.number):
                raise PairingError.at(
                    Phrase("at.round", number=rnd.number),
                    "season.present_not_registered",
                    player=pid,
                    registration=registration(player.joined_round, player.withdrawn_round),
                )
            out.append(pid)
        return out
    return [
        p.id
        for p in season.players
        if not p.is_engine
        and p.registered_in(rnd.number)
        and p.participates_by_default
        and p.id not in entries
    ]


# --------------------------------------------------------------------------- results


@dataclass
class Outcome:
    """A method's answer before it becomes a stored round."""

    boards: list[Board] = field(default_factory=list)
    #: player -> (entry kind, why)
    sitting_out: dict[str, tuple[Kind, Reason]] = field(default_factory=dict)
    relaxed: list[Relaxation] = field(default_factory=list)
    seed: int | None = None
    #: other entries the method decides (knock-out: players already out)
    entries: dict[str, Kind] = field(default_factory=dict)


# --------------------------------------------------------------------------- seed and scheme


def derive_seed(ctx: Context) -> int:
    """The open round's seed if stored, else one derived from the season (reproducible)."""
    if ctx.round.seed is not None:
        return ctx.round.seed
    s = ctx.season
    text = f"{s.club}|{s.season}|{s.competition}|{ctx.number}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def scheme_of(ctx: Context) -> str | None:
    """The first-round scheme that pairs this round, if any (KC-5, DS-12, PP-5)."""
    return scheme_for(ctx.season, ctx.ruleset, ctx.number, ctx.cycle)


def scheme_for(season: Season, ruleset: Ruleset, number: int, cycle: int) -> str | None:
    """The first-round scheme that pairs round ``number`` (of ``cycle``), if any: a listed
    round, or with ``cycle-start`` the first round of every cycle (KC-5, DS-12, PP-5)."""
    first = ruleset.pairing.first_rounds
    if first is None:
        return None
    if number in first.rounds:
        return first.scheme
    if "cycle-start" in first.rounds:
        previous = [r for r in season.rounds if r.number < number]
        if not previous or cycle_of(previous[-1], ruleset) != cycle:
            return first.scheme
    return None
