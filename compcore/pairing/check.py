"""``compcore check``: replay every stored round against the hard pairing rules and the
colour rules.

For round ``r`` the rules are those as they stood before it (history of rounds 1..r-1),
and every board of the round is tested with the same :meth:`Rules.violations` the pairing
engine uses, plus DS-9's "the engine plays only when the number of present humans is odd".
Round-robin group games (DS-16) are not ladder pairings and are not checked. A board whose
``Game.override`` is set is reported as overridden (KC-7: the director's reason, logged);
those do not count for the exit code.

Colours (ladder method; :func:`colour_findings`): a board whose colours differ from what
the ruleset's ordered ``colours`` list decides (:func:`compcore.pairing.colours.decide`,
the engine's own choice) is a finding named after the deciding rule: ``repeat-reversed``
(DS-13.1, KC-6, LA-5: a second game not reversed), ``critical-balance`` (LA-6),
``lower-balance-white`` (DS-13.2, LA-7), ``alternate`` (DS-13.3), ``higher-placed-black``
(DS-13.4, MG-3) or ``higher-placed-white`` (LA-7). Colours fixed otherwise are no break:
a scheme round with ``first_rounds.scheme_colours`` (KC-5: first named has white) is not
judged, and on a forced board (``Round.forced``: the director gave the colours) only the
hard colour rules count, reported as overridden (``override.forced``: "verplichte partij:
<reason>").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from compcore.domain.boards import Reason, forced_override
from compcore.domain.model import EMPTY, Game, Kind, Round, Season
from compcore.domain.reason import words
from compcore.formats.kind import Format, format_of
from compcore.i18n import Lang, t
from compcore.pairing.colours import decide
from compcore.pairing.context import ranking, ranking_table, scheme_for
from compcore.pairing.rules import Rules, rule_id
from compcore.rules.rulesets import Ruleset
from compcore.scoring.history import History, cycle_of, history

#: colour rules that hold even where the director fixed a board's colours (a forced board
#: that breaks one is reported as overridden); the others are preferences a forced board
#: or a scheme may set aside
HARD_COLOUR_RULES = frozenset({"repeat-reversed", "critical-balance"})


@dataclass(frozen=True)
class Violation:
    """One board of a stored round that breaks a hard rule or a colour rule (``rule``: the
    generic rule name, e.g. ``max-meetings`` or ``lower-balance-white``)."""

    round: int
    white: str
    black: str
    rule: str
    reason: Reason
    overridden: str | Reason | None = None

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
            line += "; " + t("check.overridden", lang, reason=words(self.overridden, lang))
        return line


def check_round(
    season: Season, ruleset: Ruleset, rnd: Round, hist: History | None = None
) -> list[Violation]:
    """Hard-rule violations and colour breaks of one (possibly edited) round, against the
    history before it (``hist``: the season's history, if the caller has it)."""
    rules = Rules(season, ruleset, rnd.number, cycle_of(rnd, ruleset), hist)
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
    out.extend(colour_findings(season, ruleset, rnd, rules, games))
    return out


def colour_findings(
    season: Season, ruleset: Ruleset, rnd: Round, rules: Rules, games: Sequence[Game]
) -> list[Violation]:
    """DS-13, KC-6, LA-5..LA-7, MG-3: the boards of ``rnd`` whose colours differ from what
    the ruleset's ``colours`` list decides with the history before the round (see the
    module docstring for colours that a scheme or the director fixed)."""
    if not colours_judged(season, ruleset, rnd.number, rules.cycle):
        return []
    forced = {frozenset((g.white, g.black)): g.reason or "director" for g in rnd.forced or ()}
    placing = Placing(season, ruleset, rnd.number, rules.cycle)
    out: list[Violation] = []
    for game in games:
        found = _colour_finding(
            rnd.number, rules, game, forced.get(frozenset(game.players)), placing
        )
        if found is not None:
            out.append(found)
    return out


def colours_judged(season: Season, ruleset: Ruleset, number: int, cycle: int) -> bool:
    """Whether the colour list decides this round's colours: the ladder method with a
    colour list, and not a scheme round whose scheme gives the colours (KC-5)."""
    p = ruleset.pairing
    if format_of(ruleset) is not Format.LADDER or not p.colours:
        return False
    first = p.first_rounds
    scheme = scheme_for(season, ruleset, number, cycle)
    return scheme is None or first is None or not first.scheme_colours


class Placing:
    """Two players in the order round ``number`` was paired on (the standings before it),
    computed on first use: only a board a placement rule decides needs them."""

    def __init__(self, season: Season, ruleset: Ruleset, number: int, cycle: int) -> None:
        self.season, self.ruleset, self.number, self.cycle = season, ruleset, number, cycle
        self._position: dict[str, int] | None = None

    def __call__(self, a: str, b: str) -> tuple[str, str]:
        if self._position is None:
            table = ranking_table(self.season, self.ruleset, self.number, self.cycle)
            self._position = {pid: i for i, pid in enumerate(ranking(self.season, table))}
        position = self._position
        higher, lower = sorted((a, b), key=lambda pid: position.get(pid, len(position)))
        return higher, lower


def _colour_finding(
    number: int, rules: Rules, game: Game, forced: str | None, placing: Placing
) -> Violation | None:
    """The board's colour break, if any: named after the colour rule that decides the
    board; a forced board (``forced``: its reason) only for a hard colour rule, overridden."""
    white, black = game.white, game.black
    decided = decide(rules, white, black, partial(placing, white, black))
    if decided is None or decided[0] == white:
        return None
    why = decided[1]
    name = why.key.removeprefix("colour.")
    if forced is not None and name not in HARD_COLOUR_RULES:
        return None
    return Violation(
        round=number,
        white=white,
        black=black,
        rule=name,
        reason=Reason("check.colour", None, {"why": why}),
        overridden=game.override or (forced_override(forced) if forced is not None else None),
    )


def check(season: Season, ruleset: Ruleset) -> list[Violation]:
    """Every hard-rule violation and colour break in every stored round that has boards,
    in round order."""
    out: list[Violation] = []
    hist = history(season, ruleset)  # read once; each round's rules take what came before
    for rnd in season.rounds:
        if rnd.games:
            out.extend(check_round(season, ruleset, rnd, hist))
    return out
