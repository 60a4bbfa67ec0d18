"""``compcore winners``: what the Winnaars page shows, as JSON (the contract keys cycles,
champions, cup) and as a Dutch (default) or English table; bad input exits 2 with one line.
Every season is constructed by hand; the numbers are worked out in each test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compcore.cli.main import main
from tests.builders import season_data
from tests.unit.awards.test_awards import A_WINS, B_WINS, LEVELS, ONE_CATEGORY, RATED
from tests.unit.formats.test_cup import BARRAGE, ROUNDS, cup_players


def write(tmp_path: Path, data: dict[str, Any], name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def winners(capsys, *argv: object) -> dict[str, Any]:
    assert main(["winners", *map(str, argv), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def playoff(tmp_path: Path) -> Path:
    """DS-18/19/20, one category "alle", cycles of one round; values a8 b7 c6 d5 e4 f3.
    Cycles 0, 1: b beats a (8): winner b; cycle 2: a beats b (7): winner a.
    Final list b 16, c 15, e 9, a 7, d 0, f 0. Seeds: b (cycle 0), seed 2 freed (b won
    twice) -> c, a (cycle 2), seed 4 -> e. Berger: b-e c-a / e-a b-c / c-e a-b."""
    data = season_data("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY)
    return write(tmp_path, data)


def test_ds_cycle_winners_and_playoff_seeds_and_schedule(playoff, capsys) -> None:
    out = winners(capsys, playoff)
    assert [c["cycle"] for c in out["cycles"]] == [0, 1, 2]  # DS-17 counts from 0
    assert [(c["categories"][0]["category"], c["categories"][0]["winner"])
            for c in out["cycles"]] == [("alle", "b"), ("alle", "b"), ("alle", "a")]  # fmt: skip
    (champ,) = out["champions"]
    assert {k: champ[k] for k in ("category", "status", "player", "seeds")} == {
        "category": "alle", "status": "play-off", "player": None, "seeds": ["b", "c", "a", "e"],
    }  # fmt: skip
    assert [(s["round"], s["white"], s["black"]) for s in champ["schedule"]] == [
        (1, "b", "e"), (1, "c", "a"), (2, "e", "a"), (2, "b", "c"), (3, "c", "e"), (3, "a", "b"),
    ]  # fmt: skip
    assert out["cup"] == {"winner": None, "rounds": []}


def test_cycle_is_the_clubs_own_number_and_after_round(tmp_path, capsys) -> None:
    # the same season with cycles numbered from 1 (as PP-5 counts): 1, 2, 3. After round 2
    # only cycles 1 and 2 are played (b won both); the season is not over: pending.
    numbered = {**ONE_CATEGORY, "first_cycle_number": 1}
    data = season_data("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=numbered)
    path = write(tmp_path, data)
    assert [c["cycle"] for c in winners(capsys, path)["cycles"]] == [1, 2, 3]
    out = winners(capsys, path, "--after-round", 2)
    assert [(c["cycle"], c["categories"][0]["winner"]) for c in out["cycles"]] == [
        (1, "b"),
        (2, "b"),
    ]
    assert out["after_round"] == 2
    (champ,) = out["champions"]
    assert (champ["status"], champ["player"], champ["seeds"]) == ("pending", None, [])


def test_ds_champion_who_won_every_cycle(tmp_path, capsys) -> None:
    # b beats a in all three cycles: champion b (DS-19)
    data = season_data("dubbelschaak", RATED, [B_WINS] * 3, overrides=ONE_CATEGORY)
    (champ,) = winners(capsys, write(tmp_path, data))["champions"]
    assert (champ["status"], champ["player"], champ["reason"]) == ("champion", "b", "all-cycles")


def test_kc12_subgroup_leaders(tmp_path, capsys) -> None:
    # as in test_awards: groups {d, c} and {a, b} after round 1; after round 2 the ranking
    # is a b d c: leaders d and a. KC has one group of 23 rounds: no category (null),
    # the season is running: pending, leader a.
    data = season_data(
        "keizer-classic",
        "a b c d",
        [{"games": "a-d 0-1, b-c 0-1"}, {"games": "a-d 1-0, b-c 1-0"}],
        overrides={"awards": {"subgroups": {"after_round": 1, "size": 2}}},
    )
    out = winners(capsys, write(tmp_path, data))
    assert out["subgroups"] == [
        {"group": 1, "leader": "d", "members": ["d", "c"]},
        {"group": 2, "leader": "a", "members": ["a", "b"]},
    ]
    assert out["cycles"] == []
    (champ,) = out["champions"]
    assert (champ["category"], champ["status"], champ["player"], champ["leader"]) == (
        None, "pending", None, "a",
    )  # fmt: skip


def test_la11_b_top_three_and_a_tie_for_first(tmp_path, capsys) -> None:
    # a-b draw, c beats d, e beats f in a season of one round: c and e share first (1):
    # a play-off between them; the B players in standings order c e d f: top 3 c e d.
    data = season_data("ladder-ab", LEVELS, [{"games": "a-b 1/2, c-d 1-0, e-f 1-0"}],
                       overrides={"rounds_per_cycle": 1})  # fmt: skip
    out = winners(capsys, write(tmp_path, data))
    assert out["level_top"] == {"level": "B", "players": ["c", "e", "d"]}
    (champ,) = out["champions"]
    assert (champ["category"], champ["status"], champ["player"], champ["seeds"]) == (
        None, "play-off", None, ["c", "e"],
    )  # fmt: skip


def test_pp7_champion_first_after_the_last_round(tmp_path, capsys) -> None:
    # a beats b, then a draw: a 3/2, b 1/2 after the last round of the last cycle
    data = season_data("princenpaard", "a b", [{"games": "a-b 1-0"}, {"games": "a-b 1/2"}],
                       overrides={"rounds_per_cycle": 1, "cycles": 2})  # fmt: skip
    (champ,) = winners(capsys, write(tmp_path, data))["champions"]
    assert (champ["category"], champ["status"], champ["player"]) == (None, "champion", "a")


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """The cup of test_cup: c1 beats c2, c3-c4 drawn (gap 200, barrage to c4), c5 bye;
    c1 beats c5, c4 bye; final c1-c4 drawn, gap 400: c4 through and cup winner."""
    data = season_data("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    return write(tmp_path, data, "cup.json")


def test_mg7_cup_winner_and_bracket(cup, capsys) -> None:
    out = winners(capsys, cup)
    assert out["cup"]["winner"] == "c4"
    rounds = out["cup"]["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert [(t["white"], t["black"], t["result"], t["through"]) for t in rounds[0]["ties"]] == [
        ("c1", "c2", "1-0", "c1"),
        ("c3", "c4", "1/2-1/2", "c4"),
    ]
    assert rounds[0]["byes"] == ["c5"] and rounds[1]["byes"] == ["c4"]
    final = rounds[2]["ties"][0]
    assert (final["through"], final["why"]["key"], final["why"]["rule"]) == (
        "c4", "cup.rating-gap", "MG-8",
    )  # fmt: skip
    assert final["why"]["params"] == {"player": "c4", "gap": 400, "limit": 200}
    (champ,) = out["champions"]
    assert (champ["status"], champ["player"]) == ("champion", "c4")


def test_table_in_dutch_by_default_and_in_english(playoff, cup, capsys) -> None:
    assert main(["winners", str(playoff)]) == 0
    text = capsys.readouterr().out
    for words in ("Cycluswinnaars per ratingcategorie", "Cyclus 2  alle  A  winnaar",
                  "er is een play-off nodig", "Plaatsingen:", "1. B", "4. E",
                  "Speelschema (Berger):", "ronde 1: B - E"):  # fmt: skip
        assert words in text, words
    assert main(["--lang", "en", "winners", str(playoff), "--format", "table"]) == 0
    text = capsys.readouterr().out
    assert "Seeds:" in text and "round 3: A - B" in text and "a play-off is needed" in text
    assert main(["winners", str(cup)]) == 0
    text = capsys.readouterr().out
    assert "Ronde 3 (loting met seed 13)" in text
    assert "C1 - C4  1/2-1/2  remise; ratingverschil 400 is meer dan 200" in text
    assert "Door zonder partij (geloot): C5" in text
    assert "Bekerwinnaar: C4 (winnaar van de finale)" in text


def test_from_the_database(cup, tmp_path, capsys) -> None:
    db = tmp_path / "club.duckdb"
    assert main(["import", str(cup), "--db", str(db)]) == 0
    capsys.readouterr()
    out = winners(capsys, "--db", db, "--competition", "magnus-cup")
    assert out["cup"]["winner"] == "c4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["winners", "missing.json"], "missing.json: dit bestand bestaat niet"),
        (
            ["winners", "{ok}", "--after-round", "9"],
            "ronde 9 is niet gespeeld (gespeeld: 1 tot en met 3)",
        ),
        (["winners", "{bad}"], "ronde 1: onbekende speler 'zz'"),
        (["winners", "{over}"], "ronde 4: de beker is na ronde 3 beslist (winnaar: c4)"),
        (["winners"], "geef een seizoensbestand of --db PAD"),
    ],
)
def test_bad_input_prints_one_line_and_exits_2(args, message, playoff, tmp_path, capsys) -> None:
    bad = json.loads(playoff.read_text(encoding="utf-8"))
    bad["rounds"][0]["games"][0]["black"] = "zz"
    over = season_data("magnus-cup", cup_players(), [*ROUNDS, {"present": ["c4"]}],
                       decisions=BARRAGE)  # fmt: skip
    files = {"ok": playoff, "bad": write(tmp_path, bad, "bad.json"),
             "over": write(tmp_path, over, "over.json")}  # fmt: skip
    assert main([a.format(**files) for a in args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
