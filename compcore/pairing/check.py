"""``compcore check``: replay every stored round against the hard pairing rules.

For round ``r`` the rules are those as they stood before it (history of rounds 1..r-1),
and every board of the round is tested with the same :meth:`Rules.violations` the pairing
engine uses, plus DS-9's "the engine plays only when the number of present humans is odd".
Round-robin group games (DS-16) are not ladder pairings and are not checked. A board whose
``Game.override`` is set is reported as overridden (KC-7: the director's reason, logged);
those do not count for the exit code.
"""

from __future__ import annotations

from dataclasses import dataclass

from compcore.history import cycle_of
from compcore.i18n import Lang, t
from compcore.model import EMPTY, Kind, Round, Season
from compcore.pairing.base import Reason
from compcore.pairing.rules import Rules, rule_id
from compcore.rulesets import Ruleset


@dataclass(frozen=True)
class Violation:
    """One board of a stored round that breaks a hard rule."""

    round: int
    white: str
    black: str
    rule: str
    reason: Reason
    overridden: str | None = None

    def describe(self, lang: Lang = "en") -> str:
        """One line: ``round 5: p03-p04: met twice already this cycle (DS-11)``."""
        line = t(
            "check.line",
            lang,
            round=self.round,
            white=self.white,
            black=self.black,
            detail=self.reason.text(lang),
        )
        if self.overridden:
            line += "; " + t("check.overridden", lang, reason=self.overridden)
        return line


def check_round(season: Season, ruleset: Ruleset, rnd: Round) -> list[Violation]:
    """Hard-rule violations of one (possibly edited) round, against the history before it."""
    rules = Rules(season, ruleset, rnd.number, cycle_of(rnd, ruleset))
    out: list[Violation] = []
    games = [g for g in rnd.games or () if g.group is None]
    for game in games:
        for rule in rules.violations(game.white, game.black):
            out.append(
                Violation(
                    round=rnd.number,
                    white=game.white,
                    black=game.black,
                    rule=rule,
                    reason=rules.detail(game.white, game.black, rule),
                    overridden=game.override,
                )
            )
    if rules.engines and ruleset.pairing.engine is not None:
        humans = {pid for g in games for pid in (g.white, g.black) if pid not in rules.engines}
        humans |= {
            pid
            for pid, kind in (rnd.entries or EMPTY).items()
            if kind in (Kind.BYE, Kind.DECLINED_ENGINE)
        }
        for game in games:
            if (game.white in rules.engines or game.black in rules.engines) and len(
                humans
            ) % 2 == 0:
                out.append(
                    Violation(
                        round=rnd.number,
                        white=game.white,
                        black=game.black,
                        rule="engine-odd",
                        reason=Reason("rule.detail.engine-odd", rule_id(ruleset, "engine"), {}),
                        overridden=game.override,
                    )
                )
    return out


def check(season: Season, ruleset: Ruleset) -> list[Violation]:
    """Every hard-rule violation in every stored round that has boards, in round order."""
    out: list[Violation] = []
    for rnd in season.rounds:
        if rnd.games:
            out.extend(check_round(season, ruleset, rnd))
    return out
