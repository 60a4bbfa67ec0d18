"""The bbpPairings fixture drives the real engine: a hand-written four-player TRF is read,
checked and paired."""

from __future__ import annotations


def _line(no: int, name: str, points: str, block: str) -> str:
    # 001 columns: 5-8 number, 15-47 name, 81-84 points, round 1's block from column 92
    return f"001 {no:>4}      {name:<33}" + " " * 33 + f"{points:>4}" + " " * 7 + block


def test_the_engine_reads_checks_and_pairs_a_tiny_file(bbppairings, tmp_path) -> None:
    # Round 1 as the Dutch system pairs four players: 1-3 (1 white) and 4-2 (4 white);
    # 1 and 4 won. Round 2 pairs the winners 1 and 4 (both had white, both due black: the
    # higher-ranked 1 gets his colour, so 4-1) and the losers 2 and 3 (both due white: 2
    # ranks higher, so 2-3).
    lines = [
        "012 test",
        "XXR 3",
        _line(1, "Aa, Anna", "1.0", "   3 w 1"),
        _line(2, "Bb, Bert", "0.0", "   4 b 0"),
        _line(3, "Cc, Cor", "0.0", "   1 b 0"),
        _line(4, "Dd, Dirk", "1.0", "   2 w 1"),
    ]
    trf = tmp_path / "t.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = bbppairings.check(trf)
    assert checked.ok, checked
    outcome, pairs = bbppairings.pair(trf, tmp_path / "out.txt")
    assert outcome.ok, outcome
    assert sorted(pairs) == [(2, 3), (4, 1)]
