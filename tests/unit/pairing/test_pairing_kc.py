"""Keizer classic pairing rules (KC-5 .. KC-8) on small seasons worked out by hand.

KC values: #1 = 30, #2 = 29, ... (KC-2); the initial order is the strength list.
"""

from __future__ import annotations

import json
from pathlib import Path

from compcore.adapters.files.season_file import load as load_season
from compcore.cli.main import main
from compcore.domain.model import Season
from compcore.pairing import pair
from compcore.pairing.check import check
from compcore.pairing.colours import allocate
from compcore.pairing.rules import Rules
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import standings
from tests.builders import load, season_data


def pairs(result) -> list[tuple[str, str]]:
    return [(b.white, b.black) for b in result.boards]


def names(n: int) -> list[str]:
    return [f"k{i:02d}" for i in range(1, n + 1)]


def test_kc5_round_one_blocks_of_twenty() -> None:
    """KC-5. 24 players: block 1 is #1-#20 (#1-#11, #12-#2, #3-#13, #14-#4, ..., #20-#10);
    the last block (#21-#24) is smaller than 20 and split into its own halves: #21-#23,
    #24-#22. The first named has white."""
    ids = names(24)
    season, ruleset = load("keizer-classic", list(ids), [{"present": ids}])
    result = pair(season, ruleset)
    expected = []
    for k in range(10):
        top, bottom = ids[k], ids[10 + k]
        expected.append((top, bottom) if k % 2 == 0 else (bottom, top))
    expected += [(ids[20], ids[22]), (ids[23], ids[21])]
    assert pairs(result) == expected
    assert result.boards[0].placed.text("en") == "block scheme #1 vs #11 (KC-5)"
    assert result.boards[1].placed.text("en") == "block scheme #2 vs #12 (KC-5)"
    assert result.boards[1].colour.text("en") == "first named has white (KC-5)"


def test_kc5_round_two_no_repeat_next_legal_partner() -> None:
    """KC-5 round 2. Four players, round 1 by the scheme: k01-k03, k04-k02; k01 and k02
    won (values 30..27: k01 gets 28, k02 27). Ranking k01, k02, k03, k04. Round 2's scheme
    gives k01-k03 again: not allowed (KC-6: one meeting until round 15), so k01 takes the
    next legal partner, #4 (k04); k02's scheme partner k04 is taken, so k03. Board 2's
    first named is the bottom half's: k03 white."""
    ids = names(4)
    season, ruleset = load(
        "keizer-classic", list(ids), ["k01-k03 1-0, k04-k02 0-1", {"present": ids}]
    )
    assert standings(season, ruleset).order == ("k01", "k02", "k03", "k04")
    result = pair(season, ruleset)
    assert pairs(result) == [("k01", "k04"), ("k03", "k02")]
    assert result.boards[0].placed.text("en") == (
        "block scheme: #1 vs #3 (k03) is not possible (k01 and k03 already met, and up to "
        "round 15 only once (KC-6)); next legal partner #4 (KC-5)"
    )


def test_kc6_one_meeting_until_christmas_three_a_season_second_reversed() -> None:
    """KC-6: k01-k02 met in round 1 (k01 white). Up to round 15 they may not meet again;
    from round 16 they may, with reversed colours (k02 white); after three meetings never."""
    ids = names(2)
    rounds: list[str | dict[str, object]] = ["k01-k02 1-0"]
    season, ruleset = load("keizer-classic", list(ids), rounds)
    assert Rules(season, ruleset, 15, 0).violations("k01", "k02") == ("single-meeting-window",)
    late = Rules(season, ruleset, 16, 0)
    assert late.violations("k01", "k02") == ()
    white, black, why = allocate(late, "k01", "k02")
    assert (white, black, why.rule) == ("k02", "k01", "KC-6")
    three, _ = load(
        "keizer-classic", list(ids), ["k01-k02 1-0", "k02-k01 1-0", "k01-k02 =", {"present": ids}]
    )
    assert "max-meetings" in Rules(three, ruleset, 20, 0).violations("k01", "k02")


def test_kc5_round_two_keeps_the_scheme_colours() -> None:
    """KC-5 (first named has white; the preset keeps scheme_colours = true). Round 2 of
    test_kc5_round_two_no_repeat_next_legal_partner: k01 and k04 both +1 and white last,
    so KC-6's balance rules would give the higher-placed k01 black; the scheme's board
    position gives k01 white. check does not judge a scheme round's colours."""
    ids = names(4)
    season, ruleset = load(
        "keizer-classic", list(ids), ["k01-k03 1-0, k04-k02 0-1", {"present": ids}]
    )
    assert ruleset.pairing.first_rounds is not None
    assert ruleset.pairing.first_rounds.scheme_colours is True
    result = pair(season, ruleset)
    assert pairs(result) == [("k01", "k04"), ("k03", "k02")]
    assert result.boards[0].colour.text("en") == "first named has white (KC-5)"
    assert allocate(Rules(season, ruleset, 2, 0), "k01", "k04")[0] == "k04"
    assert check(season.with_round(result.round), ruleset) == []


