"""The app on a finished knock-out cup (MG-7, MG-8) and on a small rating category (DS-19):
the Winnaars page shows the bracket round by round with who went through and why, in Dutch
and English; the Ronde page says the cup is over and offers no new round; the overview and
the standings do not invite one; a category of three plays off among all three."""

from __future__ import annotations

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, open_page, texts
from tests.builders import season_data
from tests.unit.awards.test_awards import SMALL, TWO_CATEGORIES
from tests.unit.formats.test_cup import BARRAGE, ROUNDS, cup_players

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def ids(club_db) -> dict[str, int]:
    """The template database plus the cup of test_cup (c4 won the final in round 3) and
    the DS season of test_awards with a category of three (1900+: b, a, c play off)."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    cup = season_data("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE,
                      club="Magnus", competition="Beker")  # fmt: skip
    small = season_data("dubbelschaak", SMALL, [
        {"games": "a-b 0-1, c-d 1-0, e-f 1-0"},
        {"games": "a-b 1-0, c-d 1-0, e-f 1-0"},
        {"games": "a-b 1-0, c-d 1-0, e-f 1-0"},
    ], overrides=TWO_CATEGORIES, club="Klein", competition="Klein")  # fmt: skip
    return {
        data["competition"]: store.import_season(season_file.parse(data, "test"), actor=ADMIN)
        for data in (cup, small)
    }


def test_winners_page_shows_the_cup_bracket_in_dutch_and_english(ids) -> None:
    at = open_page("winners", ids["Beker"])
    text = texts(at)
    assert "Bekerwinnaar: C4 (winnaar van de finale)" in text  # not the points leader C1
    assert "Clubkampioen" not in text
    assert "Door zonder partij (geloot): C5" in text
    assert "Loting met seed 11: met dit getal is de loting na te rekenen." in text
    assert not [h for h in at.markdown if "seed" in h.value]  # a details line, no heading
    rounds = [frame.value for frame in at.dataframe[:3]]
    assert [list(r["Gaat door"]) for r in rounds] == [["C1", "C4"], ["C1"], ["C4"]]
    assert "C4 won de barrage" in rounds[0]["Waarom"].iloc[1]
    assert "ratingverschil 400 is meer dan 200" in rounds[2]["Waarom"].iloc[0]
    at = open_page("winners", ids["Beker"], lang="en")
    assert "Cup winner: C4 (won the final)" in texts(at)
    final = at.dataframe[2].value
    assert list(final.columns) == ["White", "Black", "Result", "Through", "Why"]
    assert (
        "rating gap 400 is more than 200: the lower-rated C4 goes through (MG-8)"
        in (final["Why"].iloc[0])
    )


def test_round_page_says_the_cup_is_over_and_offers_no_new_round(ids) -> None:
    cid = ids["Beker"]
    for director in (True, False):
        at = open_page("round", cid, director=director)
        assert "De beker is afgelopen na ronde 3" in texts(at)
        assert at.selectbox(key=f"round_no_{cid}").options == ["Ronde 1", "Ronde 2", "Ronde 3"]
    at = open_page("round", cid, lang="en", director=True)
    assert "The cup is over after round 3: one player is left. No further round." in texts(at)


def test_overview_and_standings_do_not_invite_a_next_cup_round(ids) -> None:
    lines = [m.value for m in open_page("overview", ids["Beker"]).markdown]
    start = lines.index("#### Beker")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("####")), None)
    card = "\n".join(lines[start:end])  # the cup's card (the other clubs' ladders go on)
    assert "Beker afgelopen na ronde 3 · winnaar: **C4**" in card
    assert "3 ronden gespeeld · 6 spelers" in card
    assert "Volgende ronde" not in card and "Koplopers" not in card
    text = texts(open_page("standings", ids["Beker"], lang="en"))
    assert "Cup winner: C4 (won the final)" in text


def test_a_category_of_three_plays_off_among_all_three(ids) -> None:
    at = open_page("winners", ids["Klein"])
    text = texts(at)
    assert "De categorie heeft minder dan 4 spelers: de play-off is tussen alle 3." in text
    assert "Kampioen: **E** (won alle cycli)" in text  # <1900: e won every cycle


def test_the_director_records_the_small_categorys_playoff_winner(ids) -> None:
    at = open_page("winners", ids["Klein"], director=True)
    at.selectbox(key="decision_kind").select("playoff-winner")
    at.selectbox(key="decision_player").select("c")
    at.selectbox(key="decision_category").select("1900+")
    next(b for b in at.form_submit_button if b.label == "Vastleggen").click().run()
    assert not at.exception, [e.value for e in at.exception]
    text = texts(at)
    assert "Kampioen: **C** (winnaar van de play-off)" in text
    assert "Kampioen: **E** (won alle cycli)" in text


def test_the_cups_standings_are_its_bracket_never_a_ladder(ids) -> None:
    """Issue 22 item 5: the Ranglijst of a knock-out cup shows its rounds (who played whom,
    the result, who went through), no points ladder (no Pl, ±Pl, Punten, no "Gelijke
    punten" help); the draw's seed is a details line under the round, not its heading."""
    at = open_page("standings", ids["Beker"])
    text = texts(at)
    assert "Bekerwinnaar: C4 (winnaar van de finale)" in text
    assert [e.label for e in at.expander] == []  # no ties' help, legend or "how computed"
    assert "Gelijke punten" not in text and not at.toggle  # no "Alle kolommen" either
    columns = {c for frame in at.dataframe for c in frame.value.columns}
    assert columns == {"Wit", "Zwart", "Uitslag", "Gaat door", "Waarom"}
    assert not columns & {"Pl", "±Pl", "Punten", "Wa"}
    assert [list(f.value["Gaat door"]) for f in at.dataframe] == [["C1", "C4"], ["C1"], ["C4"]]
    headings = [m.value for m in at.markdown if m.value.startswith("**")]
    assert headings == ["**Ronde 1**", "**Ronde 2**", "**Ronde 3**"]
    assert "Loting met seed 11: met dit getal is de loting na te rekenen." in text
    assert not [h for h in (e.value for e in at.subheader) if "seed" in h]
    english = texts(open_page("standings", ids["Beker"], lang="en"))
    assert "Drawn with seed 11: with this number the draw can be redone." in english
