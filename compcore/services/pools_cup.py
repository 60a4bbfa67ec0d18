"""The director's steps in a cup of pools and knock-outs (DS-21, the Meierij Cup): create it
from a ladder's roster, draw each knock-out round from the pool tables and the ties, record
how a level tie was decided. Every step goes through the repository (checked, logged);
the rules are :mod:`compcore.formats.pools_cup`'s."""

from __future__ import annotations

from collections.abc import Sequence

from compcore.domain.model import Result, Round, RulesetRef, Season
from compcore.formats.kind import Format, format_of
from compcore.formats.pools_cup import (
    CupStageError,
    make_pools,
    next_knockout_games,
    pool_rounds,
    pool_schedule,
    tiebreak_decision,
)
from compcore.formats.validate import check_season
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.rulesets import load_ruleset
from compcore.services.setup import copied_player

#: the change log's actions
CREATE_ACTION = "create-pools-cup"
DRAW_ACTION = "draw-knockout"


def cup_presets() -> tuple[str, ...]:
    """The presets that run a cup of pools and knock-outs."""
    from compcore.rules.rulesets import preset_names

    return tuple(p for p in preset_names() if format_of(load_ruleset(p)) is Format.POOLS_CUP)


def parse_evenings(text: str) -> tuple[int, ...]:
    """The ladder evenings (round numbers) the pool rounds are played on, as the director
    types them (``3 5 7`` or ``3, 5, 7``); empty: not scheduled yet."""
    words = text.replace(",", " ").split()
    if not all(w.isdigit() and int(w) >= 1 for w in words):
        raise CupStageError("pools.error.evenings", text=text.strip())
    return tuple(int(w) for w in words)


def build_cup(
    ladder: Season,
    name: str,
    entrants: Sequence[str],
    preset: str,
    evenings: Sequence[int] = (),
) -> Season:
    """DS-21: the cup as a season played within ``ladder``: the entrants (ladder players;
    seeded by rating, strongest first, for ``snake`` pools, else as listed) in pools, and
    every pool round with its games (none played yet), on ``evenings`` where given."""
    ruleset = load_ruleset(preset)
    if ruleset.pools_cup is None:
        raise CupStageError("pools.error.not_a_cup")
    if not name.strip():
        raise CupStageError("pools.error.name")
    unknown = [pid for pid in entrants if pid not in ladder.player_ids]
    if unknown:
        raise CupStageError("pools.error.unknown", player=unknown[0])
    chosen = list(dict.fromkeys(entrants))
    if len(chosen) < 2:
        raise CupStageError("pools.error.entrants", count=len(chosen))
    rounds = pool_rounds(ruleset)
    if len(evenings) not in (0, rounds):
        raise CupStageError("pools.error.evening_count", count=len(evenings), rounds=rounds)
    players = [copied_player(ladder, ladder.player(pid)) for pid in chosen]
    if ruleset.pools_cup.pool_order == "snake":
        players.sort(key=lambda p: (-(p.rating or 0), p.name))
    pools = make_pools(
        [p.id for p in players], ruleset.pools_cup.pool_size, ruleset.pools_cup.pool_order
    )
    schedule = pool_schedule(pools, ruleset.round_robin, rounds)
    season = Season(
        club=ladder.club,
        season=ladder.season,
        competition=name.strip(),
        ruleset=RulesetRef(preset),
        players=tuple(players),
        rounds=tuple(
            Round(i, games=games, ladder_round=evenings[i - 1] if evenings else None)
            for i, games in enumerate(schedule, start=1)
        ),
        ladder=f"{ladder.club}/{ladder.season}/{ladder.competition}",
    )
    check_season(season, ruleset)
    return season


def create(
    repo: Repository,
    ladder_id: int,
    name: str,
    entrants: Sequence[str],
    *,
    actor: Actor,
    preset: str = "ds-meierij-cup",
    evenings: Sequence[int] = (),
) -> int:
    """Create the cup within the ladder ``ladder_id`` (logged as ``create-pools-cup``); its
    id. A name the club's season already has is refused."""
    ladder = repo.load(ladder_id)
    taken = {
        i.competition.casefold()
        for i in repo.competitions()
        if (i.club, i.season) == (ladder.club, ladder.season)
    }
    if name.strip().casefold() in taken:
        raise CupStageError("pools.error.name_taken", name=name.strip())
    season = build_cup(ladder, name, entrants, preset, evenings)
    return repo.import_season(season, actor=actor, action=CREATE_ACTION)


def draw_knockout(
    repo: Repository, cid: int, *, actor: Actor, evening: int | None = None
) -> Season:
    """DS-21: the next knock-out round of both stages, drawn from the pool tables (the
    first) or the ties before it, as a new round on the ladder evening ``evening``."""
    season, ruleset = repo.load(cid), repo.ruleset(cid)
    games = next_knockout_games(season, ruleset)
    number = (season.rounds[-1].number if season.rounds else 0) + 1
    rnd = Round(number, games=games, ladder_round=evening)
    return repo.save_round(cid, rnd, actor=actor, action=DRAW_ACTION, read=None)


def record_tiebreak(
    repo: Repository,
    cid: int,
    round_no: int,
    step: str,
    white: str,
    black: str,
    result: Result,
    *,
    actor: Actor,
) -> Season:
    """DS-21: record how a level knock-out tie was decided (the rapid pair or the
    Armageddon; :func:`compcore.formats.pools_cup.tiebreak_decision`), logged as a decision."""
    season, ruleset = repo.load(cid), repo.ruleset(cid)
    decision = tiebreak_decision(season, ruleset, round_no, step, white, black, result)
    return repo.add_decision(cid, decision, actor=actor)
