"""The Afmelden page a member's personal link opens (issue 10, item 4), and the director's
side: links and cards on Spelers, the marks on Ronde's attendance list. The clock is the
service's ``utc_now``, replaced here (AppTest runs the page in this process)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.domain.errors import SignoffRefused
from compcore.domain.model import Calendar
from compcore.services import signoff
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")

#: Tuesdays from 2 September 2025: the ladder's round 4 is Tuesday 23 September
CALENDAR = Calendar(
    weekday="tuesday",
    dates=tuple((date(2025, 9, 2) + timedelta(weeks=i)).isoformat() for i in range(36)),
)
MONDAY = datetime(2025, 9, 22, 12, 0, tzinfo=UTC)
#: DS-15: round 4 closes on Tuesday 23 September at 18:30 in Amsterdam (16:30 UTC)
DEADLINE_R4 = datetime(2025, 9, 23, 16, 30, tzinfo=UTC)


@pytest.fixture
def ladder(club_db, monkeypatch) -> tuple[Store, int]:
    """The DS ladder (rounds 1-3 played) with a calendar of Tuesdays; the clock on Monday
    22 September 2025, noon."""
    path, ids = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    cid = ids["Ladder"]
    season = store.load(cid)
    store.save_season(cid, replace(season, calendar=CALENDAR), actor=ADMIN, action="calendar")
    monkeypatch.setattr(signoff, "utc_now", lambda: MONDAY)
    return store, cid


def clock(monkeypatch, moment: datetime) -> None:
    monkeypatch.setattr(signoff, "utc_now", lambda: moment)


def member_page(secret: str | None):
    """A phone opening the member's link ``/signoff?token=...``."""
    at = app()
    at.run()
    at.switch_page("pages/signoff.py")
    if secret is not None:
        at.query_params["token"] = secret
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def radio(at, number: int):
    return next(r for r in at.radio if (r.key or "").endswith(f"_{number}_choice"))


def save(at, number: int):
    """Press round ``number``'s save (its form is ``signoff_<cid>_<number>``)."""
    button = next(b for b in at.button if str(b.form_id).endswith(f"_{number}"))
    return button.click().run()


def director_app(page: str, **state: object):
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


# --------------------------------------------------------------------------- the member


def test_without_a_link_the_page_says_how_to_get_one(ladder):
    at = member_page(None)
    assert "persoonlijke afmeldlink" in texts(at) and not at.radio


def test_a_valid_link_signs_the_member_off_and_shows_nothing_else(ladder):
    """Bas Vermeulen (p03) on Monday 22 September: rounds 4-6 on the next three Tuesdays,
    each open until 18:30 that evening (DS-15). He signs off for round 4; the confirmation
    names the round and the evening, and the store holds his own mark."""
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    at = member_page(secret)
    page = texts(at)
    assert "Hallo Bas Vermeulen" in page
    assert "Wijzigen kan tot di 23-09-2025 18:30 uur." in page
    assert [r.key.split("_")[-2] for r in at.radio] == ["4", "5", "6"]
    assert radio(at, 4).options == ["aanwezig", "afgemeld", "extern", "clubwerkzaamheden"]
    assert not at.dataframe  # no standings, no other player's data
    radio(at, 4).set_value("absent")
    at = save(at, 4)
    assert not at.exception and not at.error
    assert "Je bent afgemeld voor ronde 4 (di 23-09-2025)." in texts(at)
    assert [(m.round, m.player, m.choice, m.by) for m in store.marks(cid)] == [
        (4, "p03", "absent", "member:p03")
    ]
    assert radio(at, 4).value == "absent"  # the page shows what is stored


def test_in_english_the_confirmation_is_english(ladder):
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    at = app()
    at.session_state["lang"] = "en"
    at.run()
    at.switch_page("pages/signoff.py")
    at.query_params["token"] = secret
    at.run()
    radio(at, 5).set_value("external")
    at = save(at, 5)
    assert "You are signed off for round 5 (Tue 2025-09-30): external." in texts(at)


@pytest.mark.parametrize("how", ["expired", "revoked", "unknown"])
def test_an_expired_revoked_or_unknown_link_is_refused(ladder, monkeypatch, how):
    """Refused in one sentence; no evening, no form, nothing stored."""
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    if how == "expired":
        clock(monkeypatch, MONDAY + signoff.TOKEN_LIFETIME)
    elif how == "revoked":
        signoff.revoke(store, cid, "p03", actor=ADMIN, now=MONDAY)
    else:
        secret = secret[:-4] + "AAAA"
    at = member_page(secret)
    words = {"expired": "verlopen", "revoked": "ingetrokken", "unknown": "onbekend"}[how]
    assert [e.value for e in at.error] == [
        f"Deze afmeldlink is {words}. Vraag de wedstrijdleider om een nieuwe."
    ]
    assert not at.radio and "Bas Vermeulen" not in texts(at)
    assert store.marks(cid) == []


