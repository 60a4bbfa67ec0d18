"""The hard pairing rules of a ruleset, evaluated for one round from the history before it.

Every rule is ruleset data (``[pairing]``): ``max_meetings`` in ``meetings_scope``,
``single_meeting_until_round``, ``min_rounds_between_meetings``, ``colour_critical_balance``,
``level_only_rounds``/``level_only_flag`` and the engine's ``[pairing.engine]``. For the
Swiss methods the only pairing rule is "no rematch within ``rematch_scope``" (played games
only, as FIDE counts them), expressed as ``max-meetings`` of 1.

:meth:`Rules.violations` names the generic rules a pair would break (``max-meetings``,
``single-meeting-window``, ``min-rounds-between``, ``colour-critical``, ``level-only``,
``engine-limit``, and the never-relaxable ``engine-opt-in`` and ``engine-pair``); when no
legal pairing exists, rules break in the ruleset's ``relax_order``, then any other
relaxable rule (:mod:`compcore.pairing.relaxed`). :meth:`Rules.detail` says in words why
one pair breaks one rule.
"""

from __future__ import annotations

from compcore.domain.boards import Reason
from compcore.domain.model import Colour, Season
from compcore.formats.kind import Format, format_of
from compcore.rules.rulesets import Ruleset
from compcore.scoring.entries import BYE_KINDS
from compcore.scoring.history import History, Meeting, history

#: rule names a ruleset can never relax (the player's own choice, or nonsense)
NEVER_RELAXABLE = frozenset({"engine-opt-in", "engine-pair"})


def rule_id(ruleset: Ruleset, name: str) -> str | None:
    """The club's id for a generic rule name (``max-meetings`` -> ``DS-11``), if mapped."""
    return ruleset.rule_ids.get(name)


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def other(colour: Colour) -> Colour:
    return "b" if colour == "w" else "w"


