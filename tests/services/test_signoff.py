"""Members sign off themselves (issue 10, item 4): the ruleset's deadline, personal links
(only a hash stored; revoked, expired, unknown refused), a member's marks (refused after the
deadline, for another player, a played or far-off round, a kind the rulebook lacks) and the
director's attendance list starting from them. The clock is always injected."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from compcore.adapters.files.member_card import card_svg, member_url
from compcore.adapters.store import Store
from compcore.adapters.store.schema import MIGRATIONS
from compcore.domain.errors import NotAuthorized, RulesetError, SignoffRefused
from compcore.domain.model import Calendar, Kind
from compcore.ports.actors import Administrator
from compcore.ports.values import Mark
from compcore.rules.rulesets import load_ruleset
from compcore.services import round as rs
from compcore.services import signoff
from tests.app.test_app_support import small_seasons
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")

#: 36 Tuesdays from 2 September 2025: round 4 is Tuesday 23 September (CEST, UTC+2)
CALENDAR = Calendar(
    weekday="tuesday",
    dates=tuple((date(2025, 9, 2) + timedelta(weeks=i)).isoformat() for i in range(36)),
)
#: DS-15: the deadline of round 4 is that Tuesday 18:30 in Amsterdam = 16:30 UTC
DEADLINE_R4 = datetime(2025, 9, 23, 16, 30, tzinfo=UTC)
MONDAY = datetime(2025, 9, 22, 12, 0, tzinfo=UTC)


def with_calendar(index: int) -> object:
    return replace(small_seasons()[index], calendar=CALENDAR)


@pytest.fixture
def repo() -> tuple[MemoryStore, int]:
    """The DS ladder of the app tests (9 players and Komodo, rounds 1-3 played) with a
    calendar of Tuesdays, in memory."""
    store = MemoryStore()
    return store, store.import_season(with_calendar(0), actor=ADMIN)


# --------------------------------------------------------------------------- the deadline


@pytest.mark.parametrize(
    ("preset", "utc_hour", "utc_minute"),
    [
        ("dubbelschaak", 16, 30),  # DS-15: 18:30 CEST
        ("princenpaard", 17, 0),  # PP-2: 19:00 CEST
        ("keizer-classic", 18, 0),  # KC-9: 20:00 CEST
        ("ladder-ab", 16, 0),  # no time in the rulebook: the default 18:00 CEST
        ("magnus-senior", 16, 0),
    ],
)
def test_the_deadline_is_the_rulebooks_time_on_the_evening(preset, utc_hour, utc_minute):
    """Tuesday 23 September 2025 is summer time (UTC+2): 18:30 there is 16:30 UTC."""
    ruleset = load_ruleset(preset)
    moment = signoff.deadline(ruleset, date(2025, 9, 23))
    assert moment == datetime(2025, 9, 23, utc_hour, utc_minute, tzinfo=UTC)


def test_days_before_moves_the_deadline_and_winter_time_counts():
    """days_before = 1 with 18:30: Monday 18:30. On 2 December (CET, UTC+1): 17:30 UTC."""
    ruleset = load_ruleset("dubbelschaak", {"attendance": {"deadline": {"days_before": 1}}})
    assert signoff.deadline(ruleset, date(2025, 12, 2)) == datetime(2025, 12, 1, 17, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    "deadline",
    [{"time": "25:00"}, {"time": "6pm"}, {"timezone": "Mars/Olympus"}, {"days_before": -1}],
)
def test_a_bad_deadline_is_refused(deadline):
    with pytest.raises(RulesetError):
        load_ruleset("dubbelschaak", {"attendance": {"deadline": deadline}})


# --------------------------------------------------------------------------- links


def test_a_link_resolves_to_its_player_and_only_its_hash_is_kept(repo):
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    assert signoff.resolve(store, secret, MONDAY).player == "p03"
    (token,) = store.member_tokens(cid)
    assert token.token_hash == signoff.hash_token(secret) and secret not in repr(token)
    assert token.expires_at == MONDAY + signoff.TOKEN_LIFETIME


def test_revoked_expired_and_unknown_links_are_refused(repo):
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    expiry = MONDAY + signoff.TOKEN_LIFETIME
    signoff.resolve(store, secret, expiry - timedelta(seconds=1))  # the last second counts
    with pytest.raises(SignoffRefused) as expired:
        signoff.resolve(store, secret, expiry)
    assert expired.value.key == "signoff.refused.expired"
    with pytest.raises(SignoffRefused) as unknown:
        signoff.resolve(store, secret + "x", MONDAY)
    assert unknown.value.key == "signoff.refused.unknown"
    assert signoff.revoke(store, cid, "p03", actor=ADMIN, now=MONDAY) == 1
    with pytest.raises(SignoffRefused) as revoked:
        signoff.resolve(store, secret, MONDAY)
    assert revoked.value.key == "signoff.refused.revoked"


def test_only_a_director_makes_links_and_not_for_the_engine(repo):
    store, cid = repo
    with pytest.raises(NotAuthorized):
        signoff.make_token(store, cid, "p03", actor=object(), now=MONDAY)  # type: ignore[arg-type]
    with pytest.raises(SignoffRefused):
        signoff.make_token(store, cid, "engine", actor=ADMIN, now=MONDAY)
    assert store.member_tokens(cid) == []


# --------------------------------------------------------------------------- marks


def test_coming_evenings_are_the_next_three_rounds_with_their_deadlines(repo):
    """Rounds 1-3 are played: rounds 4, 5, 6 on 23 and 30 September and 7 October."""
    store, cid = repo
    evenings = signoff.coming_evenings(store.load(cid), store.ruleset(cid), "p03", [], MONDAY)
    assert [(e.number, e.day) for e in evenings] == [
        (4, date(2025, 9, 23)), (5, date(2025, 9, 30)), (6, date(2025, 10, 7))
    ]  # fmt: skip
    assert evenings[0].deadline == DEADLINE_R4 and all(e.open for e in evenings)
    assert [e.choice for e in evenings] == ["present"] * 3  # participation "always"
    assert signoff.coming_evenings(store.load(cid), store.ruleset(cid), "gone", [], MONDAY) == []


def test_a_mark_before_the_deadline_is_stored_and_one_at_it_is_refused(repo):
    """One second before 18:30 is in time; 18:30 itself is too late, and nothing is kept."""
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    just_in_time = DEADLINE_R4 - timedelta(seconds=1)
    done = signoff.mark(store, secret, "p03", 4, "absent", now=just_in_time)
    assert store.marks(cid, 4) == [done] and done.by == "member:p03"
    with pytest.raises(SignoffRefused) as late:
        signoff.mark(store, secret, "p03", 4, "present", now=DEADLINE_R4)
    assert late.value.key == "signoff.refused.deadline"
    assert "di 23-09-2025" in str(late.value) and "18:30" in str(late.value)
    assert store.marks(cid) == [done]
    # round 5's deadline is a week later: still open
    signoff.mark(store, secret, "p03", 5, "external", now=DEADLINE_R4)
    assert [m.choice for m in store.marks(cid)] == ["absent", "external"]


@pytest.mark.parametrize(
    ("player", "number", "choice", "key"),
    [
        ("p04", 4, "absent", "signoff.refused.not_yours"),
        ("p03", 3, "absent", "signoff.refused.played"),
        ("p03", 7, "absent", "signoff.refused.not_coming"),
        ("p03", 4, "joker", "signoff.refused.kind"),  # DS has no joker
        ("p03", 4, "absent-unexcused", "signoff.refused.kind"),  # the director's to set
    ],
)
def test_a_mark_that_is_not_his_to_make_is_refused(repo, player, number, choice, key):
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    with pytest.raises(SignoffRefused) as refused:
        signoff.mark(store, secret, player, number, choice, now=MONDAY)
    assert refused.value.key == key and store.marks(cid) == []


def test_a_joker_where_the_rulebook_has_one():
    """PP-2: Princenpaard's member may take a joker (the DS member may not, above); round 3
    is on 16 September, marked on the 1st."""
    store = MemoryStore()
    first = datetime(2025, 9, 1, tzinfo=UTC)
    season = synthetic_pp()
    cid = store.import_season(season, actor=ADMIN)
    player = season.players[0].id
    secret = signoff.make_token(store, cid, player, actor=ADMIN, now=first)
    number = signoff.coming_numbers(season, store.ruleset(cid))[0]
    signoff.mark(store, secret, player, number, Kind.JOKER.value, now=first)
    assert [m.choice for m in store.marks(cid)] == ["joker"]


def synthetic_pp():
    from compcore.lab import synthetic

    season = synthetic.season("princenpaard", n_players=6, n_rounds=2, seed=3, withdraw=False)
    return replace(season, calendar=CALENDAR)


def test_the_store_itself_refuses_a_mark_for_another_player(repo):
    """Even past the service, a token only writes its own player's marks."""
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    forged = Mark(cid, 4, "p04", "absent", MONDAY, "member:p04")
    with pytest.raises(NotAuthorized):
        store.add_mark(forged, token_hash=signoff.hash_token(secret))
    assert store.marks(cid) == []


