"""The club evening's round workflow: attendance, proposal, edits, publishing, late
re-pairing (DS-14), results, finalizing, corrections and undo.

The Ronde page collects the director's input, calls these functions and shows what they
return; tests call them directly (with the in-memory ``MemoryStore`` of ``tests/fakes.py``).
Nothing here decides a pairing rule: who is paired with whom comes from
:func:`compcore.pairing.pair` (or ``repair_late``), whether an edit breaks a rule from
:func:`compcore.pairing.check_round`; every write goes through the repository, which runs
the matching pure change of :mod:`compcore.rules.changes` (refusing a lost update) in one
validated, logged transaction.

Each write carries what the director read (``read``): the round as stored when he opened
the attendance form, made the proposal or loaded the results form.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from compcore import pairing
from compcore.domain.errors import CompcoreError, ReasonRequiredError
from compcore.domain.model import ENTRY_KINDS, ForcedGame, Game, Kind, Player, Round, Season
from compcore.domain.reason import Reason, forced_words, words
from compcore.formats.cup import bracket
from compcore.formats.kind import Format, format_of
from compcore.formats.knockout import Bracket
from compcore.i18n import Lang, t
from compcore.pairing import Pairing, Violation
from compcore.pairing.context import engine_entrant, engine_is_away
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.changes import put_round
from compcore.rules.rulesets import Ruleset
from compcore.scoring.history import cycle_of
from compcore.scoring.standings import Standings
from compcore.services import linked

PRESENT = "present"

#: kinds the pairing or the results give, never chosen on the attendance list
_MADE_BY_PAIRING = {Kind.BYE, Kind.DECLINED_ENGINE, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}

#: what the stored Game.reason says for a board the director made by hand
DIRECTOR_REASON = Reason("pair.director")


# --------------------------------------------------------------------------- rounds


def stored_round(season: Season, number: int) -> Round | None:
    """Round ``number`` as stored, or None for a new round."""
    return next((r for r in season.rounds if r.number == number), None)


def stage(season: Season, number: int) -> str:
    """``new`` (not stored), ``open`` (attendance stored), ``published`` (boards, results
    being entered: not finalized) or ``complete`` (finalized: locked; a round that does not
    say is finalized when every board has a result, :attr:`Round.is_finalized`)."""
    rnd = stored_round(season, number)
    if rnd is None:
        return "new"
    if rnd.is_open:
        return "open"
    if not rnd.is_finalized:
        return "published"
    return "complete"


def finished_cup(season: Season, ruleset: Ruleset) -> Bracket | None:
    """MG-7: the knock-out's bracket once one player is left (no round can be opened)."""
    if format_of(ruleset) is not Format.CUP:
        return None
    cup = bracket(season, ruleset)
    return cup if cup.over else None


def round_choices(season: Season, ruleset: Ruleset) -> list[int]:
    """Stored rounds, plus the next round when the last one is complete (or none exists)
    and the cup, if any, is not over (MG-7). A round robin has every round from its
    creation on (DS-16): never a next one."""
    numbers = [r.number for r in season.rounds]
    last = season.rounds[-1].number if season.rounds else 0
    if format_of(ruleset).scheduled:
        return numbers or [1]  # none scheduled (a file without rounds): pairing says why
    if (not season.rounds or stage(season, last) == "complete") and not finished_cup(
        season, ruleset
    ):
        numbers.append(last + 1)
    return numbers


def opening_round(
    season: Season, choices: Sequence[int], *, director: bool, ruleset: Ruleset | None = None
) -> int:
    """The round the Ronde page opens on (issue 9, item 8). A director lands on the round to
    work on: the last of ``choices`` (an open round, or the new one after a complete round;
    in a round robin, whose rounds all exist from the start, the first not finalized).
    Anyone else lands on the newest round with boards (published or played): an open or new
    round has nothing to show a member yet. Without such a round: the last choice."""
    if director and ruleset is not None and format_of(ruleset).scheduled:
        # DS-16: every round is there from the start: the first with a board still open
        waiting = [n for n in choices if stage(season, n) != "complete"]
        return waiting[0] if waiting else choices[-1]
    if not director:
        with_boards = [r.number for r in season.rounds if r.games and r.number in choices]
        if with_boards:
            return with_boards[-1]
    return choices[-1]


def round_cycle(season: Season, ruleset: Ruleset, number: int) -> int:
    """The round's cycle (0-based): as stored, else from the ruleset's cycle length."""
    stored = stored_round(season, number)
    return cycle_of(stored, ruleset) if stored is not None else ruleset.cycle_of(number)


