"""The Spelers form's two optional fields "KNSB-relatienummer" and "FIDE-id" (issue 11) in
AppTest: saved and shown again; a bad number is one sentence naming the player and the
field, and nothing changes; a member (not logged in) sees no form and no numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app, form_widget

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Store, int]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids["AB"]


def players_page(cid: int, *, lang: str = "nl", director: bool = True):
    at = app()
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = cid
    at.session_state["lang"] = lang
    at.run()
    at.switch_page("pages/players.py").run()
    ok(at)
    return at


def ok(at) -> None:
    assert not at.exception, [e.value for e in at.exception]


def edit(at, cid: int, pid: str, **typed: str):
    """Choose ``pid`` in the form, type the numbers (field -> text) and save."""
    at.selectbox(key=f"pl_choice_{cid}").select(pid).run()
    ok(at)
    for field, text in typed.items():
        form_widget(at.text_input, f"pl_{field}_{cid}_{pid}").input(text)
    save = next(b for b in at.form_submit_button if b.label in ("Speler opslaan", "Save player"))
    save.click().run()
    ok(at)
    return at


def test_the_numbers_are_saved_and_shown_again(db):
    store, cid = db
    anna = store.load(cid).players[0]
    at = players_page(cid)
    edit(at, cid, anna.id, knsb_id=" 1234567 ", fide_id="1503014")
    saved = store.load(cid).player(anna.id)
    assert (saved.knsb_id, saved.fide_id) == ("1234567", "1503014")  # the spaces trimmed
    fields = {w.label: w.value for w in at.text_input}
    assert fields["KNSB-relatienummer"] == "1234567" and fields["FIDE-id"] == "1503014"
    edit(at, cid, anna.id)  # saved untouched: nothing changes
    assert store.load(cid).player(anna.id) == saved
    edit(at, cid, anna.id, knsb_id="")  # emptied: not known any more, the FIDE id kept
    assert store.load(cid).player(anna.id) == replace(saved, knsb_id=None)


@pytest.mark.parametrize(
    ("lang", "field", "typed", "message"),
    [
        ("nl", "knsb_id", "12a4",
         "Speler {name}: KNSB-relatienummer '12a4' is geen 7 cijfers. Er is niets opgeslagen."),
        ("en", "fide_id", "FIDE 42",
         "Player {name}: FIDE id 'FIDE 42' is not a number of 1 to 10 digits. Nothing was saved."),
    ],
)  # fmt: skip
def test_a_bad_number_is_one_sentence_and_nothing_changes(db, lang, field, typed, message):
    store, cid = db
    before = store.load(cid)
    anna = before.players[0]
    at = players_page(cid, lang=lang)
    edit(at, cid, anna.id, **{field: typed})
    assert [str(e.value) for e in at.error] == [message.format(name=anna.name)]
    assert store.load(cid) == before


def test_a_member_sees_no_numbers_and_no_form(db):
    store, cid = db
    anna = store.load(cid).players[0]
    edit(players_page(cid), cid, anna.id, knsb_id="1234567")
    at = players_page(cid, director=False)
    assert not [w for w in at.text_input if w.label in ("KNSB-relatienummer", "FIDE-id")]
    assert "1234567" not in at.dataframe[0].value.to_string()
