"""The rule lab (issue 13 item 1): a season replayed under another ruleset, the games as
played (``compcore.lab.rulelab``), and ``compcore compare``."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from compcore.cli.main import main
from compcore.domain.errors import RulesetError
from compcore.lab.rulelab import (
    compare,
    kendall_tau_b,
    overrides_from,
    parse_value,
    performance,
    ruleset_b,
)
from compcore.scoring.history import history
from tests.builders import load, season_data

#: four rated players (a 2000, b 1990, c 1980, d 1970) and three rounds:
#: R1 a-b 1-0, c-d 1-0; R2 a-c 1-0, b-d draw; R3 b-d 1-0, a and c absent
PLAYERS = ["a", "b", "c", "d"]
ROUNDS = ["a-b 1-0, c-d 1-0", "a-c 1-0, b-d =", "b-d 1-0, a absent, c absent"]


def _season() -> tuple:
    return load("princenpaard", PLAYERS, ROUNDS)


def test_absence_points_changed_worked_out_by_hand() -> None:
    """Prins & Paard (win 1, draw 1/2, absent 0) against the same with ``points.absent=1``.

    A: a 1+1+0 = 2, b 0+1/2+1 = 3/2, c 1+0+0 = 1, d 0+1/2+0 = 1/2 -> a, b, c, d.
    B: a 1+1+1 = 3, b 3/2, c 1+0+1 = 2, d 1/2                    -> a, c, b, d.
    """
    season, a = _season()
    b = ruleset_b(season, a, None, overrides_from(["points.absent=1"]))
    result = compare(season, a, b)
    got = {p.player: (p.rank_a, p.rank_b, p.score_a, p.score_b) for p in result.placings}
    assert got == {
        "a": (1, 1, 2, 3),
        "b": (2, 3, Fraction(3, 2), Fraction(3, 2)),
        "c": (3, 2, 1, 2),
        "d": (4, 4, Fraction(1, 2), Fraction(1, 2)),
    }
    assert [p.player for p in result.placings] == ["a", "c", "b", "d"]  # in B's order
    assert not result.identical
    leader = result.winners[-1]
    assert (leader.kind, leader.player_a, leader.player_b) == ("leader", "a", "a")


def test_fairness_measures_worked_out_by_hand() -> None:
    """The same season. TPR = (sum of opponents' ratings + 400 x (wins - losses)) / games:
    a (1990 + 1980 + 800) / 2 = 2385; b (2000 + 1970 + 1970 + 0) / 3 = 1980;
    c (1970 + 2000 + 0) / 2 = 1985; d (1980 + 1990 + 1990 - 800) / 3 = 1720.
    TPR order a, c, b, d. A's ranking a, b, c, d: of 6 pairs only (b, c) is discordant,
    tau = (5 - 1) / 6 = 2/3; B's ranking a, c, b, d is the TPR order: tau = 1.
    Points from absences: A 0 of 5 -> 0; B a's 1 and c's 1 of 3 + 3/2 + 2 + 1/2 = 7 -> 2/7.
    Prins & Paard is a points system: no values, no spread."""
    season, a = _season()
    tpr = performance(history(season, a), season)
    assert tpr == {"a": 2385, "b": 1980, "c": 1985, "d": 1720}
    b = ruleset_b(season, a, None, overrides_from(["points.absent=1"]))
    result = compare(season, a, b)
    assert result.fairness_a.tau == pytest.approx(2 / 3)
    assert result.fairness_b.tau == pytest.approx(1)
    assert result.fairness_a.absence_share == 0
    assert result.fairness_b.absence_share == Fraction(2, 7)
    assert result.fairness_a.spread is None and result.fairness_b.spread is None


def test_same_ruleset_gives_identical_ranks() -> None:
    """Ruleset B = the season's own (no preset, no overrides): every place and score equal."""
    season, a = _season()
    result = compare(season, a, ruleset_b(season, a, None, {}))
    assert result.identical
    assert all(p.score_a == p.score_b for p in result.placings)
    assert result.fairness_a == result.fairness_b


def test_spread_of_keizer_values_worked_out_by_hand() -> None:
    """Keizer classic: values by place, top 30 step 1: 30, 29, 28, 27 for four players,
    mean 28.5, deviations 1.5, 0.5, 0.5, 1.5: sd = sqrt((2.25 + 0.25 + 0.25 + 2.25) / 4)
    = sqrt(1.25). Top 60 keeps the steps (same sd); step 2 gives 30, 28, 26, 24: sd
    sqrt((9 + 1 + 1 + 9) / 4) = sqrt(5)."""
    season, a = load("keizer-classic", PLAYERS, ROUNDS)
    top = compare(season, a, ruleset_b(season, a, None, overrides_from(["keizer.values.top=60"])))
    assert top.fairness_a.spread == pytest.approx(math.sqrt(1.25))
    assert top.fairness_b.spread == pytest.approx(math.sqrt(1.25))
    step = ruleset_b(season, a, None, overrides_from(["keizer.values.step=2"]))
    assert compare(season, a, step).fairness_b.spread == pytest.approx(math.sqrt(5))


def test_kendall_tau_b_with_ties() -> None:
    """x 1, 2, 3 against y 1, 1, 2: pairs (1,2) tied in y, (1,3) and (2,3) concordant:
    tau-b = 2 / sqrt(3 x (3 - 1)) = 2 / sqrt(6); all ties on one side: None."""
    assert kendall_tau_b([1, 2, 3], [1, 1, 2]) == pytest.approx(2 / math.sqrt(6))
    assert kendall_tau_b([1, 2, 3], [3, 2, 1]) == pytest.approx(-1)
    assert kendall_tau_b([1, 2], [5, 5]) is None


def test_values_read_as_json_then_toml_then_text() -> None:
    assert parse_value("60") == 60
    assert parse_value('["buchholz", "initial-order"]') == ["buchholz", "initial-order"]
    assert parse_value("'2/6 own'") == "2/6 own"
    assert parse_value("iterate") == "iterate"
    assert overrides_from(["keizer.values.top=60", "keizer.mode=at-time"]) == {
        "keizer": {"values": {"top": 60}, "mode": "at-time"}
    }


def test_another_preset_keeps_the_seasons_calendar() -> None:
    """Keizer classic (1 cycle of 23 rounds) replayed under Dubbelschaak (3 cycles of 12):
    B keeps 1 cycle of 23, so the season's rounds stay in the same cycle."""
    season, a = load("keizer-classic", PLAYERS, ROUNDS)
    b = ruleset_b(season, a, "dubbelschaak", {})
    assert (b.name, b.cycles, b.rounds_per_cycle) == ("dubbelschaak", 1, 23)


@pytest.mark.parametrize(
    ("assignment", "named"),
    [
        ("keizer.values.topp=3", "keizer.values.topp"),
        ("keizer.mode=sometimes", "keizer.mode"),
        ("keizer", "keizer"),
        ("=3", "=3"),
        ("points..absent=1", "points..absent=1"),
    ],
)
def test_bad_assignment_is_one_sentence_naming_it(assignment: str, named: str) -> None:
    season, a = load("keizer-classic", PLAYERS, ROUNDS)
    with pytest.raises(RulesetError) as caught:
        ruleset_b(season, a, None, overrides_from([assignment]))
    message = caught.value.describe("en")
    assert named in message and "\n" not in message


# --------------------------------------------------------------------------- the CLI


@pytest.fixture
def season_file(tmp_path: Path) -> Path:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(season_data("princenpaard", PLAYERS, ROUNDS)), encoding="utf-8")
    return path


