"""The Ronde page after publishing and the proposal kept in the database (issue 9, items 4
and 6a), as a director in one or two browsers (AppTest sessions on one database), and as a
member who is not logged in."""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.errors import StoreError
from compcore.domain.model import Kind
from compcore.services import published as pb
from compcore.services import round as rs
from tests.app.test_app_director import as_director, ok, submit
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, app, form_widget, texts

pytestmark = pytest.mark.usefixtures("steady_app")

STALE_NL = "gewijzigd sinds je het opende; herlaad"


@pytest.fixture
def store_ab(club_db) -> tuple[Store, int]:
    path, ids = club_db
    return Store(path, director_hash=DIRECTOR_HASH), ids["AB"]


def publish_round_4(store: Store, cid: int, absent: str | None) -> None:
    """Round 4 of the A/B ladder published (``absent`` signed off), no results yet."""
    season = store.load(cid)
    options = rs.attendance_kinds(store.ruleset(cid))
    choices = {p.id: rs.default_choice(p, None, options) for p in rs.listed_players(season, 4)}
    if absent is not None:
        choices[absent] = Kind.ABSENT.value
    rnd = rs.open_round(4, choices, [], date="2025-01-07", cycle=0, previous=None)
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    rs.publish(store, cid, draft, reason=None, actor=ADMIN)


def edit_box(at, name: str, cid: int):
    return form_widget(at.selectbox, f"edit_{name}_{cid}_4")


def choose(at, cid: int, what: str) -> None:
    """Open "Wijzigen na publiceren" (its content is built only when open) and pick what
    happened."""
    at.session_state[f"edit_open_{cid}_4"] = True  # as a click on the expander does
    at.run()
    form_widget(at.radio, f"edit_what_{cid}_4").set_value(what).run()
    ok(at)


def save_change(at, cid: int, reason: str | None = None) -> None:
    """Press save, with ``reason`` in the override field (shown when a rule breaks)."""
    if reason is not None:
        form_widget(at.text_input, f"edit_reason_{cid}_4").input(reason).run()
    form_widget(at.button, f"edit_save_{cid}_4").click().run()
    ok(at)


def reason_asked(at, cid: int) -> bool:
    return any((w.key or "").startswith(f"edit_reason_{cid}_4") for w in at.text_input)


# --------------------------------------------------------------------------- the draft kept


def test_the_edited_proposal_is_there_in_a_new_browser(store_ab):
    """Director pairs round 4 and exchanges two players; a fresh browser (a new session,
    nothing in it) shows the same edited proposal with "concept van wedstrijdleider ..."."""
    store, cid = store_ab
    first = as_director(cid, "round")
    submit(first, "Indelen")
    key = f"draft_{cid}_4"
    a, b = first.session_state[key].movable(set())[:2]
    first.selectbox(key=f"{key}_a").set_value(a)
    first.selectbox(key=f"{key}_b").set_value(b)
    first.button(key=f"{key}_exchange").click().run()
    ok(first)
    edited = first.session_state[key].boards
    assert first.session_state[key].edited()

    fresh = as_director(cid, "round")
    assert fresh.session_state[key].boards == edited
    assert "Concept van wedstrijdleider" in texts(fresh)
    assert store.load_draft(cid, 4).data["boards"] == edited
    assert "Voorstel indeling ronde 4" in texts(fresh)


def test_the_second_publish_is_refused_and_nothing_changes(store_ab):
    """Two directors have the same proposal open (the second restored it from the
    database); the second swaps board 1's colours, the first publishes the proposal as it
    was; the second's publish is refused with "gewijzigd sinds je het opende", round 4
    stays as the first published it, and the second's edited proposal is still shown."""
    store, cid = store_ab
    first = as_director(cid, "round")
    submit(first, "Indelen")
    second = as_director(cid, "round")
    key = f"draft_{cid}_4"
    assert second.session_state[key].boards == first.session_state[key].boards
    second.button(key=f"{key}_swap").click().run()
    ok(second)
    edited = second.session_state[key].boards
    assert edited != first.session_state[key].boards
    first.button(key=f"{key}_publish").click().run()
    ok(first)
    after = store.load(cid)
    assert rs.stage(after, 4) == "published" and store.load_draft(cid, 4) is None
    second.button(key=f"{key}_publish").click().run()
    ok(second)
    assert any(STALE_NL in e.value for e in second.error)
    assert store.load(cid) == after
    assert second.session_state[key].boards == edited  # his proposal is not lost


