"""The Competities page in AppTest (issue 9, item 2): everyone sees the list; a director
creates a competition (fields checked as he types, nothing stored while one is wrong),
archives it and brings it back, and deletes one after typing its name; each is logged."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.model import Calendar
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Store, dict[str, int]]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids


def ok(at) -> None:
    assert not at.exception, [e.value for e in at.exception]


def open_page(competition: int | None = None, *, director: bool = True, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    if competition is not None:
        at.session_state["competition"] = competition
    at.run()
    at.switch_page("pages/competitions.py").run()
    ok(at)
    return at


def snapshot(store: Store) -> list[dict]:
    """Every stored season as its file, and the competitions' list: to compare before and
    after a refused write."""
    return [
        {"info": info, "file": season_file.to_data(store.load(info.id))}
        for info in store.competitions()
    ]


def fill(at, *, name: str = "Voorjaar", season: str = "2026-2027", preset: str = "ladder-ab"):
    """The form's required texts; the rest keeps its defaults."""
    at.selectbox(key="new_preset").select(preset).run()
    at.text_input(key="new_season").input(season).run()
    at.text_input(key="new_name").input(name).run()
    ok(at)
    return at


def create(at):
    at.button(key="new_create").click().run()
    ok(at)
    return at


def errors(at) -> list[str]:
    return [str(e.value) for e in at.error]


# --------------------------------------------------------------------------- everyone


def test_a_member_sees_the_list_and_no_forms(db):
    _, ids = db
    at = open_page(ids["AB"], director=False)
    text = texts(at)
    assert "Competities" in text and "Huidige competities" in text and "Archief" in text
    assert [b.label for b in at.main.button] == [
        "Openen: AB · 2025-2026 · Testclub", "Openen: Ladder · 2025-2026 · Testclub",
    ]  # fmt: skip
    assert not [w for w in at.text_input if (w.key or "").startswith(("new_", "manage_"))]
    assert not [b for b in at.button if (b.key or "").startswith(("new_", "manage_"))]


def test_the_page_speaks_english_on_request(db):
    _, ids = db
    at = open_page(ids["AB"], lang="en")
    text = texts(at)
    assert "Current competitions" in text and "New competition" in text
    assert "Manage a competition" in text


def test_opening_a_competition_from_the_list_chooses_it(db):
    _, ids = db
    at = open_page(ids["AB"], director=False)
    at.button(key=f"current_open_{ids['Ladder']}").click().run()
    ok(at)
    assert at.session_state["competition"] == ids["Ladder"]


# --------------------------------------------------------------------------- a new one


def test_a_director_creates_a_competition_with_a_calendar_and_a_copied_roster(db):
    """ladder-ab, 5 rounds from Monday 2025-09-01 on Tuesdays, holiday 2025-09-16: the
    dates 09-02, 09-09, 09-23, 09-30, 10-07 (shown before saving, stored after); the
    roster of AB copied with its ids; the new competition is chosen and logged."""
    store, ids = db
    at = open_page(ids["AB"])
    fill(at)
    at.number_input(key="new_rounds_ladder-ab").set_value(5).run()
    at.date_input(key="new_start").set_value(date(2025, 9, 1)).run()
    at.selectbox(key="new_weekday").select("tuesday").run()
    at.text_area(key="new_holidays").input("16-09-2025").run()
    at.selectbox(key="new_roster").select(ids["AB"]).run()
    ok(at)
    assert errors(at) == []
    dates = "02-09-2025, 09-09-2025, 23-09-2025, 30-09-2025, 07-10-2025"
    assert f"Rondedata (5): {dates}" in texts(at)
    source = store.load(ids["AB"])
    assert "Voorbeeld: 8 spelers" in texts(at)
    create(at)
    info = next(c for c in store.competitions() if c.competition == "Voorjaar")
    season = store.load(info.id)
    assert (season.club, season.season, season.ruleset.preset) == (
        "Testclub", "2026-2027", "ladder-ab")  # fmt: skip
    assert dict(season.ruleset.overrides) == {"rounds_per_cycle": 5}
    assert season.calendar.dates == (
        "2025-09-02",
        "2025-09-09",
        "2025-09-23",
        "2025-09-30",
        "2025-10-07",
    )
    assert season.player_ids == source.player_ids
    assert at.session_state["competition"] == info.id
    assert "Voorjaar aangemaakt." in texts(at)
    assert store.log(info.id, 1)[0].action == "create-competition"
    # issue 22 item 2: after the success no error of the attempt stays, and the form is new
    assert errors(at) == [], errors(at)
    assert "bestaat al" not in texts(at)
    assert at.text_input(key="new_name").value == ""


