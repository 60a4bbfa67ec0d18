"""The Spelers page's roster management in AppTest (issue 9, item 3): a new player with an
automatic id, withdrawing from a round, level and flags from a round with their history,
removing a player added by mistake; every bad input one sentence, nothing changed. And the
app's error boundary (item 1): an unexpected error is one sentence, never a traceback."""

from __future__ import annotations

import logging

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.domain.model import Player, PlayerChange
from tests.app.test_app_support import (
    ADMIN,
    DIRECTOR_HASH,
    PASSWORD,
    app,
    form_widget,
    shown,
    texts,
)

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Store, int]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids["AB"]


def as_director(cid: int, page: str = "players", lang: str = "nl"):
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = cid
    at.session_state["lang"] = lang
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    ok(at)
    return at


def ok(at) -> None:
    assert not at.exception, [e.value for e in at.exception]


def submit(at, label: str):
    next(b for b in at.form_submit_button if b.label == label).click().run()
    ok(at)
    return at


def choose(at, cid: int, pid: str):
    at.selectbox(key=f"pl_choice_{cid}").select(pid).run()
    ok(at)
    return at


def errors(at) -> list[str]:
    return [str(e.value) for e in at.error]


# --------------------------------------------------------------------------- the roster


def test_a_gap_in_the_roster_is_an_empty_cell_not_none(db):
    """Found in the real browser (tests/browser/test_browser_season.py): nobody of the AB ladder
    joined late or withdrew, so "Vanaf ronde" and "Gestopt in ronde" have no value; the
    browser's table wrote an English "None" in each of those cells. They are empty, and
    the ratings stay numbers (they sort as numbers)."""
    store, cid = db
    at = as_director(cid)
    cells = shown(at.dataframe[0])
    assert set(cells["Vanaf ronde"]) == {""} and set(cells["Gestopt in ronde"]) == {""}
    ratings = [p.rating for p in store.load(cid).players]
    assert list(cells["Rating"]) == [str(r) for r in ratings]
    assert at.dataframe[0].value["Rating"].dtype == "Int64"


# --------------------------------------------------------------------------- adding


def test_a_new_player_without_an_id_gets_one_from_the_name(db):
    store, cid = db
    at = as_director(cid)
    at.text_input(key=f"pl_name_{cid}_\x00new").input("Anna de Vries")
    submit(at, "Speler opslaan")
    assert "Anna de Vries opgeslagen." in texts(at)
    assert store.load(cid).player("anna-de-vries").name == "Anna de Vries"
    assert "Let op" not in texts(at)
    # the same name again (case and spaces aside): stored, with the next free id and the
    # first one untouched, and a warning naming the first (issue 22 item 3)
    at.text_input(key=f"pl_name_{cid}_\x00new~1").input(" anna de vries ")
    submit(at, "Speler opslaan")
    assert store.load(cid).player_ids[-2:] == ("anna-de-vries", "anna-de-vries-2")
    assert (
        "Let op: er staat al een speler met de naam anna de vries op de lijst (anna-de-vries)"
        in texts(at)
    )


def test_a_new_player_without_a_name_is_refused_and_nothing_changes(db):
    store, cid = db
    before = store.load(cid)
    at = as_director(cid)
    at.text_input(key=f"pl_name_{cid}_\x00new").input("   ")
    submit(at, "Speler opslaan")
    assert errors(at) == ["Vul een naam in. Er is niets opgeslagen."]
    assert store.load(cid) == before


def test_a_player_joining_after_the_season_is_refused(db):
    """ladder-ab runs 30 rounds: joining in round 31 is refused, in English too."""
    store, cid = db
    before = store.load(cid)
    at = as_director(cid, lang="en")
    at.text_input(key=f"pl_name_{cid}_\x00new").input("Late Lid")
    at.number_input(key=f"pl_joined_{cid}_\x00new").set_value(31)
    submit(at, "Save player")
    assert errors(at) == [
        "Round 31 does not exist in this competition (rounds 1 to 30). Nothing was saved."
    ]
    assert store.load(cid) == before


# --------------------------------------------------------------------------- withdrawing


