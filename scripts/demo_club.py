"""The Dubbelschaak demo club as a whole (issue 22, item 8): last season's ladder, played to
its end, and this season's, with the competitions played within it on its club evenings:
the category play-off of last season (DS-19, DS-20), a meerkamp group (DS-16) and the
Meierij Cup (DS-21).

Each is made by the project's own services and engine, as the director would: the play-off
from last season's computed seeds (``compcore.services.playoff.build``), the group from the
ladder's roster (``compcore.services.groups.build``), the cup's pools
(``compcore.services.pools_cup.build_cup``) and its knock-out drawn from the pool tables
(``compcore.formats.pools_cup.next_knockout_games``). Their boards go on the ladder's
evenings and are paired there first (``compcore.pairing.linked``); a result is drawn once,
in the ladder, and copied into the group and the play-off; the cup (DS-21: an ``external``
entry in the ladder) draws its own. Reproducible from the seeds below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from compcore.awards.winners import awards
from compcore.domain.model import Calendar, Player, Round, Season
from compcore.formats.pools_cup import cup_state, next_knockout_games, pool_rounds
from compcore.formats.validate import check_season
from compcore.lab import synthetic
from compcore.pairing import linked
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import Ruleset, load_ruleset, ruleset_of
from compcore.services import groups, playoff, pools_cup

CLUB = "Schaakvereniging Dubbelschaak"
LADDER = "Interne ladder"
PRESET = "dubbelschaak"
PLAYERS = 26
NEVER = 3  # DS-15: members who play only when they sign up
LAST_SEASON, THIS_SEASON = "2024-2025", "2025-2026"
LAST_START, THIS_START = date(2024, 9, 3), date(2025, 9, 2)  # Tuesdays
LAST_SEED, THIS_SEED, RESULTS_SEED = 21, 11, 22
PLAYED = 30  # this season's played evenings; the 31st is open

GROUP = "Topcompetitie"
GROUP_SIZE = 6
GROUP_EVENINGS = (28, 29, 30, 31, 32)  # three played, one on the open evening, one to come
CUP = "Meierij Cup"
CUP_SIZE = 8
CUP_EVENINGS = (20, 22, 24)  # the pools (cycle 1)
KNOCKOUT_EVENING = 31  # the first knock-out round, on the open evening
PLAYOFF_EVENINGS = (1, 2, 3)  # "tijdens de eerste ronden van de eerste cyclus" (DS-19)


@dataclass
class Within:
    """The competitions played within this season's ladder (:class:`synthetic.Within`):
    their boards and entries on each evening, their results taken once it is played."""

    parts: list[tuple[Season, Ruleset]]
    rng: random.Random
    knockout: dict[str, int] = field(default_factory=dict)

    def on_evening(self, ladder: Season, rnd: Round) -> Round:
        evening = linked.combine([linked.evening(s, r, ladder, rnd.number) for s, r in self.parts])
        return linked.with_evening(ladder, rnd, evening)

    def played(self, ladder: Season, number: int) -> None:
        boards = {(g.white, g.black) for g in ladder.round(number).games or ()}
        for forced in linked.combine(
            [linked.evening(s, r, ladder, number) for s, r in self.parts]
        ).forced:
            assert (forced.white, forced.black) in boards, (number, forced)  # paired first
        self.parts = [(self._take(s, r, ladder, number), r) for s, r in self.parts]

    def _take(self, part: Season, rules: Ruleset, ladder: Season, number: int) -> Season:
        link = rules.ladder_link
        if link is not None and link.counts_as == "game":
            return linked.results_from_ladder(part, ladder)
        part = replace(part, rounds=tuple(self._played_cup_round(part, r, number)
                                          for r in part.rounds))  # fmt: skip
        evening = self.knockout.get(part.competition)
        if evening is not None and number == max(CUP_EVENINGS):  # the pools are over
            games = next_knockout_games(part, rules)
            part = part.with_round(Round(len(part.rounds) + 1, games=games, ladder_round=evening))
        return part

    def _played_cup_round(self, cup: Season, rnd: Round, number: int) -> Round:
        if rnd.ladder_round != number or rnd.games is None:
            return rnd
        games = tuple(
            replace(g, result=synthetic.result_for(
                self.rng, cup.player(g.white), cup.player(g.black), forfeit=0.0))
            for g in rnd.games
        )  # fmt: skip
        return replace(rnd, games=games)


def _info(cid: int, season: Season) -> CompetitionInfo:
    return CompetitionInfo(cid, season.club, season.season, season.competition,
                           season.ruleset.preset, season.last_played,
                           len(season.players))  # fmt: skip


def _last_season() -> Season:
    return synthetic.season(
        PRESET, n_players=PLAYERS, n_rounds=36, seed=LAST_SEED, pairer=synthetic.engine_pairer,
        club=CLUB, competition=LADDER, season_name=LAST_SEASON, start=LAST_START, never=NEVER,
    )  # fmt: skip


def _roster(last: Season) -> list[Player]:
    """This season's members: last season's (the same ids: the play-off's seeds are this
    ladder's players), back in, one leaving halfway this time (the weakest regular)."""
    back = [replace(p, withdrawn_round=None) for p in last.players]
    leaving = max((p for p in back if not p.is_engine and p.participates_by_default),
                  key=lambda p: p.strength or 0)  # fmt: skip
    return [replace(p, withdrawn_round=PLAYED // 2 + 1) if p == leaving else p for p in back]


def _calendar(start: date) -> Calendar:
    rounds = load_ruleset(PRESET).total_rounds
    days = tuple((start + timedelta(weeks=i)).isoformat() for i in range(rounds))
    return Calendar("tuesday", dates=days)


def _playoff(last: Season, ladder: Season) -> Season:
    """Last season's play-off of its first category that needs one, on this ladder's
    first evenings (:func:`compcore.services.playoff.build`)."""
    rules = ruleset_of(last)
    result = awards(last, rules)
    champ = next(c for c in result.championships if c.status == "playoff")
    assert champ.playoff is not None and champ.category is not None
    final = next(fl for fl in result.final_lists if fl.category == champ.category)
    source, there = _info(1, last), _info(2, ladder)
    plan = playoff.Plan(source, champ.category, champ.playoff.seeds,
                        tuple(r.player for r in final.rows), (there,))  # fmt: skip
    request = playoff.Request(champ.category, there.id, PLAYOFF_EVENINGS)
    return playoff.build(plan, last, there, request, last.names(), draw_seed=RESULTS_SEED)


def _members(ladder: Season, count: int, skip: set[str]) -> list[str]:
    """The ``count`` strongest regulars (by rating) not in ``skip``, not leaving."""
    regulars = [ladder.player(pid) for pid in groups.ladder_members(ladder) if pid not in skip]
    regulars = [p for p in regulars if p.participates_by_default and p.withdrawn_round is None]
    regulars.sort(key=lambda p: (-(p.rating or 0), p.id))
    return [p.id for p in regulars[:count]]


def club() -> list[tuple[str, Season]]:
    """The Dubbelschaak demo files: (file name, season), this season's ladder first."""
    last = _last_season()
    start = Season(CLUB, THIS_SEASON, LADDER, last.ruleset, tuple(_roster(last)))
    start = replace(start, calendar=_calendar(THIS_START))
    ladder_rules = ruleset_of(start)
    group_members = _members(start, GROUP_SIZE, set())
    form = groups.NewGroup(GROUP, "ds-topcompetitie", group_members, evenings=GROUP_EVENINGS)
    group = groups.build(form, start, ladder_rules, [])
    entrants = _members(start, CUP_SIZE, set(group_members))
    cup = pools_cup.build_cup(start, CUP, entrants, "ds-meierij-cup", CUP_EVENINGS)
    assert pool_rounds(ruleset_of(cup)) == len(CUP_EVENINGS)
    parts = [_playoff(last, start), group, cup]
    within = Within([(p, ruleset_of(p)) for p in parts], random.Random(RESULTS_SEED),
                    {CUP: KNOCKOUT_EVENING})  # fmt: skip
    ladder = synthetic.season(
        PRESET, n_players=PLAYERS, n_rounds=PLAYED, seed=THIS_SEED,
        pairer=synthetic.engine_pairer, club=CLUB, competition=LADDER, season_name=THIS_SEASON,
        start=THIS_START, open_round=True, roster=start.players, withdraw=False, within=within,
    )  # fmt: skip
    ladder = replace(ladder, calendar=start.calendar)
    playoff_, group, cup = (playoff.with_dates(s, ladder) for s, _ in within.parts)
    for season in (last, ladder, playoff_, group, cup):
        check_season(season, ruleset_of(season))
    assert cup_state(cup, ruleset_of(cup)) is not None
    return [
        ("dubbelschaak.json", ladder),
        ("dubbelschaak-2024-2025.json", last),
        ("dubbelschaak-playoff.json", playoff_),
        ("dubbelschaak-topcompetitie.json", group),
        ("dubbelschaak-meierij-cup.json", cup),
    ]