def engines(season: Season) -> set[str]:
    """The computer entrants (placed by the pairing only, never moved by hand)."""
    return {p.id for p in season.players if p.is_engine}


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


def standings_places(table: Standings) -> dict[str, int]:
    """Player id -> his line in the standings (1 = top), as the standings page lists them."""
    return {row.player: i for i, row in enumerate(table.rows, start=1)}


def attendance_order(players: Sequence[Player], places: Mapping[str, int]) -> list[Player]:
    """The attendance list as the director reads it on the evening (issue 9, item 8): in
    standings order (``places``), then the players without a place (a newcomer), the
    highest rating first (no rating last), then by name."""

    def key(player: Player) -> tuple[int, int, int, str]:
        place = places.get(player.id)
        if place is not None:
            return (0, place, 0, "")
        rating = player.rating
        return (1, 0 if rating is not None else 1, -(rating or 0), player.name.casefold())

    return sorted(players, key=key)


def find_players(players: Sequence[Player], query: str) -> list[Player]:
    """The players whose name holds ``query`` (any case, spaces around it ignored); an
    empty query finds everyone."""
    wanted = query.strip().casefold()
    return [p for p in players if wanted in p.name.casefold()]


def attendance_choices(
    players: Sequence[Player],
    shown: Mapping[str, str],
    stored: Round | None,
    options: Sequence[str],
    marked: Mapping[str, str] = MappingProxyType({}),
) -> dict[str, str]:
    """Every listed player's choice, in ``players`` order: as entered where the list
    ``shown`` him, else as the form would have shown him (:func:`default_choice`), so a
    save while the search box hides players keeps their choice."""
    return {
        p.id: shown[p.id] if p.id in shown else default_choice(p, stored, options, marked)
        for p in players
    }


def default_choice(
    player: Player,
    stored: Round | None,
    options: Sequence[str],
    marked: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """The member's own mark made since the list was last saved (``marked``, issue 10:
    the list starts from these marks), else the stored open round if any, else the
    player's participation (DS-15)."""
    if marked.get(player.id) in options:
        return marked[player.id]
    if stored is not None:
        if player.id in (stored.present or ()):
            return PRESENT
        kind = (stored.entries or {}).get(player.id)
        if kind is not None and kind.value in options:
            return kind.value
    if player.participates_by_default:
        return PRESENT
    return Kind.NOT_PARTICIPATING.value


def forced_why(game: ForcedGame, lang: Lang) -> str:
    """A forced game's reason in words: a word compcore knows (``cup``: "bekerpartij"), the
    director's own words as written, or that the director fixed it."""
    return forced_words(game.reason or "director", lang)


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
    ladder_round: int | None = None,
) -> Round:
    """The open round the attendance list describes (present, entries, forced games);
    ``engine_away``: the engine entrant unavailable this evening gets ``not-participating``
    (DS-9, FAQ 7), which is how the season file says so. ``ladder_round``: in a
    competition played within a ladder, the ladder evening it is played on (MG-8; None:
    as stored)."""
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
        ladder_round=ladder_round
        if ladder_round is not None
        else (previous.ladder_round if previous is not None else None),
    )


@dataclass(frozen=True)
class Attendance:
    """What storing the attendance gave: the season as stored, and with ``pair_now`` the
    proposal, or why pairing failed (the attendance is kept either way)."""

    season: Season
    draft: Draft | None = None
    pairing_error: CompcoreError | None = None


def take_attendance(
    repo: Repository,
    competition_id: int,
    rnd: Round,
    *,
    actor: Actor,
    read: Round | None,
    pair_now: bool = False,
    standings: Standings | None = None,
) -> Attendance:
    """Store the open round (refused when the stored round is no longer ``read``), then,
    with ``pair_now``, propose a pairing of it. A ladder's round gets the boards and entries
    the competitions played within it put on that evening first (issue 12, MG-8:
    :func:`compcore.services.linked.with_evening`). ``standings``: the ones the round is
    paired on (:func:`paired_on`; the round's attendance does not change them), if the
    caller has them."""
    season = repo.load(competition_id)
    linked.check_evening(repo, season, rnd)  # MG-8: the evening it is drawn onto is open
    rnd = linked.with_evening(repo, competition_id, season, rnd)
    season = repo.save_round(competition_id, rnd, actor=actor, action="attendance", read=read)
    if not pair_now:
        return Attendance(season)
    try:
        return Attendance(
            season, propose(season, repo.ruleset(competition_id), standings=standings)
        )
    except CompcoreError as exc:
        return Attendance(season, pairing_error=exc)


