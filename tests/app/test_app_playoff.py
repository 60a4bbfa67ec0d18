"""The Winnaars page and the championship play-off (DS-19, DS-20): a ladder's final list per
category; the director creates a category's play-off from the seeds (a replacement from
the final list, with a reason; bad input refused, nothing stored); the play-off's own
Winnaars page shows its table and barrage, the director records the barrage's winner and
the champion shows on both pages; an anonymous member sees it all without the forms."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.model import Result
from compcore.formats import playoff as po
from compcore.services import playoff as svc
from tests.app.test_app_cup import open_page
from tests.app.test_app_support import ADMIN, ALL_PAGES, DIRECTOR_HASH, texts
from tests.builders import season_data
from tests.unit.awards.test_awards import RATED

pytestmark = pytest.mark.usefixtures("steady_app")

PLAYERS = [
    *RATED,
    {"id": "g", "name": "G", "rating": 1300},
    {"id": "h", "name": "H", "rating": 1200},
]
CATEGORIES = {
    "rounds_per_cycle": 1,
    "awards": {
        "categories": [
            {"name": "1900+", "min_rating": 1900},
            {"name": "<1900", "below_rating": 1900},
        ]
    },
}
#: three cycles of one round. <1900 (c d e f g h): cycle winners c, d, c; the final list
#: c 16, e 12, d 9, g 8, f 7, h 5: seeds c 1, d 2, the freed seed 3 and seed 4 down the
#: list: e, g. 1900+ (a b): b, b, a: a play-off of the two, b 1 and a 2.
CYCLES = [
    {"games": "a-b 0-1, c-d 1-0, e-f 1-0, g-h 1-0"},
    {"games": "a-b 0-1, c-d 0-1, e-f 1-0, g-h 1-0"},
    {"games": "a-b 1-0, c-d 1-0, e-f 0-1, g-h 0-1"},
]
LOW = "<1900"
# (on the page a category's "<" is written "\<": Markdown, ui.markdown.md)


@pytest.fixture
def ids(club_db) -> dict[str, int]:
    """The template database plus the DS ladder 'Schaakclub/2025/Ladder' above and next
    season's fresh ladder 'Schaakclub/2026/Ladder'."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    old = season_data("dubbelschaak", PLAYERS, CYCLES, overrides=CATEGORIES,
                      club="Schaakclub", competition="Ladder")  # fmt: skip
    new = season_data("dubbelschaak", PLAYERS, [], overrides=CATEGORIES, club="Schaakclub",
                      competition="Ladder", season="2026")  # fmt: skip
    return {
        name: store.import_season(season_file.parse(data, "test"), actor=ADMIN)
        for name, data in (("old", old), ("new", new))
    }


def store_of(club_db) -> Store:
    return Store(club_db[0], director_hash=DIRECTOR_HASH)


def field(at, kind: str, cid: int, name: str):
    """The create form's widget ``name`` (rounds_<ladder id>, seed_<n>, why)."""
    return getattr(at, kind)(key=f"playoff_{cid}_{LOW}_{name}")


def create(at, cid: int) -> None:
    key = f"FormSubmitter:playoff_{cid}_{LOW}_form-Play-off aanmaken"
    next(b for b in at.form_submit_button if b.key == key).click().run()


def submit(at, label: str) -> None:
    next(b for b in at.form_submit_button if b.label == label).click().run()


def test_the_final_list_per_category_with_the_seeds_marked(ids) -> None:
    """As a member (no forms): <1900's final list c e d g f h with cycle scores and sums,
    seeds 1 3 2 4 marked; the English page says the same."""
    at = open_page("winners", ids["old"])
    text = texts(at)
    assert r"Eindranglijst over drie cycli: \<1900" in text
    frame = next(f.value for f in at.dataframe if "Totaal" in f.value.columns
                 and next(iter(f.value["Speler"])) == "C")  # fmt: skip
    assert list(frame["Speler"]) == ["C", "E", "D", "G", "F", "H"]
    assert list(frame["Totaal"]) == ["16,00", "12,00", "9,00", "8,00", "7,00", "5,00"]
    assert list(frame["Cyclus 0"])[:2] == ["8,00", "6,00"]
    assert list(frame["Startnr"]) == ["1", "3", "2", "4", "", ""]
    assert "Play-off aanmaken" not in text
    assert [b.label for b in at.form_submit_button] == ["Inloggen"]  # no form but the login
    english = texts(open_page("winners", ids["old"], lang="en"))
    assert r"Final list over three cycles: \<1900" in english