def test_withdrawing_from_a_round_and_before_joining(db):
    store, cid = db
    at = choose(as_director(cid), cid, "p02")
    form_widget(at.number_input, f"pl_stop_{cid}_p02").set_value(5)
    submit(at, "Laten stoppen")
    assert store.load(cid).player("p02").withdrawn_round == 5
    assert any("stopt vanaf ronde 5" in t for t in [str(s.value) for s in at.success])

    # a player who joins in round 6 cannot withdraw in round 4
    store.save_player(cid, Player("laat", "Laat Lid", joined_round=6), actor=ADMIN, read=None)
    before = store.load(cid)
    at = choose(as_director(cid), cid, "laat")
    form_widget(at.number_input, f"pl_stop_{cid}_laat").set_value(4)
    submit(at, "Laten stoppen")
    assert errors(at) == ["Gestopt in ronde 4 ligt vóór de eerste ronde 6. Er is niets opgeslagen."]
    assert store.load(cid) == before


# --------------------------------------------------------------------------- history


def test_a_level_from_a_round_is_kept_as_history_and_shown(db):
    store, cid = db
    at = choose(as_director(cid), cid, "p04")
    assert "Nog geen wijzigingen vanaf een ronde." in texts(at)
    form_widget(at.number_input, f"pl_ch_round_{cid}_p04").set_value(5)
    form_widget(at.text_input, f"pl_ch_level_{cid}_p04").input("A")
    submit(at, "Wijziging opslaan")
    form_widget(at.number_input, f"pl_ch_round_{cid}_p04").set_value(8)
    form_widget(at.checkbox, f"pl_ch_do_{cid}_p04").check()
    form_widget(at.multiselect, f"pl_ch_flags_{cid}_p04").select("own-level-only")
    submit(at, "Wijziging opslaan")
    assert store.load(cid).roster_changes == (
        PlayerChange("p04", 5, level="A"),
        PlayerChange("p04", 8, flags=("own-level-only",)),
    )
    shown = at.dataframe[1].value  # the roster first, then this player's history
    assert list(shown["Geldt vanaf ronde"]) == [5, 8]
    assert list(shown["Niveau"]) == ["A", ""]
    assert list(shown["Kenmerken"]) == ["", "alleen eigen niveau"]
    assert store.log(cid)[0].action == "save-roster-change"


def test_an_empty_level_change_is_refused_and_nothing_changes(db):
    store, cid = db
    before = store.load(cid)
    at = choose(as_director(cid), cid, "p04")
    submit(at, "Wijziging opslaan")
    assert errors(at) == ["Kies een nieuw niveau of nieuwe kenmerken. Er is niets opgeslagen."]
    assert store.load(cid) == before


# --------------------------------------------------------------------------- removing


def test_a_player_added_by_mistake_is_removed_one_who_played_is_not(db):
    store, cid = db
    at = as_director(cid)
    at.text_input(key=f"pl_name_{cid}_\x00new").input("Per Vergissing")
    submit(at, "Speler opslaan")
    at = choose(at, cid, "per-vergissing")
    next(b for b in at.button if (b.key or "").startswith(f"pl_remove_{cid}_per-vergissing"))\
        .click().run()  # fmt: skip
    ok(at)
    assert "Per Vergissing verwijderd." in texts(at)
    assert "per-vergissing" not in store.load(cid).player_ids
    assert store.log(cid)[0].action == "remove-player"

    at = choose(at, cid, "p01")  # played round 1
    name = store.load(cid).player("p01").name
    assert f"{name} staat al in ronde 1 en kan niet meer worden verwijderd" in texts(at)
    assert not [b for b in at.button if (b.key or "").startswith(f"pl_remove_{cid}_p01")]


# --------------------------------------------------------------------------- the guard


@pytest.mark.parametrize(("lang", "sentence"), [
    ("nl", "Er ging iets onverwachts mis op deze pagina"),
    ("en", "Something unexpected went wrong on this page"),
])  # fmt: skip
def test_an_unexpected_error_is_one_sentence_and_the_traceback_goes_to_the_log(
    db, monkeypatch, caplog, lang, sentence
):
    from ui import state

    def broken(self, **_: object) -> None:
        raise KeyError("/srv/compcore/geheim/pad.py")

    monkeypatch.setattr(state.Ctx, "standings", broken)
    monkeypatch.delenv("COMPCORE_DEBUG")  # as a server runs: the boundary shows a sentence
    _, cid = db
    at = app()
    at.session_state["competition"] = cid
    at.session_state["lang"] = lang
    with caplog.at_level(logging.ERROR, logger="compcore.app"):
        at.run()
        at.switch_page("pages/standings.py").run()
    ok(at)
    assert len(at.error) == 1 and str(at.error[0].value).startswith(sentence)
    shown = texts(at)
    for secret in ("KeyError", "Traceback", "/srv/compcore", ".py"):
        assert secret not in shown
    logged = [r for r in caplog.records if r.name == "compcore.app"]
    assert logged and logged[-1].exc_info is not None
    assert logged[-1].exc_info[0] is KeyError
    assert "standings" in logged[-1].getMessage()


