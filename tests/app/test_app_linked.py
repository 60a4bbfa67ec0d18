"""The Ronde page with the link (issue 12 item 6, MG-8): the director draws a cup round onto
a senior evening, the senior evening shows the cup boards as forced boards named after the
cup, and a result entered once (on either page) holds in both competitions; a member sees
where each game counts; a refused save changes neither competition."""

from __future__ import annotations

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.domain.model import Result
from tests.app.test_app_director import ok, submit
from tests.app.test_app_support import (
    ADMIN,
    DIRECTOR_HASH,
    PASSWORD,
    app,
    entry_control,
    tap,
    texts,
)
from tests.builders import load
from tests.services.test_linked_service import PLAYED, PLAYERS, SENIOR

pytestmark = pytest.mark.usefixtures("steady_app")


def setup(path, cup_rounds: list[object], senior_rounds: list[object]) -> tuple[Store, int, int]:
    store = Store(path, director_hash=DIRECTOR_HASH)
    senior, _ = load("magnus-senior", PLAYERS, senior_rounds, competition="Senioren")
    cup, _ = load("magnus-cup", PLAYERS[:4], cup_rounds, competition="Beker", ladder=SENIOR)
    return store, store.import_season(senior, actor=ADMIN), store.import_season(cup, actor=ADMIN)


def round_page(cid: int, *, director: bool, lang: str = "nl", number: int | None = None):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = cid
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    if number is not None:
        at.session_state[f"round_no_{cid}"] = number
        at.session_state[f"round_no_{cid}_director"] = director
    at.run()
    at.switch_page("pages/round.py").run()
    ok(at)
    return at


def test_a_cup_round_drawn_onto_the_senior_evening_and_played_there(club_db):
    """The director draws cup round 1: the form offers senior round 3 (the senior Keizer's
    next evening, two played) and stores it with the draw. Senior round 3's attendance then
    lists the two cup boards as "verplichte partij: Beker"; the proposal places them first,
    and the published sheet says which boards are cup games. A draw entered there on the
    first cup board (rating gap 300 or 50 by who met whom) reaches the cup's round."""
    store, sid, cid = setup(club_db[0], [], PLAYED)
    at = round_page(cid, director=True)
    pick = at.selectbox(key=f"ladder_round_{cid}_1")
    assert pick.options == ["Ronde 3"] and pick.value == 3
    assert "Gespeeld op ronde van Senioren" in pick.label
    submit(at, "Indelen")
    at.button(key=f"draft_{cid}_1_publish").click().run()
    ok(at)
    drawn = store.load(cid).round(1)
    assert drawn.ladder_round == 3 and drawn.games is not None
    cup_boards = [(g.white, g.black) for g in drawn.games]
    assert "Gespeeld op ronde 3 van Senioren; de uitslag telt in beide." in texts(at)

    at = round_page(sid, director=True)
    page = texts(at)
    for white, black in cup_boards:
        assert f"{white.upper()} – {black.upper()} (verplichte partij: Beker)" in page
    submit(at, "Indelen")
    proposal = at.table[0].value
    assert list(proposal["Waarom"][:2]) == ["verplichte partij: Beker (MG-3)"] * 2
    at.button(key=f"draft_{sid}_3_publish").click().run()
    ok(at)
    games = store.load(sid).round(3).games
    assert games is not None and [(g.white, g.black) for g in games[:2]] == cup_boards
    assert "Bord 1: partij van Beker; de uitslag telt daar ook." in texts(at)

    first = games[0]
    tap(entry_control(at, sid, 3, 1, first), "1/2-1/2")
    submit(at, "Uitslagen opslaan")
    cup_games = store.load(cid).round(1).games
    assert cup_games is not None and cup_games[0].result is Result.DRAW