# --------------------------------------------------------------------------- the draft


@dataclass
class Draft:
    """A pairing being edited before it is published (or a late re-pairing, DS-14).

    ``read`` is the round as stored when the pairing was made (the open round, or the
    published one for a late re-pairing): publishing is refused if it changed since.
    """

    number: int
    pairing: Pairing
    boards: list[list[str]]
    #: players who sit out with a kind the pairing gave (bye, declined-engine)
    sitters: dict[str, Kind]
    late: bool = False
    read: Round | None = None
    history: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, pairing: Pairing, *, late: bool = False, read: Round | None = None) -> Draft:
        entries = pairing.round.entries or {}
        return cls(
            number=pairing.round.number,
            pairing=pairing,
            boards=[[b.white, b.black] for b in pairing.boards],
            sitters={pid: entries[pid] for pid in pairing.sitting_out if pid in entries},
            late=late,
            read=read,
        )

    def reset(self) -> Draft:
        """The proposal as compcore made it, without the director's edits."""
        return self.of(self.pairing, late=self.late, read=self.read)

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
            group = original.group if original is not None else None  # DS-16's tag kept
            games.append(Game(white, black, group=group, reason=reason, override=mark))
        entries = dict(self.pairing.round.entries or {})
        for pid in self.pairing.sitting_out:
            if entries.get(pid) in (Kind.BYE, Kind.DECLINED_ENGINE):
                del entries[pid]
        entries.update(self.sitters)
        return replace(self.pairing.round, games=tuple(games), entries=MappingProxyType(entries))


def paired_on(ruleset: Ruleset, rnd: Round) -> tuple[int, int | None]:
    """Which standings round ``rnd`` is paired on, as ``(after_round, cycle)`` for
    :func:`compcore.services.reading.standings`: after the previous round, of the round's own
    cycle where standings restart per cycle (DS-17), else of the ruleset's scope. The app
    reads them from its standings cache and hands them to :func:`propose`."""
    return rnd.number - 1, (cycle_of(rnd, ruleset) if ruleset.restarts_per_cycle else None)


def propose(season: Season, ruleset: Ruleset, *, standings: Standings | None = None) -> Draft:
    """compcore's pairing of the stored open round, ready to edit. ``standings``: the ones
    the round is paired on (:func:`paired_on`), when the caller has them; else the pairing
    computes them."""
    rnd = season.open_round
    return Draft.of(pairing.pair(season, ruleset, standings=standings), read=rnd)


def late_candidates(season: Season, rnd: Round) -> list[str]:
    """DS-14: who may be marked as not come: the humans on boards without a result yet."""
    machines = engines(season)
    return [
        pid for g in rnd.games or () if g.result is None for pid in g.players if pid not in machines
    ]


def propose_late(
    season: Season, ruleset: Ruleset, number: int, no_shows: Sequence[str], *, engine_away: bool
) -> Draft:
    """DS-14: re-pair the players whose opponent did not come (the engine kept out when it
    is away this evening)."""
    proposal = pairing.repair_late(season, ruleset, no_shows, engine_away=engine_away)
    return Draft.of(proposal, late=True, read=stored_round(season, number))


def check(season: Season, ruleset: Ruleset, draft: Draft) -> list[Violation]:
    """Every hard rule or colour rule the edited pairing breaks (``check_round``)."""
    return pairing.check_round(season, ruleset, draft.round())


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
        line += "; " + t("check.overridden", lang, reason=words(v.overridden, lang, names))
    return line


def publish(
    repo: Repository,
    competition_id: int,
    draft: Draft,
    *,
    reason: str | None,
    actor: Actor,
) -> Season:
    """Store the (edited) pairing. Boards that break a rule need the director's ``reason``
    (stored as their ``Game.override`` and in the change log); refused when the round
    changed since the pairing was made."""
    season = repo.load(competition_id)
    put_round(season, draft.round(), draft.read)  # a round changed meanwhile: say that first
    if not draft.late:  # MG-8, DS-16: every linked board of the evening is on it
        linked.check_boards(repo, competition_id, season, draft.round())
    open_ones = needs_override(check(season, repo.ruleset(competition_id), draft))
    reason = (reason or "").strip() or None
    if open_ones and reason is None:
        raise ReasonRequiredError("change.reason.override")
    breaking = {(v.white, v.black) for v in open_ones}
    action = "late-repairing" if draft.late else "publish-round"
    return repo.save_round(
        competition_id,
        draft.round(reason, breaking),
        actor=actor,
        action=action,
        reason=reason,
        read=draft.read,
    )
