"""The player page and its explanation (issue 22, item 6): place and value as two charts
over the same rounds; one way of writing numbers (the ruleset's decimals, the exact fraction
only in a tooltip); "1 ronde" / "3 rondes"; "Waarom veranderde mijn score?" between any two
rounds the member picks, with the numbers of ``compcore explain --since``.

The test club's Keizer ladder (DS, 2 decimals, ``tests/app/test_app_support.small_seasons``)
after its 3 rounds, worked out by hand for Wouter Vermeulen (p01):

- round 1: he beat Zoë Jacobs (p07), then worth 8: 8 points, his score after round 1;
- round 2: he beat Karin Dijkstra (p02), worth 8: +8;
- round 3: absent with notice, 2/6 of his own value 14: 14/3 = +4⅔ (written 4,67);
- Zoë's value is 5 after round 3: his round-1 win now counts 5 instead of 8: -3.

So after round 3 he has 8 + 8 + 14/3 - 3 = 53/3 = 17⅔ points (written 17,67), 29/3 = 9⅔
more than after round 1 (written +9,67).
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from fractions import Fraction

import pytest

from compcore.adapters.store import Store
from compcore.cli.main import main as cli
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.explain import explain
from tests.app.test_app_links import LADDER, ok, opened
from tests.app.test_app_support import build_two_cycles, shown, texts

pytestmark = pytest.mark.usefixtures("steady_app")

#: the characters and forms of an exact fraction ("17⅔", "53/3", "17,67 (precies 53/3)"):
#: never in the page's text; a share as the ruleset writes it ("2/6 van je eigen waarde")
#: is a rule, not a number
FRACTION = re.compile(r"[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|\d/\d(?! van)|\(precies|\(exactly")


def charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


def helps(at) -> list[str]:
    """The tooltips of the page's text lines."""
    return [m.proto.help for m in at.markdown if m.proto.help]


def main_text(at) -> str:
    """What the page writes (its text and its tables' cells), the tooltips left out."""
    cells = [str(v) for d in at.dataframe for v in shown(d).to_numpy().ravel()]
    return "\n".join([texts(at), *cells])


def cli_explain(db, player: str, *args: str) -> dict:
    """``compcore explain`` over the test database, as JSON."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli(["explain", "--db", str(db[0]), "--competition", LADDER, player, *args,
                    "--format", "json"])  # fmt: skip
    assert code == 0
    return json.loads(out.getvalue())


# --------------------------------------------------------------------------- the charts


def test_place_and_value_are_two_charts_over_the_same_rounds(club_db) -> None:
    """Keizer: a place chart (place 1 on top: a reversed scale) above a value chart, each
    with its own y axis, the same rounds on the x axis, the axis titles in Dutch; the
    plots line up (the y axes are equally wide) and the lines are not drawn over each
    other. A point's tooltip writes the value as the page does."""
    at = opened("speler", competitie=LADDER, speler="p01")
    place, value = charts(at)
    assert place["encoding"]["y"]["field"] == "rank"
    assert place["encoding"]["y"]["scale"]["reverse"] is True
    assert place["encoding"]["y"]["axis"]["values"][0] == 1  # place 1 is labelled, on top
    assert value["encoding"]["y"]["field"] == "value"
    assert "reverse" not in value["encoding"]["y"]["scale"]
    for spec in (place, value):
        assert spec["encoding"]["x"]["field"] == "round"
        assert spec["encoding"]["x"]["scale"]["domain"] == [1, 2, 3]
    assert [s["encoding"]["y"]["axis"]["minExtent"] for s in (place, value)] == [44, 44]
    titles = [(s["encoding"]["x"]["title"], s["encoding"]["y"]["title"]) for s in (place, value)]
    assert titles == [("ronde", "plaats"), ("ronde", "waarde")]
    assert "replace(datum.label, '.', ',')" in value["encoding"]["y"]["axis"]["labelExpr"]
    tooltip = {t["field"]: t["title"] for t in value["encoding"]["tooltip"]}
    assert tooltip == {"round": "ronde", "rank": "plaats", "score_text": "punten",
                       "value_text": "waarde"}  # fmt: skip


def test_the_charts_speak_english_and_a_points_ladder_has_the_place_chart_only(club_db):
    at = opened("speler", competitie=LADDER, speler="p01")
    at.session_state["lang"] = "en"
    ok(at.run())
    titles = [s["encoding"]["y"]["title"] for s in charts(at)]
    assert titles == ["place", "value"]
    assert all(s["encoding"]["x"]["title"] == "round" for s in charts(at))
    assert "labelExpr" not in charts(at)[1]["encoding"]["y"]["axis"]  # 17.5 stays 17.5
    at = opened("speler", competitie="testclub_2025-2026_ab", speler="p02")
    (place,) = charts(at)
    assert place["encoding"]["y"]["field"] == "rank"


# --------------------------------------------------------------------------- one notation


