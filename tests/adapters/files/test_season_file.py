"""Season files per the contract: every error case names file, round and player, and the
writer gives back exactly what was read."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.domain.errors import SeasonError
from tests.builders import raises_in_english, season_data

CONTRACT_EXAMPLE = {
    "format": "compcore-season",
    "version": 1,
    "club": "Dubbelschaak",
    "season": "2024-2025",
    "competition": "ladder",
    "ruleset": {"preset": "dubbelschaak", "overrides": {"rounds_per_cycle": 12}},
    "players": [
        {"id": "p01", "name": "Anna de Vries", "rating": 1850, "strength": 1, "level": "A",
         "flags": ["engine-opt-in"], "participation": "always"},
        {"id": "p02", "name": "Bram Jansen", "rating": 1700},
        {"id": "p03", "name": "Chantal Visser", "rating": 1650, "participation": "never"},
        {"id": "p04", "name": "Daan Smit", "rating": 1600},
        {"id": "p05", "name": "Eva Bos", "rating": 1500, "joined_round": 1},
        {"id": "komodo", "name": "Komodo", "virtual": "engine"},
    ],
    "ratings": [{"player": "p01", "from_round": 10, "rating": 1872}],
    "rounds": [
        {"round": 1, "date": "2024-09-03", "cycle": 0,
         "games": [{"white": "p01", "black": "p02", "result": "1-0"}],
         "entries": {"p03": "absent", "p04": "bye", "p05": "external"}},
        {"round": 2, "date": "2024-09-10", "cycle": 0,
         "present": ["p01", "p02", "p04", "p05"],
         "entries": {"p03": "absent"},
         "forced": [{"white": "p04", "black": "p05", "reason": "cup"}]},
    ],
}  # fmt: skip


def test_contract_example_loads_and_dumps_identically(tmp_path: Path) -> None:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    season, ruleset = season_file.load(path)
    assert ruleset.name == "dubbelschaak"
    assert season.open_round is not None and season.open_round.number == 2
    assert json.loads(season_file.dumps(season)) == CONTRACT_EXAMPLE
    # and writing it back to a file gives the same text again
    season_file.dump(season, path)
    assert season_file.load(path)[0] == season


def _mutated(change) -> dict:
    data = copy.deepcopy(CONTRACT_EXAMPLE)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["rounds"][0]["games"].append({"white": "p03", "black": "p99", "result": "1-0"}),
         "x.json: round 1: unknown player 'p99'"),
        (lambda d: d["rounds"][0]["games"].append({"white": "p02", "black": "p02", "result": "1-0"}),
         "x.json: round 1: board 2: player 'p02' plays against themself"),
        (lambda d: d["rounds"][0]["entries"].update({"p02": "absent"}),
         "x.json: round 1: player 'p02' appears twice (board 1 and entry 'absent')"),
        (lambda d: d["rounds"][0]["games"][0].update(result="2-0"),
         "x.json: round 1: board 1: unknown result '2-0' (allowed: 1-0, 0-1, 1/2-1/2, 1-0F, 0-1F, 0-0F)"),
        (lambda d: d["rounds"][0]["entries"].update(p03="sick"),
         "x.json: round 1: player 'p03': unknown entry kind 'sick' (allowed:"),
        (lambda d: d["rounds"][0]["entries"].update(p03="joker"),
         "x.json: round 1: player 'p03': entry kind 'joker' is not used by this ruleset"),
        (lambda d: d.update(ruleset={"preset": "dubbelschak"}),
         "x.json: unknown preset 'dubbelschak' (allowed: "),
        (lambda d: d["ruleset"]["overrides"].update(cycle=4),
         "x.json: ruleset 'dubbelschaak': field 'cycle': unknown field (allowed:"),
        (lambda d: d["rounds"][1].update(round=3),
         "x.json: round 3: round number out of order (expected round 2)"),
        (lambda d: d["rounds"].append({"round": 3, "games": [], "entries": {}}),
         "x.json: round 3: comes after open round 2; only the last round may be open"),
        (lambda d: d["players"][1].update(rating="high"),
         "x.json: player 'p02': field 'rating' must be a whole number, got 'high'"),
        (lambda d: d["players"][1].update(ratng=1700),
         "x.json: player #2: unknown field 'ratng' (allowed: 'id', 'name',"),
        (lambda d: d["players"].append({"id": "p01", "name": "Twin"}), "x.json: player id 'p01' is used twice"),
        (lambda d: d["rounds"][1]["forced"].append({"white": "p01", "black": "p03"}),
         "x.json: round 2: forced game: player 'p03' is not present"),
        (lambda d: d["rounds"][0].update(date="3 sept"), "x.json: round 1: field 'date': '3 sept' is not a date"),
        (lambda d: d.update(format="other"), "x.json: field 'format' must be 'compcore-season'"),
        (lambda d: d["ratings"].append({"player": "p77", "from_round": 2, "rating": 1}),
         "x.json: ratings: unknown player 'p77'"),
        (lambda d: d["players"][4].update(joined_round=3),
         "x.json: round 1: player 'p05' takes part but is not registered in this round"),
        (lambda d: d["players"][3].update(withdrawn_round=2),
         "x.json: round 2: player 'p04' is present but not registered in this round"),
        (lambda d: d["rounds"][1]["present"].append("komodo"),
         "x.json: round 2: 'komodo' is the engine entrant"),
    ],
)  # fmt: skip
def test_bad_season_files_get_one_clear_line(change, message) -> None:
    with pytest.raises(SeasonError) as err:
        season_file.parse(_mutated(change), "x.json")
    assert message in err.value.describe("en")
    assert "\n" not in str(err.value)


def test_not_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "compcore-season",\n "version": 1,,}', encoding="utf-8")
    with raises_in_english(SeasonError, r"broken.json: not valid JSON at line 2, column"):
        season_file.load(path)


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    season, _ = season_file.load(path)
    before = path.read_text(encoding="utf-8")

    def boom(self, target):
        raise OSError("disk full")

    monkeypatch.setattr(Path, "replace", boom)
    with pytest.raises(OSError):
        season_file.dump(season, path)
    assert path.read_text(encoding="utf-8") == before


def test_absent_optional_fields_stay_absent() -> None:
    data = season_data("keizer-classic", "a b", [{"games": "a-b 1-0"}])
    data["rounds"][0].pop("entries")
    season = season_file.parse(data)
    assert season.rounds[0].entries is None
    assert season_file.to_data(season) == data


# --------------------------------------------------------------------------- rating rounds
# The contract example is dubbelschaak with 12 rounds per cycle and 3 cycles: 36 rounds; it
# stores rounds 1 and 2, so the last round a rating change may name is max(36, 2 + 1) = 36
# (``validate.last_round``, the same range ``ratings import --from-round`` allows).


@pytest.mark.parametrize(("from_round", "ok"), [(1, True), (36, True), (37, False), (999, False)])
def test_a_rating_change_must_be_from_a_round_of_the_season(from_round, ok) -> None:
    data = _mutated(lambda d: d["ratings"][0].update(from_round=from_round))
    if ok:
        assert season_file.parse(data, "x.json").ratings[0].from_round == from_round
        return
    with pytest.raises(SeasonError) as err:
        season_file.parse(data, "x.json")
    assert err.value.describe("en") == (
        f"x.json: ratings: player 'p01': Round {from_round} does not exist in this competition"
        " (rounds 1 to 36). Nothing was saved."
    )
    assert err.value.describe("nl") == (
        f"x.json: ratingwijzigingen: speler 'p01': Ronde {from_round} bestaat niet in deze"
        " competitie (ronde 1 tot en met 36). Er is niets opgeslagen."
    )
    assert err.value.parts[-1].key == "roster.round_range"  # the words of ratings import


def test_a_season_running_longer_may_name_the_round_after_its_last() -> None:
    """With 1 round per cycle and 1 cycle the season is 1 round long, but it stores 2: the
    round after the last stored one (3) is allowed, as in the Spelers form; 4 is not."""

    def shorter(d: dict, from_round: int) -> None:
        d["ruleset"]["overrides"].update(rounds_per_cycle=1, cycles=1)
        d["ratings"][0]["from_round"] = from_round

    assert season_file.parse(_mutated(lambda d: shorter(d, 3)), "x.json").ratings
    with raises_in_english(SeasonError, r"Round 4 does not exist .*\(rounds 1 to 3\)"):
        season_file.parse(_mutated(lambda d: shorter(d, 4)), "x.json")


def test_the_cli_refuses_a_rating_change_outside_the_season_with_exit_2(
    tmp_path: Path, capsys
) -> None:
    from compcore.cli.main import main

    path = tmp_path / "x.json"
    path.write_text(
        json.dumps(_mutated(lambda d: d["ratings"][0].update(from_round=37))), encoding="utf-8"
    )
    assert main(["--lang", "en", "standings", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "ratings: player 'p01': Round 37 does not exist" in captured.err
