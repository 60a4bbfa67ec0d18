"""The championship play-off as a competition of its own (DS-19, DS-20): created by the
director from a ladder's computed seeds, per category; barrage winners recorded.

No Streamlit: ``pages/winners.py`` offers :func:`plans`, sends the director's choices to
:func:`create` and :func:`record_barrage`, and shows :func:`compcore.formats.playoff.state`.

* The seeds are DS-19's (:func:`compcore.awards.winners.awards`); a seed who cannot play is replaced
  by a player of the category's final list who is not yet seeded, with the director's
  reason: the change log's entry of the creation carries it, and the play-off keeps a
  ``playoff-replacement`` decision (the seed number, who cannot play, why).
* The play-off is played within a ladder: the next season's ladder of the club when there
  is one, else the same ladder (:func:`ladders`); its rounds are put on that ladder's
  evenings (:func:`first_free_rounds`: the first rounds of the ladder's next cycle).
* Its season: the seeds (the ladder's ids and names, ``strength`` = seed number), the
  Berger rounds (:func:`compcore.formats.round_robin.berger`, DS-20 colours), the barrage draw's seed on
  round 1, and a ``playoff-of`` decision naming the ladder and category it decides.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from compcore.awards.winners import Awards, FinalList, awards
from compcore.domain.errors import LocalizedError, Phrase, StaleWriteError
from compcore.domain.model import Decision, Game, Player, Round, RulesetRef, Season
from compcore.formats import playoff as po
from compcore.formats.cup import BARRAGE_WINNER
from compcore.formats.kind import Format, format_of
from compcore.formats.round_robin import berger
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import Ruleset

#: the change log's action for a play-off made from the Winnaars page
CREATE_ACTION = "create-playoff"
#: the preset a new play-off uses (a ruleset with a ``playoff`` section)
PRESET = "ds-playoff"


class PlayoffError(LocalizedError):
    """A play-off that cannot be created or a barrage winner that cannot be recorded, as
    the director asked it (one sentence naming what is wrong); nothing was written."""


@dataclass(frozen=True)
class Plan:
    """What the director may create for one category of a ladder: its seeds, the final list
    replacements come from, and the ladders it may be played within (the default first)."""

    source: CompetitionInfo
    category: str
    seeds: tuple[str, ...]
    final_list: tuple[str, ...]
    ladders: tuple[CompetitionInfo, ...]
    #: a play-off already created for this category (its competition id)
    existing: int | None = None


@dataclass(frozen=True)
class Request:
    """The director's choices on the Winnaars page."""

    category: str
    #: the ladder it is played within (a competition id of :attr:`Plan.ladders`)
    played_in: int
    #: the ladder round of each play-off round
    ladder_rounds: tuple[int, ...]
    #: seed who cannot play -> the player of the final list who takes his seed (DS-19)
    replacements: Mapping[str, str] = field(default_factory=dict)
    reason: str = ""


# --------------------------------------------------------------------------- finding


#: a competition's season and ruleset by its id (the app passes its cached reads)
Read = Callable[[int], tuple[Season, Ruleset]]


def _store_read(repo: Repository) -> Read:
    return lambda cid: (repo.load(cid), repo.ruleset(cid))


def playoffs_of(
    repo: Repository,
    source: CompetitionInfo,
    *,
    competitions: Sequence[CompetitionInfo] | None = None,
    read: Read | None = None,
) -> dict[str, int]:
    """The play-offs created for ``source``'s categories: category -> competition id.

    Only the competitions with a ``playoff-of`` decision naming ``source`` are read (one
    query finds them), not every season of the database; ``competitions`` and ``read``
    default to the repository's."""
    infos = repo.competitions() if competitions is None else competitions
    read = _store_read(repo) if read is None else read
    named = repo.competitions_with_decision(po.PLAYOFF_OF, source.qualified_name)
    found: dict[str, int] = {}
    for info in infos:
        if info.club != source.club or info.id == source.id or info.id not in named:
            continue
        season, ruleset = read(info.id)
        if format_of(ruleset) is not Format.PLAYOFF:
            continue
        source_name, category = po.decides(season)
        if source_name == source.qualified_name and category is not None:
            found.setdefault(category, info.id)
    return found


