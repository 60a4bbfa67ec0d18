"""The core's value types and fixed constants that the app's pages and ``ui/`` name (in
annotations, ``isinstance`` checks and choice lists), in one place of the service layer.

The pages and ``ui/`` import from ``compcore.services``, ``compcore.present``,
``compcore.i18n`` and ``compcore.domain`` only (``tests/architecture/test_thin_pages.py``);
the rules, the scoring, the formats and the adapters stay behind the services. What a page
may *name* without depending on how it is computed is listed here: data classes and
constants, never a function that decides something."""

from __future__ import annotations

from compcore.adapters.access.auth import Directors
from compcore.adapters.access.login import Client, LoginGate
from compcore.adapters.access.throttle import (
    LoginSettingError,
    LoginThrottle,
    ThrottleSettings,
    Wait,
)
from compcore.adapters.files.trf import TrfDocument
from compcore.adapters.store.sessions import DEFAULT_LIFETIME
from compcore.awards.winners import Awards, FinalList
from compcore.formats.cup import BARRAGE_WINNER
from compcore.formats.kind import Format
from compcore.formats.knockout import Bracket, KoRound
from compcore.formats.playoff import PlayoffState
from compcore.formats.pools_cup import ARMAGEDDON_RESULTS, CupState
from compcore.formats.subgroups import Groups, Order
from compcore.formats.validate import RATING_HIGH, RATING_LOW
from compcore.lab.rulelab import Comparison
from compcore.lab.simulation import MAX_SEASONS_APP, Model, Simulation
from compcore.pairing import Board, Pairing, Reason, Violation
from compcore.pairing.linked import Evening
from compcore.ports.actors import Actor, Administrator, Director
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo, LogEntry, Mark
from compcore.rules.changes import BoardResult
from compcore.rules.club_settings import NAMES as CLUB_SETTING_NAMES
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import Subgroups, TieBreak
from compcore.scoring.club_rating import ClubRatings, RatingList
from compcore.scoring.contributions import Contribution, PlayerRounds
from compcore.scoring.explain import Explanation
from compcore.scoring.standings import Row, Standings
from compcore.scoring.ties import Figure

__all__ = [
    "ARMAGEDDON_RESULTS",
    "BARRAGE_WINNER",
    "CLUB_SETTING_NAMES",
    "DEFAULT_LIFETIME",
    "MAX_SEASONS_APP",
    "RATING_HIGH",
    "RATING_LOW",
    "Actor",
    "Administrator",
    "Awards",
    "Board",
    "BoardResult",
    "Bracket",
    "Client",
    "ClubRatings",
    "ClubSettings",
    "Comparison",
    "CompetitionInfo",
    "Contribution",
    "CupState",
    "Director",
    "Directors",
    "Evening",
    "Explanation",
    "Figure",
    "FinalList",
    "Format",
    "Groups",
    "KoRound",
    "LogEntry",
    "LoginGate",
    "LoginSettingError",
    "LoginThrottle",
    "Mark",
    "Model",
    "Order",
    "Pairing",
    "PlayerRounds",
    "PlayoffState",
    "RatingList",
    "Reason",
    "Repository",
    "Row",
    "Ruleset",
    "Simulation",
    "Standings",
    "Subgroups",
    "ThrottleSettings",
    "TieBreak",
    "TrfDocument",
    "Violation",
    "Wait",
]
