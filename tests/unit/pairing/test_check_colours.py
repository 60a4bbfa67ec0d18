"""``compcore check`` on colours (DS-13, KC-6, LA-5, LA-6): one hand-made season file per
kind of finding, each with exit code 1 and its line in Dutch (default) and English; colours
fixed by a scheme, a forced board or the director's override are not counted.

Dubbelschaak files: four players p1..p4 rated 2000, 1990, 1980, 1970, so the initial order
(and the ranking of round 1, the first round of cycle 0) is p1, p2, p3, p4. Every round of
these files gives the colours DS-13 gives except the one board under test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compcore.cli.main import main
from compcore.domain.reason import words
from compcore.pairing.check import check
from tests.builders import load, season_data

FOUR = ["p1", "p2", "p3", "p4"]
SIX = ["p1", "p2", "p3", "p4", "p5", "p6"]

#: round 1 by DS-13.4: equal balance, no previous colour: the higher-placed gets black.
#: Afterwards p1 -1, p2 +1, p3 -1, p4 +1; p1 and p3 had black, p2 and p4 white.
DS_ROUND_1 = {"cycle": 0, "games": "p2-p1 1-0, p4-p3 1-0"}


def cycle(number: int, games: str, **more: Any) -> dict[str, Any]:
    return {"cycle": number, "games": games, **more}


def run_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any]
) -> tuple[int, list[str], list[str]]:
    """Exit code, Dutch lines, English lines of ``compcore check`` on ``data``."""
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["check", str(path)])
    dutch = capsys.readouterr().out.strip().splitlines()
    assert main(["--lang", "en", "check", str(path)]) == code
    english = capsys.readouterr().out.strip().splitlines()
    return code, dutch, english


def test_ds13_1_second_game_not_reversed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DS-13.1: round 2 repeats round 1's p2-p1 with the same colours. It is the second game
    of p1 and p2 in cycle 0, so round 1's colours reversed: p1 white. (p3-p4 is reversed
    correctly.) The finding is named repeat-reversed."""
    data = season_data("dubbelschaak", FOUR, [DS_ROUND_1, cycle(0, "p2-p1 =, p3-p4 =")])
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert code == 1
    assert dutch == [
        "ronde 2: p2-p1: verkeerde kleuren: tweede partij deze cyclus: kleuren van ronde 1 "
        "omgekeerd, p1 krijgt wit (DS-13.1)"
    ]
    assert english == [
        "round 2: p2-p1: wrong colours: second game this cycle: colours of round 1 "
        "reversed, p1 gets white (DS-13.1)"
    ]
    assert [v.rule for v in check(*load("dubbelschaak", FOUR, data["rounds"]))] == [
        "repeat-reversed"
    ]


