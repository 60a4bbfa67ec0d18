"""A new competition (issue 9, item 2): the calendar of club evenings, the next round's
default date, the roster copied from an earlier season, the form's checks per field, the
calendar in the season file, and which competitions the picker and the overview show."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from compcore.adapters.files import season_file
from compcore.domain.errors import RulesetError, SeasonError, render
from compcore.domain.model import Calendar, Player, RatingChange, Round
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import load_ruleset
from compcore.services import competitions, setup
from tests.adapters.store.test_store_support import make_season

TUESDAY = "tuesday"


# --------------------------------------------------------------------------- the calendar


def test_club_evenings_start_on_the_weekday_and_skip_holidays():
    """Start Monday 2025-09-01, club evening Tuesday: the first is 09-02, then weekly
    09-09, (09-16 is a holiday: skipped), 09-23, 09-30, 10-07."""
    dates = setup.club_evenings(date(2025, 9, 1), TUESDAY, {date(2025, 9, 16)}, 5)
    assert [d.isoformat() for d in dates] == [
        "2025-09-02", "2025-09-09", "2025-09-23", "2025-09-30", "2025-10-07",
    ]  # fmt: skip


def test_a_start_on_the_club_evening_itself_is_the_first_round():
    """Tuesday 2025-09-02 is a Tuesday: round 1 is that day; a holiday on it moves round 1
    a week on (09-09), and two holidays in a row two weeks (09-16)."""
    start = date(2025, 9, 2)
    assert setup.club_evenings(start, TUESDAY, set(), 1) == (start,)
    assert setup.club_evenings(start, TUESDAY, {start}, 1) == (date(2025, 9, 9),)
    both = {start, date(2025, 9, 9)}
    assert setup.club_evenings(start, TUESDAY, both, 1) == (date(2025, 9, 16),)


def test_the_season_calendar_counts_cycles_times_rounds():
    """A Thursday club with 2 cycles of 3 rounds from Sunday 2025-12-14, holidays 12-25 and
    01-01 (both Thursdays): 12-18, (12-25 off), (01-01 off), 01-08, 01-15, 01-22, 01-29,
    02-05: six dates; the holidays stored sorted and once."""
    ruleset = load_ruleset("ladder-ab", {"rounds_per_cycle": 3, "cycles": 2})
    holidays = [date(2026, 1, 1), date(2025, 12, 25), date(2026, 1, 1)]
    cal = setup.season_calendar(date(2025, 12, 14), "thursday", holidays, ruleset.total_rounds)
    assert cal == Calendar(
        "thursday",
        ("2025-12-25", "2026-01-01"),
        ("2025-12-18", "2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29", "2026-02-05"),
    )


def test_next_round_date_planned_else_a_week_on_else_the_next_club_evening():
    season = make_season("ladder-ab", rounds=2, open_round=False)
    season = replace(season, rounds=tuple(replace(r, date=None) for r in season.rounds))
    today = date(2025, 10, 1)  # a Wednesday
    # no calendar, no dates: today
    assert setup.next_round_date(season, 3, today) == today
    # a calendar: round 3's planned date
    cal = Calendar(TUESDAY, ("2025-10-07",), ("2025-09-02", "2025-09-09", "2025-09-16"))
    planned = replace(season, calendar=cal)
    assert setup.next_round_date(planned, 3, today) == date(2025, 9, 16)
    # round 4 is past the plan, and no round has a date: the next Tuesday from Wednesday
    # 10-01 is 10-07, a holiday, so 10-14
    assert setup.next_round_date(planned, 4, today) == date(2025, 10, 14)
    # round 2 played on 2025-09-10: round 4 (past the plan) a week later, 09-17
    dated = planned.with_round(replace(planned.round(2), date="2025-09-10"))
    assert setup.next_round_date(dated, 4, today) == date(2025, 9, 17)


# --------------------------------------------------------------------------- the roster


def test_the_roster_copy_keeps_ids_and_takes_the_last_rating():
    """Ratings as of the round after the source's last (round 3 of a 2-round season): a
    change from round 2 (1500 -> 1620) counts, one from round 9 does not. A player who
    withdrew (in round 2) stays behind; a joined round is not copied."""
    season = make_season("ladder-ab", rounds=2, open_round=False)
    first, second, third = season.players[:3]
    players = (
        replace(first, rating=1500, joined_round=2, flags=("own-level-only",), level="B"),
        replace(second, withdrawn_round=2),
        *season.players[2:],
    )
    source = replace(
        season,
        players=players,
        ratings=(RatingChange(first.id, 2, 1620), RatingChange(third.id, 9, 1999)),
    )
    roster = setup.copy_roster(source, load_ruleset("ladder-ab"))
    assert [p.id for p in roster] == [first.id, *(p.id for p in season.players[2:])]
    assert roster[0] == Player(first.id, first.name, 1620, first.strength, "B",
                               ("own-level-only",), first.participation)  # fmt: skip
    assert roster[1].rating == third.rating  # the round-9 change is not in force after 3


def test_the_engine_comes_along_only_where_the_new_ruleset_has_one():
    season = make_season("dubbelschaak", rounds=1, open_round=False)
    engine = Player("komodo", "Komodo", virtual="engine")
    source = replace(season, players=(*season.players, engine))
    engines = ["komodo"]
    kept = setup.copy_roster(source, load_ruleset("dubbelschaak"))
    dropped = setup.copy_roster(source, load_ruleset("ladder-ab"))
    assert [p.id for p in kept if p.is_engine] == engines
    assert [p for p in dropped if p.is_engine] == []
    assert len(kept) - len(dropped) == len(engines)


# --------------------------------------------------------------------------- the form

EXISTING = [CompetitionInfo(1, "Testclub", "2025-2026", "Ladder", "dubbelschaak", 3, 9)]


def form(**changes: object) -> setup.NewCompetition:
    base = setup.NewCompetition(
        club="Testclub", season="2026-2027", name="Ladder", preset="ladder-ab",
        rounds_per_cycle=5, cycles=1, start=date(2025, 9, 1), weekday=TUESDAY,
        holidays="2025-09-16",
    )  # fmt: skip
    return replace(base, **changes)


def words(found: dict, lang: str = "nl") -> dict[str, str]:
    return {key: str(render(value, lang)) for key, value in found.items()}


def test_a_right_form_builds_the_season_with_its_calendar_and_roster():
    source = make_season("ladder-ab", rounds=2, open_round=False)
    new = form(
        overrides=setup.overrides_of("ladder-ab", 5, 1, {}, {}), roster_from=source,
    )  # fmt: skip
    assert setup.problems(new, EXISTING) == {}
    season = setup.build(new, EXISTING)
    assert (season.club, season.season, season.competition) == ("Testclub", "2026-2027", "Ladder")
    assert season.ruleset.preset == "ladder-ab"
    assert dict(season.ruleset.overrides) == {"rounds_per_cycle": 5}
    assert season.calendar.dates == (
        "2025-09-02", "2025-09-09", "2025-09-23", "2025-09-30", "2025-10-07",
    )  # fmt: skip
    assert season.calendar.holidays == ("2025-09-16",)
    assert season.player_ids == source.player_ids
    assert season.rounds == ()
    # and it is a valid season file
    assert season_file.loads(season_file.dumps(season)) == season


@pytest.mark.parametrize(
    ("changes", "field", "nl", "en"),
    [
        ({"name": "  "}, "name", "vul dit in", "fill this in"),
        ({"club": ""}, "club", "vul dit in", "fill this in"),
        ({"season": ""}, "season", "vul dit in", "fill this in"),
        ({"season": "2025-2026", "name": "ladder"}, "name",
         "Testclub/2025-2026/Ladder bestaat al: kies een andere naam",
         "Testclub/2025-2026/Ladder already exists: choose another name"),
        ({"preset": "schaak"}, "preset", "onbekend reglement 'schaak'", "unknown ruleset"),
        ({"rounds_per_cycle": 0}, "rounds_per_cycle", "0 kan niet: van 1 tot en met 99",
         "0 is not possible: from 1 to 99"),
        ({"cycles": 10}, "cycles", "10 kan niet: van 1 tot en met 9",
         "10 is not possible: from 1 to 9"),
        ({"cycles": 1.5}, "cycles", "1.5 is geen geheel getal", "1.5 is not a whole number"),
        ({"start": "31-02-2025"}, "start", "'31-02-2025' is geen datum", "is not a date"),
        ({"start": None}, "start", "'' is geen datum", "'' is not a date"),
        ({"weekday": "dinsdag"}, "weekday", "onbekende clubavond 'dinsdag'",
         "unknown club evening 'dinsdag'"),
        ({"holidays": "2025-09-16\n16-13-2025"}, "holidays", "'16-13-2025' is geen datum",
         "'16-13-2025' is not a date"),
        ({"overrides": {"pairing": {"max_meetings": 0}}}, "overrides", "max_meetings",
         "max_meetings"),
        ({"overrides": {"rondes": 3}}, "overrides", "rondes", "rondes"),
        # the advanced editor past the limits: 9 cycles of 99 rounds at most, 891
        ({"overrides": {"rounds_per_cycle": 900}}, "overrides",
         "het totaal aantal ronden (cycli × ronden per cyclus): 900 kan niet: van 1 tot en met 891",
         "the total number of rounds (cycles × rounds per cycle): 900 is not possible"),
    ],
)  # fmt: skip
def test_each_wrong_field_is_named_in_dutch_and_english(changes, field, nl, en):
    found = setup.problems(form(**changes), EXISTING)
    assert list(found) == [field]
    assert nl in words(found, "nl")[field]
    assert en in words(found, "en")[field]
    with pytest.raises(RulesetError):
        setup.build(form(**changes), EXISTING)


def test_holidays_and_start_may_be_typed_the_dutch_way():
    """``16-09-2025`` is 16 September; commas and new lines both separate holidays."""
    days, bad = setup.parse_holidays("16-09-2025, 2025-12-25\n1-1-2026")
    assert (days, bad) == ([date(2025, 9, 16), date(2025, 12, 25), date(2026, 1, 1)], None)
    assert setup.parse_day("02-09-2025") == date(2025, 9, 2)


def test_typed_overrides_differ_from_the_preset_and_the_advanced_ones_win():
    """ladder-ab: 2 meetings at most (LA-4), 1 cycle. Typed: 3 meetings, 2 cycles; the
    advanced editor sets display_decimals 0 and max_meetings 4 (it wins)."""
    base = load_ruleset("ladder-ab")
    typed = {"pairing.max_meetings": 3, "display_decimals": base.display_decimals}
    advanced = {"pairing": {"max_meetings": 4}, "display_decimals": 0}
    merged = setup.overrides_of("ladder-ab", base.rounds_per_cycle, 2, typed, advanced)
    assert merged == {"cycles": 2, "pairing": {"max_meetings": 4}, "display_decimals": 0}
    assert setup.overrides_of("ladder-ab", base.rounds_per_cycle, 1, typed, {}) == {
        "pairing": {"max_meetings": 3}
    }


def test_parse_overrides_names_the_line_of_a_syntax_error():
    assert setup.parse_overrides('{"cycles": 2}', "json") == {"cycles": 2}
    assert setup.parse_overrides("cycles = 2", "toml") == {"cycles": 2}
    with pytest.raises(RulesetError) as caught:
        setup.parse_overrides('{"cycles": }', "json")
    assert "regel 1, kolom 12" in caught.value.describe("nl")
    with pytest.raises(RulesetError) as caught:
        setup.parse_overrides("[1, 2]", "json")
    assert "tabel" in caught.value.describe("nl")


# --------------------------------------------------------------------------- the season file


def test_the_calendar_round_trips_through_the_season_file():
    season = replace(
        make_season("ladder-ab", rounds=1, open_round=False),
        calendar=Calendar(TUESDAY, ("2025-09-16",), ("2025-09-02", "2025-09-09")),
    )
    text = season_file.dumps(season)
    assert '"calendar": {' in text
    again = season_file.loads(text)
    assert again == season
    assert season_file.dumps(again) == text
    # a season without one writes none (older files stay as they were)
    plain = replace(season, calendar=None)
    assert "calendar" not in season_file.to_data(plain)


@pytest.mark.parametrize(
    ("calendar", "nl"),
    [
        ({"weekday": "dinsdag", "holidays": [], "dates": []}, "veld 'weekday'"),
        ({"holidays": [], "dates": []}, "veld 'weekday'"),
        ({"weekday": "tuesday", "holidays": ["2025-13-01"], "dates": []},
         "veld 'holidays': '2025-13-01' is geen datum"),
        ({"weekday": "tuesday", "holidays": [], "dates": [3]},
         "veld 'dates': 3 is geen datum"),
        ({"weekday": "tuesday", "holidays": []}, "veld 'dates'"),
        ({"weekday": "tuesday", "holidays": [], "dates": [], "x": 1}, "'x'"),
    ],
)  # fmt: skip
def test_a_bad_calendar_is_refused_naming_the_field(calendar, nl):
    data = season_file.to_data(make_season("ladder-ab", rounds=1, open_round=False))
    data["calendar"] = calendar
    with pytest.raises(SeasonError) as caught:
        season_file.parse(data, "x.json")
    assert caught.value.describe("nl").startswith("x.json: kalender: ")
    assert nl in caught.value.describe("nl")


# --------------------------------------------------------------------------- what is shown


def info(cid: int, season: str, archived: bool = False, club: str = "C") -> CompetitionInfo:
    return CompetitionInfo(cid, club, season, f"comp{cid}", "ladder-ab", 0, 0, archived)


def test_archived_competitions_leave_the_cards_and_the_picker_but_stay_listed():
    """Club C: 1 (2024, archived), 2 (2024), 3 (2025), 4 (2025, archived). Current: 3 (the
    newest season's not-archived one); older: 2; archive: 1 and 4; the picker: 2 and 3,
    plus 4 while it is the chosen one; a fresh visitor lands on 3, not on 4."""
    infos = [info(1, "2024", True), info(2, "2024"), info(3, "2025"), info(4, "2025", True)]
    assert [i.id for i in competitions.current(infos)] == [3]
    assert [i.id for i in competitions.older(infos)] == [2]
    assert [i.id for i in competitions.archived(infos)] == [1, 4]
    assert [i.id for i in competitions.picker(infos, 3)] == [2, 3]
    assert [i.id for i in competitions.picker(infos, 4)] == [2, 3, 4]
    assert competitions.default_competition(infos) == 3
    # only archived ones: still somewhere to land
    assert competitions.default_competition([infos[0], infos[3]]) == 4


def test_an_archived_newest_season_makes_the_previous_one_current():
    """Club C's only 2025 competition is archived: its 2024 one is the current card."""
    infos = [info(1, "2024"), info(2, "2025", True)]
    assert [i.id for i in competitions.current(infos)] == [1]
    assert competitions.older(infos) == []


def test_a_round_with_a_date_in_an_unplanned_season_is_a_week_on():
    """No calendar, round 1 on 2025-09-02: round 2 defaults to 2025-09-09."""
    season = make_season("ladder-ab", rounds=1, open_round=False)
    season = season.with_round(replace(season.round(1), date="2025-09-02"))
    assert setup.next_round_date(season, 2, date(2030, 1, 1)) == date(2025, 9, 9)
    assert isinstance(season.round(1), Round)


def test_the_form_offers_the_clubs_usual_evening():
    """The weekday the form starts with: the newest season's calendar weekday; without one,
    the weekday of its newest dated round (2025-09-04 is a Thursday); nothing to go by: None."""
    season = make_season("ladder-ab", rounds=2, open_round=False)
    undated = replace(season, rounds=tuple(replace(r, date=None) for r in season.rounds))
    assert setup.usual_weekday([undated]) is None
    assert setup.usual_weekday([]) is None
    dated = undated.with_round(replace(undated.round(2), date="2025-09-04"))
    assert setup.usual_weekday([dated]) == "thursday"
    cal = Calendar(TUESDAY, (), ("2026-09-01",))
    newer = replace(dated, season="2026-2027", calendar=cal)
    assert setup.usual_weekday([dated, newer]) == TUESDAY


def test_the_general_form_offers_every_preset_but_the_round_robins():
    """The round robins (ds-topcompetitie, ds-rembrandt-league, ds-weihenstephaner-league,
    ds-playoff, ds-meierij-cup: pairing.method round-robin) are made by their own forms with
    their schedule; every other preset is offered, dubbelschaak first (sorted by name)."""
    from compcore.rules.rulesets import preset_names

    offered = setup.paired_presets()
    robins = {"ds-topcompetitie", "ds-rembrandt-league", "ds-weihenstephaner-league",
              "ds-playoff", "ds-meierij-cup"}  # fmt: skip
    assert not robins & set(offered)
    assert set(offered) | robins == set(preset_names())
    assert offered[0] == "dubbelschaak"


@pytest.mark.parametrize(("typed", "ok"), [
    ("2026-2027", True), (" 2026-2027 ", True), ("2026", True),
    ("abc", False), ("2026/27", False), ("2027-2026", False), ("2026-2028", False),
    ("26-27", False), ("2026-", False),
])  # fmt: skip
def test_a_season_is_two_consecutive_years_or_one(typed, ok):
    """Issue 22 item 3: the clubs write a season as 2026-2027 (the second year the first
    plus one) or, for a calendar-year competition, 2026; the form names anything else."""
    from compcore.services.setup import season_problem

    problem = season_problem(typed)
    assert (problem is None) == ok
    if not ok:
        assert problem is not None and problem.key == "setup.error.season"