def test_a_stale_draft_is_shown_and_not_used(store_ab):
    """A proposal is stored, then the attendance changes (p02 signs off): a new browser
    says the draft is out of date, shows the attendance form, and can throw it away."""
    store, cid = store_ab
    first = as_director(cid, "round")
    submit(first, "Indelen")
    opened = store.load(cid).round(4)
    changed = rs.open_round(4, {**{p: rs.PRESENT for p in opened.present}, "p02": "absent"},
                            [], date=None, cycle=0, previous=opened)  # fmt: skip
    rs.take_attendance(store, cid, changed, actor=ADMIN, read=opened)
    fresh = as_director(cid, "round")
    assert "sindsdien gewijzigd: het wordt niet gebruikt" in texts(fresh)
    assert f"draft_{cid}_4" not in fresh.session_state
    fresh.button(key=f"draft_{cid}_4_discard_stale").click().run()
    ok(fresh)
    assert store.load_draft(cid, 4) is None


# --------------------------------------------------------------------------- after publishing


def test_a_latecomer_plays_the_bye(store_ab):
    """p08 signed off and seven played: someone has the bye. p08 arrives; the director
    pairs him with the bye player; a board with both is stored, logged as late-paired."""
    store, cid = store_ab
    publish_round_4(store, cid, "p08")
    bye = next(p for p, k in store.load(cid).round(4).entries.items() if k is Kind.BYE)
    at = as_director(cid, "round")
    assert any(e.label == "Wijzigen na publiceren" for e in at.expander)
    choose(at, cid, "late")
    assert edit_box(at, "late", cid).value == "p08"
    needs = rs.needs_override(pb.check(store.load(cid), store.ruleset(cid),
                                       pb.late_paired(store.load(cid), store.ruleset(cid), 4,
                                                      "p08", bye)))  # fmt: skip
    # offered first: the bye player, unless that board breaks a rule (issue 22 item 3)
    assert (edit_box(at, "how_p08", cid).value == f"pair:{bye}") is not needs
    edit_box(at, "how_p08", cid).set_value(f"pair:{bye}").run()
    ok(at)
    if needs:
        form_widget(at.text_input, f"edit_reason_{cid}_4").input("laat binnen").run()
    save_change(at, cid)
    rnd = store.load(cid).round(4)
    assert {"p08", bye} in [set(g.players) for g in rnd.games]
    assert "p08" not in rnd.entries and bye not in rnd.entries
    assert store.log(cid, 1)[0].action == "late-paired"
    assert "Ronde 4 gewijzigd." in texts(at)


def test_a_player_leaves_and_his_opponent_gets_the_bye(store_ab):
    """Everyone present, four boards. The white player of board 2 leaves: his board is
    gone, he is absent (the ladder's absent kind), his opponent has the bye."""
    store, cid = store_ab
    publish_round_4(store, cid, None)
    board = store.load(cid).round(4).games[1]
    at = as_director(cid, "round")
    choose(at, cid, "leave")
    edit_box(at, "leave", cid).set_value(board.white).run()
    edit_box(at, "opponent", cid).set_value("bye").run()
    ok(at)
    assert "De indeling voldoet aan het reglement." in texts(at)
    save_change(at, cid)
    rnd = store.load(cid).round(4)
    assert len(rnd.games) == 3 and board not in rnd.games
    assert rnd.entries[board.white] is store.ruleset(cid).pairing.missing_kind
    assert rnd.entries[board.black] is Kind.BYE
    assert store.log(cid, 1)[0].action == "player-left"


