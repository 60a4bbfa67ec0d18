"""Swiss pairing for a club season (PP-5, MG-6) through the FIDE Dutch engine.

The season becomes a :class:`~compcore.pairing.swiss.SwissTournament`:

* pairing numbers follow the initial order (strength, rating, name as the ruleset says);
  the engine entrant is left out;
* per round and player: a played game gives opponent, colour and ``1``/``=``/``0``; a
  forfeit ``+``/``-`` (with its colour; it does not count for colours or rematches); a bye
  ``U`` (the pairing-allocated bye: the Dutch rules then give nobody a second one); a joker
  ``H`` (a half-point bye); every other entry (absences, external, not participating)
  ``Z``;
* players not present are ``unavailable``; with ``fewest-byes-lowest-placed`` (PP-4) the
  club chooses the bye first (the first candidate whose absence leaves a pairing without
  rematches) and that player is unavailable too; with ``swiss`` (MG-6) the Dutch engine
  allocates the bye;
* ``rematch_from_round`` is the first round of the open round's cycle when
  ``rematch_scope = "cycle"`` (PP-5), else 1;
* ``scores`` are the club's standings scores (jokers, capped absences: compcore's own
  points), so score groups are the club's;
* no rematch-free round at all (late in a cycle with few players): the Dutch engine is not
  run; the round is paired top-down by the standings with as few rematches as possible,
  the longest-ago first, each reported (PP-5's reading, :func:`_fallback`).

A first-round scheme (PP-5: round 1 drawn at random) is paired by the ladder walk instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from compcore.domain.boards import Board, Reason, Relaxation
from compcore.domain.errors import PairingError
from compcore.domain.model import Kind, Result, Round, Season
from compcore.formats.kind import Format, format_of
from compcore.pairing.byes import bye_reason, sitter_order
from compcore.pairing.context import Context, Outcome, scheme_of
from compcore.pairing.ladder import Infeasible, Sitter, Solver
from compcore.pairing.ladder_round import pair_ladder, relaxations, solve_pool
from compcore.pairing.swiss import (
    SwissBoard,
    SwissPairing,
    SwissPlayer,
    SwissRecord,
    SwissTournament,
    allocate_colours,
    effective_numbers,
    pair_dutch,
    player_inputs,
)
from compcore.rules.rulesets import Ruleset
from compcore.scoring.entries import apply_caps
from compcore.scoring.history import cycle_of, history
from compcore.scoring.standings import Standings, initial_order


def tournament(ctx: Context) -> tuple[SwissTournament, dict[str, int], dict[int, str]]:
    """The season before the open round as a Swiss tournament, and the number maps."""
    season, ruleset = ctx.season, ctx.ruleset
    humans = [pid for pid in initial_order(season, ruleset, 1) if not season.player(pid).is_engine]
    number = {pid: i for i, pid in enumerate(humans, start=1)}
    back = {i: pid for pid, i in number.items()}
    records = season_records(season, ruleset, number, before=ctx.number)
    players = tuple(
        SwissPlayer(
            number[pid],
            season.player(pid).name,
            season.rating_at(pid, ctx.number),
            tuple(records[pid]),
        )
        for pid in humans
    )
    return (
        SwissTournament(
            players=players, total_rounds=ruleset.total_rounds, first_colour_white=True
        ),
        number,
        back,
    )


def season_records(
    season: Season,
    ruleset: Ruleset,
    number: dict[str, int],
    *,
    before: int | None = None,
    scored: Mapping[tuple[str, int], Fraction | None] | None = None,
) -> dict[str, list[SwissRecord]]:
    """Every played round (before round ``before``, if given) as TRF records per player:
    :func:`round_records`, each round without a game written by what the standings score it
    (:func:`unplayed_record`: a joker past PP-2's cap is ``Z``, not ``H``), so the engine's
    history (floats, C.04.3 A.4) and the TRF export see the same rounds."""
    scored = unplayed_points(season, ruleset) if scored is None else scored
    swiss = format_of(ruleset) is Format.SWISS
    records: dict[str, list[SwissRecord]] = {pid: [] for pid in number}
    for rnd in season.played_rounds:
        if before is not None and rnd.number >= before:
            break
        for pid, record in round_records(rnd, number).items():
            if record.opponent is None:
                record = unplayed_record(record, scored.get((pid, rnd.number)), swiss)
            records[pid].append(record)
    return records


def unplayed_points(season: Season, ruleset: Ruleset) -> dict[tuple[str, int], Fraction | None]:
    """What the standings score each round without a game, by (player, round): a constant
    with the caps applied (PP-2: a fifth joker scores 0), ``None`` where the points are not
    a constant (a share of a Keizer value, MG-5's evening average). The open round's entries
    are counted as if played, so a joker announced beyond the cap scores 0 there too."""
    counted = season
    rnd = season.open_round
    if rnd is not None:
        entries = {k: v for k, v in (rnd.entries or {}).items() if not v.is_game_outcome}
        counted = season.with_round(replace(rnd, games=(), entries=entries, present=None))
    out: dict[tuple[str, int], Fraction | None] = {}
    for pid, scored in apply_caps(history(counted, ruleset), ruleset).items():
        for s in scored:
            if s.entry.opponent is None:
                constant = s.points.basis == "constant"
                out[pid, s.entry.round] = s.points.amount if constant else None
    return out


#: a round without a game by its points: a full point (the bye, else a full-point bye),
#: a half-point bye, a zero-point bye
_BY_POINTS = {Fraction(1): "F", Fraction(1, 2): "H", Fraction(0): "Z"}


def unplayed_record(record: SwissRecord, points: Fraction | None, swiss: bool) -> SwissRecord:
    """A round without a game written by what the standings score it (one reading for the
    TRF export and the Swiss engine's own history, so both see what the standings count). The pairing-allocated
    bye stays ``U`` (a pairing program must see it as paired; every Swiss preset scores it
    1, FIDE's value). Any other entry of a Swiss competition: 1 point ``F``, 1/2 ``H``, 0
    ``Z``, so the points column is the standings' score. Every other competition, and points
    TRF has no code for: by the entry's kind (joker ``H``, other ``Z``), except that a joker
    scoring 0 (past the cap) is ``Z``."""
    code = record.result
    if code == "U":
        return record
    if swiss and points in _BY_POINTS:
        code = _BY_POINTS[points]
    elif code == "H" and points == 0:
        code = "Z"
    return SwissRecord(None, None, code)


def round_records(rnd: Round, number: dict[str, int]) -> dict[str, SwissRecord]:
    """One played round as TRF records, for every player in ``number`` (their pairing
    numbers): a game with a result gives opponent, colour and ``1 = 0 + -``; a bye ``U``;
    a joker ``H``; every other entry (or none) ``Z``."""
    out: dict[str, SwissRecord] = {}
    for game in rnd.games or ():
        if game.result is None:
            continue
        w, b = game.white, game.black
        if w not in number or b not in number:
            continue
        rw, rb = _codes(game.result)
        out[w] = SwissRecord(number[b], "w", rw)
        out[b] = SwissRecord(number[w], "b", rb)
    for pid in number:
        if pid not in out:
            kind = (rnd.entries or {}).get(pid)
            code = "U" if kind is Kind.BYE else "H" if kind is Kind.JOKER else "Z"
            out[pid] = SwissRecord(None, None, code)
    return out


def _codes(result: Result) -> tuple[str, str]:
    return {
        Result.WHITE_WINS: ("1", "0"),
        Result.BLACK_WINS: ("0", "1"),
        Result.DRAW: ("=", "="),
        Result.WHITE_FORFEIT_WIN: ("+", "-"),
        Result.BLACK_FORFEIT_WIN: ("-", "+"),
        Result.DOUBLE_FORFEIT: ("-", "-"),
    }[result]


def rematch_from(ctx: Context) -> int:
    """PP-5: no rematch within the open round's cycle (its first round), else the season."""
    if ctx.ruleset.pairing.rematch_scope != "cycle":
        return 1
    first = ctx.number
    for rnd in reversed([r for r in ctx.season.rounds if r.number < ctx.number]):
        if cycle_of(rnd, ctx.ruleset) != ctx.cycle:
            break
        first = rnd.number
    return first


#: bye candidates offered to the Dutch engine before falling back (PP-4)
DUTCH_TRIES = 3


def _score(value: Fraction) -> str:
    """A score as the Dutch engine writes it: ``4``, ``4.5`` (a decimal comma in Dutch:
    :mod:`compcore.domain.reason`), ``13/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}" if value.denominator == 2 else str(value)


def _placed(board: SwissBoard, back: dict[int, str], rid: str | None) -> Reason:
    """Why the Dutch system paired the board: one score group, or who floated down."""
    if board.scores is None:
        return Reason("pair.swiss", rid, {})
    sw, sb = board.scores
    if sw == sb:
        return Reason("pair.swiss-group", rid, {"score": _score(sw)})
    floater = board.white if sw > sb else board.black
    high, low = max(sw, sb), min(sw, sb)
    return Reason(
        "pair.swiss-float", rid, {"player": back[floater], "high": _score(high), "low": _score(low)}
    )


def _colour(rule: str | None, why: str | None, player: int | None, back: dict[int, str],
            rid: str | None) -> Reason:  # fmt: skip
    """Which rule of FIDE C.04.3 E gave the colours, and why."""
    if rule is None or why is None:
        return Reason("colour.swiss", rid, {})
    params = {} if player is None else {"player": back.get(player, str(player))}
    return Reason(
        "colour.swiss-rule",
        rid,
        {"rule": rule, "detail": Reason(f"colour.fide.{why}", None, params)},
    )


def pair_swiss(ctx: Context, pool: list[str]) -> Outcome:
    """Pair ``pool`` (present, not forced) by the Dutch system with the club's data."""
    if scheme_of(ctx) is not None:
        return pair_ladder(ctx, pool)
    t, number, back = tournament(ctx)
    table = ctx.standings
    assert isinstance(table, Standings)
    scores: dict[int, Fraction] = {
        number[pid]: score for pid, score in table.final.scores.items() if pid in number
    }
    for _pid, n in number.items():
        scores.setdefault(n, Fraction(0))
    available = [pid for pid in pool if pid in number]
    method = ctx.ruleset.pairing.bye.method
    candidates: list[str | None] = [None]
    skipped_before: tuple[str, ...] = ()
    if len(available) % 2 == 1 and method != "swiss":
        byes = _club_byes(ctx, available)
        if byes is None:  # no bye leaves a rematch-free pairing: the Dutch rules cannot pair
            return _fallback(ctx, available, t, number, back, scores, None)
        skipped_before, ordered = byes
        # the first candidate leaves a rematch-free pairing; the Dutch engine's stricter
        # criteria get a few tries before the fallback (each try is a full Dutch pairing)
        candidates = list(ordered[:DUTCH_TRIES])
    elif not _rematch_free(ctx, available):
        return _fallback(ctx, available, t, number, back, scores, None)
    chosen = set(available)
    base_unavailable = frozenset(n for pid, n in number.items() if pid not in chosen)
    tried = _try_candidates(ctx, t, number, scores, base_unavailable, candidates)
    if isinstance(tried, PairingError | None):
        return _fallback(ctx, available, t, number, back, scores, tried)
    result, candidate = tried
    sitter: Sitter | None = None
    if candidate is not None:
        before = tuple(c for c in candidates[: candidates.index(candidate)] if c)
        sitter = Sitter(candidate, skipped_before + before)
    return _dutch_outcome(ctx, available, result, back, sitter)


def _try_candidates(
    ctx: Context,
    t: SwissTournament,
    number: dict[str, int],
    scores: dict[int, Fraction],
    base_unavailable: frozenset[int],
    candidates: list[str | None],
) -> tuple[SwissPairing, str | None] | PairingError | None:
    """The Dutch pairing with the first bye candidate it accepts (``None``: no club bye),
    or the last engine error when it accepts none."""
    last_error: PairingError | None = None
    for candidate in candidates:
        given = frozenset({number[candidate]} if candidate else ())
        try:
            result = pair_dutch(
                t,
                unavailable=base_unavailable | given,
                rematch_from_round=rematch_from(ctx),
                scores=scores,
                taking_part=given,
            )
        except PairingError as exc:
            last_error = exc
            continue
        return result, candidate
    return last_error


def _dutch_outcome(
    ctx: Context,
    available: list[str],
    result: SwissPairing,
    back: dict[int, str],
    sitter: Sitter | None,
) -> Outcome:
    """The club's boards and bye from the Dutch engine's pairing."""
    outcome = Outcome()
    rid = ctx.rid("swiss")
    for board in result.boards:
        outcome.boards.append(
            Board(
                white=back[board.white],
                black=back[board.black],
                placed=_placed(board, back, rid),
                colour=_colour(board.colour_rule, board.colour_why, board.colour_player, back, rid),
            )
        )
    if sitter is not None:
        outcome.sitting_out[sitter.player] = (Kind.BYE, bye_reason(ctx, available, sitter))
    elif result.bye is not None:
        outcome.sitting_out[back[result.bye]] = (
            Kind.BYE,
            Reason("bye.swiss", ctx.rid("bye") or rid, {}),
        )
    return outcome


def _fallback(
    ctx: Context,
    available: list[str],
    t: SwissTournament,
    number: dict[str, int],
    back: dict[int, str],
    scores: dict[int, Fraction],
    error: PairingError | None,
) -> Outcome:
    """The Dutch system found no pairing: pair top-down by the standings (score groups
    first) with the ladder's look-ahead, colours by FIDE's allocation rules.

    Where a rematch-free pairing exists (the Dutch rules failed on their absolute colour
    criteria, e.g. two players with the same absolute colour preference) it is used and a
    ``dutch-criteria`` relaxation says so (``error``: the Dutch engine's message). Where none
    exists (late in a cycle with few players, PP-5's reading), the round has as few
    rematches as possible, the longest-ago meetings first, each named on its board and in a
    relaxation of the no-rematch rule; with PP-4 the bye is the first candidate allowing the
    fewest rematches (:func:`compcore.pairing.ladder_round.solve_relaxed`)."""
    solved = solve_pool(ctx, available)
    inputs = player_inputs(t, rematch_from_round=rematch_from(ctx))
    present = {number[pid] for pid in available if pid in number}
    numbers = effective_numbers(t, frozenset(n for n in back if n not in present))
    outcome = Outcome()
    for item in solved.placed:
        a, b = number[item.first], number[item.second]
        decision = allocate_colours(
            inputs[a], inputs[b], float(scores[a]), float(scores[b]), True, numbers
        )
        outcome.boards.append(
            Board(
                white=back[decision.white],
                black=back[decision.black],
                placed=item.reason,
                colour=_colour(
                    decision.rule, decision.why, decision.player, back, ctx.rid("swiss")
                ),
            )
        )
    if solved.sitter is not None:
        outcome.sitting_out[solved.sitter.player] = (
            Kind.BYE,
            bye_reason(ctx, available, solved.sitter),
        )
    if solved.relaxed:
        outcome.relaxed.extend(relaxations(ctx, solved, outcome.boards))
        return outcome
    outcome.relaxed.append(
        Relaxation(
            "dutch-criteria",
            Reason("relax.dutch", ctx.rid("swiss"), {"error": error if error else ""}),
        )
    )
    return outcome


def _club_byes(ctx: Context, available: list[str]) -> tuple[tuple[str, ...], list[str]] | None:
    """PP-4's bye candidates in order, starting at the first whose absence leaves a
    rematch-free pairing (the ladder's look-ahead on the no-rematch graph); also the
    candidates skipped for that reason. ``None`` when no candidate leaves one."""
    order = sitter_order(ctx, available)
    solver = Solver(ctx.rules, sorted(available, key=ctx.rank))
    try:
        first = solver.prepare(order)
    except Infeasible:
        return None
    assert first is not None
    return first.skipped, order[order.index(first.player) :]


def _rematch_free(ctx: Context, available: list[str]) -> bool:
    """Whether the players can be paired without a rematch in the rematch scope (with any
    one of them sitting out when odd: MG-6's bye is the Dutch engine's choice)."""
    solver = Solver(ctx.rules, sorted(available, key=ctx.rank))
    try:
        solver.prepare(available if len(available) % 2 == 1 else None)
    except Infeasible:
        return False
    return True