def ladders(
    repo: Repository,
    source: CompetitionInfo,
    competitions: Sequence[CompetitionInfo] | None = None,
) -> tuple[CompetitionInfo, ...]:
    """Where a play-off of ``source`` may be played: the club's competitions under the same
    preset of ``source``'s season or later; the next season's first (the rulebook: "tijdens
    de eerste vijf ronden van de eerste cyclus" of the next year), else ``source`` itself."""
    same = [
        i
        for i in (repo.competitions() if competitions is None else competitions)
        if i.club == source.club
        and i.preset == source.preset
        and i.season >= source.season
        and not i.archived
    ]
    later = sorted((i for i in same if i.season > source.season), key=lambda i: (i.season, i.id))
    rest = [i for i in same if i.season == source.season]
    rest.sort(key=lambda i: (i.id != source.id, i.id))
    return tuple(later + rest)


def plans(
    repo: Repository,
    source_id: int,
    *,
    competitions: Sequence[CompetitionInfo] | None = None,
    read: Read | None = None,
    result: Awards | None = None,
) -> tuple[Plan, ...]:
    """DS-19: per category of ``source_id`` that needs a play-off, what may be created.

    The Winnaars page passes what it has read and computed already (the competitions, its
    cached seasons and rulesets, the ladder's awards); without them they are read here."""
    infos = repo.competitions() if competitions is None else competitions
    read = _store_read(repo) if read is None else read
    info = next(i for i in infos if i.id == source_id)
    if result is None:
        result = awards(*read(source_id))
    lists = {fl.category: fl for fl in result.final_lists}
    made = playoffs_of(repo, info, competitions=infos, read=read)
    where = ladders(repo, info, infos)
    out = []
    for champ in result.championships:
        if champ.playoff is None or champ.category is None or champ.status != "playoff":
            continue
        out.append(
            Plan(
                source=info,
                category=champ.category,
                seeds=champ.playoff.seeds,
                final_list=_order(lists.get(champ.category)),
                ladders=where,
                existing=made.get(champ.category),
            )
        )
    return tuple(out)


def _order(final: FinalList | None) -> tuple[str, ...]:
    return tuple(r.player for r in final.rows) if final is not None else ()


def first_free_rounds(ladder: Season, ruleset: Ruleset, count: int) -> tuple[int, ...]:
    """The ladder's evenings for ``count`` play-off rounds: the first rounds of its next
    cycle not yet started (a fresh season: rounds 1, 2, 3); after its last cycle, the
    rounds after the last one it has."""
    last = max((r.number for r in ladder.rounds), default=0)
    start = next(
        (
            c * ruleset.rounds_per_cycle + 1
            for c in range(ruleset.cycles)
            if c * ruleset.rounds_per_cycle + 1 > last
        ),
        last + 1,
    )
    return tuple(range(start, start + count))


def round_count(seeds: int) -> int:
    """The play-off's rounds for ``seeds`` players (Berger: n - 1, an odd n: n)."""
    return seeds if seeds % 2 else seeds - 1


# --------------------------------------------------------------------------- creating


def seeds_after(
    plan: Plan, replacements: Mapping[str, str], reason: str, names: Mapping[str, str]
) -> tuple[str, ...]:
    """DS-19: the seeds with each seed who cannot play replaced by the player the director
    chose from the final list (not yet seeded); PlayoffError naming what is wrong."""
    seeds = list(plan.seeds)
    if replacements and not reason.strip():
        raise PlayoffError("playoff.error.reason")
    for out, into in replacements.items():
        if out not in seeds:
            raise PlayoffError("playoff.error.not_seed", player=names.get(out, out))
        if into not in plan.final_list:
            raise PlayoffError(
                "playoff.error.not_on_list", player=names.get(into, into), category=plan.category
            )
        if into in seeds or into in replacements:
            raise PlayoffError("playoff.error.seeded", player=names.get(into, into))
        seeds[seeds.index(out)] = into
    return tuple(seeds)


