"""What the app's pages read and show, computed by the core: the standings, the awards,
the club rating, a score's explanation, a round's cycle, a group's table, a cup's bracket
and a cup of pools, a play-off's state, the bundled presets and the club evenings.

The pages and ``ui/`` call these instead of the core's rule modules
(``tests/architecture/test_thin_pages.py``): one place where the app meets the rules, each
function saying what the page needs rather than how the core computes it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from compcore.adapters.files import club_calendar
from compcore.awards import winners
from compcore.awards.winners import Awards, Championship
from compcore.domain.model import Round, Season
from compcore.formats import cup, kind, playoff, pools_cup, round_robin
from compcore.formats.kind import Format
from compcore.formats.knockout import Bracket, KoRound, Tie
from compcore.formats.playoff import PlayoffState
from compcore.formats.pools_cup import CupState
from compcore.formats.round_robin import GroupTable
from compcore.i18n import Lang, t
from compcore.rules import rulesets
from compcore.rules.rulesets import Ruleset
from compcore.scoring import club_rating, contributions, history
from compcore.scoring import explain as explaining
from compcore.scoring import standings as scoring
from compcore.scoring.club_rating import ClubRatings
from compcore.scoring.contributions import PlayerRounds
from compcore.scoring.explain import Explanation
from compcore.scoring.standings import Standings

# --------------------------------------------------------------------------- standings


def standings(
    season: Season, ruleset: Ruleset, *, after_round: int | None = None, cycle: int | None = None
) -> Standings:
    """The standings after ``after_round`` (default: the last complete round), of
    ``cycle`` (default: the ruleset's own scope)."""
    return scoring.standings(season, ruleset, after_round=after_round, cycle=cycle)


def last_complete_round(season: Season) -> int:
    """The last played round whose boards all have a result (0 before any)."""
    return scoring.last_complete_round(season)


def cycle_of(rnd: Round, ruleset: Ruleset) -> int:
    """A round's cycle: as the season file says, else from the ruleset's cycle length."""
    return history.cycle_of(rnd, ruleset)


def player_rounds(season: Season, ruleset: Ruleset, table: Standings, player: str) -> PlayerRounds:
    """``player``'s entries in ``table``'s scope, each with its value and its points."""
    return contributions.player_rounds(season, ruleset, table, player)


def explain(
    season: Season, ruleset: Ruleset, player: str, *, round: int | None, since: int | None = None
) -> Explanation:
    """Why ``player``'s score after ``round`` differs from his score after ``since``
    (default: the played round before; 0: the start), as ``compcore explain --since``."""
    return explaining.explain(season, ruleset, player, round=round, since=since)


def club_ratings(season: Season, ruleset: Ruleset) -> ClubRatings:
    """The club rating list before the first round and after every played round."""
    return club_rating.club_ratings(season, ruleset)


# --------------------------------------------------------------------------- awards


def awards(season: Season, ruleset: Ruleset) -> Awards:
    """Every award the ruleset knows, as far as the season has got."""
    return winners.awards(season, ruleset)


def club_championships(result: Awards, ruleset: Ruleset) -> tuple[Championship, ...]:
    """The club-championship blocks the Winnaars page shows."""
    return winners.club_championships(result, ruleset)


def decision_kinds(ruleset: Ruleset) -> list[str]:
    """The decisions a director can record under this ruleset."""
    return winners.decision_kinds(ruleset)


# --------------------------------------------------------------------------- formats


def format_of(ruleset: Ruleset) -> Format:
    """Which format a competition under ``ruleset`` is (the one answer every layer asks:
    :func:`compcore.formats.kind.format_of`)."""
    return kind.format_of(ruleset)


def cup_bracket(season: Season, ruleset: Ruleset) -> Bracket:
    """The knock-out cup round by round (MG-7, MG-8)."""
    return cup.bracket(season, ruleset)


def shown_bracket(season: Season, ruleset: Ruleset) -> Bracket | None:
    """The cup's bracket when the competition is a knock-out cup, else None."""
    return cup.bracket(season, ruleset) if kind.is_cup(ruleset) else None


def playoff_state(season: Season, ruleset: Ruleset) -> PlayoffState:
    """DS-19, DS-20: the play-off's seeds, table, barrages and champion."""
    return playoff.state(season, ruleset)


def barrage_draw(players: Sequence[str], seed: int) -> tuple[str, ...]:
    """DS-20: the barrage draw by lot among ``players`` (reproducible)."""
    return playoff.draw(players, seed)


def open_barrages(done: Sequence[KoRound]) -> tuple[Tie, ...]:
    """The barrages whose winner is still to be recorded."""
    return playoff.open_barrages(done)


def group_table(season: Season, ruleset: Ruleset) -> GroupTable:
    """The round-robin group's table (DS-16)."""
    return round_robin.table(season, ruleset)


def postponed(season: Season) -> frozenset[tuple[int, int]]:
    """The boards (round, board from 0) still without a result while a later one has one."""
    return round_robin.postponed(season)


def pools_cup_state(season: Season, ruleset: Ruleset) -> CupState:
    """The cup of pools so far (DS-21): the pools, the knock-out and the losers' cup."""
    return pools_cup.cup_state(season, ruleset)


def open_ties(state: CupState) -> tuple[tuple[int, Tie], ...]:
    """The cup of pools' knock-out meetings still open."""
    return pools_cup.open_ties(state)


# --------------------------------------------------------------------------- presets


def preset_names() -> tuple[str, ...]:
    """The names of the bundled presets, sorted."""
    return rulesets.preset_names()


def preset_source(name: str) -> str:
    """The preset's TOML text."""
    return rulesets.preset_source(name)


def preset_title(name: str, lang: Lang) -> str:
    """A preset's name as the ruleset lists show it, in ``lang`` ("Keizer-ladder
    Dubbelschaak" for ``dubbelschaak``); the id itself for a preset without one (the id
    stays the value a list gives back)."""
    key = f"preset.title.{name}"
    title = t(key, lang)
    return name if title == key else title


def ruleset_of(preset: str, overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """The validated ruleset of ``preset`` with ``overrides`` (refused in words if bad)."""
    return rulesets.load_ruleset(preset, overrides)


def preset_descriptions(lang: Lang) -> list[tuple[str, str]]:
    """Each bundled preset with its description in ``lang`` (English where no Dutch)."""
    out = []
    for name in rulesets.preset_names():
        ruleset = rulesets.load_ruleset(name)
        text = (
            ruleset.description_nl
            if lang == "nl" and ruleset.description_nl
            else ruleset.description
        )
        out.append((name, text))
    return out


# --------------------------------------------------------------------------- evenings


def has_dated_evenings(season: Season, ruleset: Ruleset) -> bool:
    """Whether the season has a dated club evening (the calendar file needs one)."""
    return bool(club_calendar.evenings(season, ruleset))


def evenings_ics(
    season: Season, ruleset: Ruleset, lang: Lang, zone: ZoneInfo, now: datetime | None = None
) -> bytes:
    """The season's club evenings as an iCalendar file."""
    return club_calendar.to_ics(season, ruleset, lang, zone, now)


def cycles_of(rounds: Iterable[Round], ruleset: Ruleset) -> list[int]:
    """The cycles of ``rounds``, sorted, each once."""
    return sorted({history.cycle_of(r, ruleset) for r in rounds})