def test_a_new_club_and_typed_and_advanced_overrides(db):
    """A new club "De Pion"; typed: 3 meetings at most (ladder-ab has 2); advanced TOML
    sets display_decimals = 0: both land in the overrides."""
    store, ids = db
    at = open_page(ids["AB"])
    new_club(at)
    at.text_input(key="new_club").input("De Pion").run()
    fill(at)
    at.number_input(key="new_ov_ladder-ab_pairing.max_meetings").set_value(3).run()
    at.radio(key="new_fmt").set_value("toml").run()
    at.text_area(key="new_text_toml").input("display_decimals = 0").run()
    assert errors(at) == []
    create(at)
    info = next(c for c in store.competitions() if c.club == "De Pion")
    overrides = store.load(info.id).ruleset.overrides
    assert overrides["pairing"]["max_meetings"] == 3 and overrides["display_decimals"] == 0


def new_club(at) -> None:
    """Choose the club picker's last option, "Nieuwe club…"."""
    picker = at.selectbox(key="new_club_choice")
    assert picker.options[-1] == "Nieuwe club…"
    picker.select_index(len(picker.options) - 1).run()


def _name_taken(at, ids):
    fill(at, season="2025-2026", name="AB")


def _empty_name(at, ids):
    fill(at, name="")


def _empty_season(at, ids):
    fill(at, season=" ")


def _backwards_season(at, ids):
    fill(at, season="2027-2026")


def _empty_new_club(at, ids):
    new_club(at)
    fill(at)


def _no_rounds(at, ids):
    fill(at)
    at.number_input(key="new_rounds_ladder-ab").set_value(0).run()


def _too_many_cycles(at, ids):
    fill(at)
    at.number_input(key="new_cycles_ladder-ab").set_value(12).run()


def _bad_override(at, ids):
    fill(at)
    at.text_area(key="new_text_json").input('{"pairing": {"max_meetings": 0}}').run()


def _override_syntax(at, ids):
    fill(at)
    at.text_area(key="new_text_json").input('{"cycles": }').run()


def _typed_override_out_of_range(at, ids):
    fill(at)
    at.number_input(key="new_ov_ladder-ab_display_decimals").set_value(9).run()


def _no_start(at, ids):
    fill(at)
    at.date_input(key="new_start").set_value(None).run()


def _bad_holiday(at, ids):
    fill(at)
    at.text_area(key="new_holidays").input("2025-09-16\nkerst").run()


@pytest.mark.parametrize(
    ("mistake", "message"),
    [
        (_name_taken, "Testclub/2025-2026/AB bestaat al"),
        (_empty_name, "vul dit in"),
        (_empty_season, "vul dit in"),
        (_backwards_season, "'2027-2026' is geen seizoen: schrijf twee opeenvolgende jaren"),
        (_empty_new_club, "vul dit in"),
        (_no_rounds, "0 kan niet: van 1 tot en met 99"),
        (_too_many_cycles, "12 kan niet: van 1 tot en met 9"),
        (_bad_override, "max_meetings"),
        (_override_syntax, "Geen geldige JSON: fout op regel 1, kolom 12"),
        (_typed_override_out_of_range, "display_decimals"),
        (_no_start, "'' is geen datum"),
        (_bad_holiday, "'kerst' is geen datum"),
    ],
)
def test_every_wrong_field_is_named_as_typed_and_nothing_is_stored(db, mistake, message):
    store, ids = db
    before = snapshot(store)
    at = open_page(ids["AB"])
    mistake(at, ids)
    ok(at)
    if message != "vul dit in":  # named as typed; an empty field only once he tries
        assert any(message in e for e in errors(at)), errors(at)
    create(at)
    assert any(message in e for e in errors(at)), errors(at)
    assert "Niet aangemaakt: verbeter eerst de velden hierboven." in errors(at)
    assert snapshot(store) == before


def test_a_fresh_form_shows_no_errors_until_the_director_tries_to_create(db):
    """Empty season and name are not errors while the director has not got to them yet;
    pressing the button names each one."""
    _, ids = db
    at = open_page(ids["AB"])
    assert errors(at) == []
    create(at)
    assert errors(at).count("vul dit in") == 2  # season and name


# --------------------------------------------------------------------------- archive, delete