def _check_rounds(
    rounds: Sequence[int],
    count: int,
    ladder: Season,
    ruleset: Ruleset,
    kept: Sequence[int] = (),
) -> None:
    """One existing, unplayed ladder round per play-off round, each a different one (the
    ladder rounds in ``kept`` may have been played: they stay as they are)."""
    if len(rounds) != count or any(not isinstance(n, int) or n < 1 for n in rounds):
        raise PlayoffError("playoff.error.rounds", count=count)
    if len(set(rounds)) != len(rounds):
        raise PlayoffError("playoff.error.rounds_twice")
    played = {r.number for r in ladder.played_rounds} - set(kept)
    taken = sorted(set(rounds) & played)
    if taken:
        raise PlayoffError("playoff.error.round_played", round=taken[0])
    beyond = [n for n in rounds if n > ruleset.total_rounds]
    if beyond:
        raise PlayoffError("playoff.error.round_beyond", round=beyond[0], last=ruleset.total_rounds)


def build(
    plan: Plan,
    source: Season,
    ladder: CompetitionInfo,
    request: Request,
    names: Mapping[str, str],
    draw_seed: int,
) -> Season:
    """The play-off's season (pure): seeds as players, the Berger rounds on the ladder's
    evenings, the barrage draw's seed, the ``playoff-of`` and replacement decisions."""
    seeds = seeds_after(plan, request.replacements, request.reason, names)
    last = source.last_played
    players = tuple(
        Player(pid, source.player(pid).name, rating=source.rating_at(pid, last), strength=i)
        for i, pid in enumerate(seeds, start=1)
    )
    schedule = berger(seeds)
    rounds = []
    for number, at in enumerate(request.ladder_rounds, start=1):
        games = tuple(Game(w, b) for r, w, b in schedule if r == number)
        rounds.append(
            Round(number, games=games, ladder_round=at, seed=draw_seed if number == 1 else None)
        )
    of = Decision(po.PLAYOFF_OF, seeds[0], category=plan.category, note=plan.source.qualified_name)
    moved = tuple(
        Decision(
            po.PLAYOFF_REPLACEMENT,
            into,
            category=plan.category,
            round=plan.seeds.index(out) + 1,
            note=f"{names.get(out, out)}: {request.reason.strip()}",
        )
        for out, into in request.replacements.items()
    )
    return Season(
        club=plan.source.club,
        season=ladder.season,
        competition=f"Play-off {plan.category} {plan.source.season}",
        ruleset=RulesetRef(PRESET),
        players=players,
        rounds=tuple(rounds),
        decisions=(of, *moved),
        ladder=ladder.qualified_name,
    )


def create(
    repo: Repository,
    source_id: int,
    request: Request,
    *,
    actor: Actor,
    draw_seed: int | None = None,
) -> int:
    """DS-19, DS-20: create the play-off of ``request.category`` of the ladder
    ``source_id``; its competition id. Refused (PlayoffError, nothing written) when the
    category needs no play-off, one exists already, a replacement is not on the final list
    or already seeded, a replacement has no reason, or the ladder rounds are wrong."""
    plan = next((p for p in plans(repo, source_id) if p.category == request.category), None)
    if plan is None:
        raise PlayoffError("playoff.error.no_playoff", category=request.category)
    if plan.existing is not None:
        raise PlayoffError("playoff.error.exists", category=request.category)
    ladder = next((i for i in plan.ladders if i.id == request.played_in), None)
    if ladder is None:
        raise PlayoffError("playoff.error.ladder")
    source = repo.load(source_id)
    count = round_count(len(plan.seeds))
    _check_rounds(request.ladder_rounds, count, repo.load(ladder.id), repo.ruleset(ladder.id))
    names = source.names()
    seed = draw_seed if draw_seed is not None else random.randrange(1, 2**31)
    season = build(plan, source, ladder, request, names, seed)
    season = with_dates(season, repo.load(ladder.id))
    taken = {(i.club, i.season, i.competition.casefold()) for i in repo.competitions()}
    if (season.club, season.season, season.competition.casefold()) in taken:
        raise PlayoffError("playoff.error.name", name=season.competition)
    reason = None
    if request.replacements:
        moved = ", ".join(
            f"{names.get(o, o)} -> {names.get(i, i)}" for o, i in request.replacements.items()
        )
        reason = f"DS-19: {moved}: {request.reason.strip()}"
    return repo.import_season(season, actor=actor, action=CREATE_ACTION, reason=reason)