def test_the_director_creates_a_play_off_with_a_replacement(ids, club_db) -> None:
    """e (seed 3) cannot play: the director picks f from the final list with a reason; the
    play-off is created in next season's ladder on its rounds 1-3, seeds c d f g; the change
    log has the reason; the ladder page links to it."""
    at = open_page("winners", ids["old"], director=True)
    assert r"Play-off aanmaken: \<1900" in texts(at)
    cid = ids["old"]
    # the next season's first three rounds
    assert field(at, "text_input", cid, f"rounds_{ids['new']}").value == "1, 2, 3"
    # seed 3's choices: e himself, then the final list's players not seeded (f, h)
    assert field(at, "selectbox", cid, "seed_3").options[:3] == ["E", "F", "H"]
    field(at, "selectbox", cid, "seed_3").set_value("f")  # seed 3: e -> f
    field(at, "text_input", cid, "why").input("op vakantie")
    create(at, cid)
    assert not at.exception and "De play-off is aangemaakt." in texts(at)
    store = store_of(club_db)
    made = next(i for i in store.competitions() if i.competition == "Play-off <1900 2025")
    season = store.load(made.id)
    assert [p.id for p in season.players] == ["c", "d", "f", "g"]
    assert season.ladder == "Schaakclub/2026/Ladder"
    assert [r.ladder_round for r in season.rounds] == [1, 2, 3]
    (entry,) = [e for e in store.log(made.id) if e.action == svc.CREATE_ACTION]
    assert entry.reason == "DS-19: E -> F: op vakantie"
    text = texts(at)
    assert r"De play-off van \<1900 wordt gespeeld als competitie Play-off \<1900 2025." in text


@pytest.mark.parametrize(
    ("seed", "player", "rounds", "message"),
    [
        (1, "a", "1, 2, 3", r"A staat niet op de eindranglijst van categorie \<1900."),
        (1, "f", "1, 2, 3", "Geef een reden waarom een geplaatste speler vervangen wordt."),
        (None, None, "1, twee, 3", "Schrijf de ladderronden als gehele getallen gescheiden"),
        (None, None, "1, 2", "Geef voor elk van de 3 play-off-ronden één ladderronde"),
    ],
)
def test_bad_input_is_refused_in_one_sentence_and_nothing_is_stored(
    ids, club_db, seed, player, rounds, message
) -> None:
    before = store_of(club_db).competitions()
    at = open_page("winners", ids["old"], director=True)
    cid = ids["old"]
    field(at, "text_input", cid, f"rounds_{ids['new']}").input(rounds)
    if seed is not None:
        field(at, "selectbox", cid, f"seed_{seed}").set_value(player)
    if player == "a":  # with a reason: refused for a, who is not in the category
        field(at, "text_input", cid, "why").input("ziek")
    create(at, cid)
    assert not at.exception
    (error,) = at.error
    assert message in error.value
    assert store_of(club_db).competitions() == before


def test_creating_twice_stores_nothing_more(ids, club_db) -> None:
    """The page is open with the form when the play-off is created elsewhere (another tab):
    submitting stores nothing more, and the page now links to the play-off instead of the
    form. (The service's own refusal: test_playoff.)"""
    at = open_page("winners", ids["old"], director=True)
    store = store_of(club_db)
    svc.create(store, ids["old"], svc.Request(LOW, ids["new"], (1, 2, 3)), actor=ADMIN)
    before = store.competitions()
    create(at, ids["old"])
    assert not at.exception and not at.error
    assert store_of(club_db).competitions() == before
    assert r"wordt gespeeld als competitie Play-off \<1900 2025" in texts(at)


#: seeds c d e g (1-4): c and d lead on 2½ each (c-g 1-0, d-e 1-0 / g-e 0-1, c-d = /
#: d-g 1-0, e-c 0-1): c 1 + ½ + 1, d 1 + ½ + 1, e 0 + 1 + 0 = 1, g 0
RESULTS = {("c", "g"): "1-0", ("d", "e"): "1-0", ("g", "e"): "0-1", ("c", "d"): "1/2-1/2",
           ("d", "g"): "1-0", ("e", "c"): "0-1"}  # fmt: skip


