"""Simulated seasons (issue 13 item 2, ``compcore.lab.simulation``): the model taken from a stored
season, the light pairing, results from the Elo expectation, seeded reproduction, and the
two rulesets' figures."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from compcore.cli.main import main
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Result
from compcore.lab.simulation import (
    Model,
    Profile,
    draw_result,
    model_of,
    overrides_from_set,
    pair_by_score,
    simulate,
)
from compcore.rules.rulesets import load_ruleset
from tests.builders import load

PP = load_ruleset("princenpaard")
KC = load_ruleset("keizer-classic")


class Fixed(random.Random):
    """A 'random' source that returns the given numbers in turn."""

    def __init__(self, *values: float) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def test_model_of_counts_attendance_strength_and_draw_rate() -> None:
    """Four rounds; a, b, c rated 2000, 1990, 1980 (builders' list), d unrated.
    a plays every round: attendance 4/4 = 1. d plays rounds 1 and 2 (a draw and a loss) and is
    absent twice: 2/4 = 0.5; unrated, so strength from his score share 0.5/2 = 0.25:
    1500 + 400 log10(0.25/0.75) = 1500 - 190.85 = 1309.15.
    Games over the board: 2 + 2 + 1 + 1 = 6, draws 1 (round 1's c-d): draw rate 1/6."""
    season, ruleset = load(
        "princenpaard",
        ["a", "b", "c", {"id": "d", "name": "D"}],
        [
            "a-b 1-0, c-d =",
            "a-d 1-0, b-c 0-1",
            "a-b 0-1, c absent, d absent",
            "a-c 1-0, b bye, d absent",
        ],
    )
    model = model_of(season, ruleset)
    by_id = {p.player: p for p in model.players}
    assert by_id["a"].attendance == 1.0
    assert by_id["b"].attendance == 1.0  # a bye counts as attending
    assert by_id["c"].attendance == 0.75
    assert by_id["d"].attendance == 0.5
    assert by_id["d"].strength == pytest.approx(1309.15, abs=0.01)
    assert model.draw_rate == pytest.approx(2 / 12)  # each game counted for both players
    assert model.rounds == 4
    assert [p.player for p in model.players] == ["a", "b", "c", "d"]  # strongest first


def test_model_of_refuses_a_season_without_played_rounds() -> None:
    season, ruleset = load("princenpaard", "a b c d")
    with pytest.raises(CompcoreError) as err:
        model_of(season, ruleset)
    assert "too few players or played rounds" in err.value.describe("en")


def test_draw_result_keeps_the_elo_expectation() -> None:
    """Equal ratings: E = 0.5; draw rate 0.2: a white win with 0.5 - 0.1 = 0.4, a draw with
    0.2 (0.4 to 0.6), else black: 0.39 -> 1-0, 0.41 -> draw, 0.61 -> 0-1."""
    rng = Fixed(0.39, 0.41, 0.61)
    assert draw_result(rng, 1800, 1800, 0.2) is Result.WHITE_WINS
    assert draw_result(rng, 1800, 1800, 0.2) is Result.DRAW
    assert draw_result(rng, 1800, 1800, 0.2) is Result.BLACK_WINS


def test_draw_result_favours_the_stronger() -> None:
    """400 points apart: E = 1/(1 + 10^-1) = 0.909; no draws: 0.90 is still a white win,
    0.91 a black win."""
    assert draw_result(Fixed(0.90), 2200, 1800, 0.0) is Result.WHITE_WINS
    assert draw_result(Fixed(0.91), 2200, 1800, 0.0) is Result.BLACK_WINS


def test_pair_by_score_pairs_neighbours_and_avoids_last_rounds_opponent() -> None:
    """Points a 2, b 1, c 1, d 0, e 0: order a b c d e; e (last) gets the bye. a met b last
    round, so a takes the next one, c; then b-d. Had e a bye already, d (the lowest with
    none) gets it, and the rest pair a-c, b-e."""
    points = {"a": 2.0, "b": 1.0, "c": 1.0, "d": 0.0, "e": 0.0}
    pairs, bye = pair_by_score(list("abcde"), points, {"a": "b", "b": "a"}, {})
    assert pairs == [("a", "c"), ("b", "d")]
    assert bye == "e"
    pairs, bye = pair_by_score(list("abcde"), points, {"a": "b", "b": "a"}, {"e": 1})
    assert pairs == [("a", "c"), ("b", "e")]
    assert bye == "d"


def model(*players: tuple[float, float], rounds: int = 10, draw_rate: float = 0.0) -> Model:
    """Players p1, p2, ... with (strength, attendance), strongest first."""
    return Model(
        tuple(
            Profile(f"p{i}", f"P{i}", strength, attendance)
            for i, (strength, attendance) in enumerate(players, start=1)
        ),
        draw_rate,
        rounds,
    )


def test_the_same_seed_gives_the_same_simulation() -> None:
    m = model((2000, 0.9), (1900, 0.8), (1800, 0.4), (1700, 1.0), (1600, 0.6), (1500, 0.9))
    first = simulate(m, PP, KC, seasons=15, seed=42)
    assert simulate(m, PP, KC, seasons=15, seed=42) == first
    others = [simulate(m, PP, KC, seasons=15, seed=s) for s in (1, 2, 3)]
    assert any(o != first for o in others)  # the seed matters


def test_a_huge_strength_gap_always_wins_and_an_absent_player_is_never_top3() -> None:
    """p1 is 1000 points stronger than everyone: E = 1/(1 + 10^-2.5) = 0.9968 per game, so
    over 10 rounds he loses a game in about 3% of seasons; still he wins almost always (in
    points with PP-1: 10 against at most 9 for the others... except when he loses to the
    second). p5 never comes (attendance 0): absent = 0 points (PP-1), while the four others
    play 10 games each and the bottom one still scores far above 0 against equals; so p5 is
    never in the top 3. The top-3 share is therefore exactly 0 under both rulesets."""
    m = model((3000, 1.0), (2000, 1.0), (2000, 1.0), (2000, 1.0), (2000, 0.0))
    result = simulate(m, PP, PP, seasons=40, seed=7, threshold=0.5)
    assert result.strongest == "p1"
    assert result.absentees == ("p5",)
    assert result.a.strongest_wins >= 0.95
    assert result.a.absentee_top3 == 0.0
    assert result.a == result.b  # the same ruleset twice: the same figures
    # decile means: 5 players -> 5 groups of one; p1 first (place ~1), p5 last (place 5)
    assert result.a.mean_rank_by_decile[0] < 1.1
    assert result.a.mean_rank_by_decile[-1] == 5.0


def test_an_absentee_strongest_player_never_wins_a_points_competition() -> None:
    """The strongest player never comes: 0 points every round (PP-1 absent = 0), so he never
    wins; with attendance 0.0 < 0.5 he is the chronic absentee. Draw rate 1: every game is a
    draw, so the four who come score 6 x 1/2 = 3 points each, all above his 0: he is fifth
    every season and never in the top 3."""
    m = model((3000, 0.0), (2000, 1.0), (1900, 1.0), (1800, 1.0), (1700, 1.0), draw_rate=1.0)
    m = replace(m, rounds=6)
    result = simulate(m, PP, PP, seasons=10, seed=1)
    assert result.a.strongest_wins == 0.0
    assert result.a.absentee_top3 == 0.0
    assert result.a.mean_rank_by_decile[0] == 5.0


def test_progress_is_reported_after_every_season() -> None:
    calls: list[tuple[int, int]] = []
    m = model((2000, 1.0), (1900, 1.0), (1800, 1.0), rounds=3)
    simulate(m, PP, KC, seasons=5, seed=1, on_progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_a_restarting_ruleset_counts_every_cycle() -> None:
    """dubbelschaak restarts per cycle of 12 rounds (DS-17): 30 rounds reach cycles 0, 1, 2,
    so 4 seasons give 12 tables; keizer-classic counts one table per season."""
    m = model((2000, 1.0), (1900, 1.0), (1800, 1.0), (1700, 1.0), rounds=30)
    result = simulate(m, KC, load_ruleset("dubbelschaak"), seasons=4, seed=3)
    assert (result.a.tables, result.b.tables) == (4, 12)


@pytest.mark.parametrize(("seasons", "threshold"), [(0, 0.5), (5, 1.5), (5, -0.1)])
def test_bad_numbers_are_refused(seasons: int, threshold: float) -> None:
    m = model((2000, 1.0), (1900, 1.0))
    with pytest.raises(CompcoreError):
        simulate(m, PP, PP, seasons=seasons, seed=1, threshold=threshold)


def test_overrides_from_set() -> None:
    assert overrides_from_set(["keizer.values.top=40", "name=x y", "pairing.bye=true"]) == {
        "keizer": {"values": {"top": 40}},
        "name": "x y",
        "pairing": {"bye": True},
    }
    for bad in ("top", "=3", "a..b=1"):
        with pytest.raises(CompcoreError):
            overrides_from_set([bad])


DATA = Path(__file__).resolve().parents[3] / "data"


def test_cli_simulate_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    season = str(DATA / "keizer-classic.json")
    argv = ["simulate", season, "--preset-b", "princenpaard", "--seasons", "3", "--seed", "5"]
    assert main([*argv, "--format", "json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["seasons"] == 3 and data["a"]["ruleset"] == "keizer-classic"
    assert data["b"]["ruleset"] == "princenpaard"
    assert "3" in out.err.splitlines()[-1]  # progress on standard error: "seizoen 3 van 3"
    assert main(["--lang", "en", *argv]) == 0
    table = capsys.readouterr().out
    assert "Strongest player wins" in table and "A: keizer-classic" in table
    assert main([*argv, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == data  # the seed reproduces


@pytest.mark.parametrize(
    "extra",
    [
        ["--preset-b", "nope", "--seasons", "3", "--seed", "1"],
        ["--preset-b", "princenpaard", "--seasons", "0", "--seed", "1"],
        ["--preset-b", "princenpaard", "--seasons", "3", "--seed", "1", "--set", "top"],
        ["--preset-b", "princenpaard", "--seasons", "3", "--seed", "1", "--set", "nope=1"],
    ],
)
def test_cli_simulate_bad_input(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DATA / "dubbelschaak.json"), *extra]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1


def test_a_round_not_taken_part_in_counts_as_not_coming() -> None:
    """e plays only when he signs up (DS-15 ``never``): round 1 not participating, round 2 a
    game: he came to 1 of his 2 registered rounds, attendance 1/2 (below the 50 % threshold
    he would not be: 0.5 is not < 0.5)."""
    season, ruleset = load(
        "princenpaard",
        ["a", "b", "c", "d", {"id": "e", "name": "E", "participation": "never"}],
        ["a-b 1-0, c-d 1-0, e not-participating", "a-e 1-0, b-c =, d absent"],
    )
    by_id = {p.player: p for p in model_of(season, ruleset).players}
    assert by_id["e"].attendance == 0.5
    assert by_id["d"].attendance == 0.5