def test_with_compcore_debug_the_error_is_raised_as_it_is(db, monkeypatch):
    from ui import state

    def broken(self, **_: object) -> None:
        raise KeyError("p99")

    monkeypatch.setattr(state.Ctx, "standings", broken)
    _, cid = db
    at = app()
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/standings.py").run()
    assert at.exception and "p99" in str(at.exception[0].value)
    assert not at.error  # no sentence: the error itself


# --------------------------------------------------------------------------- names (issue 18)


def test_a_name_with_a_tab_is_refused_and_the_database_is_unchanged(db):
    """'Piet<tab>Paal' (a tab pasted from a spreadsheet): the tab is character 5 (P i e t
    are 1-4); the automatic id is 'piet-paal'. Nothing stored, in any competition."""
    from tests.app.test_app_competitions import snapshot

    store, cid = db
    before = snapshot(store)
    at = as_director(cid)
    at.text_input(key=f"pl_name_{cid}_\x00new").input("Piet\tPaal")
    submit(at, "Speler opslaan")
    assert errors(at) == [
        "Speler 'piet-paal': naam bevat een tab (teken 5). Er is niets opgeslagen."
    ]
    assert snapshot(store) == before


def test_renaming_a_player_to_101_characters_is_refused_in_english_too(db):
    """p02 renamed to 'X' + 100 'y' (101 characters): refused naming p02; 100 are saved."""
    from tests.app.test_app_competitions import snapshot

    store, cid = db
    before = snapshot(store)
    at = choose(as_director(cid, lang="en"), cid, "p02")
    at.text_input(key=f"pl_name_{cid}_p02").input("X" + "y" * 100)
    submit(at, "Save player")
    assert errors(at) == [
        "Player 'p02': name is 101 characters long, at most 100 are allowed. Nothing was saved."
    ]
    assert snapshot(store) == before
    at.text_input(key=f"pl_name_{cid}_p02").input("X" + "y" * 99)
    submit(at, "Save player")
    assert not errors(at)
    assert store.load(cid).player("p02").name == "X" + "y" * 99


def test_a_csv_name_with_a_line_break_is_a_row_error_and_nothing_is_imported(db):
    """A quoted cell spanning lines 2-3 ('Anna' newline 'Bos'): the row ends on line 3,
    the line break is character 5; no import button, nothing stored."""
    from tests.app.test_app_competitions import snapshot

    store, cid = db
    before = snapshot(store)
    at = as_director(cid)
    at.text_area(key=f"csv_text_{cid}").input('id;naam\np60;"Anna\nBos"\n').run()
    ok(at)
    table = at.dataframe[-1].value
    assert list(table["Regel"]) == [3]
    assert list(table["Probleem"]) == ["speler 'p60': naam bevat een regeleinde (teken 5)"]
    assert not [b for b in at.button if b.key and b.key.endswith("csv_import")]
    assert snapshot(store) == before


def test_a_rating_change_from_a_round_after_the_season_is_refused(db):
    """ladder-ab runs 30 rounds: a rating from round 31 is refused in the words of
    'ratings import --from-round'; nothing stored."""
    from tests.app.test_app_competitions import snapshot

    store, cid = db
    before = snapshot(store)
    at = as_director(cid)
    at.selectbox(key="rc_player").select("p02")
    at.number_input(key="rc_round").set_value(31)
    at.number_input(key="rc_rating").set_value(1999)
    submit(at, "Rating opslaan")
    assert errors(at) == [
        "Ronde 31 bestaat niet in deze competitie (ronde 1 tot en met 30). Er is niets opgeslagen."
    ]
    assert snapshot(store) == before