def test_cli_json_same_ruleset_identical_ranks(season_file: Path, capsys) -> None:
    assert main(["compare", str(season_file), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["player"], p["rank_a"], p["rank_b"]) for p in data["players"]] == [
        ("a", 1, 1), ("b", 2, 2), ("c", 3, 3), ("d", 4, 4)
    ]  # fmt: skip
    assert data["summary"]["identical"] is True
    assert data["summary"]["fairness_a"] == data["summary"]["fairness_b"]


def test_cli_json_with_set_follows_the_hand_worked_case(season_file: Path, capsys) -> None:
    """As :func:`test_absence_points_changed_worked_out_by_hand`, through the CLI."""
    assert main(["compare", str(season_file), "--set", "points.absent=1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {p["player"]: (p["rank_b"], p["score_b"]) for p in data["players"]}
    assert rows == {"a": (1, 3.0), "c": (2, 2.0), "b": (3, 1.5), "d": (4, 0.5)}
    assert data["summary"]["fairness_b"]["absence_share_exact"] == "2/7"
    assert {"player", "rank_a", "rank_b", "score_a", "score_b"} <= set(data["players"][0])


def test_cli_table_speaks_dutch(season_file: Path, capsys) -> None:
    assert main(["compare", str(season_file), "--set", "points.absent=1"]) == 0
    out = capsys.readouterr().out
    assert "Punten B" in out and "Winnaars" in out and "Eerlijkheid" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--set", "keizer.values.top=60"], "keizer"),  # Prins & Paard has no Keizer rules
        (["--set", "points.absentt=1"], "points.absentt"),
        (["--set", "points"], "points"),
        (["--preset", "nosuch"], "nosuch"),
    ],
)
def test_cli_bad_input_one_line_exit_2(season_file: Path, capsys, args, named) -> None:
    assert main(["--lang", "en", "compare", str(season_file), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and named in captured.err


def test_cli_reads_a_competition_from_the_database(season_file: Path, tmp_path: Path, capsys):
    """``--db DB --competition NAME``: the same comparison as from the file."""
    db = str(tmp_path / "club.duckdb")
    assert main(["import", str(season_file), "--db", db]) == 0
    capsys.readouterr()
    args = ["compare", "--db", db, "--competition", "princenpaard", "--set", "points.absent=1"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in data["players"]] == ["a", "c", "b", "d"]


def test_a_and_b_are_compared_over_the_same_rounds():
    """Issue 22 item 7: the Dubbelschaak demo (30 rounds, cycles of 6: the ladder restarts
    per cycle, so A counts rounds 25-30) against ladder-ab (no cycles: on its own it would
    count all 30 rounds). Both count rounds 25-30: B's scores are ladder-ab's standings of
    those six rounds alone (a win 1 point: nobody above 6), the span said in the result."""
    from dataclasses import replace as changed

    from compcore.adapters.files import season_file
    from compcore.lab import rulelab
    from compcore.scoring.standings import standings

    season, a = season_file.load(Path(__file__).resolve().parents[3] / "data" / "dubbelschaak.json")
    b = rulelab.ruleset_b(season, a, "ladder-ab", {})
    result = rulelab.compare(season, a, b)
    assert result.rounds == (25, 26, 27, 28, 29, 30)
    six = changed(season, rounds=tuple(r for r in season.rounds if r.number >= 25))
    alone = {row.player: row.score for row in standings(six, b).rows}
    assert {p.player: p.score_b for p in result.placings} == {
        pid: score for pid, score in alone.items() if pid in {p.player for p in result.placings}
    }
    assert max(p.score_b for p in result.placings) <= 6
    # the same ruleset twice: its own scope, unchanged
    assert rulelab.compare(season, a, a).rounds == result.rounds
