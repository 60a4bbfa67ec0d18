"""Lost updates in the app (issue 8): two directors in two browsers (two AppTest sessions
on one database). The second one's page was loaded before the first one saved.

Before the fix the results form sent every board as its page showed it, so the second
director's save emptied the first one's board 1 again, and both saw "opgeslagen". Now a
form remembers what it showed, sends only what the director changed, and a change to
something the other director changed meanwhile is refused: "gewijzigd sinds je het
opende; herlaad", nothing saved.
"""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.model import Kind, Result
from compcore.rules.changes import BoardResult
from compcore.services import result_entry as entry
from compcore.services import results
from compcore.services import round as rs
from tests.app.test_app_director import as_director, ok, submit
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, entry_control, form_widget, tap, texts

pytestmark = pytest.mark.usefixtures("steady_app")

STALE_NL = "gewijzigd sinds je het opende; herlaad"


@pytest.fixture
def published(club_db) -> tuple[Store, int]:
    """The A/B ladder with round 4 published (everyone present), no results yet."""
    path, ids = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    cid = ids["AB"]
    season = store.load(cid)
    options = rs.attendance_kinds(store.ruleset(cid))
    choices = {p.id: rs.default_choice(p, None, options) for p in rs.listed_players(season, 4)}
    rnd = rs.open_round(4, choices, [], date="2025-01-07", cycle=0, previous=None)
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    rs.publish(store, cid, draft, reason=None, actor=ADMIN)
    return store, cid


def result_box(at, store: Store, cid: int, board: int):
    game = store.load(cid).round(4).games[board - 1]
    return entry_control(at, cid, 4, board, game)


def test_two_directors_enter_results_on_different_boards(published):
    """Director 1 enters 1-0 on board 1; director 2 (page loaded before) enters 0-1 on
    board 2: both results stay. Director 3 (also loaded before) enters ½-½ on board 1,
    which director 1 changed meanwhile: his tap's run shows the conflict, board 1 keeps
    1-0, and his save stores his board 3 only, naming board 1 as not used."""
    store, cid = published
    first, second, third = (as_director(cid, "round") for _ in range(3))
    tap(result_box(first, store, cid, 1), "1-0")
    submit(first, "Uitslagen opslaan")
    assert "Uitslagen opgeslagen." in texts(first)

    tap(result_box(second, store, cid, 2), "0-1")
    submit(second, "Uitslagen opslaan")
    assert "Uitslagen opgeslagen." in texts(second)
    games = store.load(cid).round(4).games
    assert [g.result for g in games[:3]] == [Result.WHITE_WINS, Result.BLACK_WINS, None]

    tap(result_box(third, store, cid, 1), "1/2-1/2")
    conflict = "uw invoer ½-½ is niet gebruikt, want intussen is 1-0 opgeslagen"
    assert any(conflict in w.value for w in third.warning)
    assert result_box(third, store, cid, 1).value == "1-0"  # the stored result, not his
    tap(result_box(third, store, cid, 3), "1-0")
    submit(third, "Uitslagen opslaan")
    assert conflict in texts(third)  # said beside the success
    assert [g.result for g in store.load(cid).round(4).games][:3] == [
        Result.WHITE_WINS, Result.BLACK_WINS, Result.WHITE_WINS]  # fmt: skip


def test_a_save_from_a_page_older_than_the_stored_round_is_refused(published):
    """The browser's case: a tap reruns the boards alone, so the page may still show the
    round as it was. Director 2's page shows board 1 without a result; his entry ½-½ for
    it is in the draft; then 1-0 is saved there (through the linked ladder, say: not
    through the draft). Director 2's save is refused in Dutch, nothing of it is written
    (board 3 neither), and his entries stay."""
    store, cid = published
    second = as_director(cid, "round")
    old = store.load(cid).round(4)
    entry.enter(store, cid, old, {0: Result.DRAW, 2: Result.WHITE_WINS}, seen={},
                actor=ADMIN)  # his taps, kept before director 1 saves  # fmt: skip
    game = old.games[0]
    one = BoardResult(1, game.white, game.black, None, Result.WHITE_WINS)
    results.save_results(store, cid, 4, [one], finalize=False, reason=None, actor=ADMIN)
    before = store.load(cid).round(4)
    second.button(key=f"entry_buttons_{cid}_4_save").click().run()
    assert any(STALE_NL in e.value and "Bord 1 van ronde 4" in e.value for e in second.error)
    assert store.load(cid).round(4) == before
    assert len(entry.entered(store, cid, 4).entries) == 2


def test_the_refusal_speaks_english_too(published):
    """Both the conflict a tap shows and the refusal of a save from an older page."""
    store, cid = published
    first, second = as_director(cid, "round"), as_director(cid, "round")
    second.session_state["lang"] = "en"
    second.run()
    old = store.load(cid).round(4)
    entry.enter(store, cid, old, {1: Result.DRAW}, seen={}, actor=ADMIN)  # board 2, kept
    tap(result_box(first, store, cid, 1), "1-0")
    submit(first, "Uitslagen opslaan")  # stores board 2 too: the draft is the round's
    tap(result_box(second, store, cid, 1), "0-1")
    assert any("your 0-1 was not used, as 1-0 has been saved meanwhile" in w.value
               for w in second.warning)  # fmt: skip
    entry.enter(store, cid, old, {2: Result.DRAW}, seen={}, actor=ADMIN)  # board 3
    results.save_results(store, cid, 4, [BoardResult(3, old.games[2].white,
                         old.games[2].black, None, Result.BLACK_WINS)], finalize=False,
                         reason=None, actor=ADMIN)  # fmt: skip
    second.button(key=f"entry_buttons_{cid}_4_save").click().run()
    assert any("Board 3 of round 4 changed since you opened it; reload" in e.value
               for e in second.error)  # fmt: skip