# --------------------------------------------------------------------------- the director


def test_the_attendance_list_starts_from_marks_made_since_the_last_save(repo):
    """p03 signs off for round 4 (Monday): the director's list shows him absent. The director
    then saves him present anyway (he phoned; the log's clock is later than Monday): the
    list keeps the director's choice, as the mark is older than that save."""
    store, cid = repo
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    signoff.mark(store, secret, "p03", 4, "absent", now=MONDAY)
    season, ruleset = store.load(cid), store.ruleset(cid)
    options = rs.attendance_kinds(ruleset)
    p03 = next(p for p in season.players if p.id == "p03")

    def listed() -> str:
        stored = rs.stored_round(store.load(cid), 4)
        since = signoff.attendance_saved_at(store.log(cid), 4)
        marked = signoff.marked_choices(store.marks(cid), 4, since)
        return rs.default_choice(p03, stored, options, marked)

    assert listed() == "absent"
    choices = {p.id: rs.PRESENT for p in rs.listed_players(season, 4)}
    rnd = rs.open_round(4, choices, [], date="2025-09-23", cycle=None, previous=None)
    rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None)
    assert signoff.attendance_saved_at(store.log(cid), 4) > MONDAY
    assert listed() == "present"


def test_only_the_newest_mark_after_the_save_counts():
    """Marks at 10:00 (absent) and 12:00 (external, then present at 13:00) with the list
    saved at 11:00: p03's 10:00 mark is older than the save (not used); p04's newest mark,
    present at 13:00, wins over his external at 12:00."""
    at = lambda hour: datetime(2025, 9, 22, hour, tzinfo=UTC)  # noqa: E731
    marks = [
        Mark(1, 4, "p03", "absent", at(10), "member:p03"),
        Mark(1, 4, "p04", "external", at(12), "member:p04"),
        Mark(1, 4, "p04", "present", at(13), "member:p04"),
        Mark(1, 5, "p05", "absent", at(12), "member:p05"),  # another round
    ]
    assert signoff.marked_choices(marks, 4, at(11)) == {"p04": "present"}
    assert signoff.marked_choices(marks, 4, None) == {"p03": "absent", "p04": "present"}