def with_dates(playoff: Season, ladder: Season) -> Season:
    """The play-off's rounds dated as the ladder's calendar plans their evenings."""
    planned = ladder.calendar.dates if ladder.calendar is not None else ()
    rounds = tuple(
        replace(r, date=planned[r.ladder_round - 1])
        if r.ladder_round is not None and r.ladder_round <= len(planned)
        else r
        for r in playoff.rounds
    )
    return replace(playoff, rounds=rounds)


# --------------------------------------------------------------------------- moving


#: the change log's action for play-off rounds put on other ladder evenings
MOVE_ACTION = "move-playoff-rounds"


def move(
    repo: Repository,
    competition_id: int,
    ladder_rounds: Sequence[int],
    *,
    actor: Actor,
    read: Season,
) -> Season:
    """Put the play-off's rounds on other ladder evenings (one ladder round per play-off
    round, as at creation). A round with a result keeps its evening; refused (PlayoffError,
    StaleWriteError; nothing written) as :func:`create` refuses its ladder rounds."""
    season = repo.load(competition_id)
    rounds = tuple(ladder_rounds)
    for rnd, at in zip(season.rounds, rounds, strict=False):
        if at != rnd.ladder_round and any(g.result is not None for g in rnd.games or ()):
            raise PlayoffError("playoff.error.round_done", number=rnd.number)
    ladder = next((i for i in repo.competitions() if i.qualified_name == season.ladder), None)
    if ladder is None:
        raise PlayoffError("playoff.error.ladder")
    kept = [r.ladder_round for r in season.rounds if r.ladder_round is not None]
    there = repo.load(ladder.id)
    _check_rounds(rounds, len(season.rounds), there, repo.ruleset(ladder.id), kept)
    moved = replace(
        season,
        rounds=tuple(
            replace(r, ladder_round=at) for r, at in zip(season.rounds, rounds, strict=True)
        ),
    )
    moved = with_dates(
        replace(moved, rounds=tuple(replace(r, date=None) for r in moved.rounds)), there
    )
    return repo.save_season(competition_id, moved, actor=actor, action=MOVE_ACTION, read=read)


# --------------------------------------------------------------------------- barrages


def record_barrage(
    repo: Repository, competition_id: int, player: str, *, actor: Actor, read: Season
) -> Season:
    """DS-20: record ``player`` as the winner of his open barrage (a ``barrage-winner``
    decision with the barrage's number, logged). Refused (PlayoffError) when the play-off
    has no open barrage with that player, or (StaleWriteError) when the play-off changed
    since the director read it."""
    season, ruleset = repo.load(competition_id), repo.ruleset(competition_id)
    if season != read:
        raise StaleWriteError(Phrase("change.what.season"))
    now = po.state(season, ruleset)
    match = next((m for m in po.open_barrages(now.stages) if player in m.players), None)
    if match is None:
        raise PlayoffError("playoff.error.no_barrage", player=season.name_of(player))
    decision = Decision(BARRAGE_WINNER, player, category=now.category, round=match.number)
    return repo.add_decision(competition_id, decision, actor=actor)
