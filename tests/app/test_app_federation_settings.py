"""Issue 18 item 5 in the app: the club's settings on Instellingen (time control and chief
arbiter, stored exactly as typed; too long or a control character: one sentence, nothing
stored), and the director's flow: a KNSB rating list imported on Spelers stores the
relatienummers, and the KNSB download on Competities then carries them, headed by the
club's settings."""

from __future__ import annotations

from dataclasses import replace

import pytest
import streamlit as st

from compcore.adapters.access import auth
from compcore.adapters.files.federation_names import federation_name
from compcore.adapters.store import Store
from compcore.rules.club_settings import ClubSettings
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Store, int]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids["AB"]


@pytest.fixture
def downloaded(monkeypatch) -> dict[str, tuple[str, str]]:
    """Every download button's file name and text by its key (AppTest keeps only labels)."""
    kept: dict[str, tuple[str, str]] = {}
    original = st.download_button

    def recording(label: str, data: object, file_name: str, **kwargs: object) -> bool:
        if isinstance(data, str):
            kept[str(kwargs.get("key"))] = (file_name, data)
        return original(label, data, file_name, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(st, "download_button", recording)
    return kept


def page(cid: int, name: str, *, director: bool = True, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = cid
    at.run()
    at.switch_page(f"pages/{name}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def field(at, label: str):
    return next(t for t in at.text_input if t.label == label)


def save(at):
    next(b for b in at.button if b.label == "Clubinstellingen opslaan").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_settings_are_saved_as_typed_and_shown_again(db):
    """Tempo "90 min + 30 s per zet" and arbiter "Åse Größner (IA)" are stored exactly (an
    'Å', a 'ß', brackets), logged once, and the page shows them after the save."""
    store, cid = db
    at = page(cid, "settings")
    assert "Clubinstellingen (KNSB-ratingaanlevering)" in texts(at)
    field(at, "Speeltempo").set_value("90 min + 30 s per zet")
    field(at, "Wedstrijdleider").set_value("Åse Größner (IA)")
    save(at)
    assert store.club_settings("Testclub") == ClubSettings("90 min + 30 s per zet",
                                                           "Åse Größner (IA)")  # fmt: skip
    entry = store.log(None, 1)[0]
    assert (entry.action, entry.after) == (
        "club-settings",
        {"club": "Testclub", "tempo": "90 min + 30 s per zet", "arbiter": "Åse Größner (IA)"},
    )
    assert field(at, "Speeltempo").value == "90 min + 30 s per zet"
    assert "Clubinstellingen van Testclub opgeslagen." in texts(at)


@pytest.mark.parametrize(
    ("label", "value", "message"),
    [
        ("Speeltempo", "x" * 101,
         "speeltempo: 101 tekens, ten hoogste 100. Er is niets opgeslagen."),
        ("Wedstrijdleider", "Jan\tde Wit",
         "wedstrijdleider: teken 4 is een stuurteken (U+0009, bijvoorbeeld een "
         "regelovergang of tab). Er is niets opgeslagen."),
        ("Wedstrijdleider", "Jan\u2028de Wit",
         "wedstrijdleider: teken 4 is een stuurteken (U+2028, bijvoorbeeld een "
         "regelovergang of tab). Er is niets opgeslagen."),
    ],
)  # fmt: skip
def test_a_bad_value_is_one_sentence_and_nothing_is_stored(db, label, value, message):
    """101 characters (the most is 100), a tab at character 4, a line separator (U+2028)
    at character 4: the message names the field, and neither setting nor the log changes
    (the good tempo typed beside it is not stored either)."""
    store, cid = db
    before = store.log(None, 1)[0].id
    at = page(cid, "settings")
    field(at, "Speeltempo").set_value("G90")
    field(at, label).set_value(value)
    save(at)
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    assert store.club_settings("Testclub") == ClubSettings()
    assert store.log(None, 1)[0].id == before


def test_a_member_does_not_see_the_club_settings(db):
    _, cid = db
    at = page(cid, "settings", director=False)
    assert "Clubinstellingen (KNSB-ratingaanlevering)" not in texts(at)
    assert not [t for t in at.text_input if t.label == "Speeltempo"]


def test_rating_list_on_spelers_then_the_knsb_download_on_competities(db, downloaded):
    """AB's 8 players all consent, none has a relatienummer yet: the KNSB file holds no
    player. The KNSB list names the 8 as the federation writes them, 1000001..1000008: on
    Spelers the save stores 8 relatienummers (and their 8 ratings, 2900 up, from round 4). On
    Competities the file then has one 001 line per player with a game at the board
    (counted from the stored games), each with his number (columns 58-68), and the
    header the club's time control and arbiter (222, 102)."""
    store, cid = db
    season = store.load(cid)
    players = [replace(p, flags=("knsb-consent",)) for p in season.players]
    store.import_season(replace(season, players=tuple(players)), actor=ADMIN, replace=True)
    store.save_club_settings("Testclub", ClubSettings(tempo="G90", arbiter="Jan de Wit"),
                             actor=ADMIN)  # fmt: skip
    page(cid, "competitions")
    assert "\n001 " not in downloaded[f"fed_knsb_{cid}"][1]

    number = {p.id: f"{1000001 + i}" for i, p in enumerate(players)}
    rows = "".join(f"{number[p.id]};{federation_name(p.name)};;NED;{2900 + i};1;1990;\r\n"
                   for i, p in enumerate(players))  # fmt: skip
    data = ("Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n" + rows).encode("cp1252")
    at = page(cid, "players")
    at.file_uploader(key=f"rating_list_{cid}").upload("knsb.csv", data, "text/csv").run()
    assert not at.exception, [e.value for e in at.exception]
    button = next(b for b in at.button if b.key == f"rating_apply_{cid}")
    assert button.label == "Opslaan (nieuwe ratings: 8; relatienummers en FIDE-id's: 8)"
    button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    stored = store.load(cid)
    assert {p.id: p.knsb_id for p in stored.players} == number

    page(cid, "competitions")
    name, text = downloaded[f"fed_knsb_{cid}"]
    lines = text.splitlines()
    assert "102 Jan de Wit" in lines and "222 G90" in lines
    at_board = {p for r in stored.played_rounds for g in r.games or ()
                if g.result is not None and not g.result.is_forfeit for p in g.players}  # fmt: skip
    numbers = sorted(ln[57:68].strip() for ln in lines if ln.startswith("001"))
    assert numbers == sorted(number[p] for p in at_board)
    assert len(numbers) >= 2
    assert name == "ab-2025-2026-knsb-1-3.trf"