def test_another_players_link_marks_only_that_player(ladder):
    """Karin Dijkstra's (p02) link opens her page, not Bas's: what she saves is hers; the
    service refuses her link for anyone else (tests/services/test_signoff.py checks the store too)."""
    store, cid = ladder
    signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    hers = signoff.make_token(store, cid, "p02", actor=ADMIN, now=MONDAY)
    at = member_page(hers)
    assert "Hallo Karin Dijkstra" in texts(at) and "Bas Vermeulen" not in texts(at)
    radio(at, 4).set_value("absent")
    save(at, 4)
    assert [(m.player, m.by) for m in store.marks(cid)] == [("p02", "member:p02")]
    with pytest.raises(SignoffRefused):
        signoff.mark(store, hers, "p03", 4, "absent", now=MONDAY)
    assert len(store.marks(cid)) == 1


def test_a_mark_after_the_deadline_is_refused_and_nothing_is_stored(ladder, monkeypatch):
    """The page was opened on Monday; the save comes at 18:30 on Tuesday 23 September, the
    minute round 4 closes (DS-15): refused in one sentence, nothing stored; the page then
    shows round 4 closed and rounds 5 and 6 still open."""
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    at = member_page(secret)
    radio(at, 4).set_value("absent")
    clock(monkeypatch, DEADLINE_R4)
    at = save(at, 4)
    assert [e.value for e in at.error] == [
        "Afmelden voor ronde 4 kon tot di 23-09-2025 18:30 uur. "
        "Laat het de wedstrijdleider zelf weten."
    ]
    assert store.marks(cid) == []
    at.run()
    assert "Gesloten sinds di 23-09-2025 18:30 uur" in texts(at)
    assert [r.key.split("_")[-2] for r in at.radio] == ["5", "6"]


# --------------------------------------------------------------------------- the director


def test_the_directors_attendance_starts_from_the_mark_and_shows_who_changed_it(ladder):
    """p03 signed off for round 4 on Monday at 14:00 Amsterdam time (12:00 UTC): on Ronde
    the director's list has him "afgemeld", and the table says who and when. A member
    without login sees neither."""
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    signoff.mark(store, secret, "p03", 4, "absent", now=MONDAY)
    at = director_app("round", competition=cid)
    box = next(b for b in at.selectbox if (b.key or "").startswith(f"att_{cid}_4_p03"))
    assert box.value == "absent"
    other = next(b for b in at.selectbox if (b.key or "").startswith(f"att_{cid}_4_p04"))
    assert other.value == "present"
    assert "Wie wijzigde wat en wanneer" in texts(at)
    (table,) = [d.value for d in at.dataframe if "Door" in d.value.columns]
    assert table.to_dict("records") == [
        {"Speler": "Bas Vermeulen", "Keuze": "afgemeld", "Wanneer": "ma 22-09-2025 14:00",
         "Door": "Bas Vermeulen zelf"}
    ]  # fmt: skip
    anonymous = app()
    anonymous.session_state["competition"] = cid
    anonymous.run()
    anonymous.switch_page("pages/round.py").run()
    assert "Wie wijzigde" not in texts(anonymous)


def test_the_director_makes_a_link_with_a_card_and_revokes_it(ladder):
    """On Spelers, with Bas chosen: "Link maken" shows the link once (with the card to
    print); it opens his page; "Links intrekken" ends it. Anonymous visitors see no links."""
    store, cid = ladder
    at = director_app("players", competition=cid, **{f"pl_choice_{cid}": "p03"})
    assert "Bas Vermeulen heeft nog geen afmeldlink." in texts(at)
    at.button(key=f"signoff_make_{cid}_p03").click().run()
    assert not at.exception and not at.error
    (url,) = [c.value for c in at.code]
    assert "signoff?token=" in url
    secret = url.split("token=")[1]
    assert signoff.resolve(store, secret, MONDAY).player == "p03"
    assert "Bas Vermeulen heeft een afmeldlink" in texts(at)
    at.button(key=f"signoff_revoke_{cid}_p03").click().run()
    assert "Afmeldlinks van Bas Vermeulen ingetrokken: 1." in texts(at)
    # issue 22 item 2: the status line follows the stored state after the revoke
    assert "Bas Vermeulen heeft een afmeldlink" not in texts(at)
    assert "Bas Vermeulen heeft nog geen afmeldlink." in texts(at)
    with pytest.raises(SignoffRefused):
        signoff.resolve(store, secret, MONDAY)
    assert not at.code  # the link is not shown again
    anonymous = app()
    anonymous.session_state["competition"] = cid
    anonymous.session_state[f"pl_choice_{cid}"] = "p03"
    anonymous.run()
    anonymous.switch_page("pages/players.py").run()
    assert "Afmeldlinks" not in texts(anonymous)


def test_the_link_of_a_player_removed_since_is_refused(ladder):
    """A player added by mistake gets a link and is removed: his link opens nothing."""
    from compcore.domain.model import Player

    store, cid = ladder
    store.save_player(cid, Player(id="p99", name="Per Ongeluk"), actor=ADMIN, read=None)
    secret = signoff.make_token(store, cid, "p99", actor=ADMIN, now=MONDAY)
    store.remove_player(cid, "p99", actor=ADMIN)
    at = member_page(secret)
    assert [e.value for e in at.error] == [
        "Deze afmeldlink is onbekend. Vraag de wedstrijdleider om een nieuwe."
    ]
    assert not at.radio


def test_the_sign_off_address_keeps_only_the_link(ladder):
    """Issue 22: the page added the app's default competition to the member's address
    (``competitie=...``, another competition than his link's, on a club with several);
    his link alone names it."""
    store, cid = ladder
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    at = member_page(secret)
    assert "competitie" not in at.query_params
