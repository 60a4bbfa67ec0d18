"""The championship play-off played as a competition of its own (DS-19, DS-20): its seeds,
its table, the barrages between leaders level on points, and the champion.

A play-off season (ruleset with a ``playoff`` section, e.g. the preset ``ds-playoff``):

* its players are the seeds, ``strength`` = the seed number (the initial order);
* its rounds are the Berger schedule (:func:`compcore.formats.round_robin.berger`), made when it is
  created (:mod:`compcore.services.playoff`);
* a ``playoff-of`` decision says which ladder (``note``, ``club/season/competition``) and
  category it decides (``player``: seed 1); a ``playoff-replacement`` decision names a
  player who took the seed (``round``) of one who cannot play, and why (``note``, DS-19);
* round 1's ``seed`` is the seed of the barrage draw (DS-20: by lot, reproducible);
* the director records each barrage's winner as ``Decision(kind="barrage-winner",
  round=<barrage number>, player=...)``.

Pure functions of the season and ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Decision, Season
from compcore.domain.reason import Reason
from compcore.formats import knockout, round_robin
from compcore.formats.cup import BARRAGE_WINNER
from compcore.formats.knockout import KoRound, Tie
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import initial_order

#: the decision naming the ladder and category a play-off decides (player: seed 1)
PLAYOFF_OF = "playoff-of"
#: the decision naming a seed's replacement (round: the seed number; note: why, DS-19)
PLAYOFF_REPLACEMENT = "playoff-replacement"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the play-off table."""

    player: str
    seed: int
    points: Fraction
    played: int  # games with a result


@dataclass(frozen=True, slots=True)
class PlayoffState:
    """The play-off so far."""

    seeds: tuple[str, ...]
    table: tuple[Row, ...]
    #: every board has a result
    complete: bool
    #: level on points at the top (once complete)
    leaders: tuple[str, ...]
    #: the stages of barrages (a stage's ties: its barrages, numbered; its byes wait)
    stages: tuple[KoRound, ...]
    champion: str | None
    #: what it decides: the ladder (``club/season/competition``) and the category
    source: str | None
    category: str | None
    draw_seed: int | None
    replacements: tuple[Decision, ...]


def seeds(season: Season, ruleset: Ruleset) -> tuple[str, ...]:
    """DS-19: the seeds in order (the initial order: ``strength`` is the seed number)."""
    return initial_order(season, ruleset, 1)


def table(season: Season, ruleset: Ruleset) -> tuple[Row, ...]:
    """DS-20: points per seed from every board with a result (a postponed board counts once
    played), by the ruleset's points (win 1, draw ½, loss 0); most points first, then seed."""
    order = seeds(season, ruleset)
    counted = {r.player: r for r in round_robin.table(season, ruleset).rows}
    seed_of = {pid: i for i, pid in enumerate(order, start=1)}
    rows = [Row(pid, seed_of[pid], counted[pid].points, counted[pid].games) for pid in order]
    return tuple(sorted(rows, key=lambda r: (-r.points, r.seed)))


def is_complete(season: Season) -> bool:
    """Every board of the schedule has a result."""
    return season.all_results_in


def leaders(rows: Sequence[Row]) -> tuple[str, ...]:
    """DS-20: the players level on points at the top of the table, in seed order."""
    if not rows:
        return ()
    top = rows[0].points
    return tuple(r.player for r in sorted(rows, key=lambda r: r.seed) if r.points == top)


def draw(players: Sequence[str], seed: int) -> tuple[str, ...]:
    """DS-20: the barrage draw by lot among ``players`` (seeded, reproducible: the same
    players and seed give the same order)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return tuple(order)


def _power_of_two_below(n: int) -> int:
    size = 1
    while size * 2 < n:
        size *= 2
    return size


def stages(
    tied: Sequence[str], seed: int | None, winners: Sequence[Decision]
) -> tuple[KoRound, ...]:
    """DS-20: the barrages between leaders level on points, as far as they are decided.

    Two leaders play one barrage. Three or more are drawn by lot (:func:`draw`, seeded) and
    play a knock-out: each stage pairs players in drawn order so that after it a power of two
    is left, the others wait (three: the first barrage eliminates one, the winner meets the
    third in the second; four: two barrages, then their winners meet). A barrage's winner is
    the ``barrage-winner`` decision of its number; the next stage waits for all of them."""
    if len(tied) < 2:
        return ()
    alive = list(tied) if len(tied) == 2 or seed is None else list(draw(tied, seed))
    recorded = {d.round: d.player for d in winners if d.kind == BARRAGE_WINNER}
    out: list[KoRound] = []
    number = 0
    while len(alive) > 1:
        playing = 2 * (len(alive) - _power_of_two_below(len(alive)))
        matches = []
        for pair in knockout.pairs_in_order(alive[:playing]):
            number += 1
            matches.append(_barrage(number, pair, recorded.get(number)))
        stage = KoRound(len(out) + 1, tuple(matches), tuple(alive[playing:]))
        out.append(stage)
        if not stage.decided:
            break
        alive = knockout.survivors(stage)
    return tuple(out)


def _barrage(number: int, pair: tuple[str, str], recorded: str | None) -> Tie:
    """Barrage ``number`` between ``pair``: won by the recorded winner (if one of them)."""
    if recorded is None or recorded not in pair:
        return knockout.undecided(pair, (), Reason("playoff.open"), number=number)
    why = Reason("playoff.barrage_won", None, {"player": recorded, "number": number})
    return knockout.won(pair, (), recorded, why, number=number)


def _decision(season: Season, kind: str) -> Decision | None:
    return next((d for d in season.decisions or () if d.kind == kind), None)


def decides(season: Season) -> tuple[str | None, str | None]:
    """What a play-off decides: the ladder (``club/season/competition``) and category its
    ``playoff-of`` decision names; (None, None) without one."""
    of = _decision(season, PLAYOFF_OF)
    return (of.note, of.category) if of is not None else (None, None)


def state(season: Season, ruleset: Ruleset) -> PlayoffState:
    """DS-19, DS-20: the play-off's seeds, table, barrages and champion (once decided: the
    one leader of a complete table, else the winner of the last barrage)."""
    rows = table(season, ruleset)
    complete = is_complete(season)
    top = leaders(rows) if complete else ()
    draw_seed = season.rounds[0].seed if season.rounds else None
    done = stages(top, draw_seed, season.decisions or ())
    champion: str | None = None
    if len(top) == 1:
        champion = top[0]
    elif done and len(done[-1].matches) == 1 and not done[-1].waiting:
        champion = done[-1].matches[0].winner
    source, category = decides(season)
    return PlayoffState(
        seeds=seeds(season, ruleset),
        table=rows,
        complete=complete,
        leaders=top,
        stages=done,
        champion=champion,
        source=source,
        category=category,
        draw_seed=draw_seed,
        replacements=tuple(d for d in season.decisions or () if d.kind == PLAYOFF_REPLACEMENT),
    )


def open_barrages(done: Sequence[KoRound]) -> tuple[Tie, ...]:
    """The barrages whose winner is still to be recorded (those of the last stage)."""
    return tuple(m for m in (done[-1].matches if done else ()) if m.winner is None)