def test_a_result_entered_in_the_cup_holds_on_the_senior_evening(club_db):
    """Cup round 1 (a-b, c-d) is played on senior evening 3 (a-b, c-d, e-f). The director
    enters a-b 0-1 on the cup's page: the senior board a-b reads 0-1. Finalizing the cup
    round with c-d still open is refused in one sentence naming board 2, and neither
    competition changes."""
    store, sid, cid = setup(
        club_db[0], [{"games": "a-b, c-d", "ladder_round": 3}], [*PLAYED, "a-b, c-d, e-f"]
    )
    at = round_page(cid, director=True, number=1)
    assert "Gespeeld op ronde 3 van Senioren; de uitslag telt in beide." in texts(at)
    tap(at.button_group(key=f"entry_{cid}_1_0_a_b"), "0-1")
    submit(at, "Uitslagen opslaan")
    senior = store.load(sid).round(3).games
    assert senior is not None and [g.result for g in senior] == [Result.BLACK_WINS, None, None]

    before = (store.load(sid), store.load(cid), store.revision())
    at = round_page(cid, director=True, number=1)
    submit(at, "Ronde afsluiten")
    assert [e.value for e in at.error] == [
        "Nog geen uitslag op bord 2: de ronde kan nog niet worden afgesloten."
    ]
    assert (store.load(sid), store.load(cid), store.revision()) == before


def test_a_member_sees_where_each_linked_game_counts(club_db):
    """Not logged in: senior round 3's sheet says boards 1 and 2 are games of the cup; the
    cup's round 1 says it is played on senior round 3; in English too."""
    _, sid, cid = setup(
        club_db[0], [{"games": "a-b, c-d", "ladder_round": 3}], [*PLAYED, "a-b, c-d, e-f"]
    )
    page = texts(round_page(sid, director=False, number=3))
    assert "Bord 1: partij van Beker; de uitslag telt daar ook." in page
    assert "Bord 2: partij van Beker" in page and "Bord 3:" not in page
    page = texts(round_page(cid, director=False, number=1, lang="en"))
    assert "Played on round 3 of Senioren; the result counts in both." in page


def test_the_draw_refuses_an_evening_paired_meanwhile(club_db):
    """The director opens the cup's draw (senior round 3 offered); another director then
    publishes senior round 3. Pairing the cup is refused in one sentence naming senior
    round 3, and nothing is stored in the cup."""
    store, sid, cid = setup(club_db[0], [], PLAYED)
    at = round_page(cid, director=True)
    assert at.selectbox(key=f"ladder_round_{cid}_1").value == 3
    senior, _ = load("magnus-senior", PLAYERS, [*PLAYED, "a-b, c-d, e-f"], competition="Senioren")
    store.save_round(sid, senior.round(3), actor=ADMIN, action="publish-round", read=None)
    before = store.load(cid)
    submit(at, "Indelen")
    assert [e.value for e in at.error] == [
        "Ronde 3 van Senioren is al ingedeeld: kies een andere avond. Er is niets opgeslagen."
    ]
    assert store.load(cid) == before


def test_a_linked_entry_starts_the_attendance_list(club_db):
    """DS-21-style: a competition with ``counts_as = "entry"`` (entry external) plays a-b
    on senior evening 3. The senior attendance list starts a and b at "extern" and says
    why; saving it stores both as external, everyone else present."""
    store = Store(club_db[0], director_hash=DIRECTOR_HASH)
    senior, _ = load("magnus-senior", PLAYERS, PLAYED, competition="Senioren")
    pool, _ = load(
        "ladder-ab", PLAYERS[:4], [{"games": "a-b", "ladder_round": 3}],
        {"pairing": {"method": "round-robin"},
         "ladder_link": {"counts_as": "entry", "entry": "external"}},
        competition="Meierij", ladder=SENIOR,
    )  # fmt: skip
    sid = store.import_season(senior, actor=ADMIN)
    store.import_season(pool, actor=ADMIN)
    at = round_page(sid, director=True)
    assert at.selectbox(key=f"att_{sid}_3_a").value == "external"
    assert at.selectbox(key=f"att_{sid}_3_c").value == "present"
    assert "A: extern (andere competitie op deze avond)" in texts(at)
    submit(at, "Aanwezigheid opslaan")
    stored = store.load(sid).round(3)
    assert {p: k.value for p, k in (stored.entries or {}).items()} == {
        "a": "external", "b": "external"
    }  # fmt: skip
    assert sorted(stored.present or ()) == ["c", "d", "e", "f"]
