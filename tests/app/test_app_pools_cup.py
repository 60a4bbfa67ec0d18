"""The Meierij Cup (DS-21) in the app: the Winnaars page's bracket view (pools, then the
knock-out and the losers' cup as rounds of ties) for a member and a director; the director
draws a round and records an Armageddon there, and creates the cup on Competities; bad
input gets one sentence naming it and changes nothing. The cup is the worked example of
``test_pools_cup`` (round 4: p5-p7 and p2-p8 level at 1-1)."""

from __future__ import annotations

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, open_page, tap, texts
from tests.services.test_pools_cup import EIGHT, knockout_round_4, ladder

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def ids(club_db) -> dict[str, int]:
    """The template database plus the ladder (p1..p8, x) and the cup after round 4."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    return {
        "ladder": store.import_season(ladder(), actor=ADMIN),
        "cup": store.import_season(knockout_round_4(), actor=ADMIN),
    }


def stored(club_db, cid: int) -> str:
    return season_file.dumps(Store(club_db[0]).load(cid))


def test_a_member_sees_the_pools_and_the_ties_and_no_director_forms(ids) -> None:
    """Pool A: p5 4,5, p4 3,5, p1 3, p8 1; round 4 (ladder evening 8): P5 - P7 1-0 1-0,
    open, first the 5-minute games; P3 - P4 won 1½-½ by P3; no champion by points."""
    at = open_page("winners", ids["cup"])
    text = texts(at)
    assert "Poule A" in text and "Poule B" in text and "Knock-out fase" in text
    assert "Losers-cup" in text and "Ronde 4 (ladderavond 8)" in text
    assert "Clubkampioen" not in text
    pool_a = at.dataframe[0].value
    assert list(pool_a["Speler"]) == ["P5", "P4", "P1", "P8"]
    assert list(pool_a["Punten"]) == ["4,5", "3,5", "3", "1"]
    ties = at.dataframe[2].value
    assert list(ties["Partij"]) == ["P5 - P7", "P3 - P4"]
    assert list(ties["Uitslagen"]) == ["1-0 1-0", "1-0 ½-½"]
    assert "P5 - P7: 1-1: eerst twee snelschaakpartijen" in text
    assert list(ties["Gaat door"]) == ["—", "P3"]
    assert not [b for b in at.button if b.key == "pools_draw"]
    assert "Beker (wedstrijdleider)" not in text


def test_the_bracket_in_english(ids) -> None:
    at = open_page("winners", ids["cup"], lang="en")
    text = texts(at)
    assert "Pool A" in text and "Losers' cup" in text and "Round 4 (ladder evening 8)" in text


def test_the_director_records_an_armageddon_draw_and_black_goes_through(ids, club_db) -> None:
    """DS-21: the Armageddon P7 (White) - P5 (Black) is drawn: Black, P5, goes through."""
    at = open_page("winners", ids["cup"], director=True)
    at.selectbox(key="pools_tie").set_value("4:p5:p7")
    at.selectbox(key="pools_step").set_value("armageddon")
    at.radio(key="pools_white").set_value("b")  # p7 had White
    at.radio(key="pools_result").set_value("1/2-1/2")
    at.button[[b.label for b in at.button].index("Beslissing opslaan")].click().run()
    assert not at.exception
    season = Store(club_db[0]).load(ids["cup"])
    assert [(d.kind, d.player, d.round) for d in season.decisions or ()] == [
        ("match-winner", "p5", 4)
    ]
    ties = at.dataframe[2].value
    assert list(ties["Gaat door"]) == ["P5", "P3"]
    assert "Armageddon P7 (wit) - P5 (zwart) ½-½: P5 gaat door" in texts(at)


def test_bad_input_on_the_winners_page_changes_nothing(ids, club_db) -> None:
    """A level rapid pair decides nothing; a draw while p5-p7 is open is refused: one
    sentence each, the stored cup unchanged."""
    before = stored(club_db, ids["cup"])
    at = open_page("winners", ids["cup"], director=True)
    at.selectbox(key="pools_tie").set_value("4:p5:p7")
    at.selectbox(key="pools_step").set_value("rapid-pair")
    at.radio(key="pools_result").set_value("1/2-1/2")
    at.button[[b.label for b in at.button].index("Beslissing opslaan")].click().run()
    assert any("beslist niets" in e.value for e in at.error)
    at.button(key="pools_draw").click().run()
    assert any("P5 - P7 is nog niet beslist" in e.value.replace("p", "P") for e in at.error)
    assert stored(club_db, ids["cup"]) == before


def test_the_director_creates_the_cup_within_the_ladder(ids, club_db) -> None:
    """Competities, the ladder chosen: name, the eight entrants, evenings 2 4 6 -> a new
    competition "Meierij Cup 2" within the ladder, pools A and B; bad evenings first:
    refused in one sentence, nothing added."""
    at = open_page("competitions", ids["ladder"], director=True)
    count = len(Store(club_db[0]).competitions())
    at.text_input(key="pools_create_name").input("Meierij Cup 2")
    at.multiselect(key="pools_create_who").set_value(EIGHT)
    at.text_input(key="pools_create_evenings").input("2 vier 6")
    at.button[[b.label for b in at.button].index("Beker aanmaken")].click().run()
    assert any("rondenummers" in e.value for e in at.error)
    assert len(Store(club_db[0]).competitions()) == count
    at.text_input(key="pools_create_evenings").input("2 4 6")
    at.button[[b.label for b in at.button].index("Beker aanmaken")].click().run()
    assert not at.exception
    infos = Store(club_db[0]).competitions()
    assert len(infos) == count + 1
    new = next(i for i in infos if i.competition == "Meierij Cup 2")
    season = Store(club_db[0]).load(new.id)
    assert season.ladder == "Test/2025/dubbelschaak"
    assert [r.ladder_round for r in season.rounds] == [2, 4, 6]


def test_too_few_entrants_are_refused(ids, club_db) -> None:
    at = open_page("competitions", ids["ladder"], director=True)
    count = len(Store(club_db[0]).competitions())
    at.text_input(key="pools_create_name").input("Cup")
    at.multiselect(key="pools_create_who").set_value(["p1"])
    at.button[[b.label for b in at.button].index("Beker aanmaken")].click().run()
    assert any("minstens twee deelnemers" in e.value for e in at.error)
    assert len(Store(club_db[0]).competitions()) == count


@pytest.mark.parametrize("page", ["standings", "round", "players", "overview"])
def test_the_other_pages_open_on_the_cup(ids, page) -> None:
    """The cup is a season like any other: its pages open without a traceback."""
    at = open_page(page, ids["cup"], director=True)
    assert not at.error, [e.value for e in at.error]


def test_the_director_sees_only_the_cups_own_decision_form(ids) -> None:
    """A cup of pools has no play-off or barrage: the Winnaars page offers the draw and
    the tie-break record, not the general play-off/barrage decision form."""
    at = open_page("winners", ids["cup"], director=True)
    labels = [b.label for b in at.button]
    assert "Loot de volgende knock-out ronde" in labels and "Beslissing opslaan" in labels
    assert "Beslissing vastleggen" not in texts(at)


def test_the_director_draws_the_first_knockout_round_from_the_pool_tables(club_db) -> None:
    """After the pools (worked example): the draw on ladder evening 8 makes round 4 with
    p5-p7, p3-p4 (knock-out) and p1-p6, p2-p8 (losers' cup), two games each; logged."""
    from tests.services.test_pools_cup import pools_played

    store = Store(club_db[0], director_hash=DIRECTOR_HASH)
    cid = store.import_season(pools_played(), actor=ADMIN)
    at = open_page("winners", cid, director=True)
    at.number_input(key="pools_evening").set_value(8)
    at.button(key="pools_draw").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    rnd = Store(club_db[0]).load(cid).rounds[-1]
    assert (rnd.number, rnd.ladder_round) == (4, 8)
    assert [f"{g.white}-{g.black}" for g in rnd.games or ()][::2] == [
        "p5-p7", "p3-p4", "p1-p6", "p2-p8"
    ]  # fmt: skip
    assert Store(club_db[0]).log(cid, limit=1)[0].action == "draw-knockout"
    assert "Ronde 4 (ladderavond 8)" in texts(at)


def test_results_of_a_pool_round_are_entered_on_the_round_page(club_db) -> None:
    """Pool round 1 (two games a meeting) on the Ronde page: the eight boards get the
    worked example's results; pool A then stands p1 2, p4 1½, p5 ½, p8 0."""
    from tests.services.test_pools_cup import POOL_RESULTS, cup, parse_round

    store = Store(club_db[0], director_hash=DIRECTOR_HASH)
    cid = store.import_season(cup(), actor=ADMIN)
    at = open_page("round", cid, director=True)
    next(w for w in at.selectbox if w.key.startswith("round_no")).set_value(1).run()
    given = {(g["white"], g["black"]): g["result"] for g in parse_round(POOL_RESULTS[0])[0]}
    for i in range(len(given)):
        box = next(b for b in at.button_group if b.key.startswith(f"entry_{cid}_1_{i}_"))
        white, black = box.key.split("_")[-2:]
        tap(box, given[(white, black)])
    at.button[[b.label for b in at.button].index("Uitslagen opslaan")].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    at.switch_page("pages/winners.py").run()
    pool_a = at.dataframe[0].value
    assert list(pool_a["Speler"]) == ["P1", "P4", "P5", "P8"]
    assert list(pool_a["Punten"]) == ["2", "1,5", "0,5", "0"]