def test_a_rule_breaking_hand_change_needs_a_reason(store_ab):
    """An exchange of two players that breaks a hard rule: saving without a reason is
    refused ("geef een reden") and nothing changes; with one it is stored with it."""
    store, cid = store_ab
    publish_round_4(store, cid, None)
    season, ruleset = store.load(cid), store.ruleset(cid)
    players = pb.movable(season, season.round(4))
    a, b = next((a, b) for a in players for b in players if a != b and rs.needs_override(
        pb.check(season, ruleset, pb.exchange(season, 4, a, b))))  # fmt: skip
    at = as_director(cid, "round")
    choose(at, cid, "hand")
    edit_box(at, "hand", cid).set_value("exchange").run()
    edit_box(at, "a", cid).set_value(a).run()
    edit_box(at, "b", cid).set_value(b).run()
    ok(at)
    assert at.warning, "the check shows the broken rule"
    save_change(at, cid)
    assert any("geef een reden" in e.value for e in at.error)
    assert store.load(cid) == season
    form_widget(at.text_input, f"edit_reason_{cid}_4").input("ruil op verzoek").run()
    save_change(at, cid)
    assert store.log(cid, 1)[0].reason == "ruil op verzoek"
    assert any(g.override == "ruil op verzoek" for g in store.load(cid).round(4).games)


def test_a_change_after_someone_else_saved_is_refused(store_ab):
    """Two directors open the published round; the first swaps the colours of board 1,
    the second (page loaded before) then lets a player leave: refused with "gewijzigd
    sinds je het opende", and round 4 keeps the first one's change."""
    store, cid = store_ab
    publish_round_4(store, cid, None)
    first, second = as_director(cid, "round"), as_director(cid, "round")
    before = store.load(cid)
    choose(first, cid, "hand")
    save_change(first, cid, "kleuren geruild" if reason_asked(first, cid) else None)
    after = store.load(cid)
    assert after != before  # board 1's colours swapped
    choose(second, cid, "leave")
    save_change(second, cid)
    assert any(STALE_NL in e.value for e in second.error)
    assert store.load(cid) == after


def test_a_member_and_a_finalized_round_see_no_changes_after_publishing(store_ab):
    """Not logged in: the sheet, no section to change it. A complete round (3): locked,
    no section either."""
    store, cid = store_ab
    publish_round_4(store, cid, None)
    at = app()
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/round.py").run()
    ok(at)
    assert not [e for e in at.expander if e.label == "Wijzigen na publiceren"]
    assert not [r for r in at.radio if (r.key or "").startswith("edit_what")]
    director = as_director(cid, "round")
    director.selectbox(key=f"round_no_{cid}").set_value(3).run()
    ok(director)
    assert not [r for r in director.radio if (r.key or "").startswith("edit_what")]


def test_a_draft_made_elsewhere_is_offered_not_forced(store_ab):
    """The second director has the attendance form open when the first pairs: the form
    stays on his screen with "er is een concept van ..." and a button that loads it."""
    _, cid = store_ab
    first, second = as_director(cid, "round"), as_director(cid, "round")
    submit(first, "Indelen")
    second.run()
    ok(second)
    key = f"draft_{cid}_4"
    assert key not in second.session_state and "Er is een concept van" in texts(second)
    assert any(b.label == "Aanwezigheid opslaan" for b in second.form_submit_button)
    second.button(key=f"{key}_load").click().run()
    ok(second)
    assert second.session_state[key].boards == first.session_state[key].boards


def test_a_failed_draft_write_keeps_the_proposal_on_screen(store_ab, monkeypatch):
    """The database refuses the draft (a full disk, say): the proposal is still shown and
    edited in this session, with a warning that it was not kept; the round is stored as
    paired (open), nothing else changes."""
    store, cid = store_ab

    def refuse(*args: object, **kwargs: object) -> int:
        raise StoreError.at((), "store.refused", detail="disk full (test)")

    monkeypatch.setattr(Store, "save_draft", refuse)
    at = as_director(cid, "round")
    submit(at, "Indelen")
    key = f"draft_{cid}_4"
    assert key in at.session_state and "Voorstel indeling ronde 4" in texts(at)
    assert any("kon niet in de database worden bewaard" in w.value for w in at.warning)
    assert store.load_draft(cid, 4) is None
    at.button(key=f"{key}_swap").click().run()
    ok(at)
    assert at.session_state[key].edited()
