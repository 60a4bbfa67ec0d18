"""Links (issue 9, item 7): competition, cycle, round and player are query parameters. A
link opened in a new session shows that view; a picker writes its choice back to the
address; an unknown value shows a short notice and the default, never an error."""

from __future__ import annotations

import pytest

from compcore.adapters.access import auth
from compcore.ports.values import CompetitionInfo
from compcore.services.competitions import by_link_key, link_key
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app, build_two_cycles, texts

pytestmark = pytest.mark.usefixtures("steady_app")

LADDER = "testclub_2025-2026_ladder"
AB = "testclub_2025-2026_ab"


def ok(at):
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def opened(page: str | None = None, director: bool = False, **params: str):
    """A new browser session opening ``/page?params`` (the overview without a page)."""
    at = app()
    at.query_params.update(params)
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.run()
    if page is not None:
        at.switch_page(f"pages/{page}.py").run()
    return ok(at)


def competition_box(at):
    return at.sidebar.selectbox(key="competition")


# --------------------------------------------------------------------------- the key


def info(club: str, season: str, competition: str, id_: int = 1) -> CompetitionInfo:
    return CompetitionInfo(id_, club, season, competition, "dubbelschaak", 0, 0)


def test_the_competition_key_is_readable_and_the_same_on_every_server():
    """Club, season and competition as slugs joined by '_': accents dropped, spaces and
    punctuation one hyphen; found again case aside; the first added wins a clash."""
    ours = info("Schaakclub Öst & Co", "2025/2026", "Interne competitie", 7)
    assert link_key(ours) == "schaakclub-ost-co_2025-2026_interne-competitie"
    clash = info("Schaakclub Öst, Co", "2025 2026", "Interne  competitie", 3)
    assert by_link_key([ours, clash], "Schaakclub-Ost-Co_2025-2026_Interne-Competitie") == clash
    assert by_link_key([ours], "schaakclub-ost-co_2025-2026") is None


# --------------------------------------------------------------------------- competition


def test_a_link_names_the_competition(club_db):
    """Without a link a new session shows the default, AB (imported last, so the highest id
    of the newest season), and says so in the address; ?competitie=testclub_2025-2026_ladder
    shows the Ladder instead."""
    _, ids = club_db
    default = opened()
    assert competition_box(default).value == ids["AB"]
    assert default.query_params["competitie"] == AB
    at = opened("standings", competitie=LADDER)
    assert competition_box(at).value == ids["Ladder"]
    assert "Ladder · 2025-2026 · Testclub" in texts(at)
    assert at.query_params["competitie"] == LADDER


def test_choosing_a_competition_updates_the_link(club_db):
    """The sidebar picker: from the Ladder to AB, and the address follows."""
    _, ids = club_db
    at = opened("standings", competitie=LADDER)
    competition_box(at).set_value(ids["AB"]).run()
    ok(at)
    assert at.query_params["competitie"] == AB
    assert "AB · 2025-2026 · Testclub" in texts(at)


def test_an_unknown_competition_falls_back_with_a_notice(club_db):
    """A competition this server does not hold: a notice naming the value, the default
    competition, and the address corrected to it; in English too."""
    _, ids = club_db
    at = opened(competitie="elders_2025-2026_ladder")
    assert competition_box(at).value == ids["AB"]
    assert [i.value for i in at.info] == [
        "De link noemt een competitie die hier niet bestaat (elders_2025-2026_ladder); "
        "je ziet de standaardkeuze."
    ]
    assert at.query_params["competitie"] == AB
    at.run()  # shown once: the address now holds what is shown
    assert not at.info
    at2 = app()
    at2.query_params["competitie"] = "x"
    at2.session_state["lang"] = "en"
    at2.run()
    assert "The link names a competition that does not exist here (x)" in texts(ok(at2))


# --------------------------------------------------------------------------- cycle


@pytest.fixture
def two_cycles(tmp_path, monkeypatch):
    """The Keizer ladder with Cyclus 0 (rounds 1-2) and Cyclus 1 (round 3)."""
    path = tmp_path / "cycles.duckdb"
    build_two_cycles(path)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    return path


def test_a_link_names_the_cycle_as_the_club_numbers_it(two_cycles):
    """?cyclus=0: Cyclus 0, the standings after round 2 (its last); without it the newest
    cycle, Cyclus 1, after round 3. The address says which cycle is shown."""
    at = opened("standings", competitie=LADDER, cyclus="0")
    assert at.selectbox(key=f"st_cycle_{competition_box(at).value}").value == 0
    assert "Cyclus 0 · stand na ronde 2" in texts(at)
    plain = opened("standings", competitie=LADDER)
    assert "Cyclus 1 · stand na ronde 3" in texts(plain)
    assert plain.query_params["cyclus"] == "1"


def test_choosing_a_cycle_updates_the_link(two_cycles):
    at = opened("trends", competitie=LADDER)
    assert at.query_params["cyclus"] == "1"
    at.selectbox(key=f"tr_cycle_{competition_box(at).value}").set_value(0).run()
    assert ok(at).query_params["cyclus"] == "0"