def test_kc6_third_game_by_the_balance_rules() -> None:
    """KC-6: "the second game has reversed colours (a third game gets its colours from the
    balance rules, like a first)", in the season scope. Rounds 1 k01-k02 1-0, k03-k04;
    2 k02-k01 =, k04-k03; 3 k01-k03 1-0, k04-k02. In round 16 (after the cut-off)
    k01 (+1: w, b, w) meets k02 (-1: b, w, b) for the third time: not reversed (that would
    give k01 white, round 2's reversed) but the lower balance, k02, white (KC-6)."""
    ids = names(4)
    season, ruleset = load(
        "keizer-classic",
        list(ids),
        ["k01-k02 1-0, k03-k04 1-0", "k02-k01 =, k04-k03 =", "k01-k03 1-0, k04-k02 ="],
    )
    rules = Rules(season, ruleset, 16, 0)
    assert rules.violations("k01", "k02") == ()
    assert rules.repeat_colours("k01", "k02") is None
    white, black, why = allocate(rules, "k01", "k02")
    assert (white, black, why.key, why.rule) == ("k02", "k01", "colour.lower-balance-white", "KC-6")


def test_kc7_director_override_for_a_repeat_meeting(tmp_path: Path) -> None:
    """KC-7: the director lets the bottom players meet again before the cut-off (round 3:
    k01-k02 and k04-k03 both met in round 2); each board carries the override reason.
    check reports both as overridden and exits 0; without one override it exits 1."""
    ids = names(4)
    data = season_data(
        "keizer-classic",
        list(ids),
        [
            "k01-k03 1-0, k04-k02 0-1",
            "k01-k02 1-0, k03-k04 1-0",
            {
                "games": [
                    {
                        "white": "k02",
                        "black": "k01",
                        "result": "0-1",
                        "override": "KC-7: bottom players",
                    },
                    {
                        "white": "k04",
                        "black": "k03",
                        "result": "1/2-1/2",
                        "override": "KC-7: bottom players",
                    },
                ]
            },
        ],
    )
    good = tmp_path / "allowed.json"
    good.write_text(json.dumps(data))
    assert main(["check", str(good)]) == 0
    found = check(*load_file(good))
    assert [(v.round, v.rule, v.overridden) for v in found] == [
        (3, "single-meeting-window", "KC-7: bottom players"),
        (3, "single-meeting-window", "KC-7: bottom players"),
    ]
    assert found[1].describe() == (
        "round 3: k04-k03: k04 and k03 already met, and up to round 15 only once (KC-6); "
        "overridden: KC-7: bottom players"
    )
    del data["rounds"][2]["games"][1]["override"]  # type: ignore[index]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["check", str(bad)]) == 1


def load_file(path: Path) -> tuple[Season, Ruleset]:
    return load_season(path)


def test_kc8_bye_lowest_without_a_bye_moving_up() -> None:
    """KC-8. Values 30..26 for k01..k05. Round 1: k01 beat k03, k02 beat k04, k05 bye (3/6
    own value); ranking k01 28, k02 27, k05 13, k03, k04. Round 2: k01 beat k02, k03 beat
    k05, k04 bye. Rescored with those values: k01 27+29 = 56, k03 28, k02 26, k05 14 (half
    of 28), k04 13 (half of 26). Round 3: odd; the two lowest (k05, k04) had a bye, so the
    next one up, k02, sits out. The rest: k01's nearest k03 was met (KC-6: once until round
    15), so k05; then k03-k04. Colours: k05 (-1) white against k01 (+2); k03 (0) white
    against k04 (+1)."""
    ids = names(5)
    season, ruleset = load(
        "keizer-classic",
        list(ids),
        [
            "k01-k03 1-0, k04-k02 0-1, k05 bye",
            "k01-k02 1-0, k05-k03 0-1, k04 bye",
            {"present": ids},
        ],
    )
    assert standings(season, ruleset).order == ("k01", "k03", "k02", "k05", "k04")
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["k02"]
    assert (
        result.sitting_out["k02"].text("en") == "lowest-placed player who has not had a bye (KC-8)"
    )
    assert pairs(result) == [("k05", "k01"), ("k03", "k04")]
