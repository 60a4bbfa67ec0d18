"""Trends for 30 players (issue 13, item 4): players chosen by name each get a colour of
their own, the rest are grey; the choice is kept across cycles and in the link
(``?spelers=``); names are shown in full; an unknown id in the link is dropped with a notice."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_app_support import DIRECTOR_HASH, app, build_two_cycles, texts
from ui import charts, trend_choice
from ui.charts import GREY, PALETTE

LADDER = "testclub_2025-2026_ladder"
LABELS = {"round": "ronde", "player": "speler", "rank": "plaats", "score": "punten",
          "value": "waarde"}  # fmt: skip


# --------------------------------------------------------------------------- colours


def test_chosen_players_get_distinct_colours_up_to_the_palette_and_grey_beyond():
    """11 chosen players and a palette of 10: p01..p10 get the palette's colours in choice
    order (10 different colours), p11 is beyond it and grey, as is anyone not chosen. A
    player chosen twice counts once: [b, a, b] gives b the first colour, a the second."""
    chosen = [f"p{i:02d}" for i in range(1, 12)]
    colours = charts.colours_for(chosen)
    assert len(PALETTE) == 10 and len(set(PALETTE)) == 10 and GREY not in PALETTE
    assert colours.chosen == tuple(zip(chosen[:10], PALETTE, strict=True))
    assert len({colours.of(pid) for pid in chosen[:10]}) == 10
    assert colours.beyond == ("p11",)
    assert colours.of("p11") == GREY and colours.of("p99") == GREY
    assert charts.colours_for(["b", "a", "b"]).chosen == (("b", PALETTE[0]), ("a", PALETTE[1]))


def test_a_links_players_known_unknown_and_beyond_the_limit():
    """'p02, p99,,p02,p01' among p01..p03: p02 then p01 chosen (p02 once, blanks skipped),
    p99 unknown. With a limit of 2, 'p01,p02,p03' chooses p01, p02 and leaves p03 beyond."""
    options = ["p01", "p02", "p03"]
    link = trend_choice.from_link("p02, p99,,p02,p01", options)
    assert (link.chosen, link.unknown, link.beyond) == (("p02", "p01"), ("p99",), ())
    assert trend_choice.from_link("p01,p02,p03", options, limit=2).beyond == ("p03",)


def frame() -> pd.DataFrame:
    """Three players over two rounds; Anna's name is long (it must not be cut off)."""
    players = [("a", "Anna Maria van der Berg-Oudshoorn"), ("b", "Bob"), ("c", "Cees")]
    return pd.DataFrame(
        [{"round": r, "player": name, "player_id": pid, "rank": i + 1, "score": 1.0 * r,
          "value": None} for r in (1, 2) for i, (pid, name) in enumerate(players)]
    )  # fmt: skip


def test_the_chart_draws_the_rest_grey_under_the_chosen_in_their_colours():
    """Chosen c then a: the first layer draws everyone but c and a as thin grey lines, the
    second c and a in the palette's first two colours, with a legend that lists them in that
    order and cuts no name off (labelLimit 0)."""
    spec = charts.bump_chart(frame(), LABELS, charts.colours_for(["c", "a"])).to_dict()
    grey, chosen = spec["layer"]
    assert grey["mark"] == {"type": "line", "color": GREY, "strokeWidth": 1}
    assert grey["transform"] == [{"filter": {"not": {"field": "player_id", "oneOf": ["c", "a"]}}}]
    assert chosen["transform"] == [{"filter": {"field": "player_id", "oneOf": ["c", "a"]}}]
    colour = chosen["encoding"]["color"]
    assert colour["legend"]["labelLimit"] == 0
    assert colour["scale"] == {
        "domain": ["Cees", "Anna Maria van der Berg-Oudshoorn"],
        "range": [PALETTE[0], PALETTE[1]],
    }


def test_on_a_phone_the_legend_is_one_column_and_a_long_name_two_lines():
    """One column (a phone): the legend's labels go through WRAP. 'Anna Maria van der
    Berg-Oudshoorn' has 33 characters (> 30); its last space within the first 30 is at index
    18 (after 'der'), so it is drawn as 'Anna Maria van der' over 'Berg-Oudshoorn' (WRAP's
    steps redone in Python below). Two columns (a laptop): no wrapping."""
    phone = charts.bump_chart(frame(), LABELS, charts.colours_for(["a"]), columns=1).to_dict()
    legend = phone["layer"][1]["encoding"]["color"]["legend"]
    assert (legend["columns"], legend["labelLimit"], legend["labelExpr"]) == (1, 0, charts.WRAP)
    laptop = charts.bump_chart(frame(), LABELS, charts.colours_for(["a"])).to_dict()
    assert "labelExpr" not in laptop["layer"][1]["encoding"]["color"]["legend"]
    label = "Anna Maria van der Berg-Oudshoorn"
    cut = label[:30].rfind(" ")  # WRAP's lastindexof(slice(label, 0, 30), ' ')
    assert (len(label), cut) == (33, 18)
    assert [label[:cut], label[cut + 1 :]] == ["Anna Maria van der", "Berg-Oudshoorn"]


