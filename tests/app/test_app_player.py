"""The player page (issue 10, item 1): opened by ?speler=, an unknown player, the cycle
picker, the totals equal the standings score, Dutch and English; names link to it from the
standings, the pairing sheet, the overview's leaders and the winners."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from compcore.adapters.store import Store
from compcore.present import reports
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.contributions import player_rounds
from compcore.scoring.standings import standings
from tests.app.test_app_links import LADDER, ok, opened
from tests.app.test_app_support import build_two_cycles, shown, texts
from ui import charts

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Path, dict[str, int]]:
    return club_db


def season_of(db, name: str):
    path, ids = db
    season = Store(path).load(ids[name])
    return season, ruleset_of(season)


def rounds_table(at):
    """The round table's numbers (what it sorts by)."""
    return at.dataframe[0].value


def test_a_link_opens_the_players_rounds_and_the_total_is_his_score(db):
    """?speler=p03 in the Keizer ladder (DS): one row per round of the current cycle with
    the value and the points the standings used; the total line is his standings score."""
    season, ruleset = season_of(db, "Ladder")
    table = standings(season, ruleset)
    lines = player_rounds(season, ruleset, table, "p03")
    at = opened("speler", competitie=LADDER, speler="p03")
    assert at.selectbox(key=f"pp_who_{db[1]['Ladder']}").value == "p03"
    frame = at.dataframe[0].value
    assert list(frame["Ronde"]) == [c.round for c in lines.lines]
    points = at.dataframe[0].value["Punten"]
    assert [Fraction(p).limit_denominator(1000) for p in points] == [c.points for c in lines.lines]
    row = table.row("p03")
    text = texts(at)
    assert f"plaats {row.rank}" in text
    score = reports.cell(row, "score", ruleset.display_decimals, "nl")  # as the standings
    assert f"**Totaal: {score} punten** uit {len(lines.lines)} rondes" in text
    assert "precies de score in de ranglijst" in text
    assert at.query_params["speler"] == "p03"


def test_every_players_total_equals_the_standings_score_shown(db):
    """For every player of the A/B ladder (a points preset): the page's total line says the
    same number as the standings' points column."""
    _, ids = db
    season, _ = season_of(db, "AB")
    at = opened("standings", competitie="testclub_2025-2026_ab")
    scores = dict(
        zip(shown(at.dataframe[0])["Naam"], shown(at.dataframe[0])["Punten"], strict=True)
    )
    at.switch_page("pages/speler.py").run()
    for player in season.players:
        at.selectbox(key=f"pp_who_{ids['AB']}").select(player.id).run()
        ok(at)
        total = next(m.value for m in at.markdown if "Totaal" in m.value)
        assert f"**Totaal: {scores[player.name]} punten**" in total, (player.id, total)


def test_an_unknown_player_shows_a_notice_and_the_default(db):
    at = opened("speler", competitie=LADDER, speler="p99")
    assert "De link noemt een speler die hier niet bestaat (p99)" in texts(at)
    assert at.dataframe  # the default player's rounds


def test_the_cycle_picker_shows_only_that_cycles_rounds(tmp_path, monkeypatch):
    """DS-17: rounds 1-2 are Cyclus 0, round 3 Cyclus 1; the cycle restarts, so Cyclus 0
    lists rounds 1 and 2 only, and ?cyclus=0 in the link picks it."""
    path = tmp_path / "two.duckdb"
    build_two_cycles(path)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    at = opened("speler", competitie=LADDER, speler="p01")
    assert list(rounds_table(at)["Ronde"]) == [3]
    at = opened("speler", competitie=LADDER, speler="p01", cyclus="0")
    assert list(rounds_table(at)["Ronde"]) == [1, 2]
    assert "Cyclus 0 · stand na ronde 2" in texts(at)


def test_english(db):
    at = opened("speler", competitie=LADDER, speler="p03")
    at.session_state["lang"] = "en"
    at.run()
    ok(at)
    frame = rounds_table(at)
    assert list(frame.columns) == ["Round", "Kind", "Opponent", "Colour", "Result", "Value",
                                   "Points"]  # fmt: skip
    assert "exactly the score in the standings" in texts(at)


