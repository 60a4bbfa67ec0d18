"""'Why did my score change?' (compcore.scoring.explain, ``compcore explain``), worked by hand.

Every test checks the parts against numbers worked out below, and that they add up to the
standings' own difference.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from compcore.cli.main import main
from compcore.scoring.explain import ExplainError, explain, number_text, signed_text
from compcore.scoring.standings import standings
from tests.builders import load, season_data

NAMES = {p: p.upper() for p in "abcde"}


def parts(result) -> list[tuple[str, int, F]]:
    return [(i.kind, i.round, i.points) for i in result.items]


def score(season, ruleset, player, k) -> F:
    return standings(season, ruleset, after_round=k).row(player).score


def test_kc4_recompute_new_entry_and_revalued_opponent() -> None:
    """KC-4 recompute. Values a30 b29 c28 d27. R1: d beats a, c beats b; scored with S0:
    d 30, c 29 -> S1 = d c a b, values d30 c29 a28 b27. R2: d beats c, a-b draw, scored
    again with S1: d = a's 28 + c's 29 = 57 (was 30).
    Parts for d: new entry R2, win on c (value 29): +29; R1's win on a now counts with 28
    instead of 30: -2. 30 + 29 - 2 = 57."""
    s, r = load("keizer-classic", "a b c d", ["a-d 0-1, b-c 0-1", "d-c 1-0, a-b 1/2"])
    result = explain(s, r, "d")
    assert (result.round, result.since) == (2, 1)
    assert (result.score_before, result.score_after) == (30, 57)
    assert parts(result) == [("new-entry", 2, F(29)), ("revalued", 1, F(-2))]
    assert result.score_after == score(s, r, "d", 2)
    new, revalued = result.items
    assert new.text("nl", NAMES) == "Ronde 2: je won van C (waarde 29): +29"
    assert new.text("en", NAMES) == "Round 2: you beat C (value 29): +29"
    assert revalued.opponent == "a"
    assert revalued.text("nl", NAMES) == (
        "Je winst op A in ronde 1 telt nu met waarde 28 in plaats van 30: −2"
    )
    assert revalued.text("en", NAMES) == (
        "Your win against A in round 1 now counts with value 28 instead of 30: −2"
    )
    # a drew with b (value 27 in S1): +13½, and a's R1 loss scores 0 whatever the values
    a = explain(s, r, "a", round=2)
    assert parts(a) == [("new-entry", 2, F(27, 2))]
    assert a.items[0].text("nl", NAMES) == "Ronde 2: remise tegen B (waarde 27): +13½"


def test_kc4_iterate_oscillation_names_the_values_the_score_was_computed_with() -> None:
    """KC-4 iterate, values top 4 (4 3 2 1). R1: a-c draw, d-b draw. The iteration
    oscillates between R1 = c d a b and R2 = a b c d; R2 is chosen (closest to the initial
    order) with the scores computed from R1's values c4 d3 a2 b1: a = 1/2 x 4 = 2. The value
    column shows the value the scores were computed with (c 4, issue 10 item 3; R2's own
    value c 2 is in the diagnostics), and a's draw counted with c's value 4: that is the
    value the explanation names."""
    s, r = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-c 1/2, d-b 1/2"}],
        overrides={"keizer": {"iterate_rounds": ["every"], "values": {"top": 4}}},
    )
    table = standings(s, r)
    assert table.oscillated and table.row("c").value == 4
    result = explain(s, r, "a")
    assert (result.since, result.score_before, result.score_after) == (0, 0, 2)
    assert parts(result) == [("new-entry", 1, F(2))]
    assert result.items[0].text("en", NAMES) == "Round 1: draw with C (value 4): +2"
    # b: 1/2 of d's value 3 in R1 = 3/2
    assert explain(s, r, "b").items[0].text("nl", NAMES) == (
        "Ronde 1: remise tegen D (waarde 3): +1½"
    )


def test_ds17_a_new_cycle_drops_the_earlier_cycle() -> None:
    """DS-17, cycles of 2 rounds. N = 4, top ceil(3 x 3 / 2) = 5: a5 b4 c3 d2.
    R1: a beats b (4), c beats d (2) -> S1 = a c b d, values a5 c4 b3 d2.
    R2: a beats c, b beats d; recompute with S1: a = b's 3 + c's 4 = 7.
    R3 starts cycle 1 from the initial order (a5 b4 c3 d2): a beats d: 2.
    Parts for a after R3: cycle 1 begins, the 7 points of cycle 0 no longer count: -7; the
    new entry: win on d (value 2): +2. 7 - 7 + 2 = 2. And after R2: +4 (c's 4), and R1's
    win on b now counts 3 instead of 4: -1."""
    s, r = load(
        "dubbelschaak",
        "a b c d",
        ["a-b 1-0, c-d 1-0", "a-c 1-0, b-d 1-0", "a-d 1-0, b-c 1-0"],
        overrides={"rounds_per_cycle": 2},
    )
    result = explain(s, r, "a", round=3)
    assert (result.score_before, result.score_after, result.cycle) == (7, 2, 1)
    assert parts(result) == [("new-cycle", 3, F(-7)), ("new-entry", 3, F(2))]
    assert result.items[0].text("nl") == (
        "Cyclus 1 begint: de ranglijst begint opnieuw, je 7 punten uit cyclus 0 tellen niet"
        " meer mee: −7"
    )
    assert result.score_after == score(s, r, "a", 3)
    second = explain(s, r, "a", round=2)
    assert parts(second) == [("new-entry", 2, F(4)), ("revalued", 1, F(-1))]


def test_ds4_a_capped_absence_and_a_revalued_one() -> None:
    """DS-4: at most ceil(0.33 x 3) = 1 absence per cycle at 2/6 own value, then 0.
    N = 5, top ceil(3 x 4 / 2) = 6: a6 b5 c4 d3 e2. R1: a beats b (5), c beats d (3),
    e absent: 2/6 x 2 = 2/3 -> S1 = a c e b d, values a6 c5 e4 b3 d2.
    R2: e absent again, over the cap: 0; R1's absence rescored with e's own value 4:
    4/3, so +2/3. Before 2/3, after 4/3."""
    s, r = load(
        "dubbelschaak",
        "a b c d e",
        ["a-b 1-0, c-d 1-0, e absent", "a-c 1-0, b-d 1-0, e absent"],
        overrides={"rounds_per_cycle": 3},
    )
    result = explain(s, r, "e")
    assert (result.score_before, result.score_after) == (F(2, 3), F(4, 3))
    assert parts(result) == [("cap", 2, F(0)), ("revalued", 1, F(2, 3))]
    cap, revalued = result.items
    assert cap.text("nl") == "Ronde 2: afgemeld, boven het maximum van 1 per cyclus: +0"
    assert cap.text("en") == "Round 2: signed off, over the limit of 1 per cycle: +0"
    assert revalued.text("nl") == (
        "Ronde 1 (afgemeld) telt nu met je eigen waarde 4 in plaats van 2: +⅔"
    )


def test_a_point_system_has_only_new_entries_and_a_joker_cap() -> None:
    """PP-2: a joker is 1/2, at most 4 per season, then 0. e takes a joker in rounds 1-5:
    after R5 the fifth is over the cap: +0, and nothing earlier changes (plain points)."""
    rounds = ["a-b 1-0, c-d 1/2, e joker"] * 5
    s, r = load("princenpaard", "a b c d e", rounds)
    result = explain(s, r, "e")
    assert (result.score_before, result.score_after) == (2, 2)
    assert parts(result) == [("cap", 5, F(0))]
    fourth = explain(s, r, "e", round=4)
    assert parts(fourth) == [("new-entry", 4, F(1, 2))]
    assert fourth.items[0].text("nl") == "Ronde 4: joker: +½"
    # since: several rounds at once, one new entry each
    assert parts(explain(s, r, "c", round=3, since=1)) == [
        ("new-entry", 2, F(1, 2)),
        ("new-entry", 3, F(1, 2)),
    ]


def test_numbers_are_exact_as_people_write_them() -> None:
    assert [number_text(F(x)) for x in ("27", "27/2", "52/3", "-1/6", "22/7", "0")] == [
        "27",
        "13½",
        "17⅓",
        "−⅙",
        "3 1/7",
        "0",
    ]
    assert (signed_text(F(-1)), signed_text(F(0)), signed_text(F(1, 2))) == ("−1", "+0", "+½")


def test_a_part_writes_its_numbers_as_the_caller_says() -> None:
    """The app writes an explanation's numbers as its pages do (issue 22 item 6: "4,67",
    not "4⅔" beside "17,67"); the command line keeps the exact ones. Same parts, same
    sentence, only the numbers written differently; the sign too ("+4,67", "-3,00")."""
    s, r = load("keizer-classic", "a b c d e", ["a-d 1/2-1/2, b-c 1/2-1/2"])
    (item,) = explain(s, r, "a", round=1).items  # a draw with d, worth 27: 27/2
    assert item.points == F(27, 2)

    def comma(value: F) -> str:
        return f"{float(value):.2f}".replace(".", ",")

    assert item.text("nl") == "Ronde 1: remise tegen d (waarde 27): +13½"
    assert item.text("nl", None, comma) == "Ronde 1: remise tegen d (waarde 27,00): +13,50"
    assert signed_text(F(-3), comma) == "-3,00"


def test_bad_player_or_round_is_refused() -> None:
    s, r = load("keizer-classic", "a b c d", ["a-d 0-1, b-c 0-1"])
    with pytest.raises(ExplainError) as unknown:
        explain(s, r, "zz")
    assert "zz" in unknown.value.describe("en")
    with pytest.raises(ExplainError):
        explain(s, r, "a", round=1, since=1)


# --------------------------------------------------------------------------- command line


@pytest.fixture
def season_path(tmp_path: Path) -> Path:
    # the KC-4 recompute season above, with names
    data = season_data(
        "keizer-classic",
        [{"id": p, "name": p.upper() + "nne"} for p in "abcd"],
        ["a-d 0-1, b-c 0-1", "d-c 1-0, a-b 1/2"],
    )
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_cli_json_holds_exact_numbers_as_strings(season_path, capsys) -> None:
    """a after R2: 0 -> 27/2, one part: the draw with b (value 27)."""
    assert main(["--lang", "en", "explain", str(season_path), "a", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["player"] == "a" and out["round"] == 2
    assert (out["score_before"], out["score_after"]) == ("0", "27/2")
    assert out["items"] == [
        {
            "kind": "new-entry",
            "round": 2,
            "opponent": "b",
            "points": "27/2",
            "text": "Round 2: draw with Bnne (value 27): +13½",
        }
    ]


def test_cli_table_in_dutch_by_name_and_round(season_path, capsys) -> None:
    """d by name, after R1: 0 -> 30 (win on a, value 30 in S0)."""
    assert main(["explain", str(season_path), "Dnne", "--round", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Dnne, na ronde 1 (tegen ronde 0): van 0 naar 30"
    assert out[1] == "  Ronde 1: je won van Anne (waarde 30): +30"
    assert out[2] == "Van 0 naar 30 punten: +30"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nobody"], "nobody"),
        (["a", "--round", "7"], "7"),
        (["a", "--round", "0"], "0"),
        (["a", "--round", "1", "--since", "1"], "1"),
    ],
)
def test_cli_bad_player_or_round_is_one_line_exit_2(season_path, capsys, args, words) -> None:
    assert main(["explain", str(season_path), *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err


def test_cli_since_and_a_database(season_path, tmp_path, capsys) -> None:
    """d after R2 against the start (--since 0): 0 -> 57, parts R1's win on a counted with
    a's value in S1 (28) and R2's win on c (29). The same from a database."""
    assert main(["explain", str(season_path), "d", "--since", "0", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(i["round"], i["points"]) for i in out["items"]] == [(1, "28"), (2, "29")]
    db = tmp_path / "club.duckdb"
    assert main(["import", str(season_path), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["explain", "--db", str(db), "d", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["score_before"], out["score_after"]) == ("30", "57")


def test_nothing_played_yet_is_refused() -> None:
    s, r = load("keizer-classic", "a b c d", [{"present": "a b c d"}])
    with pytest.raises(ExplainError) as none:
        explain(s, r, "a")
    assert "no round played" in none.value.describe("en")
