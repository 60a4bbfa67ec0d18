"""The pairing engine: every club's pairing rules, never dead-ending, explained board by board.

Public API (the app and the command line depend on these names):

* :func:`pair` pairs the season's open round and returns a :class:`Pairing`: the round as
  it would be stored (games without results, bye / declined-engine / other entries) plus,
  per :class:`Board`, a :class:`Reason` for the placement and one for the colours, who sits
  out and why, and every :class:`Relaxation` of a soft rule.
* :func:`check_round` tests one (edited) round against the hard rules;
  :func:`compcore.pairing.check.check` replays every stored round.
* :func:`repair_late` re-pairs the players whose opponent did not come (DS-14).

Behaviour comes from the ruleset's ``[pairing]`` data only; ``docs/pairing.md`` describes
the semantics (ladder with look-ahead, byes, schemes, colours, Swiss, knock-out).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from compcore.domain.boards import Board, Pairing, Reason, Relaxation
from compcore.domain.errors import PairingError

if TYPE_CHECKING:  # loaded on first use: ``compcore pair FILE.trf`` needs none of them
    from compcore.domain.model import Round, Season
    from compcore.pairing.check import Violation
    from compcore.rules.rulesets import Ruleset
    from compcore.scoring.standings import Standings
else:

    def __getattr__(name: str) -> Any:
        """``Violation`` on first use (the rule checks load rulesets and standings)."""
        if name == "Violation":
            from compcore.pairing.check import Violation

            return Violation
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Board",
    "Pairing",
    "Reason",
    "Relaxation",
    "Violation",
    "check_round",
    "pair",
    "repair_late",
]


def pair(season: Season, ruleset: Ruleset, *, standings: Standings | None = None) -> Pairing:
    """Pair ``season``'s open round. Raises :class:`PairingError` if there is no open round
    or no pairing can be made even with every relaxable rule relaxed.

    ``standings``: the standings after the previous round (for the open round's cycle where
    standings restart per cycle), if the caller has them already (the app shows them
    anyway); otherwise they are computed here, which is most of the time ``pair`` takes.
    """
    from compcore.pairing.engine import pair_round

    rnd = season.open_round
    if rnd is None:
        raise PairingError.at((), "pairing.no_open_round")
    return pair_round(season, ruleset, rnd, standings)


def check_round(season: Season, ruleset: Ruleset, rnd: Round) -> list[Violation]:
    """Hard-rule violations of one (possibly edited) round, judged on the history before it
    (for the app's live check of a hand-edited pairing)."""
    from compcore.pairing.check import check_round as _check_round

    return _check_round(season, ruleset, rnd)


def repair_late(
    season: Season, ruleset: Ruleset, no_shows: Collection[str], *, engine_away: bool = False
) -> Pairing:
    """DS-14: keep every board of the published round whose players both came; re-pair the
    players whose opponent did not come (and a published bye) among themselves.

    The published round is the season's last round when its games have no results yet
    (see ``docs/pairing.md``). ``engine_away``: the engine is unavailable this evening
    (DS-9, FAQ 7), so it does not join the re-pairing."""
    from compcore.pairing.late import repair

    return repair(season, ruleset, no_shows, engine_away=engine_away)