def test_a_saved_form_does_not_refuse_its_own_next_save(published):
    """The same director saves board 1, then board 2 from the same page: the second save
    is no conflict with his own first one."""
    store, cid = published
    at = as_director(cid, "round")
    tap(result_box(at, store, cid, 1), "1-0")
    submit(at, "Uitslagen opslaan")
    tap(result_box(at, store, cid, 2), "1/2-1/2")
    submit(at, "Uitslagen opslaan")
    assert not at.error
    games = store.load(cid).round(4).games
    assert [g.result for g in games[:2]] == [Result.WHITE_WINS, Result.DRAW]


def test_correcting_a_finalized_round_asks_for_a_reason(published):
    """All boards get results and the round is finalized. Changing board 1 then goes
    through the preview; saving it without a reason is refused, with one it is logged."""
    store, cid = published
    at = as_director(cid, "round")
    for board, value in ((1, "1-0"), (2, "0-1"), (3, "1/2-1/2"), (4, "1-0")):
        if board <= len(store.load(cid).round(4).games):
            tap(result_box(at, store, cid, board), value)
    submit(at, "Ronde afsluiten")
    assert "Ronde 4 afgesloten; de ranglijst is bijgewerkt." in texts(at)
    finalized = store.load(cid).round(4)
    first = finalized.games[0]  # a finalized round is corrected in a form of boxes
    form_widget(at.selectbox, f"res_{cid}_4_0_{first.white}_{first.black}").select("0-1")
    submit(at, "Bekijk gevolgen")
    at.button(key=f"correction_{cid}_4_save").click().run()
    assert any("was al afgesloten: geef een reden" in e.value for e in at.error)
    assert store.load(cid).round(4) == finalized
    at.text_input(key=f"correction_{cid}_4_reason").input("uitslagenbriefje verkeerd gelezen")
    at.button(key=f"correction_{cid}_4_save").click().run()
    ok(at)
    assert store.load(cid).round(4).games[0].result is Result.BLACK_WINS
    entry = store.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("correct-results", "uitslagenbriefje verkeerd gelezen")


def test_two_directors_edit_one_player(club_db):
    """Director 1 sets p01's rating; director 2 (form opened before) renames p01: both
    stay. Director 3 (also opened before) sets the rating too: refused."""
    path, ids = club_db
    store, cid = Store(path), ids["AB"]
    sessions = [as_director(cid, "players") for _ in range(3)]
    for at in sessions:
        at.selectbox(key=f"pl_choice_{cid}").select("p01").run()
    first, second, third = sessions
    first.number_input(key=f"pl_rating_{cid}_p01").set_value(2222)
    submit(first, "Speler opslaan")
    second.text_input(key=f"pl_name_{cid}_p01").input("Anna Nieuw")
    submit(second, "Speler opslaan")
    player = store.load(cid).player("p01")
    assert (player.name, player.rating) == ("Anna Nieuw", 2222)
    third.number_input(key=f"pl_rating_{cid}_p01").set_value(1111)
    submit(third, "Speler opslaan")
    assert any(STALE_NL in e.value for e in third.error)
    assert store.load(cid).player("p01").rating == 2222


def test_two_directors_change_the_ruleset(club_db):
    path, ids = club_db
    store, cid = Store(path), ids["AB"]
    first, second = as_director(cid, "settings"), as_director(cid, "settings")
    first.text_area(key=f"set_text_{cid}_json").input('{"rounds_per_cycle": 12}')
    submit(first, "Opslaan")
    second.text_area(key=f"set_text_{cid}_json").input('{"rounds_per_cycle": 10}')
    submit(second, "Opslaan")
    assert any("Het reglement is " + STALE_NL in e.value for e in second.error)
    assert dict(store.load(cid).ruleset.overrides) == {"rounds_per_cycle": 12}


def test_attendance_saved_meanwhile_refuses_the_older_form_and_its_proposal(club_db):
    """Director 1 pairs round 4 (attendance stored, proposal on screen). Director 2, whose
    page was loaded before, saves other attendance: refused. Director 3 opens the round
    after that (throwing away the stored proposal), marks p02 absent and saves; director 1's proposal was made from the old
    attendance, so publishing it is refused."""
    path, ids = club_db
    store, cid = Store(path), ids["AB"]
    first, second = as_director(cid, "round"), as_director(cid, "round")
    submit(first, "Indelen")
    assert "Voorstel indeling ronde 4" in texts(first)
    form_widget(second.selectbox, f"att_{cid}_4_p01").select("absent")
    submit(second, "Aanwezigheid opslaan")
    assert any("Ronde 4 is " + STALE_NL in e.value for e in second.error)
    assert "p01" in store.load(cid).round(4).present

    third = as_director(cid, "round")
    # a fresh session shows the proposal kept in the database (issue 9): he throws it away
    third.button(key=f"draft_{cid}_4_discard").click().run()
    third.selectbox(key=f"att_{cid}_4_p02").select("absent")
    submit(third, "Aanwezigheid opslaan")
    assert store.load(cid).round(4).entries["p02"] is Kind.ABSENT
    first.button(key=f"draft_{cid}_4_publish").click().run()
    ok(first)
    assert any(STALE_NL in e.value for e in first.error)
    assert store.load(cid).round(4).is_open
