"""The round screen's data: attendance choices, the open round they make, and the director's
edits of a pairing before it is published.

Nothing here decides a rule: who is paired with whom comes from
:func:`compcore.pairing.pair` (or ``repair_late``); whether an edit breaks a rule comes from
:func:`compcore.pairing.check_round`; the store validates every round it saves.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from compcore.i18n import Lang, t
from compcore.model import ENTRY_KINDS, ForcedGame, Game, Kind, Player, Result, Round, Season
from compcore.pairing import Pairing, Violation
from compcore.pairing.context import engine_entrant, engine_is_away
from compcore.rulesets import Ruleset

PRESENT = "present"

#: kinds the pairing or the results give, never chosen on the attendance list
_MADE_BY_PAIRING = {Kind.BYE, Kind.DECLINED_ENGINE, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}

#: what the stored Game.reason says for a board the director made by hand
DIRECTOR_REASON = "changed by the director"

#: results offered per board, in the order the clubs write them
RESULTS: tuple[str, ...] = tuple(r.value for r in (
    Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS,
    Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT,
))  # fmt: skip


# --------------------------------------------------------------------------- rounds


def stage(season: Season, number: int) -> str:
    """``new`` (not stored), ``open`` (attendance stored), ``published`` (boards, results
    missing) or ``complete`` (every board has a result)."""
    rnd = next((r for r in season.rounds if r.number == number), None)
    if rnd is None:
        return "new"
    if rnd.is_open:
        return "open"
    if any(g.result is None for g in rnd.games or ()):
        return "published"
    return "complete"


def round_choices(season: Season) -> list[int]:
    """Stored rounds, plus the next round when the last one is complete (or none exists)."""
    numbers = [r.number for r in season.rounds]
    last = season.rounds[-1].number if season.rounds else 0
    if not season.rounds or stage(season, last) == "complete":
        numbers.append(last + 1)
    return numbers


# --------------------------------------------------------------------------- attendance


def attendance_kinds(ruleset: Ruleset) -> list[str]:
    """``present`` plus the entry kinds this ruleset uses that a director sets in advance."""
    used = set(ruleset.points.kinds)
    return [PRESENT] + [k.value for k in ENTRY_KINDS if k in used and k not in _MADE_BY_PAIRING]


def kind_label(choice: str, lang: Lang) -> str:
    return t("app.round.present", lang) if choice == PRESENT else t(f"kind.{choice}", lang)


def listed_players(season: Season, number: int) -> list[Player]:
    """The humans registered for the round (the engine is placed by the pairing)."""
    return [p for p in season.players if not p.is_engine and p.registered_in(number)]


def default_choice(player: Player, stored: Round | None, options: Sequence[str]) -> str:
    """From the stored open round if any, else the player's participation (DS-15)."""
    if stored is not None:
        if player.id in (stored.present or ()):
            return PRESENT
        kind = (stored.entries or {}).get(player.id)
        if kind is not None and kind.value in options:
            return kind.value
    if player.participates_by_default:
        return PRESENT
    return Kind.NOT_PARTICIPATING.value


def away_engine(season: Season, ruleset: Ruleset, number: int) -> str | None:
    """The computer entrant the director may mark as unavailable for round ``number``
    (DS-9, FAQ 7: its e-board is needed at an away match), if the competition has one."""
    return engine_entrant(season, ruleset, number)


def late_away_engine(season: Season, ruleset: Ruleset, rnd: Round) -> str | None:
    """The engine the director may keep out of a late re-pairing (DS-14; DS-9 FAQ 7): the
    competition's engine when it has no board in the published round ``rnd``."""
    engine = away_engine(season, ruleset, rnd.number)
    if engine is None or any(engine in g.players for g in rnd.games or ()):
        return None
    return engine


def engine_away_default(stored: Round | None, engine: str) -> bool:
    """Whether the stored open round already has the engine unavailable this evening."""
    return stored is not None and engine_is_away(stored, engine)


def open_round(
    number: int,
    choices: Mapping[str, str],
    forced: Sequence[ForcedGame],
    *,
    date: str | None,
    cycle: int | None,
    previous: Round | None,
    engine_away: str | None = None,
) -> Round:
    """The open round the attendance list describes (present, entries, forced games);
    ``engine_away``: the engine entrant unavailable this evening gets ``not-participating``
    (DS-9, FAQ 7), which is how the season file says so."""
    present = tuple(pid for pid, choice in choices.items() if choice == PRESENT)
    entries = {pid: Kind(choice) for pid, choice in choices.items() if choice != PRESENT}
    if engine_away is not None:
        entries[engine_away] = Kind.NOT_PARTICIPATING
    return Round(
        number=number,
        date=date,
        cycle=cycle,
        present=present,
        entries=MappingProxyType(entries),
        forced=tuple(forced) or None,
        seed=previous.seed if previous is not None else None,
        late=previous.late if previous is not None else None,
    )