def played_playoff(store: Store, ids: dict[str, int]) -> int:
    cid = svc.create(store, ids["old"], svc.Request(LOW, ids["new"], (1, 2, 3)), actor=ADMIN)
    season = store.load(cid)
    for rnd in season.rounds:
        games = tuple(replace(g, result=Result(RESULTS[g.players])) for g in rnd.games or ())
        season = season.with_round(replace(rnd, games=games))
    store.save_season(cid, season, actor=ADMIN, action="results")
    return cid


def test_the_director_records_the_barrage_winner_and_the_champion_shows(ids, club_db) -> None:
    store = store_of(club_db)
    cid = played_playoff(store, ids)
    member = open_page("winners", cid)
    text = texts(member)
    assert "Gelijk geëindigde koplopers: C, D." in text and "Armageddon" in text
    table = next(f.value for f in member.dataframe if "Punten" in f.value.columns)
    assert list(zip(table["Speler"], table["Punten"], strict=True)) == [
        ("C", "2½"), ("D", "2½"), ("E", "1"), ("G", "0"),
    ]  # fmt: skip
    assert [b.label for b in member.form_submit_button] == ["Inloggen"]  # a member records nothing
    at = open_page("winners", cid, director=True)
    at.selectbox(key="barrage_" + str(cid) + "_winner").set_value((1, "d"))
    submit(at, "Barragewinnaar opslaan")
    assert not at.exception
    assert r"Clubkampioen \<1900: D" in texts(at)
    assert po.state(store.load(cid), store.ruleset(cid)).champion == "d"
    ladder = texts(open_page("winners", ids["old"], lang="en"))
    assert r"Club champion \<1900: D (decided in the play-off Play-off \<1900 2025)" in ladder


def test_a_barrage_recorded_meanwhile_is_not_recorded_again(ids, club_db) -> None:
    """The form was opened before another director recorded c as the barrage's winner:
    submitting d stores nothing; the page shows c as champion."""
    store = store_of(club_db)
    cid = played_playoff(store, ids)
    at = open_page("winners", cid, director=True)
    svc.record_barrage(store, cid, "c", actor=ADMIN, read=store.load(cid))
    before = store.load(cid)
    at.selectbox(key="barrage_" + str(cid) + "_winner").set_value((1, "d"))
    submit(at, "Barragewinnaar opslaan")
    assert not at.exception and store.load(cid) == before
    assert r"Clubkampioen \<1900: C" in texts(at)


PAGES = ALL_PAGES


@pytest.mark.parametrize(
    ("page", "director"),
    [(page, True) for page in PAGES]
    + [(page, False) for page in ("overview", "round", "standings")],
)
def test_every_page_of_a_playoff_renders(ids, club_db, page, director) -> None:
    """A created play-off (results in, a barrage to record) on every page, as a member and
    as the director: no exception, no error box."""
    cid = played_playoff(store_of(club_db), ids)
    at = open_page(page, cid, director=director)
    assert at.title and not at.exception and not at.error, [e.value for e in at.error]


def test_the_director_moves_the_playoff_rounds_to_other_ladder_evenings(ids, club_db) -> None:
    """On the play-off's Winnaars page: ladder rounds 1, 2, 3 -> 3, 2, 1 stored; then a
    text that is not numbers is refused in one sentence and nothing changes."""
    store = store_of(club_db)
    cid = svc.create(store, ids["old"], svc.Request(LOW, ids["new"], (1, 2, 3)), actor=ADMIN)
    at = open_page("winners", cid, director=True)
    key = f"playoff_move_{cid}_rounds"
    at.text_input(key=key).input("3, 2, 1")
    submit(at, "Ladderronden opslaan")
    assert not at.exception and "De ladderronden van de play-off zijn opgeslagen." in texts(at)
    assert [r.ladder_round for r in store.load(cid).rounds] == [3, 2, 1]
    before = store.load(cid)
    at.text_input(key=key + "~1").input("3, twee, 1")
    submit(at, "Ladderronden opslaan")
    (error,) = at.error
    assert "Schrijf de ladderronden als gehele getallen gescheiden door komma's" in error.value
    assert store.load(cid) == before