def test_ds13_2_lower_balance_did_not_get_white(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DS-13.2: round 2 p4-p1, but p1 (-1) has the lower balance than p4 (+1): p1 white.
    p3-p2 is right (p3 -1 against p2 +1)."""
    data = season_data("dubbelschaak", FOUR, [DS_ROUND_1, cycle(0, "p4-p1 =, p3-p2 =")])
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert code == 1
    assert dutch == [
        "ronde 2: p4-p1: verkeerde kleuren: laagste kleursaldo krijgt wit (p1: -1 tegen 1) "
        "(DS-13.2)"
    ]
    assert english == [
        "round 2: p4-p1: wrong colours: lower colour balance gets white (p1: -1 against 1) "
        "(DS-13.2)"
    ]


def test_ds13_3_alternation_broken(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DS-13.3: round 2 (by DS-13.2) p1-p4, p3-p2 leaves every balance 0, with p1 and p3
    white last, p2 and p4 black. Round 3 starts cycle 1 (no meetings in scope, so no
    DS-13.1): p1-p2 has equal balances, and p2 had black last: p2 white. p4-p3 is right."""
    data = season_data(
        "dubbelschaak",
        FOUR,
        [DS_ROUND_1, cycle(0, "p1-p4 =, p3-p2 ="), cycle(1, "p1-p2 1-0, p4-p3 =")],
    )
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert code == 1
    assert dutch == ["ronde 3: p1-p2: verkeerde kleuren: afwisseling: p2 krijgt wit (DS-13.3)"]
    assert english == ["round 3: p1-p2: wrong colours: alternation: p2 gets white (DS-13.3)"]


def test_ds13_4_higher_placed_did_not_get_black(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DS-13.4: round 1, nobody has a balance or a previous colour, so the higher-placed
    gets black: p1 (first in the initial order) had white against p2. p4-p3 is right. Round
    1 is DS-12's scheme round, but DS-12 takes only the pairs from the scheme."""
    data = season_data("dubbelschaak", FOUR, [cycle(0, "p1-p2 1-0, p4-p3 1-0")])
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert code == 1
    assert dutch == [
        "ronde 1: p1-p2: verkeerde kleuren: hoogst geplaatste (p1) krijgt zwart (DS-13.4)"
    ]
    assert english == ["round 1: p1-p2: wrong colours: higher-placed p1 gets black (DS-13.4)"]


def la_critical_rounds(third: str) -> list[str]:
    """Ladder-ab (critical balance overridden to 2). Round 1 by LA-7's place rule (all 1-0):
    p1, p3, p5 white. Round 2: p1-p3 (both +1, white last, p1 placed higher: 1 point each,
    equal wins, initial order), p2-p6 (both -1, black last, p2 higher by initial order),
    p4-p5 (p4 -1 lower). Balances: p1 +2 (critical: needs black), p6 -2 (needs white),
    p2, p3, p4, p5 0. Round 3 is ``third``; nobody meets again (LA-4)."""
    return ["p1-p2 1-0, p3-p4 1-0, p5-p6 1-0", "p1-p3 1-0, p2-p6 =, p4-p5 =", third]


CRITICAL_TWO = {"pairing": {"colour_critical_balance": 2}}


def test_la6_critical_player_given_the_wrong_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LA-6: in round 3 p1 (+2, critical) had white against p5. p6-p3 (p6 critical -2 gets
    white) and p2-p4 (both 0 and white last, 0.5 points each, p2 higher by initial order:
    LA-7's higher-placed white) are right."""
    data = season_data(
        "ladder-ab", SIX, la_critical_rounds("p1-p5 1-0, p6-p3 =, p2-p4 ="), CRITICAL_TWO
    )
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert code == 1
    assert dutch == [
        "ronde 3: p1-p5: verkeerde kleuren: kleursaldo van p1 is 2: kritiek, krijgt zwart (LA-6)"
    ]
    assert english == [
        "round 3: p1-p5: wrong colours: p1's colour balance is 2: critical, gets black (LA-6)"
    ]


def test_clean_season_with_every_colour_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LA-6 and LA-7 kept in every round (round 3: p5 white against the critical p1):
    exit 0, "geen overtredingen" / "no violations"."""
    data = season_data(
        "ladder-ab", SIX, la_critical_rounds("p5-p1 0-1, p6-p3 =, p2-p4 ="), CRITICAL_TWO
    )
    code, dutch, english = run_check(tmp_path, capsys, data)
    assert (code, dutch, english) == (0, ["geen overtredingen"], ["no violations"])


def test_director_override_reports_the_colours_as_overridden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """KC-7's logged override covers colours too: the DS-13.2 break of
    test_ds13_2_lower_balance_did_not_get_white with the director's reason on the board is
    shown as overridden and the exit code is 0."""
    rounds: list[dict[str, Any]] = [
        DS_ROUND_1,
        {
            "cycle": 0,
            "games": [
                {"white": "p4", "black": "p1", "result": "1/2-1/2", "override": "p1 vroeg zwart"},
                {"white": "p3", "black": "p2", "result": "1/2-1/2"},
            ],
        },
    ]
    code, dutch, english = run_check(tmp_path, capsys, season_data("dubbelschaak", FOUR, rounds))
    assert code == 0
    assert english == [
        "round 2: p4-p1: wrong colours: lower colour balance gets white (p1: -1 against 1) "
        "(DS-13.2); overridden: p1 vroeg zwart"
    ]
    assert dutch[0].endswith("(DS-13.2); toegestaan door de wedstrijdleider: p1 vroeg zwart")


def test_forced_board_keeps_its_colours_but_not_against_hard_colour_rules() -> None:
    """A forced board's colours are the director's (MG-3, MG-8): a preference break (here
    DS-13.2: p4-p1 forced, p1 has the lower balance) is no finding. A hard colour rule
    broken by a forced board (DS-13.1: p2-p1 again in round 2) is reported as overridden,
    with the forced game's reason."""
    forced_pref = cycle(
        0,
        "p4-p1 =, p3-p2 =",
        present=FOUR,
        forced=[{"white": "p4", "black": "p1", "reason": "cup"}],
    )
    assert check(*load("dubbelschaak", FOUR, [DS_ROUND_1, forced_pref])) == []
    forced_repeat = cycle(
        0,
        "p2-p1 =, p3-p4 =",
        present=FOUR,
        forced=[{"white": "p2", "black": "p1", "reason": "cup"}],
    )
    found = check(*load("dubbelschaak", FOUR, [DS_ROUND_1, forced_repeat]))
    assert [(v.round, v.white, v.rule, words(v.overridden, "en")) for v in found] == [
        (2, "p2", "repeat-reversed", "forced: cup game")
    ]


def test_kc5_scheme_round_colours_are_not_judged() -> None:
    """KC-5: rounds 1 and 2 take their colours from the block scheme (first named white,
    scheme_colours = true), so check does not judge them by KC-6's balance rules: round 1
    here is k01-k03, k04-k02 as the scheme gives it, round 2 k01-k04 (both +1 and white
    last: the balance rules would give the higher-placed k01 black). Round 3 is a ladder
    round and is judged: balances k01 +2, k02 -2, k03 0 (white last), k04 0 (black last).
    k01-k02 gives the lower balance black: k02 should have had white (KC-6's "balance
    rules"); k04-k03 is right (alternation)."""
    ids = ["k01", "k02", "k03", "k04"]
    rounds = ["k01-k03 1-0, k04-k02 0-1", "k01-k04 1-0, k03-k02 0-1", "k01-k02 1-0, k04-k03 ="]
    found = check(*load("keizer-classic", ids, rounds))
    assert [(v.round, v.white, v.rule) for v in found] == [(3, "k01", "lower-balance-white")]
    assert found[0].describe("en") == (
        "round 3: k01-k02: wrong colours: lower colour balance gets white (k02: -2 against 2) "
        "(KC-6)"
    )