def test_archive_and_bring_back(db):
    """Archived: out of the picker and the overview's cards, in the archive lists, still
    readable; brought back: as before. Both logged."""
    store, ids = db
    cid = ids["Ladder"]
    at = open_page(cid)
    at.selectbox(key="manage_which").select(cid).run()
    assert at.get("download_button"), "the season file is offered first"
    at.button(key=f"manage_archive_{cid}").click().run()
    ok(at)
    assert next(c for c in store.competitions() if c.id == cid).archived
    assert store.log(cid, 1)[0].action == "archive-competition"
    assert "Ladder gearchiveerd." in texts(at)
    # the overview: no card, an archive section; the picker: without it
    at = open_page(ids["AB"], director=False)
    assert f"archive_open_{cid}" in [b.key for b in at.button]
    labels = at.sidebar.selectbox(key="competition").options
    assert not any(label.startswith("Ladder") for label in labels)
    at.switch_page("pages/overview.py").run()
    ok(at)
    assert [e.label for e in at.expander if e.label.startswith("Archief")] == ["Archief (1)"]
    assert [b.key for b in at.button if b.key == f"ov_{cid}"] == []
    # still readable: opened from the archive, the picker shows it while chosen
    at.switch_page("pages/competitions.py").run()
    at.button(key=f"archive_open_{cid}").click().run()
    ok(at)
    assert at.session_state["competition"] == cid
    assert any(o.startswith("Ladder") for o in at.sidebar.selectbox(key="competition").options)
    # brought back
    at = open_page(cid)
    at.button(key=f"manage_archive_{cid}").click().run()
    ok(at)
    assert not next(c for c in store.competitions() if c.id == cid).archived
    assert store.log(cid, 1)[0].action == "unarchive-competition"


def test_delete_needs_the_typed_name(db):
    store, ids = db
    cid = ids["Ladder"]
    before = snapshot(store)
    at = open_page(cid)
    at.selectbox(key="manage_which").select(cid).run()
    at.text_input(key=f"manage_confirm_{cid}").input("ladder").run()
    at.button(key=f"manage_delete_{cid}").click().run()
    ok(at)
    assert "De getypte naam is niet Ladder: niets verwijderd." in errors(at)
    assert snapshot(store) == before
    at.text_input(key=f"manage_confirm_{cid}").input("Ladder").run()
    at.button(key=f"manage_delete_{cid}").click().run()
    ok(at)
    assert cid not in [c.id for c in store.competitions()]
    entry = store.log(cid, 1)[0]
    assert entry.action == "delete-competition" and entry.before["competition"] == "Ladder"
    assert "Ladder verwijderd." in texts(at)
    assert at.session_state["competition"] == ids["AB"]


# --------------------------------------------------------------------------- round dates


def test_a_new_rounds_date_defaults_to_its_planned_club_evening(db):
    """AB has 3 rounds played; with a calendar whose round 4 is 2025-10-07 the round
    page's attendance form starts at that date; without one, a week after round 3's."""
    store, ids = db
    cid = ids["AB"]
    season = store.load(cid)
    planned = ("2025-09-16", "2025-09-23", "2025-09-30", "2025-10-07")
    store.save_season(cid, replace(season, calendar=Calendar("tuesday", (), planned)),
                      actor=ADMIN, action="test")  # fmt: skip
    at = open_page(cid)
    at.switch_page("pages/round.py").run()
    ok(at)
    assert at.date_input(key=f"date_{cid}_4").value == date(2025, 10, 7)
    dated = season.with_round(replace(season.round(3), date="2025-11-04"))
    store.save_season(cid, dated, actor=ADMIN, action="test")
    at = open_page(cid)
    at.switch_page("pages/round.py").run()
    ok(at)
    assert at.date_input(key=f"date_{cid}_4").value == date(2025, 11, 11)


@pytest.mark.parametrize(
    ("lang", "title"), [("nl", "Puntenladder met A- en B-niveau"),
                        ("en", "Points ladder with A and B levels")],
)  # fmt: skip
def test_the_reglement_list_shows_names_and_keeps_the_ids(db, lang: str, title: str) -> None:
    """Issue 22 item 9: the Reglement list shows each preset by its name in the screen's
    language (no id such as ``keizer-classic`` among its options); the id stays the value
    (the rest of the form keys on it)."""
    from compcore.services import reading, setup

    _, ids = db
    at = open_page(ids["AB"], lang=lang)
    box = at.selectbox(key="new_preset")
    options = list(box.options)
    assert title in options
    assert not set(options) & set(reading.preset_names())
    assert options == [reading.preset_title(p, lang) for p in setup.paired_presets()]
    box.select("ladder-ab").run()
    assert at.selectbox(key="new_preset").value == "ladder-ab"
    assert at.number_input(key="new_rounds_ladder-ab")  # the form keyed on the id
