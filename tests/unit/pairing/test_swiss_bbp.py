"""compcore's Swiss pairs as bbpPairings v6 pairs (issue 18 item 3).

Hand-worked cases for the two rules that used to differ (E.5's pairing number with
players absent; C.9, the bye assignee's unplayed games), each also paired by the real
engine; then generated tournaments played forward round by round (``tests/swiss_play.py``)
with every round compared with bbpPairings' ``-p``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compcore.domain.errors import PairingError
from compcore.pairing.swiss import (
    SwissPlayer,
    SwissRecord,
    SwissTournament,
    effective_numbers,
    pair_dutch,
    player_inputs,
)
from tests.swiss_play import Tournament, bbp_pairing, compcore_pairing, play, player_line

Z = SwissRecord(None, None, "Z")


def _tournament(histories: dict[int, list[SwissRecord]], rounds: int = 5) -> SwissTournament:
    return SwissTournament(
        players=tuple(
            SwissPlayer(n, f"p{n}", 2400 - 10 * n, tuple(h)) for n, h in sorted(histories.items())
        ),
        total_rounds=rounds,
        first_colour_white=True,
    )


def _trf(t: SwissTournament, upcoming: dict[int, SwissRecord]) -> str:
    lines = ["012 hand-worked", f"XXR {t.total_rounds}", "XXC white1"]
    for p in t.players:
        records = list(p.history) + ([upcoming[p.number]] if p.number in upcoming else [])
        lines.append(player_line(p.number, p.rating or 0, records))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# E.5: the initial colour by the effective pairing number (the TPN, C.04.3 1.1, 1.2.2)
# ---------------------------------------------------------------------------

# Five players, number 1 absent in round 1. The four present form one score group:
# S1 = {2, 3}, S2 = {4, 5}, so 2-4 and 3-5. Nobody has a colour preference, so E.5
# decides: the higher-ranked player of each pair gets the initial colour (white) if their
# pairing number is odd. Counting only the players taking part, 2 is the first (odd: white)
# and 3 the second (even: black). So 2-4 and 5-3. By the plain pairing numbers (compcore
# before issue 18) 2 was even: 4-2 and 3-5.
ROUND_ONE_WITHOUT_1 = _tournament({n: [] for n in range(1, 6)})


def test_round_one_with_number_1_absent_gives_number_2_the_initial_colour() -> None:
    pairing = pair_dutch(ROUND_ONE_WITHOUT_1, unavailable=frozenset({1}))
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 4), (5, 3)]
    assert pairing.bye is None
    assert [b.colour_rule for b in pairing.boards] == ["E.5", "E.5"]


def test_round_one_with_number_1_absent_as_bbppairings_pairs_it(bbppairings, tmp_path) -> None:
    text = _trf(ROUND_ONE_WITHOUT_1, {1: Z})
    assert bbp_pairing(bbppairings, text, tmp_path) == (frozenset({(2, 4), (5, 3)}), None)
    assert compcore_pairing(text) == (frozenset({(2, 4), (5, 3)}), None)


def test_effective_numbers_count_players_present_or_paired_before() -> None:
    # Round 2 of six players. Round 1: 1 beat 5 by forfeit (1 white), 2 was absent (Z),
    # 3 had a half-point bye (H), 4 the pairing-allocated bye (U), 6 absent (Z).
    # Round 2: 1, 2, 4 and 5 absent; 3 and 6 present.
    #   1: paired in round 1 (a forfeit is paired)     -> 1
    #   2: never paired, absent now                    -> no number
    #   3: present                                     -> 2
    #   4: paired (the PAB) in round 1                 -> 3
    #   5: paired (the forfeit) in round 1             -> 4
    #   6: present                                     -> 5
    t = _tournament(
        {
            1: [SwissRecord(5, "w", "+")],
            2: [Z],
            3: [SwissRecord(None, None, "H")],
            4: [SwissRecord(None, None, "U")],
            5: [SwissRecord(1, "b", "-")],
            6: [Z],
        }
    )
    assert effective_numbers(t, frozenset({1, 2, 4, 5})) == {1: 1, 3: 2, 4: 3, 5: 4, 6: 5}
    # a bye the club gave before pairing (PP-4) keeps 2 in the count: 3 moves to 3
    assert effective_numbers(t, frozenset({1, 2, 4, 5}), frozenset({2}))[3] == 3
    # nobody absent: the pairing numbers themselves
    assert effective_numbers(t, frozenset()) == {n: n for n in range(1, 7)}


# ---------------------------------------------------------------------------
# C.9 (bbpPairings' numbering: minimise the unplayed games of the bye assignee): games count
# over the whole tournament, whether or not the opponent is there now
# ---------------------------------------------------------------------------

# Six players. Round 1: 1 and 2 absent (Z); 3 beat 6 (3 white), 4 beat 5 (4 white).
# Round 2: 3 absent, so 1, 2, 4, 5, 6 are paired (odd: one gets the bye).
# Scores: 4 has 1, the others 0. 4 floats down into the 0-bracket and meets its first
# player he has not met, 1 (5 he met). The remainder {2, 5, 6} leaves one player out: C.9
# wants the one with the fewest unplayed games, so 5 or 6 (one game each, 2 has none);
# between them the lowest-ranked, 6, gets the bye and 2 meets 5.
# Colours: 4 had white (mild preference black), 1 none: 1-4 (E.2); 5 had black
# (preference white), 2 none: 5-2.
# compcore before issue 18 counted only opponents present this round: 5 had "one" (4),
# 6 "none" (3 is absent), so it gave the bye to 5 and paired 2-6.
BYE_ROUND = _tournament(
    {
        1: [Z],
        2: [Z],
        3: [SwissRecord(6, "w", "1")],
        4: [SwissRecord(5, "w", "1")],
        5: [SwissRecord(4, "b", "0")],
        6: [SwissRecord(3, "b", "0")],
    }
)


def test_the_bye_goes_by_games_played_not_by_opponents_present() -> None:
    inputs = player_inputs(BYE_ROUND)
    assert [len(inputs[n].colours) for n in (2, 5, 6)] == [0, 1, 1]
    pairing = pair_dutch(BYE_ROUND, unavailable=frozenset({3}))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 4), (5, 2)]
    assert pairing.bye == 6


def test_the_bye_as_bbppairings_gives_it(bbppairings, tmp_path) -> None:
    text = _trf(BYE_ROUND, {3: Z})
    expected = (frozenset({(1, 4), (5, 2)}), 6)
    assert bbp_pairing(bbppairings, text, tmp_path) == expected
    assert compcore_pairing(text) == expected


# ---------------------------------------------------------------------------
# C.04.1 d: no second pairing-allocated bye, not even when no other bye is possible
# ---------------------------------------------------------------------------

# Three players. Round 1: 1 won by forfeit against 2 (1 white), 3 had the pairing-allocated
# bye. Round 2: 1 absent; 2 won by forfeit against 3 (2 white). Round 3, all present: an
# odd number, so someone must have the bye, but 1 and 2 scored a forfeit win and 3 had the
# bye already (C.04.1 d), so no legal pairing exists. caissify hands the bye out again when
# nobody is eligible; compcore refuses that pairing (bbpPairings: "No valid pairing").
# Found by the generated run (seed 1153, round 7: 6 had the bye in round 5).
NO_BYE_LEFT = _tournament(
    {
        1: [SwissRecord(2, "w", "+"), Z],
        2: [SwissRecord(1, "b", "-"), SwissRecord(3, "w", "+")],
        3: [SwissRecord(None, None, "U"), SwissRecord(2, "b", "-")],
    }
)


def test_no_second_bye_even_when_nobody_else_can_have_it() -> None:
    assert all(i.had_unplayed_win for i in player_inputs(NO_BYE_LEFT).values())
    with pytest.raises(PairingError) as caught:
        pair_dutch(NO_BYE_LEFT)
    # the first player the engine offered the bye to is named, in both languages
    assert "al een bye of een winst zonder te spelen (FIDE C.04.1 d)" in caught.value.text("nl")
    assert "already had a bye or a win without playing" in caught.value.text("en")
    # a single player present may not take a second bye either
    with pytest.raises(PairingError):
        pair_dutch(NO_BYE_LEFT, unavailable=frozenset({1, 2}))


def test_no_second_bye_as_bbppairings_says(bbppairings, tmp_path) -> None:
    text = _trf(NO_BYE_LEFT, {})
    assert bbp_pairing(bbppairings, text, tmp_path) is None
    assert compcore_pairing(text) is None


# ---------------------------------------------------------------------------
# Generated tournaments, every round compared with bbpPairings
# ---------------------------------------------------------------------------

#: differences from bbpPairings that FIDE's text decides the other way, by name (with the
#: article in docs/swiss.md). None are left: every generated round is paired identically.
ALLOWED: dict[str, str] = {}


def _features(t: Tournament) -> Counter[str]:
    """What a generated tournament holds, to show the run covers the issue's cases."""
    seen: Counter[str] = Counter()
    seen["late entry"] += sum(1 for r in t.joins.values() if r > 1)
    seen["withdrawal"] += len(t.withdraws)
    seen["number 1 absent in round 1"] += 1 in t.absent[1]
    seen["absence"] += sum(len(a) for a in t.absent.values())
    seen["half-point bye"] += sum(len(h) for h in t.half.values())
    for past in t.history:
        seen["forfeit"] += sum(1 for rec in past.values() if rec.result == "+")
        seen["pairing-allocated bye"] += sum(1 for rec in past.values() if rec.result == "U")
    return seen