def test_without_a_choice_everyone_is_grey():
    """Nobody chosen (or only a player not in this cycle): one grey layer, no legend."""
    for chosen in ([], ["z"]):
        spec = charts.score_chart(frame(), LABELS, charts.colours_for(chosen)).to_dict()
        assert len(spec["layer"]) == 1 and spec["layer"][0]["mark"]["color"] == GREY
        assert "transform" not in spec["layer"][0]


# --------------------------------------------------------------------------- the page


@pytest.fixture
def two_cycles(tmp_path, monkeypatch):
    """The Keizer ladder (9 players) with Cyclus 0 (rounds 1-2) and Cyclus 1 (round 3)."""
    path = tmp_path / "cycles.duckdb"
    cid = build_two_cycles(path)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    return path, cid


def opened(**params: str):
    """A new browser session opening the trends page with ``params`` (as a member)."""
    at = app()
    at.query_params.update({"competitie": LADDER, **params})
    at.run()
    at.switch_page("pages/trends.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def colour_domains(at) -> list[list[str]]:
    """The chosen players' names (the colour scale's domain) in each chart."""
    domains = []
    for chart in at.get("vega_lite_chart"):
        layers = json.loads(chart.proto.spec)["layer"]
        domains.append(layers[1]["encoding"]["color"]["scale"]["domain"] if len(layers) > 1 else [])
    return domains


@pytest.mark.usefixtures("steady_app")
def test_choose_players_switch_cycle_and_the_link_keeps_them(two_cycles):
    """By default the top 3 of Cyclus 1's standings (computed here by compcore) are in
    colour; choosing two others puts them in the link in choice order; switching to Cyclus 0
    keeps them (the value, rank and score charts all draw them)."""
    path, cid = two_cycles
    season = Store(path).load(cid)
    ruleset = ruleset_of(season)
    top = [row.player for row in standings(season, ruleset, cycle=1).rows[:3]]
    name = {p.id: p.name for p in season.players}
    at = opened()
    box = at.multiselect(key=f"tr_players_{cid}")
    assert box.value == top
    assert at.query_params["spelers"] == ",".join(top)
    assert colour_domains(at) == [[name[pid] for pid in top]] * 3

    picked = [pid for pid in season.player_ids if pid not in top][-2:]
    box.set_value(picked).run()
    assert at.query_params["spelers"] == ",".join(picked)
    at.selectbox(key=f"tr_cycle_{cid}").set_value(0).run()
    assert not at.exception
    assert at.query_params["cyclus"] == "0"
    assert at.multiselect(key=f"tr_players_{cid}").value == picked
    assert at.query_params["spelers"] == ",".join(picked)
    assert colour_domains(at) == [[name[pid] for pid in picked]] * 3
    table = at.dataframe[0].value
    assert table.index.name == "ronde" and list(table.columns) == [name[pid] for pid in picked]

    at.switch_page("pages/standings.py").run()
    assert "spelers" not in at.query_params  # only the trends page shows the choice
    at.switch_page("pages/trends.py").run()
    assert at.multiselect(key=f"tr_players_{cid}").value == picked  # kept in the session
    assert at.query_params["spelers"] == ",".join(picked)


@pytest.mark.usefixtures("steady_app")
def test_a_phone_gets_a_one_column_legend(two_cycles, monkeypatch):
    """On a phone (a "Mobi" browser) the legend is one column wide (long names wrap); on a
    laptop two."""
    from ui import device

    def columns(at) -> list[int]:
        specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
        return [spec["layer"][1]["encoding"]["color"]["legend"]["columns"] for spec in specs]

    assert columns(opened()) == [2, 2, 2]
    monkeypatch.setattr(device, "on_phone", lambda: True)
    assert columns(opened()) == [1, 1, 1]


@pytest.mark.usefixtures("steady_app")
def test_a_link_chooses_players_and_drops_unknown_ids_with_a_notice(two_cycles):
    """?spelers=<last player>,nobody: the last player is chosen, 'nobody' is named in a
    notice and left out of the choice and of the address."""
    path, cid = two_cycles
    last = Store(path).load(cid).player_ids[-1]
    at = opened(spelers=f"{last},nobody")
    assert "De link noemt spelers die hier niet meedoen (nobody); die zijn weggelaten." in texts(at)
    assert at.multiselect(key=f"tr_players_{cid}").value == [last]
    assert at.query_params["spelers"] == last
