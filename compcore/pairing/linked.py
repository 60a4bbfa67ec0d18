"""Competitions played within a ladder: round-robin groups (DS-16), the championship
play-off (DS-20), the Meierij Cup (DS-21) and the Magnus cup (MG-8).

Such a competition is a season of its own (its schedule, its table or bracket) whose
``Season.ladder`` names the ladder it is played within, and each of whose rounds names the
ladder's club evening it is played on (``Round.ladder_round``). Its ruleset's
``ladder_link`` says how it counts there:

* ``game``: its boards become forced boards of that evening's ladder round (the pairing
  places them first) and score there as games; a result is entered once and holds in both
  competitions (:func:`results_from_ladder`, :func:`results_into_ladder`).
* ``entry``: its players get the link's entry in that ladder round instead of a ladder game
  (DS-21: DS-5's ``external``, 4/6 of the own value).
* ``none``: nothing in the ladder.

Players are the same ids in both competitions (a linked competition's roster is taken from
the ladder's); a player the ladder does not know is left out of the ladder's evening.

Pure functions; the service :mod:`compcore.services.linked` reads and writes both seasons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from compcore.domain.model import EMPTY, ForcedGame, Game, Kind, Round, Season
from compcore.pairing.context import present_players
from compcore.rules.rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class Evening:
    """What the linked competitions put on one ladder evening: forced boards and entries."""

    forced: tuple[ForcedGame, ...] = ()
    entries: Mapping[str, Kind] = field(default_factory=lambda: EMPTY)

    def __bool__(self) -> bool:
        return bool(self.forced or self.entries)


def tag_of(linked: Season, ruleset: Ruleset) -> str | None:
    """The ``Game.group`` a linked competition's games carry in the ladder: its tag (or its
    name) when they do not count for the ladder's meeting limits (DS-16), else None."""
    link = ruleset.ladder_link
    if link is None or link.counts_for_meetings:
        return None
    return link.tag or linked.competition


def boards_on(linked: Season, ladder_round: int) -> tuple[Game, ...]:
    """The linked competition's boards scheduled on the ladder's round ``ladder_round``."""
    return tuple(
        game
        for rnd in linked.rounds
        if rnd.ladder_round == ladder_round and rnd.games is not None
        for game in rnd.games
    )


def evening(linked: Season, ruleset: Ruleset, ladder: Season, ladder_round: int) -> Evening:
    """What ``linked`` (played within ``ladder``) puts on the ladder's round ``ladder_round``
    (DS-16, DS-20, MG-8: forced boards; DS-21: entries, DS-5's ``external``)."""
    link = ruleset.ladder_link
    if link is None or link.counts_as == "none" or linked.ladder is None:
        return Evening()
    known = set(ladder.player_ids)
    boards = [g for g in boards_on(linked, ladder_round) if set(g.players) <= known]
    if link.counts_as == "entry":
        return Evening(
            entries=MappingProxyType({pid: link.entry for g in boards for pid in g.players})
        )
    tag = tag_of(linked, ruleset)
    seen: set[frozenset[str]] = set()
    forced = []
    for game in boards:
        pair = frozenset(game.players)
        if pair in seen:  # a match of two games is one ladder board
            continue
        seen.add(pair)
        forced.append(ForcedGame(game.white, game.black, linked.competition, tag))
    return Evening(forced=tuple(forced))


def combine(evenings: Sequence[Evening]) -> Evening:
    """Several linked competitions' evenings as one (a player is placed by the first)."""
    forced: list[ForcedGame] = []
    entries: dict[str, Kind] = {}
    taken: set[str] = set()
    for part in evenings:
        for board in part.forced:
            if not taken & {board.white, board.black}:
                forced.append(board)
                taken.update((board.white, board.black))
        for pid, kind in part.entries.items():
            if pid not in taken and pid not in entries:
                entries[pid] = kind
    return Evening(tuple(forced), MappingProxyType(entries))


def with_evening(ladder: Season, rnd: Round, part: Evening) -> Round:
    """The open ladder round ``rnd`` with the linked boards and entries put on it.

    A linked board replaces nothing the director forced himself (a player already on a
    forced board keeps it). Its players are present (they play) and lose their own entry
    for the evening (a sign-off); a player given a linked entry is not present for the
    ladder's pairing. A round without a ``present`` list starts from everyone who would be
    paired (:func:`~compcore.pairing.context.present_players`)."""
    own = list(rnd.forced or ())
    taken = {pid for f in own for pid in (f.white, f.black)}
    added = [f for f in part.forced if not taken & {f.white, f.black}]
    playing = {pid for f in added for pid in (f.white, f.black)}
    entries = _evening_entries(rnd, part, taken | playing, playing)
    if not added and not part.entries:
        return rnd
    return replace(
        rnd,
        forced=tuple(own + added) or None,
        entries=MappingProxyType(entries) if entries or rnd.entries is not None else None,
        present=tuple(_evening_present(ladder, rnd, entries, playing)),
    )


def _evening_entries(
    rnd: Round, part: Evening, placed: set[str], playing: set[str]
) -> dict[str, Kind]:
    """The round's entries: the linked boards' players lose theirs, the linked entries are
    added for players not placed on a board."""
    entries = dict(rnd.entries or EMPTY)
    for pid in playing:
        entries.pop(pid, None)
    for pid, kind in part.entries.items():
        if pid not in placed:
            entries[pid] = kind
    return entries


def _evening_present(
    ladder: Season, rnd: Round, entries: dict[str, Kind], playing: set[str]
) -> list[str]:
    """Who is present: the round's list (or everyone paired) less entries, plus the players
    of the linked boards."""
    before = present_players(ladder, rnd) if rnd.present is None else list(rnd.present)
    present = [pid for pid in before if pid not in entries]
    present += [pid for pid in sorted(playing) if pid not in present]
    return present


def _results(games: Sequence[Game]) -> dict[tuple[str, str], Game]:
    return {(g.white, g.black): g for g in games if g.result is not None}


def results_into_ladder(rnd: Round, linked: Season) -> Round:
    """The ladder round with the results of ``linked``'s boards on that evening copied onto
    the same boards (same white, same black); other boards keep theirs."""
    if rnd.games is None:
        return rnd
    known = _results(boards_on(linked, rnd.number))
    games = tuple(
        replace(g, result=known[(g.white, g.black)].result) if (g.white, g.black) in known else g
        for g in rnd.games
    )
    return replace(rnd, games=games)


def results_from_ladder(linked: Season, ladder: Season) -> Season:
    """``linked`` with the results of its boards taken from the ladder evenings they were
    played on (the same white and black on that evening); a board the ladder has no result
    for keeps its own."""
    rounds = []
    for rnd in linked.rounds:
        if rnd.games is None or rnd.ladder_round is None:
            rounds.append(rnd)
            continue
        try:
            there = ladder.round(rnd.ladder_round)
        except KeyError:
            rounds.append(rnd)
            continue
        known = _results(there.games or ())
        rounds.append(
            replace(
                rnd,
                games=tuple(
                    replace(g, result=known[(g.white, g.black)].result)
                    if (g.white, g.black) in known
                    else g
                    for g in rnd.games
                ),
            )
        )
    return replace(linked, rounds=tuple(rounds))
