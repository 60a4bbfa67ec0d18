"""Round-robin groups in the app (DS-16): a director makes a group from the ladder on the
Competities page ("Nieuwe meerkamp": bad input one sentence, nothing stored), everyone sees
its table and schedule on the Ranglijst page, the director enters a result on the Ronde page
(no "Indelen", no undo for a scheduled round), and the Winnaars page names the promotion."""

from __future__ import annotations

import pytest

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.services import groups
from compcore.services.groups import NewGroup
from tests.app.test_app_support import (
    ADMIN,
    DIRECTOR_HASH,
    PASSWORD,
    app,
    entry_control,
    tap,
    texts,
)

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def db(club_db) -> tuple[Store, dict[str, int]]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids


def ok(at) -> None:
    assert not at.exception, [e.value for e in at.exception]


def open_page(page: str, competition: int, *, director: bool = True, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = competition
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    ok(at)
    return at


def snapshot(store: Store) -> list[dict]:
    return [
        {"info": info, "file": season_file.to_data(store.load(info.id))}
        for info in store.competitions()
    ]


def members(store: Store, ladder: int, count: int) -> list[str]:
    return groups.ladder_members(store.load(ladder))[:count]


def fill(at, ladder: int, chosen: list[str], name: str = "Rembrandt League"):
    at.selectbox(key="group_ladder").select(ladder).run()
    at.text_input(key="group_name").input(name).run()
    at.selectbox(key="group_preset").select("ds-rembrandt-league").run()
    at.multiselect(key=f"group_members_{ladder}").set_value(chosen).run()
    ok(at)
    return at


def create(at):
    next(b for b in at.button if b.key == "group_create").click().run()
    ok(at)
    return at


def test_a_director_creates_a_group_from_the_ladder(db):
    """Four members of the ladder (3 rounds played): the preview shows the Berger schedule
    (6 boards) on ladder evenings 4, 5, 6; creating stores it (logged create-group) and
    opens it; its rounds are played within the ladder."""
    store, ids = db
    ladder = ids["Ladder"]
    chosen = members(store, ladder, 4)
    at = fill(open_page("competitions", ladder), ladder, chosen)
    assert "Het speelschema (Berger)" in texts(at)
    preview = at.dataframe[-1].value
    assert len(preview) == 6 and sorted(set(preview["Clubavond"])) == [4, 5, 6]
    create(at)
    assert "Meerkamp Rembrandt League aangemaakt met het hele speelschema." in texts(at)
    made = next(c for c in store.competitions() if c.competition == "Rembrandt League")
    group = store.load(made.id)
    assert group.ladder == "Testclub/2025-2026/Ladder"
    assert {p.id for p in group.players} == set(chosen)
    assert [r.ladder_round for r in group.rounds] == [4, 5, 6]
    assert store.log(made.id, 1)[0].action == "create-group"
    assert at.session_state["competition"] == made.id


@pytest.mark.parametrize(
    ("count", "name", "message"),
    [
        (2, "Rembrandt League", "een meerkamp heeft minstens 3 spelers; gekozen: 2"),
        (4, "Ladder", "Testclub/2025-2026/Ladder bestaat al"),
    ],
)
def test_bad_input_is_one_sentence_and_nothing_changes(db, count, name, message):
    """Two members, or the ladder's own name: named under the form as soon as it is
    typed, and again after "Meerkamp aanmaken"; the database is as it was."""
    store, ids = db
    ladder = ids["Ladder"]
    before = snapshot(store)
    at = fill(open_page("competitions", ladder), ladder, members(store, ladder, count), name)
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    create(at)
    assert any(message in e.value for e in at.error), [e.value for e in at.error]
    assert snapshot(store) == before


def test_an_empty_name_is_named_only_once_the_director_tries(db):
    """Members chosen, no name yet: no error until "Meerkamp aanmaken"; then "Naam van de
    meerkamp: vul dit in", nothing stored."""
    store, ids = db
    ladder = ids["Ladder"]
    before = snapshot(store)
    at = open_page("competitions", ladder)
    at.multiselect(key=f"group_members_{ladder}").set_value(members(store, ladder, 3)).run()
    assert not at.error
    create(at)
    assert [e.value for e in at.error] == ["Naam van de meerkamp: vul dit in"]
    assert snapshot(store) == before


def test_an_evening_outside_the_ladder_is_refused(db):
    """Evening 99 for round 1 (the DS ladder has 36 rounds): refused, nothing stored."""
    store, ids = db
    ladder = ids["Ladder"]
    before = snapshot(store)
    at = fill(open_page("competitions", ladder), ladder, members(store, ladder, 3))
    at.number_input(key=f"group_evening_{ladder}_3_0").set_value(99).run()
    create(at)
    assert any("clubavond 99 is geen ronde van de ladder Ladder" in e.value for e in at.error)
    assert snapshot(store) == before


@pytest.fixture
def group(db) -> tuple[Store, int]:
    """A Rembrandt League of four ladder players, made by the service."""
    store, ids = db
    ladder = ids["Ladder"]
    form = NewGroup("Rembrandt League", "ds-rembrandt-league", members(store, ladder, 4))
    return store, groups.create(store, ladder, form, actor=ADMIN)


@pytest.mark.parametrize("director", [True, False])
def test_the_standings_page_shows_the_group_table_and_schedule(group, director):
    """Director or anonymous member: the group table (four lines, place 1 shared before any
    result, columns Punten WP Ond) and the schedule, every board still to be played."""
    _, cid = group
    at = open_page("standings", cid, director=director)
    assert "Stand van de meerkamp" in texts(at) and "Speelschema en uitslagen" in texts(at)
    table, schedule = at.dataframe[0].value, at.dataframe[1].value
    assert list(table["Pl"]) == [1, 1, 1, 1]
    assert {"Punten", "WP", "Ond"} <= set(table.columns)
    assert len(schedule) == 6 and set(schedule["Uitslag"]) == {"nog te spelen"}
    assert "Er is nog geen uitslag." in texts(at)


def test_a_director_enters_a_result_and_the_table_follows(group):
    """Round 1 opens first; no "Indelen" and no undo for a scheduled round. Board 1 1-0:
    stored; its white leads the table with 1 point; the Winnaars page names the leader
    and that the winner goes up to the Topcompetitie."""
    store, cid = group
    at = open_page("round", cid)
    assert at.selectbox(key=f"round_no_{cid}").value == 1
    labels = [b.label for b in at.button] + [b.label for b in at.form_submit_button]
    assert "Indelen" not in labels
    at.selectbox(key=f"round_no_{cid}").select(3).run()  # the last round: no undo either
    assert not any("ongedaan maken" in b.label for b in at.button)
    assert at.selectbox(key=f"round_no_{cid}").options == ["Ronde 1", "Ronde 2", "Ronde 3"]
    at.selectbox(key=f"round_no_{cid}").select(1).run()
    first = store.load(cid).round(1).games[0]
    tap(entry_control(at, cid, 1, 1, first), "1-0")
    next(b for b in at.button if b.label == "Uitslagen opslaan").click().run()
    ok(at)
    assert store.load(cid).round(1).games[0].result.value == "1-0"
    at.switch_page("pages/standings.py").run()
    ok(at)
    table = at.dataframe[0].value
    assert table["Pl"][0] == 1 and table["Punten"][0] == "1"
    white = store.load(cid).player(first.white).name
    at.switch_page("pages/winners.py").run()
    ok(at)
    assert f"Koploper: {white}." in texts(at)
    assert "De winnaar promoveert naar de Topcompetitie; nog niet beslist." in texts(at)


@pytest.mark.parametrize(
    "page", ["overview", "round", "speler", "trends", "winners", "players", "settings"]
)
def test_every_other_page_opens_for_a_group(group, page):
    """A group (nothing played yet) on every other page, as a director: no exception."""
    _, cid = group
    open_page(page, cid)


def test_the_group_table_in_english(group):
    """The same page in English: "Group table", the columns Points, SB, Mutual and the
    schedule's "to be played"."""
    _, cid = group
    at = open_page("standings", cid, director=False, lang="en")
    assert "Group table" in texts(at) and "Schedule and results" in texts(at)
    assert {"Points", "SB", "Mutual"} <= set(at.dataframe[0].value.columns)
    assert set(at.dataframe[1].value["Result"]) == {"to be played"}