def test_a_point_system_has_no_value_column(db):
    """LA is a points ladder: no values, so the value column is hidden."""
    at = opened("speler", competitie="testclub_2025-2026_ab", speler="p02")
    config = json.loads(at.dataframe[0].proto.columns)
    assert config["Waarde"] == {"hidden": True}
    assert config["Punten"]["type_config"] == {"type": "number"}


def test_names_link_to_the_player_page(db):
    """The standings' name column holds each player's page address with his name after
    '#' (shown as the name); the pairing sheet's white and black do too; the overview's
    leaders are page links."""
    at = opened("standings", competitie=LADDER)
    season, _ = season_of(db, "Ladder")
    address = urlsplit(at.dataframe[0].value["Naam"][0])
    assert address.path == "speler"
    # the cell shows the name: the table's text, and in the browser the part after '#'
    pid = parse_qs(address.query)["speler"][0]
    assert shown(at.dataframe[0])["Naam"][0].startswith(season.player(pid).name)
    assert unquote(address.fragment).startswith(season.player(pid).name)
    assert parse_qs(address.query)["competitie"] == [LADDER]
    assert '"Naam"' in at.dataframe[0].proto.columns and "#(.+)$" in at.dataframe[0].proto.columns
    at = opened("round", competitie=LADDER)
    sheet = at.dataframe[0].value
    assert all(urlsplit(v).path == "speler" for v in sheet["Wit"])
    at = opened(None, competitie=LADDER)
    assert any("speler" in str(link.proto) for link in at.get("page_link"))


def test_phone_compact_standings_keep_the_link_and_numbers(db):
    """The compact view (what a phone shows first) keeps the name link; points stay numbers."""
    at = opened("standings", competitie=LADDER)
    at.toggle(key=f"st_all_{db[1]['Ladder']}").set_value(False).run()
    frame = at.dataframe[0].value
    assert list(frame.columns)[:4] == ["Pl", "±Pl", "Naam", "Punten"]
    assert urlsplit(frame["Naam"][0]).path == "speler"
    assert frame["Punten"].dtype.kind == "f" or frame["Punten"].dtype.kind == "i"


def test_the_players_chart_rows_are_the_trends_rows(db):
    """The player page's chart frame is the trends page's frame for that player (the same
    snapshots: place, score and value after each round), built for one player only."""
    season, ruleset = season_of(db, "Ladder")
    table = standings(season, ruleset)
    every = charts.trend_frame(table, {p.id: p.name for p in season.players}, True)
    for pid in season.player_ids:
        mine = every[every["player_id"] == pid][["round", "rank", "score", "value"]]
        assert charts.player_frame(table, pid, True).equals(mine.reset_index(drop=True))


def test_a_phone_sees_the_compact_round_table(db, monkeypatch):
    """On a phone (a "Mobi" browser) the round table shows round, kind, opponent, value and
    points only; the laptop also colour and result."""
    from ui import device

    at = opened("speler", competitie=LADDER, speler="p03")
    assert list(at.dataframe[0].proto.column_order) == []
    monkeypatch.setattr(device, "on_phone", lambda: True)
    at = opened("speler", competitie=LADDER, speler="p03")
    assert list(at.dataframe[0].proto.column_order) == [
        "Ronde", "Soort", "Tegenstander", "Waarde", "Punten"
    ]  # fmt: skip


def test_the_player_page_answers_why_his_score_changed(db):
    """The page ends with "Waarom veranderde mijn score?" for the last round: the sentences
    of ``compcore.scoring.explain`` (numbers as the page writes them: a whole one without
    decimals, else the ruleset's) and the total line, whose new score is the standings
    score."""
    from compcore.scoring.explain import explain

    season, ruleset = season_of(db, "Ladder")
    result = explain(season, ruleset, "p03")
    at = opened("speler", competitie=LADDER, speler="p03")
    text = texts(at)
    assert "Waarom veranderde mijn score?" in text
    row = standings(season, ruleset).row("p03")
    assert reports.cell(row, "score", ruleset.display_decimals, "nl") in text

    def written(value: Fraction) -> str:
        whole = value.denominator == 1
        return str(value.numerator) if whole else reports.decimal(value, 2, "nl")

    for item in result.items:
        assert item.text("nl", {p.id: p.name for p in season.players}, written) in text
