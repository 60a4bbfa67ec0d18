"""Issue 9, items 4 and 5 in AppTest: finalizing, reopening a finalized round (reason
required, logged) and correcting an old result through its preview; as a director and as a
member who is not logged in. Checked on the page and in the database."""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.model import Result
from tests.app.test_app_director import as_director, ok, submit
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, app, form_widget, shown, tap, texts
from tests.builders import load

pytestmark = pytest.mark.usefixtures("steady_app")

#: Keizer-classic, a b c d: the season of tests/services/test_corrections.py's hand-worked preview
KEIZER = ["a-b 1-0, c-d 1-0", "a-d 1-0, b-c ="]


@pytest.fixture
def keizer(club_db) -> tuple[Store, int]:
    """The small Keizer season in the app's database (both rounds finalized: legacy)."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    season, _ = load("keizer-classic", "a b c d", KEIZER)
    return store, store.import_season(season, actor=ADMIN)


def round_page(cid: int, number: int):
    at = as_director(cid, "round")
    at.selectbox(key=f"round_no_{cid}").select(number).run()
    ok(at)
    return at


def test_correcting_an_old_result_shows_the_standings_before_and_after(keizer):
    """Round 1 board 1 (A-B) from 1-0 to 0-1. The preview (tests/services/test_corrections.py,
    worked by hand) lists B 3 -> 1 (14,50 -> 42,50), C 2 -> 2 (41,00 -> 42,00), A 1 -> 3
    (55,00 -> 27,00), says the later pairings stay as played, and stores nothing. Saving
    without a reason is refused (nothing changes); with one the correction is stored,
    logged, and the standings page has B on top."""
    store, cid = keizer
    before = store.load(cid)
    at = round_page(cid, 1)
    assert "De ronde is afgesloten." in texts(at)
    form_widget(at.selectbox, f"res_{cid}_1_0_a_b").select("0-1")
    submit(at, "Bekijk gevolgen")
    assert "Gevolgen van de correctie voor de stand na ronde 2" in texts(at)
    assert "Bord 1: 1-0 → 0-1" in texts(at)
    assert "De indeling van de latere ronden blijft zoals die gespeeld is" in texts(at)
    table = at.table[0].value
    assert table.to_dict("records") == [
        {"Speler": "B", "Plaats voor": 3, "Plaats na": 1, "Score voor": "14,50",
         "Score na": "42,50"},
        {"Speler": "C", "Plaats voor": 2, "Plaats na": 2, "Score voor": "41,00",
         "Score na": "42,00"},
        {"Speler": "A", "Plaats voor": 1, "Plaats na": 3, "Score voor": "55,00",
         "Score na": "27,00"},
    ]  # fmt: skip
    assert store.load(cid) == before

    at.button(key=f"correction_{cid}_1_save").click().run()
    ok(at)
    assert any("geef een reden voor de correctie van bord 1" in e.value for e in at.error)
    assert store.load(cid) == before

    at.text_input(key=f"correction_{cid}_1_reason").input("wit en zwart verwisseld")
    at.button(key=f"correction_{cid}_1_save").click().run()
    ok(at)
    assert "Correctie van ronde 1 opgeslagen" in texts(at)
    after = store.load(cid)
    assert after.round(1).games[0].result is Result.BLACK_WINS
    assert after.round(2) == before.round(2)
    entry = store.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("correct-results", "wit en zwart verwisseld")
    at.switch_page("pages/standings.py").run()
    ok(at)
    assert list(shown(at.dataframe[0])["Naam"].iloc[:3]) == ["B", "C", "A"]  # the names shown


def test_a_preview_without_a_change_says_so(keizer):
    _, cid = keizer
    at = round_page(cid, 1)
    submit(at, "Bekijk gevolgen")
    assert "Je hebt geen uitslag gewijzigd." in texts(at)
    assert not at.table


def test_reopen_needs_a_reason_then_the_round_takes_results_again(keizer):
    """Reopen round 2 after a confirmation: without a reason refused, nothing changes; with
    one the round is open for results (no correction preview), the log keeps the reason;
    finalizing it again locks it."""
    store, cid = keizer
    before = store.load(cid)
    at = round_page(cid, 2)
    at.button(key="reopen").click().run()
    assert any("wordt heropend" in w.value for w in at.warning)
    at.button(key="reopen_yes").click().run()
    ok(at)
    assert any("Geef een reden om ronde 2 te heropenen" in e.value for e in at.error)
    assert store.load(cid) == before

    at.text_input(key="reopen_reason").input("uitslag bord 2 betwist")
    at.button(key="reopen_yes").click().run()
    ok(at)
    assert "Ronde 2 is heropend" in texts(at)
    assert store.load(cid).round(2).finalized is False
    entry = store.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("reopen-round", "uitslag bord 2 betwist")
    assert any(b.label == "Ronde afsluiten" for b in at.button)
    assert not any(b.label == "Bekijk gevolgen" for b in at.form_submit_button)

    tap(at.button_group(key=f"entry_{cid}_2_1_b_c"), "0-1")
    submit(at, "Uitslagen opslaan")  # no reason asked: the round is open
    assert store.load(cid).round(2).games[1].result is Result.BLACK_WINS
    submit(at, "Ronde afsluiten")
    assert "Ronde 2 afgesloten" in texts(at)
    assert store.load(cid).round(2).finalized is True
    assert any(b.label == "Bekijk gevolgen" for b in at.form_submit_button)


def test_finalizing_in_the_app_marks_the_round_finalized(club_db):
    """A/B ladder, round 3 reopened through the store: the page offers no round 4 until the
    director finalizes round 3 again."""
    path, ids = club_db
    store, cid = Store(path, director_hash=DIRECTOR_HASH), ids["AB"]
    store.reopen_round(cid, 3, actor=ADMIN, reason="test")
    at = as_director(cid, "round")
    assert at.selectbox(key=f"round_no_{cid}").options == ["Ronde 1", "Ronde 2", "Ronde 3"]
    submit(at, "Ronde afsluiten")
    assert store.load(cid).round(3).finalized is True
    assert at.selectbox(key=f"round_no_{cid}").options[-1] == "Ronde 4 (nieuw)"


def test_a_member_sees_no_correction_or_reopen(keizer):
    _, cid = keizer
    at = app()
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/round.py").run()
    ok(at)
    at.selectbox(key=f"round_no_{cid}").select(1).run()
    ok(at)
    labels = [b.label for b in at.form_submit_button] + [b.label for b in at.button]
    assert not any(x in labels for x in ("Bekijk gevolgen", "Ronde 1 heropenen"))
    assert at.dataframe[0].value.shape[0] == 2  # the round's two boards, read only


def test_a_correction_previewed_before_another_directors_is_refused(keizer):
    """Director 1 and 2 both preview a change of round 1 board 1 (read as 1-0). Director 1
    saves 0-1; director 2's save of ½-½ is then refused as stale: board 1 keeps 0-1."""
    store, cid = keizer
    first, second = round_page(cid, 1), round_page(cid, 1)
    for at, value in ((first, "0-1"), (second, "1/2-1/2")):
        form_widget(at.selectbox, f"res_{cid}_1_0_a_b").select(value)
        submit(at, "Bekijk gevolgen")
        at.text_input(key=f"correction_{cid}_1_reason").input("briefje")
    first.button(key=f"correction_{cid}_1_save").click().run()
    assert "Correctie van ronde 1 opgeslagen" in texts(first)
    saved = store.load(cid)
    second.button(key=f"correction_{cid}_1_save").click().run()
    ok(second)
    assert any("Bord 1 van ronde 1 is gewijzigd sinds je het opende" in e.value
               for e in second.error)  # fmt: skip
    assert store.load(cid) == saved and saved.round(1).games[0].result is Result.BLACK_WINS