def test_an_unknown_cycle_falls_back_with_a_notice(two_cycles):
    """?cyclus=7 (there are only 0 and 1): the notice, and Cyclus 1."""
    at = opened("standings", competitie=LADDER, cyclus="7")
    assert "De link noemt een cyclus die hier niet bestaat (7)" in texts(at)
    assert "Cyclus 1 · stand na ronde 3" in texts(at)
    assert at.query_params["cyclus"] == "1"


# --------------------------------------------------------------------------- round


def test_a_link_names_the_round(club_db):
    """?ronde=2 opens round 2 of the AB ladder (the default is round 4, the new one)."""
    at = opened("round", competitie=AB, ronde="2")
    _, ids = club_db
    assert at.selectbox(key=f"round_no_{ids['AB']}").value == 2
    assert at.query_params["ronde"] == "2"
    at.selectbox(key=f"round_no_{ids['AB']}").set_value(3).run()
    assert ok(at).query_params["ronde"] == "3"


def test_an_unknown_round_falls_back_with_a_notice(club_db):
    """?ronde=abc and ?ronde=99: a notice each, and the round a member opens on without a
    link: round 3, the newest with boards (round 4 is new, nothing to show yet)."""
    _, ids = club_db
    for bad in ("abc", "99"):
        at = opened("round", competitie=AB, ronde=bad)
        assert f"De link noemt een ronde die hier niet bestaat ({bad})" in texts(at)
        assert at.selectbox(key=f"round_no_{ids['AB']}").value == 3
        assert at.query_params["ronde"] == "3"


def test_another_page_names_its_own_round_in_the_link(club_db):
    """The round page wrote ?ronde=2; the standings page shows its own round (after round
    3, the last complete one) and the address says so, not the round page's 2; the trends
    page names no round."""
    at = opened("round", competitie=AB, ronde="2")
    at.switch_page("pages/standings.py").run()
    assert ok(at).query_params["ronde"] == "3"
    assert at.query_params["competitie"] == AB
    at.switch_page("pages/trends.py").run()
    assert "ronde" not in ok(at).query_params


def test_a_link_names_the_round_the_standings_are_after(club_db):
    """Issue 22 item 4: ?ronde=2 on the standings opens them after round 2 (the slider
    there); moving the slider writes the round to the address, so the link keeps it."""
    at = opened("standings", competitie=AB, ronde="2")
    assert "stand na ronde 2" in texts(at)
    [slider] = at.select_slider
    assert slider.value == 2 and at.query_params["ronde"] == "2"
    slider.set_value(1).run()
    assert ok(at).query_params["ronde"] == "1"
    assert "stand na ronde 1" in texts(at)


def test_an_unknown_standings_round_falls_back_with_a_notice(club_db):
    """?ronde=99 on the standings (3 rounds played): a notice, and after round 3."""
    at = opened("standings", competitie=AB, ronde="99")
    assert "De link noemt een ronde die hier niet bestaat (99)" in texts(at)
    assert "stand na ronde 3" in texts(at)
    assert at.query_params["ronde"] == "3"


# --------------------------------------------------------------------------- language


def test_the_language_is_part_of_the_link_and_survives_a_reload(club_db):
    """Issue 22 item 4: choosing EN writes ?taal=en; the same address in a new session (a
    reload, a shared link) opens in English; choosing NL again takes it out; ?taal=fr is
    a notice in Dutch, and the page stays Dutch."""
    at = opened("standings", competitie=AB)
    assert "taal" not in at.query_params
    at.sidebar.segmented_control(key="lang").set_value("en").run()
    assert ok(at).query_params["taal"] == "en"
    reloaded = opened("standings", **dict(at.query_params))
    assert "standings after round 3" in texts(reloaded)
    assert reloaded.query_params["taal"] == "en"
    reloaded.sidebar.segmented_control(key="lang").set_value("nl").run()
    assert "taal" not in ok(reloaded).query_params
    assert "stand na ronde 3" in texts(reloaded)
    unknown = opened(None, competitie=AB, taal="fr")
    assert "De link noemt een taal die hier niet bestaat (fr)" in texts(unknown)
    assert "Koplopers" in texts(unknown) and "taal" not in unknown.query_params


# --------------------------------------------------------------------------- player


def test_a_link_names_the_player(club_db):
    """?speler=p03 opens player p03 in the director's form; the picker writes it back;
    "new player" takes it out of the address."""
    _, ids = club_db
    at = opened("players", director=True, competitie=AB, speler="p03")
    picker = at.selectbox(key=f"pl_choice_{ids['AB']}")
    assert picker.value == "p03"
    assert at.query_params["speler"] == "p03"
    picker.set_value("p05").run()
    assert ok(at).query_params["speler"] == "p05"
    at.selectbox(key=f"pl_choice_{ids['AB']}").set_value("\x00new").run()
    assert "speler" not in ok(at).query_params


def test_an_unknown_player_falls_back_with_a_notice(club_db):
    at = opened("players", director=True, competitie=AB, speler="p99")
    _, ids = club_db
    assert "De link noemt een speler die hier niet bestaat (p99)" in texts(at)
    assert at.selectbox(key=f"pl_choice_{ids['AB']}").value == "\x00new"
