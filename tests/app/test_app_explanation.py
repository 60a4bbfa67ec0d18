"""The app's 'Waarom veranderde mijn score?' block (ui/explanation.py), in a tiny AppTest
script (the player page that will call it is built in parallel)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.explain import explain, number_text, signed_text
from compcore.scoring.standings import standings


def script() -> None:
    import os

    from ui import state
    from ui.explanation import render

    run = state.begin_run()
    run.cid = int(os.environ["EXPLAIN_CID"])
    render(run, os.environ["EXPLAIN_PLAYER"], None)


def start(club_db, monkeypatch, player: str, lang: str = "nl") -> tuple[AppTest, object]:
    path, ids = club_db
    cid = ids["Ladder"]
    monkeypatch.setenv("EXPLAIN_CID", str(cid))
    monkeypatch.setenv("EXPLAIN_PLAYER", player)
    at = AppTest.from_function(script, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    return at, Store(path).load(cid)


def test_block_shows_the_last_round_parts_and_a_total_that_matches_the_standings(
    club_db, monkeypatch
) -> None:
    """Default: the last played round (3) against round 2; every part's sentence is shown,
    and the total line goes from the standings score after 2 to the one after 3."""
    path, ids = club_db
    season = Store(path).load(ids["Ladder"])
    player = standings(season, ruleset_of(season)).order[0]
    at, season = start(club_db, monkeypatch, player)
    ruleset = ruleset_of(season)
    expected = explain(season, ruleset, player)
    assert expected.round == 3 and expected.since == 2
    assert at.selectbox[0].value == 3
    names = {p.id: p.name for p in season.players}
    shown = "\n".join(m.value for m in at.markdown)
    for item in expected.items:
        assert item.text("nl", names) in shown
    after = standings(season, ruleset, after_round=3).row(player).score
    before = standings(season, ruleset, after_round=2).row(player).score
    total = (
        f"Van {number_text(before)} naar {number_text(after)} punten: {signed_text(after - before)}"
    )
    assert total in shown
    assert at.subheader[0].value == "Waarom veranderde mijn score?"


def test_picking_round_one_compares_with_the_start_in_english(club_db, monkeypatch) -> None:
    """Round 1 has no round before it: the score before is 0 and the parts are round 1's
    entry only."""
    path, ids = club_db
    season = Store(path).load(ids["Ladder"])
    player = season.player_ids[1]
    at, season = start(club_db, monkeypatch, player, lang="en")
    at.selectbox[0].set_value(1).run()
    assert not at.exception
    expected = explain(season, ruleset_of(season), player, round=1)
    assert expected.since == 0 and all(i.round == 1 for i in expected.items)
    assert at.caption[0].value == "After round 1, compared with the start"
    shown = "\n".join(m.value for m in at.markdown)
    assert f"From 0 to {number_text(expected.score_after)} points" in shown
    assert at.subheader[0].value == "Why did my score change?"


def test_an_unknown_player_is_a_notice_not_a_traceback(club_db, monkeypatch) -> None:
    at, _ = start(club_db, monkeypatch, "nobody")
    assert "nobody" in at.info[0].value
