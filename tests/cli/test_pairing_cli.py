"""``compcore pair`` and ``compcore check`` through the command line (compcore.cli.main.main)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compcore.adapters.files.season_file import parse
from compcore.cli.main import main
from compcore.domain.reason import Reason
from tests.builders import season_data

SIX = ["p1", "p2", "p3", "p4", "p5", "p6"]


def write(tmp_path: Path, data: dict[str, object], name: str = "season.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def engine_season() -> dict[str, object]:
    players: list[str | dict[str, object]] = [
        {
            "id": f"p{i}",
            "name": f"Player {i}",
            "rating": 2000 - 100 * (i - 1),
            "flags": ["engine-opt-in"],
        }
        for i in range(1, 6)
    ]
    players.append({"id": "komodo", "name": "Komodo", "virtual": "engine"})
    return season_data(
        "dubbelschaak",
        players,
        ["p1-p2 1-0, p3-p4 1-0, p5 bye, komodo not-participating", {"present": "p1 p2 p3 p4 p5"}],
    )


def test_pair_json_is_the_round_as_stored_plus_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DS-9 via the CLI: JSON has the round as a season file stores it (games without
    results, entries), and per board the rule and text of the placement and colours."""
    path = write(tmp_path, engine_season())
    assert main(["pair", path, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"round", "boards", "sitting_out", "relaxed"}
    assert out["round"]["round"] == 2
    assert all("result" not in g for g in out["round"]["games"])
    assert len(out["boards"]) == 3 and out["boards"][0]["board"] == 1
    assert {"rule", "text", "text_nl"} <= set(out["boards"][0]["placed"])
    engine = [b for b in out["boards"] if "komodo" in (b["white"], b["black"])]
    assert engine and engine[0]["placed"]["rule"] == "DS-9"
    # the stored reason is a key with parameters, rendering as the board's text in both languages
    stored = Reason.decode(out["round"]["games"][0]["reason"])
    assert stored.text("en") == out["boards"][0]["placed"]["text"]
    assert stored.text("nl") == out["boards"][0]["placed"]["text_nl"]
    # the stored round is valid: put it back into the season as round 2
    data = engine_season()
    data["rounds"][1] = out["round"]  # type: ignore[index]
    parse(data)


def test_pair_table_shows_engine_strength_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DS-9: the sheet shows the engine's playing strength: its opponent's rating - 100."""
    path = write(tmp_path, engine_season())
    assert main(["--lang", "en", "pair", path]) == 0
    sheet = capsys.readouterr().out
    assert sheet.startswith("Pairing round 2")
    assert "Board" in sheet and "White" in sheet
    lines = [line for line in sheet.splitlines() if "Komodo" in line]
    assert lines and "plays at" in lines[0]
    assert main(["pair", path]) == 0
    assert capsys.readouterr().out.startswith("Indeling ronde 2")


def test_check_flags_a_hand_made_illegal_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LA-4 via check: round 2 repeats round 1's p1-p2 (8 rounds must pass): exit 1 and one
    line naming round, board, reason and rule, in Dutch by default, English with --lang en.
    (The colours keep LA-5/LA-7: p2-p1 is the second game, reversed; p6 and p4 both -1 and
    black last, p6 (1 point) placed higher, so white.)"""
    data = season_data(
        "ladder-ab", SIX, ["p1-p2 1-0, p3-p4 =, p5-p6 0-1", "p2-p1 =, p3-p5 1-0, p6-p4 ="]
    )
    path = write(tmp_path, data)
    assert main(["--lang", "en", "check", path]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["round 2: p2-p1: p2 and p1 met in round 1, next meeting from round 10 (LA-4)"]
    assert main(["check", path]) == 1
    assert capsys.readouterr().out.strip().splitlines() == [
        "ronde 2: p2-p1: p2 en p1 speelden in ronde 1 tegen elkaar, opnieuw pas vanaf ronde 10 (LA-4)"
    ]


def test_check_clean_season(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No hard rule broken and every colour by LA-6/LA-7 (round 2: p1/p3 both +1 and white
    last, p1 placed higher (equal points and wins, initial order): p1 white; p2 -1 against
    p5 +1: p2 white; p6/p4 both -1 and black last, p6 placed higher: p6 white)."""
    data = season_data(
        "ladder-ab", SIX, ["p1-p2 1-0, p3-p4 =, p5-p6 0-1", "p1-p3 =, p2-p5 1-0, p6-p4 ="]
    )
    path = write(tmp_path, data)
    assert main(["check", path]) == 0
    assert capsys.readouterr().out.strip() == "geen overtredingen"
    assert main(["--lang", "en", "check", path]) == 0
    assert capsys.readouterr().out.strip() == "no violations"


def test_pair_without_open_round_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = season_data("ladder-ab", SIX, ["p1-p2 1-0, p3-p4 =, p5-p6 0-1"])
    assert main(["pair", write(tmp_path, data)]) == 2
    assert "geen open ronde" in capsys.readouterr().err


def test_rule_ids_keep_rulesets_hashable_and_picklable() -> None:
    """The presets' [rule_ids] (generic rule name -> club rule id, for explanations)."""
    import copy
    import pickle

    from compcore.rules.rulesets import load_ruleset, presets

    ruleset = load_ruleset("dubbelschaak")
    assert ruleset.rule_ids["max-meetings"] == "DS-11"
    assert pickle.loads(pickle.dumps(ruleset)) == ruleset
    assert hash(copy.deepcopy(ruleset)) == hash(ruleset)
    with pytest.raises(TypeError):
        ruleset.rule_ids["max-meetings"] = "X"  # type: ignore[index]
    assert all(r.rule_ids for r in presets())
