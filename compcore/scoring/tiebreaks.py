"""Tie-breaks and information columns: Sonneborn-Berger (with PP-6's joker adjustment),
Buchholz, wins, jokers, the mutual result (DS-16), initial order."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema import Ruleset, TieBreak
from compcore.scoring.history import Entry

#: Sonneborn-Berger shares in halves: a win counts the opponent's score twice, a draw once
_HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}

Score = Fraction | int


def buchholz(entries: Sequence[Entry], scores: Mapping[str, Score]) -> Score:
    """Sum of the scores of the opponents met over the board (forfeits and byes excluded)."""
    return sum(scores.get(e.opponent, 0) for e in entries if e.played and e.opponent)


def sonneborn_berger(
    entries: Sequence[Entry], scores: Mapping[str, Score], ruleset: Ruleset
) -> Fraction:
    """PP-6 weerstandspunten: the opponent's score in full for a win, half for a draw,
    over games played over the board.

    With ``sb_adjustment`` (PP-6): every joker round, and every absence once the jokers are
    used up, adds ``share`` (1/2) of the player's average SB per played game.
    Worked example: SB 6 over 4 games (average 3/2), two jokers: 6 + 2 x 1/2 x 3/2 = 15/2.
    Proportional to the scores, so it ranks the same on scores in any unit.
    """
    halves: Score = 0
    games = 0
    for e in entries:
        if e.played and e.opponent is not None:
            games += 1
            halves += scores.get(e.opponent, 0) * _HALVES[e.kind]
    raw = Fraction(halves, 2)
    adj = ruleset.sb_adjustment
    if adj is None or not games:
        return raw
    adjusted = len(_adjusted_rounds(entries, ruleset))
    return raw + adjusted * adj.share * raw / games


def _sb_cap_limit(ruleset: Ruleset) -> int | None:
    """PP-6: how many of ``sb_adjustment.cap_kind`` (jokers) a player has before an absence
    counts for the adjustment too (the points table's cap), if there is a cap."""
    adj = ruleset.sb_adjustment
    cap_rule = ruleset.points.rule(adj.cap_kind) if adj is not None else None
    if cap_rule is None or cap_rule.cap is None:
        return None
    return cap_rule.cap.limit(ruleset.rounds_per_cycle)


_WINS = frozenset({Kind.WIN, Kind.FORFEIT_WIN})
_JOKER = Kind.JOKER


def wins(entries: Sequence[Entry]) -> int:
    """LA-10: games won, forfeit wins included (a forfeit is a game won by rule)."""
    return sum(1 for e in entries if e.kind in _WINS)


def jokers(entries: Sequence[Entry]) -> int:
    return sum(1 for e in entries if e.kind is _JOKER)


def mutual_result(entries: Sequence[Entry], among: Collection[str]) -> int:
    """DS-16 (the group table: points, SB, then the mutual result): what the player scored,
    in halves (win 2, draw 1), in the games played over the board against ``among``, the
    players still level with him."""
    return sum(_HALVES[e.kind] for e in entries if e.played and e.opponent in among)


MUTUAL: TieBreak = "mutual-result"


def tie_keys(
    scores: Mapping[str, Score],
    breaks: Sequence[TieBreak],
    column: Callable[[TieBreak], Mapping[str, Score]],
    mutual: Callable[[str, frozenset[str]], Score],
) -> tuple[dict[str, tuple[Score, ...]], dict[str, Score]]:
    """Each player's sort key (lower sorts first): minus the score, then each tie-break of
    ``breaks`` in order, better first. ``column(name)`` gives a tie-break's values (0 for
    a player left out); the mutual result (DS-16) is not a column of its own but counted
    among the players whose key is equal so far (``mutual(player, level)``), 0 for a
    player level with nobody. Also returns the mutual results so counted."""
    keys: dict[str, tuple[Score, ...]] = {p: (-s,) for p, s in scores.items()}
    mutuals: dict[str, Score] = {}
    for name in breaks:
        if name == MUTUAL:
            level: dict[tuple[Score, ...], set[str]] = {}
            for p, key in keys.items():
                level.setdefault(key, set()).add(p)
            groups = {p: frozenset(level[key]) for p, key in keys.items()}
            mutuals = {p: mutual(p, g) if len(g) > 1 else 0 for p, g in groups.items()}
            keys = {p: (*key, -mutuals[p]) for p, key in keys.items()}
        else:
            values, sign = column(name), DIRECTION[name]
            keys = {p: (*key, -sign * values.get(p, 0)) for p, key in keys.items()}
    return keys, mutuals


def compute(
    name: TieBreak,
    entries: Mapping[str, Sequence[Entry]],
    scores: Mapping[str, Score],
    ruleset: Ruleset,
    initial_index: Mapping[str, int],
) -> dict[str, Fraction | int]:
    """One tie-break's value for every player."""
    by_name: dict[TieBreak, Callable[[str], Score]] = {
        "initial-order": lambda p: initial_index[p],
        "wins": lambda p: wins(entries.get(p, ())),
        "sonneborn-berger": lambda p: sonneborn_berger(entries.get(p, ()), scores, ruleset),
        "fewest-jokers": lambda p: jokers(entries.get(p, ())),
        "buchholz": lambda p: buchholz(entries.get(p, ()), scores),
        # DS-16: against the players on the same score (the standings count it among
        # those level on the earlier tie-breaks too, :func:`tie_keys`)
        "mutual-result": lambda p: Fraction(
            mutual_result(entries.get(p, ()), {q for q in scores if scores[q] == scores[p]}), 2
        ),
    }
    fn = by_name[name]
    return {p: fn(p) for p in scores}


#: tie-breaks proportional to the scores (computed on scores in units of 1/scale they come
#: out in the same units)
PROPORTIONAL = frozenset({"sonneborn-berger", "buchholz"})

#: +1: higher is better; -1: lower is better
DIRECTION: dict[str, int] = {
    "initial-order": -1,
    "wins": 1,
    "sonneborn-berger": 1,
    "fewest-jokers": -1,
    "buchholz": 1,
    "mutual-result": 1,
}


def ranking(
    scores: Mapping[str, Score],
    ruleset: Ruleset,
    entries: Mapping[str, Sequence[Entry]],
    initial_index: Mapping[str, int],
) -> tuple[str, ...]:
    """Players by score, ties broken by the ruleset's tie-breaks in order, then by the
    initial order (which makes the ranking total), over all of ``entries``."""
    return TieBreaks(entries, ruleset, initial_index).ranking(scores)


class _Record:
    """One player's facts for the tie-breaks, each list in round order (see
    :class:`TieBreaks`)."""

    __slots__ = ("adjusted", "game_rounds", "halves", "jokers", "opponents", "wins")

    def __init__(self, entries: Sequence[Entry], ruleset: Ruleset) -> None:
        #: rounds of the games played over the board, with the opponent and the SB share
        self.game_rounds = [e.round for e in entries if e.played and e.opponent is not None]
        self.opponents = [e.opponent for e in entries if e.played and e.opponent is not None]
        self.halves = [_HALVES[e.kind] for e in entries if e.played and e.opponent is not None]
        #: rounds won (forfeit wins included), joker rounds, SB-adjusted rounds (PP-6)
        self.wins = [e.round for e in entries if e.kind in _WINS]
        self.jokers = [e.round for e in entries if e.kind is _JOKER]
        self.adjusted = _adjusted_rounds(entries, ruleset)

    @property
    def counts(self) -> bool:
        """Whether any tie-break of the player can be other than 0."""
        return bool(self.game_rounds or self.wins or self.jokers)


def _adjusted_rounds(entries: Sequence[Entry], ruleset: Ruleset) -> list[int]:
    """PP-6: the rounds that add to the player's Sonneborn-Berger (every joker, every
    absence once the jokers are used up), as :func:`sonneborn_berger` counts them."""
    adj = ruleset.sb_adjustment
    if adj is None:
        return []
    cap_limit = _sb_cap_limit(ruleset)
    used = 0
    out = []
    for e in entries:
        if e.kind in adj.kinds or (
            e.kind in adj.after_cap_kinds and cap_limit is not None and used >= cap_limit
        ):
            out.append(e.round)
        if e.kind == adj.cap_kind:
            used += 1
    return out


#: a round after every round of any season
_ALL = 1 << 62


class TieBreaks:
    """The ruleset's tie-breaks after any round of the scope, at a cost linear in the
    players and the games played so far.

    Every player's played games, wins, jokers and PP-6-adjusted rounds are read once and
    kept by round; the tie-breaks after round ``k`` then count with one bisection per
    player (a member who never played costs nothing more) and rank on whole numbers:
    Sonneborn-Berger in halves (twice :func:`sonneborn_berger`, so the same order; a
    fraction only where PP-6's adjustment applies), never rebuilding per-round entry lists.
    :func:`compute` remains the per-entry definition (the standings' columns).
    """

    def __init__(
        self,
        entries: Mapping[str, Sequence[Entry]],
        ruleset: Ruleset,
        initial_index: Mapping[str, int],
    ) -> None:
        self.ruleset = ruleset
        self.initial_index = initial_index
        records = ((p, _Record(es, ruleset)) for p, es in entries.items())
        self.records = {p: r for p, r in records if r.counts}

    def column(
        self, name: TieBreak, scores: Mapping[str, Score], upto: int | None = None
    ) -> dict[str, Score]:
        """One tie-break over the rounds up to ``upto`` (default: all), in a unit that keeps
        its order (``sonneborn-berger`` in halves), for the players whose value can be other
        than 0 (everyone else has 0; ``initial-order``: everyone)."""
        if name == "initial-order":
            return dict(self.initial_index)
        last = _ALL if upto is None else upto
        by_name: dict[TieBreak, Callable[[_Record], Score]] = {
            "wins": lambda r: bisect_right(r.wins, last),
            "fewest-jokers": lambda r: bisect_right(r.jokers, last),
            "buchholz": lambda r: self._buchholz(r, scores, last),
            "sonneborn-berger": lambda r: self._sb_halves(r, scores, last),
        }
        value = by_name[name]
        return {p: value(r) for p, r in self.records.items()}

    @staticmethod
    def _buchholz(record: _Record, scores: Mapping[str, Score], last: int) -> Score:
        n = bisect_right(record.game_rounds, last)
        return sum(scores.get(q, 0) for q in record.opponents[:n])

    def _sb_halves(self, record: _Record, scores: Mapping[str, Score], last: int) -> Score:
        """Twice :func:`sonneborn_berger` over the rounds up to ``last``: the opponents'
        scores times 2 for a win, 1 for a draw, then PP-6's ``share`` of the average per
        game for every adjusted round."""
        games = bisect_right(record.game_rounds, last)
        halves = sum(
            scores.get(q, 0) * h
            for q, h in zip(record.opponents[:games], record.halves[:games], strict=True)
        )
        adj = self.ruleset.sb_adjustment
        adjusted = bisect_right(record.adjusted, last)
        if adj is None or not adjusted or not halves:
            return halves
        # halves + adjusted x share x halves / games, as one fraction (the same value;
        # four fraction operations a player and round were a third of a season's ranking)
        per = adj.share.denominator
        return Fraction(halves * (games * per + adjusted * adj.share.numerator), games * per)

    def ranking(self, scores: Mapping[str, Score], upto: int | None = None) -> tuple[str, ...]:
        """Players by score, ties broken by the tie-breaks in order (after round ``upto``),
        then by the initial order (which makes the ranking total)."""
        breaks = self.ruleset.tie_breaks
        index = self.initial_index
        if MUTUAL not in breaks:
            columns = [(self.column(b, scores, upto), DIRECTION[b]) for b in breaks]
            return tuple(
                sorted(
                    scores,
                    key=lambda p: (-scores[p], *(-d * c.get(p, 0) for c, d in columns), index[p]),
                )
            )
        keys, _ = self.keys(scores, upto)
        return tuple(sorted(scores, key=lambda p: (keys[p], index[p])))

    def prefix_keys(
        self, scores: Mapping[str, Score], upto: int | None, breaks: Sequence[TieBreak]
    ) -> dict[str, tuple[Score, ...]]:
        """Each player's sort key on the score and ``breaks`` (the ruleset's tie-breaks
        before the initial order), lower first, as :meth:`ranking` sorts on before the
        initial order; a player with score 0 and no record has all zeros."""
        if MUTUAL in breaks:
            return self.keys(scores, upto, breaks)[0]
        columns = [(self.column(b, scores, upto), DIRECTION[b]) for b in breaks]
        return {p: (-s, *(-d * c.get(p, 0) for c, d in columns)) for p, s in scores.items()}

    def keys(
        self,
        scores: Mapping[str, Score],
        upto: int | None = None,
        breaks: Sequence[TieBreak] | None = None,
    ) -> tuple[dict[str, tuple[Score, ...]], dict[str, Score]]:
        """:func:`tie_keys` after round ``upto`` (mutual results in halves), by ``breaks``
        (default: the ruleset's tie-breaks)."""
        last = _ALL if upto is None else upto
        return tie_keys(
            scores,
            self.ruleset.tie_breaks if breaks is None else breaks,
            lambda b: self.column(b, scores, upto),
            lambda p, among: self._mutual(p, among, last),
        )

    def _mutual(self, player: str, among: frozenset[str], last: int) -> int:
        """DS-16: :func:`mutual_result` over the rounds up to ``last``."""
        record = self.records.get(player)
        if record is None:
            return 0
        games = bisect_right(record.game_rounds, last)
        pairs = zip(record.opponents[:games], record.halves[:games], strict=True)
        return sum(h for q, h in pairs if q in among)
