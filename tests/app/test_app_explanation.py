"""The app's 'Waarom veranderde mijn score?' block (ui/explanation.py), in a tiny AppTest
script (the player page that will call it is built in parallel)."""

from __future__ import annotations

from fractions import Fraction

from streamlit.testing.v1 import AppTest

from compcore.adapters.store import Store
from compcore.present.reports import decimal
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.explain import explain, signed_text
from compcore.scoring.standings import standings


def written(value) -> str:
    """A number as the block writes it in a sentence: the Ladder's (DS) two decimals, a
    whole number without them."""
    return str(value.numerator) if value.denominator == 1 else decimal(value, 2, "nl")


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
    """Default: the last played round (3) against round 2; every part's sentence is shown
    (numbers as the page writes them), and the total line goes from the standings score
    after 2 to the one after 3; the exact sentences are its tooltip where that rounds."""
    path, ids = club_db
    season = Store(path).load(ids["Ladder"])
    player = standings(season, ruleset_of(season)).order[0]
    at, season = start(club_db, monkeypatch, player)
    ruleset = ruleset_of(season)
    expected = explain(season, ruleset, player)
    assert expected.round == 3 and expected.since == 2
    assert [b.value for b in at.selectbox] == [2, 3]  # from, to
    names = {p.id: p.name for p in season.players}
    shown = "\n".join(m.value for m in at.markdown)
    for item in expected.items:
        assert item.text("nl", names, written) in shown
    after = standings(season, ruleset, after_round=3).row(player).score
    before = standings(season, ruleset, after_round=2).row(player).score
    total = (
        f"Van {decimal(before, 2, 'nl')} naar {decimal(after, 2, 'nl')} punten: "
        f"{signed_text(after - before, written)}"
    )
    assert total in shown
    # the leader's 31/2 and 51/2 are written exactly (15,50, 25,50): no tooltip to add
    # (one that rounds: tests/app/test_player_page.py)
    assert (before, after) == (Fraction(31, 2), Fraction(51, 2))
    assert not any(m.proto.help for m in at.markdown)
    assert at.subheader[0].value == "Waarom veranderde mijn score?"


def test_picking_round_one_compares_with_the_start_in_english(club_db, monkeypatch) -> None:
    """Round 1 has no round before it: the score before is 0 and the parts are round 1's
    entry only."""
    path, ids = club_db
    season = Store(path).load(ids["Ladder"])
    player = season.player_ids[1]
    at, season = start(club_db, monkeypatch, player, lang="en")
    at.selectbox[1].set_value(1).run()  # to: round 1; from: the start
    assert not at.exception
    expected = explain(season, ruleset_of(season), player, round=1)
    assert expected.since == 0 and all(i.round == 1 for i in expected.items)
    assert at.caption[0].value == "After round 1, compared with the start"
    shown = "\n".join(m.value for m in at.markdown)
    assert f"From 0.00 to {decimal(expected.score_after, 2, 'en')} points" in shown
    assert at.subheader[0].value == "Why did my score change?"


def test_an_unknown_player_is_a_notice_not_a_traceback(club_db, monkeypatch) -> None:
    at, _ = start(club_db, monkeypatch, "nobody")
    assert "nobody" in at.info[0].value