# --------------------------------------------------------------------------- the database


def test_links_and_marks_in_the_database(tmp_path):
    """Migration 8 makes the tables; a link and a mark come back as written; deleting the
    competition deletes them."""
    assert 8 in [version for version, _ in MIGRATIONS]
    store = Store(tmp_path / "club.duckdb")
    cid = store.import_season(with_calendar(0), actor=ADMIN)
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=MONDAY)
    done = signoff.mark(store, secret, "p03", 4, "absent", now=MONDAY)
    assert store.marks(cid) == [done]
    assert signoff.resolve(store, secret, MONDAY).player == "p03"
    forged = Mark(cid, 4, "p04", "absent", MONDAY, "member:p04")
    with pytest.raises(NotAuthorized):
        store.add_mark(forged, token_hash=signoff.hash_token(secret))
    assert signoff.revoke(store, cid, "p03", actor=ADMIN, now=MONDAY) == 1
    with pytest.raises(SignoffRefused):
        signoff.mark(store, secret, "p03", 4, "present", now=MONDAY)
    assert store.marks(cid) == [done]
    store.delete_competition(cid, actor=ADMIN)
    assert store.member_token(signoff.hash_token(secret)) is None
    assert store.marks(cid) == []


# --------------------------------------------------------------------------- the card


@pytest.mark.parametrize(
    ("page_url", "link"),
    [
        ("https://club.nl/players?speler=p03", "https://club.nl/signoff?token=a-b_c"),
        ("https://club.nl/compcore/players", "https://club.nl/compcore/signoff?token=a-b_c"),
        ("http://localhost:8501/", "http://localhost:8501/signoff?token=a-b_c"),
        (None, "/signoff?token=a-b_c"),
    ],
)
def test_the_member_link_is_the_apps_root_plus_the_signoff_page(page_url, link):
    """The director's page address without its own step and query, then the sign-off page
    (a base path like /compcore is kept)."""
    assert member_url(page_url, "a-b_c") == link


def test_the_card_holds_the_name_and_the_links_qr_code():
    """An SVG (well-formed XML) with the name (escaped) and the QR code of exactly this
    link: segno's image for the link is embedded, and another link's is not."""
    import xml.etree.ElementTree as ET

    import segno

    url = "https://club.nl/signoff?token=abc"
    svg = card_svg(url, "Bas <de> Vries", "Interne competitie", "Scan de code")
    root = ET.fromstring(svg)
    texts = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["Scan de code", "Bas <de> Vries", "Interne competitie"]
    (image,) = root.iter("{http://www.w3.org/2000/svg}image")
    assert image.get("href") == segno.make(url, error="m").svg_data_uri(scale=8, border=2)
    assert image.get("href") != segno.make(url + "x", error="m").svg_data_uri(scale=8, border=2)
