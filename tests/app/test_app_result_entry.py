"""Issue 22 item 1 on the Ronde page: a result is one tap (a segmented control per board) or
one key (the keyboard line); what is entered is kept at once, so another session (a reload,
another device) shows it, every other page reminds the director of it, and one button
saves it. The A/B ladder with round 4 published, as in ``test_app_lost_update``."""

from __future__ import annotations

import pytest

from compcore.domain.model import Result
from compcore.services import result_entry as entry
from tests.app.test_app_director import as_director, submit
from tests.app.test_app_lost_update import published  # noqa: F401 (a fixture)
from tests.app.test_app_support import entry_control, open_page, tap, texts

pytestmark = pytest.mark.usefixtures("steady_app")


def boards(store, cid):
    return store.load(cid).round(4).games


def test_a_tap_is_kept_for_a_reload_and_another_device(published):  # noqa: F811
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 2, games[1]), "0-1F")
    assert "1 uitslag ingevoerd, nog niet opgeslagen" in texts(at)
    assert all(g.result is None for g in boards(store, cid))  # kept, not stored
    other = as_director(cid, "round")  # a reload, or the tablet beside the laptop
    assert entry_control(other, cid, 4, 2, games[1]).value == "0-1F"
    assert entry_control(other, cid, 4, 1, games[0]).value is None
    submit(other, "Uitslagen opslaan")
    assert [g.result for g in boards(store, cid)][:2] == [None, Result.BLACK_FORFEIT_WIN]
    assert "nog niet opgeslagen" not in texts(other)


def test_the_keyboard_line_fills_the_boards_and_empties_itself(published):  # noqa: F811
    """``1=`` then Enter: board 1 1-0, board 2 ½-½, the rest left; the line is empty."""
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    at.text_input(key=f"entry_quick_{cid}_4").input("1=").run()
    assert entry_control(at, cid, 4, 1, games[0]).value == "1-0"
    assert entry_control(at, cid, 4, 2, games[1]).value == "1/2-1/2"
    assert entry_control(at, cid, 4, 3, games[2]).value is None
    assert at.text_input(key=f"entry_quick_{cid}_4").value == ""
    assert "2 uitslagen ingevoerd, nog niet opgeslagen" in texts(at)


def test_a_wrong_keyboard_line_is_refused_and_kept_to_mend(published):  # noqa: F811
    store, cid = published
    at = as_director(cid, "round")
    at.text_input(key=f"entry_quick_{cid}_4").input("1?").run()
    assert any("bord 2: '?' is geen uitslag" in e.value for e in at.error)
    assert at.text_input(key=f"entry_quick_{cid}_4").value == "1?"
    assert entry.entered(store, cid, 4).entries == ()


def test_every_other_page_says_what_is_not_saved_and_links_back(published):  # noqa: F811
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 1, games[0]), "1-0")
    tap(entry_control(at, cid, 4, 3, games[2]), "1-0")
    at.switch_page("pages/standings.py").run()
    said = [w.value for w in at.sidebar.warning]
    assert said == ["Ronde 4: 2 ingevoerde uitslagen zijn nog niet opgeslagen."]
    at.switch_page("pages/round.py").run()
    assert not at.sidebar.warning  # the round itself says it, beside its boards
    assert "2 uitslagen ingevoerd, nog niet opgeslagen" in texts(at)


def test_clearing_throws_the_entries_away(published):  # noqa: F811
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 1, games[0]), "1-0")
    submit(at, "Ingevoerde uitslagen wissen")
    assert "De ingevoerde uitslagen van ronde 4 zijn gewist." in texts(at)
    assert entry_control(at, cid, 4, 1, games[0]).value is None
    assert all(g.result is None for g in boards(store, cid))


def test_the_entry_speaks_english(published):  # noqa: F811
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    at.session_state["lang"] = "en"
    at.run()
    control = entry_control(at, cid, 4, 1, games[0])
    assert control.label.startswith("Board 1: ")
    assert control.options == ["1-0", "½-½", "0-1", "1-0 F", "0-1 F", "0-0 F"]  # as shown
    assert at.text_input(key=f"entry_quick_{cid}_4").label.startswith("Or type the results")


def test_a_member_sees_the_sheet_and_no_entry(published):  # noqa: F811
    _, cid = published
    at = open_page("round", cid)
    assert not at.button_group or all(not b.key.startswith("entry_") for b in at.button_group)
    assert not any(b.label == "Uitslagen opslaan" for b in at.button)


def test_his_own_save_does_not_tell_him_the_round_changed_since(published):  # noqa: F811
    """Saving results changes the stored round; "Wijzigen na publiceren" compares with the
    round as it was opened and said "Ronde 4 is gewijzigd sinds je dit opende; opslaan
    wordt geweigerd" after the director's own save. His save renews it."""
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 1, games[0]), "1-0")
    submit(at, "Uitslagen opslaan")
    assert "Uitslagen opgeslagen." in texts(at)
    assert "gewijzigd sinds je dit opende" not in texts(at)


def test_the_save_says_so_beside_its_button_not_at_the_top(published):  # noqa: F811
    """Issue 22 item 2: on a phone the buttons are at the bottom of the page; the success
    of a save stands below them, after the boards, not above the page's title."""
    store, cid = published
    games = boards(store, cid)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 1, games[0]), "1-0")
    submit(at, "Uitslagen opslaan")
    order = [type(e).__name__ + ":" + str(getattr(e, "value", getattr(e, "label", "")))
             for e in at.main]  # fmt: skip
    said = next(i for i, e in enumerate(order) if e == "Success:Uitslagen opgeslagen.")
    button = next(i for i, e in enumerate(order) if "Uitslagen opslaan" in e)
    assert said > button, order