def _run(bbppairings, seeds: range, folder: Path) -> tuple[int, int, Counter[str]]:
    compared = identical = 0
    covered: Counter[str] = Counter()
    differences: list[str] = []
    for seed in seeds:
        rounds, state = play(bbppairings, seed, folder)
        covered.update(_features(state))
        for rnd in rounds:
            compared += 1
            identical += rnd.same
            covered["round with a bye"] += rnd.bbp is not None and rnd.bbp[1] is not None
            if not rnd.same:
                differences.append(
                    f"seed {seed} round {rnd.number}: bbpPairings {rnd.bbp}, "
                    f"compcore {rnd.compcore}\n{rnd.text}"
                )
    assert not differences, f"{len(differences)} of {compared} rounds differ:\n" + "\n".join(
        differences[:3]
    )
    return compared, identical, covered


def test_generated_tournaments_pair_as_bbppairings(bbppairings, tmp_path) -> None:
    # 40 tournaments, about 240 rounds, a few seconds
    compared, identical, covered = _run(bbppairings, range(40), tmp_path)
    assert compared == identical >= 200
    for feature in (
        "late entry",
        "withdrawal",
        "number 1 absent in round 1",
        "absence",
        "half-point bye",
        "round with a bye",
        "forfeit",
        "pairing-allocated bye",
    ):
        assert covered[feature] >= 5, (feature, covered)


@pytest.mark.slow
def test_many_generated_tournaments_pair_as_bbppairings(bbppairings, tmp_path) -> None:
    compared, identical, _ = _run(bbppairings, range(1000, 1500), tmp_path)
    assert compared == identical >= 2500