# --------------------------------------------------------------------------- the draft


@dataclass
class Draft:
    """A pairing being edited before it is published (or a late re-pairing, DS-14)."""

    number: int
    pairing: Pairing
    boards: list[list[str]]
    #: players who sit out with a kind the pairing gave (bye, declined-engine)
    sitters: dict[str, Kind]
    late: bool = False
    history: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, pairing: Pairing, *, late: bool = False) -> Draft:
        entries = pairing.round.entries or {}
        return cls(
            number=pairing.round.number,
            pairing=pairing,
            boards=[[b.white, b.black] for b in pairing.boards],
            sitters={pid: entries[pid] for pid in pairing.sitting_out if pid in entries},
            late=late,
        )

    def movable(self, engines: set[str]) -> list[str]:
        """Players the director may exchange: everyone on a board or sitting out, except a
        computer entrant (it is placed by the pairing only)."""
        out = [pid for board in self.boards for pid in board if pid not in engines]
        return out + [pid for pid in self.sitters if pid not in engines]

    def _where(self, pid: str) -> tuple[int, int] | None:
        for i, board in enumerate(self.boards):
            if pid in board:
                return i, board.index(pid)
        return None

    def swap_colours(self, index: int) -> None:
        self.boards[index].reverse()

    def exchange(self, a: str, b: str) -> None:
        """Put ``a`` where ``b`` is and ``b`` where ``a`` is (a board seat or sitting out)."""
        if a == b:
            return
        wa, wb = self._where(a), self._where(b)
        if wa is not None and wb is not None:
            self.boards[wa[0]][wa[1]], self.boards[wb[0]][wb[1]] = b, a
        elif wa is not None and b in self.sitters:
            self.boards[wa[0]][wa[1]] = b
            self.sitters[a] = self.sitters.pop(b)
        elif wb is not None and a in self.sitters:
            self.boards[wb[0]][wb[1]] = a
            self.sitters[b] = self.sitters.pop(a)

    def edited(self) -> bool:
        original = self.of(self.pairing)
        return self.boards != original.boards or self.sitters != original.sitters

    def round(
        self, override: str | None = None, breaking: Collection[tuple[str, str]] = ()
    ) -> Round:
        """The round as it would be stored. Boards the engine made keep its reason (and any
        override it set for a forced or relaxed board); a board in ``breaking`` gets the
        director's ``override`` reason."""
        made = {frozenset(g.players): g for g in self.pairing.round.games or ()}
        games = []
        for white, black in self.boards:
            original = made.get(frozenset((white, black)))
            reason = original.reason if original is not None else DIRECTOR_REASON
            kept = original.override if original is not None else None
            mark = override if override and (white, black) in breaking else kept
            games.append(Game(white, black, reason=reason, override=mark))
        entries = dict(self.pairing.round.entries or {})
        for pid in self.pairing.sitting_out:
            if entries.get(pid) in (Kind.BYE, Kind.DECLINED_ENGINE):
                del entries[pid]
        entries.update(self.sitters)
        return replace(self.pairing.round, games=tuple(games), entries=MappingProxyType(entries))


def needs_override(violations: Sequence[Violation]) -> list[Violation]:
    """The violations no override covers yet (the director must give a reason)."""
    return [v for v in violations if not v.overridden]


def violation_text(v: Violation, lang: Lang, names: Mapping[str, str]) -> str:
    """compcore's check line with names instead of ids."""
    line = t(
        "check.line",
        lang,
        round=v.round,
        white=names.get(v.white, v.white),
        black=names.get(v.black, v.black),
        detail=v.reason.text(lang, names),
    )
    if v.overridden:
        line += "; " + t("check.overridden", lang, reason=v.overridden)
    return line


# --------------------------------------------------------------------------- results


def with_results(rnd: Round, results: Mapping[int, str | None]) -> Round:
    """The round with the results entered per board (index -> result text or None)."""
    games = tuple(
        replace(g, result=Result(results[i]) if results.get(i) else None)
        for i, g in enumerate(rnd.games or ())
    )
    return replace(rnd, games=games)


def missing_results(rnd: Round) -> list[int]:
    """Board numbers (from 1) without a result."""
    return [i for i, g in enumerate(rnd.games or (), start=1) if g.result is None]