def test_numbers_are_written_one_way_and_the_exact_ones_are_tooltips(club_db) -> None:
    """p01 has 53/3 points: "17,67" in the summary, the total and the explanation, never
    "17⅔" or "53/3" beside it; the exact number is the summary's and the total's tooltip
    (and the explanation's, in the notation of ``compcore explain``)."""
    at = opened("speler", competitie=LADDER, speler="p01")
    text = main_text(at)
    assert not FRACTION.search(text), FRACTION.findall(text)
    assert "plaats 3 · 17,67 punten · waarde 12" in text
    assert "**Totaal: 17,67 punten**" in text
    assert "Precies: 17⅔ punten" in helps(at)  # the summary's (its value 12 is whole)
    # the points column: the standings' two decimals, sortable numbers behind them
    assert list(shown(at.dataframe[0])["Punten"]) == ["5,00", "8,00", "4,67"]
    assert Fraction(at.dataframe[0].value["Punten"][2]).limit_denominator(10) == Fraction(14, 3)


def test_one_round_is_singular_more_are_plural(tmp_path, monkeypatch) -> None:
    """The two-cycle ladder: Cyclus 1 is round 3 only ("uit 1 ronde"), Cyclus 0 rounds 1
    and 2 ("uit 2 rondes"); English the same."""
    path = tmp_path / "two.duckdb"
    build_two_cycles(path)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    at = opened("speler", competitie=LADDER, speler="p01")
    assert "uit 1 ronde: precies de score" in texts(at)
    at = opened("speler", competitie=LADDER, speler="p01", cyclus="0")
    assert "uit 2 rondes: precies de score" in texts(at)
    at.session_state["lang"] = "en"
    ok(at.run())
    assert "from 2 rounds: exactly the score" in texts(at)
    at = opened("speler", competitie=LADDER, speler="p01", taal="en")
    assert "from 1 round: exactly the score" in texts(at)
    assert "ronde(n)" not in texts(at) and "round(s)" not in texts(at)


# --------------------------------------------------------------------------- the explanation


def test_by_default_the_explanation_compares_the_last_two_rounds(club_db) -> None:
    at = opened("speler", competitie=LADDER, speler="p01")
    assert at.selectbox(key="explain_p01_0_from").value == 2
    assert at.selectbox(key="explain_p01_0_to").value == 3
    assert at.query_params["van"] == "2" and at.query_params["tot"] == "3"
    assert "Na ronde 3, vergeleken met na ronde 2" in texts(at)


def test_the_explanation_between_two_chosen_rounds_has_the_clis_numbers(club_db) -> None:
    """?van=1&tot=3: the parts and the total of ``compcore explain --round 3 --since 1``
    (worked out by hand in the module's docstring), written as the page writes numbers."""
    at = opened("speler", competitie=LADDER, speler="p01", van="1", tot="3")
    text = texts(at)
    assert "Na ronde 3, vergeleken met na ronde 1" in text
    assert "Ronde 2: je won van Karin Dijkstra (waarde 8): +8" in text
    assert "Ronde 3: afgemeld (2/6 van je eigen waarde 14): +4,67" in text
    assert "Je winst op Zoë Jacobs in ronde 1 telt nu met waarde 5 in plaats van 8: -3" in text
    assert "**Van 8,00 naar 17,67 punten: +9,67**" in text
    # the command line's numbers, exactly
    data = cli_explain(club_db, "p01", "--round", "3", "--since", "1")
    assert (data["score_before"], data["score_after"]) == ("8", "53/3")
    assert [i["points"] for i in data["items"]] == ["8", "14/3", "-3"]
    # ... and the core's sentences, in the command line's notation, are the total's tooltip
    season = Store(club_db[0]).load(club_db[1]["Ladder"])
    core = explain(season, ruleset_of(season), "p01", round=3, since=1)
    (tooltip,) = [h for h in helps(at) if h.startswith("Precies, zonder afronding")]
    for item in core.items:
        assert item.text("nl", season.names()) in tooltip  # "+4⅔", "−3"
    assert "Van 8 naar 17⅔ punten: +9⅔" in tooltip
    assert at.query_params["van"] == "1" and at.query_params["tot"] == "3"


def test_picking_rounds_changes_the_explanation_and_the_address(club_db) -> None:
    """From the start to round 2 (English): every entry up to round 2; a "from" that is no
    longer before "to" becomes the round before it."""
    at = opened("speler", competitie=LADDER, speler="p01", taal="en")
    at.selectbox(key="explain_p01_0_to").select(2).run()
    at.selectbox(key="explain_p01_0_from").select(0).run()
    ok(at)
    assert "After round 2, compared with the start" in texts(at)
    assert "From 0.00 to 19.00 points: +19" in texts(at)  # his standings score after round 2
    assert at.query_params["van"] == "0" and at.query_params["tot"] == "2"
    at.selectbox(key="explain_p01_0_to").select(1).run()
    assert at.selectbox(key="explain_p01_0_from").options == ["at the start"]
    assert "From 0.00 to 8.00 points: +8" in texts(at)


@pytest.mark.parametrize(
    ("params", "shown_value"), [({"van": "7"}, "7"), ({"van": "3", "tot": "2"}, "3")]
)
def test_a_round_the_server_does_not_hold_is_a_notice(club_db, params, shown_value) -> None:
    """?van=7 (no such round), ?van=3&tot=2 (not before it): a notice, and the round before
    "to" instead; never an error."""
    at = opened("speler", competitie=LADDER, speler="p01", **params)
    assert f"De link noemt een beginronde die hier niet bestaat ({shown_value})" in texts(at)
    to = int(params.get("tot", "3"))
    assert at.selectbox(key="explain_p01_0_from").value == to - 1