class Rules:
    """Everything the hard rules and colour rules need about one round, read from the
    :class:`~compcore.scoring.history.History` of the rounds before ``round_no`` (balance, previous
    colour, meetings in scope, byes, games played, games against the engine).

    ``hist``: the season's history if the caller has it already (any rounds; only those
    before ``round_no`` are read), else it is derived here."""

    def __init__(
        self,
        season: Season,
        ruleset: Ruleset,
        round_no: int,
        cycle: int,
        hist: History | None = None,
    ) -> None:
        self.season = season
        self.ruleset = ruleset
        self.round_no = round_no
        self.cycle = cycle
        p = ruleset.pairing
        self.method = p.method
        swiss = format_of(ruleset) is Format.SWISS
        knockout = format_of(ruleset) is Format.CUP
        self.scope = p.rematch_scope if swiss else p.meetings_scope
        self.max_meetings = 1 if swiss or knockout else p.max_meetings
        self.single_until = None if swiss or knockout else p.single_meeting_until_round
        self.min_between = None if swiss or knockout else p.min_rounds_between_meetings
        self.critical = None if swiss or knockout else p.colour_critical_balance
        self.repeat_reversed = "repeat-reversed" in p.colours
        self.engine_rules = p.engine
        self.engines = frozenset(pl.id for pl in season.players if pl.is_engine)
        self.level_round = round_no in p.level_only_rounds
        flag = p.level_only_flag
        # LA-3, DS-9: levels and flags as of this round (the roster history)
        now = season.players_at(round_no)
        self.levels = {pl.id: pl.level for pl in now}
        self.level_flagged = frozenset(
            pl.id for pl in now if flag is not None and pl.has_flag(flag)
        )
        self.opt_in = frozenset(
            pl.id for pl in now if p.engine is not None and pl.has_flag(p.engine.opt_in_flag)
        )
        before = (hist or history(season, ruleset, upto=round_no - 1)).upto(round_no - 1)
        self._read_history(before, swiss)
        self._group()

    def _read_history(self, hist: History, swiss: bool) -> None:
        """The facts of the rounds before this one: colours of games played over the board
        (group games included), byes, games against the engine, meetings in the scope
        (for the Swiss methods only games played over the board count, as FIDE counts)."""
        # one pass over each player's entries (History.colours, colour_balance and count,
        # read together: a 10,000-player ladder has 100,000 entries in ten rounds)
        self.balance: dict[str, int] = {}
        self.last_colour: dict[str, Colour] = {}
        self.games_played: dict[str, int] = {}
        #: the bye order's count (KC-8, PP-4, LA-8): byes and declined-engine entries
        self.byes: dict[str, int] = {}
        bye_kinds = frozenset(BYE_KINDS)
        for pid, entries in hist.by_player.items():
            whites = blacks = byes = 0
            last: Colour | None = None
            for _, _, kind, _, colour, played, _ in entries:
                if played and colour is not None:
                    last = colour
                    if colour == "w":
                        whites += 1
                    elif colour == "b":
                        blacks += 1
                if kind in bye_kinds:
                    byes += 1
            if last is not None:
                self.balance[pid] = whites - blacks
                self.last_colour[pid] = last
                self.games_played[pid] = whites + blacks
            if byes:
                self.byes[pid] = byes
        engine_games = {
            pid: hist.games_against(pid, self.engines)
            for pid in (hist.by_player if self.engines else ())
            if pid not in self.engines
        }
        self.engine_games = {pid: n for pid, n in engine_games.items() if n}
        scope_cycle = self.cycle if self.scope == "cycle" else None
        self._meetings = hist.meeting_index(cycle=scope_cycle, played_only=swiss)
        #: who met whom in the meetings scope
        self.partners: dict[str, set[str]] = {}
        for a, b in self._meetings:
            self.partners.setdefault(a, set()).add(b)
            self.partners.setdefault(b, set()).add(a)

    def _group(self) -> None:
        """The players who need a colour (LA-6), the levels' members, and the players for
        whom a never-met, same-level pair can still be illegal."""
        self.need: dict[str, Colour] = {}
        if self.critical is not None:
            for pid, bal in self.balance.items():
                if bal >= self.critical:
                    self.need[pid] = "b"
                elif bal <= -self.critical:
                    self.need[pid] = "w"
        self.need_groups: dict[str, set[str]] = {}
        for pid, colour in self.need.items():
            self.need_groups.setdefault(colour, set()).add(pid)
        self.level_groups: dict[str, set[str]] = {}
        for pid, level in self.levels.items():
            if level is not None:
                self.level_groups.setdefault(level, set()).add(pid)
        self._special = set(self.engines) | set(self.need)
        if not self.level_round:
            self._special |= self.level_flagged

    # ------------------------------------------------------------------ queries

    def meeting(self, a: str, b: str) -> Meeting | None:
        return self._meetings.get(pair_key(a, b))

    def met(self, a: str, b: str) -> bool:
        """Met before in the meetings scope (DS-11's "not yet played in this cycle")."""
        return (a, b) in self._meetings or (b, a) in self._meetings

    def is_engine(self, pid: str) -> bool:
        return pid in self.engines

    def repeat_colours(self, a: str, b: str) -> str | None:
        """White of this meeting if it is the *second* game of ``a`` and ``b`` (DS-13.1,
        KC-6, LA-5): the first game's colours reversed.

        Reading: exactly one game between the two was played over the board in the
        meetings scope before this round. Forfeits carry no colour and are no game for this
        rule. A third or later game (two or more played) is not reversed: its colours come
        from the next colour rules, like a first meeting's. ``None`` when the rule does
        not decide.
        """
        m = self.meeting(a, b)
        if m is None or m.played != 1:
            return None
        return b if m.last_white == a else a

    def violations(self, a: str, b: str) -> tuple[str, ...]:
        """The rules pairing ``a`` with ``b`` this round would break (generic names):
        the meeting limits (DS-11, KC-6, LA-4: at most N meetings, one until a cut-off
        round, a minimum gap between two meetings) and the levels (LA-3)."""
        m = self._meetings.get((a, b) if a < b else (b, a))
        special = self._special
        if (
            m is None
            and a not in special
            and b not in special
            and not (self.level_round and self.levels.get(a) != self.levels.get(b))
        ):
            return ()
        out: list[str] = []
        if a in self.engines or b in self.engines:
            if a in self.engines and b in self.engines:
                return ("engine-pair",)
            out.extend(self._engine_violations(b if a in self.engines else a))
        if m is not None:
            out.extend(self._meeting_violations(m))
        if self.critical is not None and self._colour_critical(a, b):
            out.append("colour-critical")
        if self._levels_differ(a, b):
            out.append("level-only")
        return tuple(out)

    def _engine_violations(self, human: str) -> list[str]:
        """DS-9: the human paired with the engine must have opted in and be under the limit."""
        out = []
        if human not in self.opt_in:
            out.append("engine-opt-in")
        limit = self.engine_rules.max_games_per_player if self.engine_rules else None
        if limit is not None and self.engine_games.get(human, 0) >= limit:
            out.append("engine-limit")
        return out

    def _meeting_violations(self, m: Meeting) -> list[str]:
        """The meeting limits an earlier meeting ``m`` of the two makes this one break."""
        out = []
        count, last_round = m.times, m.last_round
        if self.max_meetings is not None and count >= self.max_meetings:
            out.append("max-meetings")
        if self.single_until is not None and self.round_no <= self.single_until:
            out.append("single-meeting-window")
        if self.min_between is not None and self.round_no - last_round <= self.min_between:
            out.append("min-rounds-between")
        return out

    def _levels_differ(self, a: str, b: str) -> bool:
        """LA-3: both have a level, the levels differ and levels count for one of them."""
        la, lb = self.levels.get(a), self.levels.get(b)
        return (
            la is not None
            and lb is not None
            and la != lb
            and (self.level_round or a in self.level_flagged or b in self.level_flagged)
        )

    def _colour_critical(self, a: str, b: str) -> str | None:
        """LA-6: who would be harmed: both need the same colour, or a second meeting's
        reversed colours (:meth:`repeat_colours`) give a critical player the wrong one."""
        na, nb = self.need.get(a), self.need.get(b)
        if na is None and nb is None:
            return None
        if na is not None and na == nb:
            return "both"
        if self.repeat_reversed:
            white = self.repeat_colours(a, b)
            if white is not None:
                for pid, need in ((a, na), (b, nb)):
                    if need is not None and (pid == white) != (need == "w"):
                        return pid
        return None

    def suspects(self, a: str) -> set[str]:
        """Everyone ``a`` might not be allowed to meet (a superset): players met in the
        scope, the engine, players needing the same critical colour, other levels where
        levels count. Anyone else is a legal partner for ``a`` by every rule."""
        if a in self.engines:
            return set(self.levels) - {a}
        out = set(self.partners.get(a, ()))
        out |= self.engines
        need = self.need.get(a)
        if need is not None:
            out |= self.need_groups[need]
        level = self.levels.get(a)
        if level is not None:
            others = [g for lv, g in self.level_groups.items() if lv != level]
            if self.level_round or a in self.level_flagged:
                for group in others:
                    out |= group
            elif self.level_flagged:
                for group in others:
                    out |= group & self.level_flagged
        out.discard(a)
        return out

    # ------------------------------------------------------------------ words

    def detail(self, a: str, b: str, rule: str) -> Reason:
        """Why pairing ``a`` with ``b`` breaks ``rule``, with the club's rule id."""
        ruleset = self.ruleset
        rid = rule_id(ruleset, rule)
        m = self.meeting(a, b)
        if rule == "max-meetings":
            assert m is not None
            key = "rule.detail.rematch" if self.max_meetings == 1 else "rule.detail.max-meetings"
            params = {"a": a, "b": b, "count": m.times, "scope": self.scope, "last": m.last_round}
            return Reason(key, rid, params)
        if rule == "single-meeting-window":
            return Reason(
                "rule.detail.single-meeting-window",
                rid,
                {"a": a, "b": b, "until": self.single_until},
            )
        if rule == "min-rounds-between":
            assert m is not None and self.min_between is not None
            return Reason(
                "rule.detail.min-rounds-between",
                rid,
                {"a": a, "b": b, "last": m.last_round, "next": m.last_round + self.min_between + 1},
            )
        if rule == "colour-critical":
            harmed = self._colour_critical(a, b)
            if harmed == "both":
                return Reason(
                    "rule.detail.colour-critical", rid, {"a": a, "b": b, "need": self.need[a]}
                )
            return Reason(
                "rule.detail.colour-critical-repeat",
                rid,
                {"a": a, "b": b, "player": harmed, "need": self.need.get(harmed or "", "w")},
            )
        if rule == "level-only":
            return Reason(
                "rule.detail.level-only",
                rid,
                {"a": a, "b": b, "la": self.levels.get(a), "lb": self.levels.get(b)},
            )
        human = b if a in self.engines else a
        if rule == "engine-limit":
            return Reason(
                "rule.detail.engine-limit",
                rid,
                {"player": human, "count": self.engine_games.get(human, 0)},
            )
        if rule == "engine-opt-in":
            return Reason(
                "rule.detail.engine-opt-in", rule_id(ruleset, "engine-opt-in"), {"player": human}
            )
        return Reason(f"rule.detail.{rule}", rid, {"a": a, "b": b})
