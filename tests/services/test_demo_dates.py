"""The demo seasons' dates follow the day of the first start (issue 22, item 8): whole weeks,
the played rounds in the past, the first unplayed club evening on or after today, so that a
member signs off for the next evening at once."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path

from compcore.domain.model import Calendar, Round, RulesetRef, Season
from compcore.ports.actors import Administrator
from compcore.services import demo, signoff
from tests.fakes import MemoryStore

DATA = Path(__file__).resolve().parents[2] / "data"
ADMIN = Administrator("demo-dates")


def season(*rounds: Round, ladder: str | None = None, competition: str = "Ladder") -> Season:
    return Season("Club", "2025-2026", competition, RulesetRef("dubbelschaak"), (), rounds,
                  ladder=ladder)  # fmt: skip


PLAYED = Round(1, date="2025-09-02", games=())
OPEN = Round(2, date="2025-09-09")


def test_weeks_until_the_first_evening_on_or_after_today() -> None:
    # Tue 9 Sep 2025 -> Fri 4 Dec 2026 is 451 days: 64 weeks and 3 days, so 65 weeks, to
    # Tue 8 Dec 2026 (9 Sep 2025 + 455 days)
    assert demo.weeks_until(date(2025, 9, 9), date(2026, 12, 4)) == 65
    # today is the evening itself (Tue 8 Dec 2026): 455 days, exactly 65 weeks
    assert demo.weeks_until(date(2025, 9, 9), date(2026, 12, 8)) == 65
    # the day after (Wed 9 Dec): 456 days, so the next Tuesday, 66 weeks on (15 Dec)
    assert demo.weeks_until(date(2025, 9, 9), date(2026, 12, 9)) == 66
    # an evening already in the future stays the first one on or after today: back 1 week
    assert demo.weeks_until(date(2025, 9, 9), date(2025, 9, 1)) == -1
    assert demo.weeks_until(date(2025, 9, 9), date(2025, 9, 3)) == 0


def test_first_unplayed_is_the_open_round_else_the_calendar_else_a_week_on() -> None:
    assert demo.first_unplayed(season(PLAYED, OPEN)) == date(2025, 9, 9)
    planned = Calendar("tuesday", dates=("2025-09-02", "2025-09-16"))
    assert demo.first_unplayed(replace(season(PLAYED), calendar=planned)) == date(2025, 9, 16)
    assert demo.first_unplayed(season(PLAYED)) == date(2025, 9, 9)  # finished: a week on
    assert demo.first_unplayed(season(Round(1, games=()))) is None  # no dates at all


def test_shift_moves_every_date_by_whole_weeks() -> None:
    planned = Calendar("tuesday", holidays=("2025-12-30",), dates=("2025-09-02", "2025-09-09"))
    moved = demo.shift_dates(replace(season(PLAYED, OPEN), calendar=planned), 65)
    assert [r.date for r in moved.rounds] == ["2026-12-01", "2026-12-08"]  # still Tuesdays
    assert moved.calendar == Calendar("tuesday", ("2027-03-30",), ("2026-12-01", "2026-12-08"))
    assert demo.shift_dates(season(Round(1, games=())), 3).rounds == (Round(1, games=()),)


def test_linked_and_last_years_seasons_move_with_their_ladder() -> None:
    ladder = season(PLAYED, OPEN)  # 9 Sep 2025 open: 65 weeks to Fri 4 Dec 2026
    group = season(
        Round(1, date="2025-09-02", games=(), ladder_round=1),
        Round(2, date="2025-09-16", ladder_round=3),  # its own first unplayed: 16 Sep
        ladder="Club/2025-2026/Ladder",
        competition="Topcompetitie",
    )
    last_year = replace(season(Round(1, date="2024-09-03", games=())), season="2024-2025")
    alone = season(Round(1, date="2025-10-07"), competition="Beker")  # open: 7 Oct 2025
    moved = demo.shift_demos([ladder, group, last_year, alone], date(2026, 12, 4))
    assert [r.date for r in moved[0].rounds] == ["2026-12-01", "2026-12-08"]
    assert [r.date for r in moved[1].rounds] == ["2026-12-01", "2026-12-15"]  # the ladder's 65
    assert moved[2].rounds[0].date == "2025-12-02"  # 2024-09-03 + 65 weeks
    # Tue 7 Oct 2025 -> Fri 4 Dec 2026: 423 days, 60 weeks and 3 days: 61 weeks, 8 Dec 2026
    assert moved[3].rounds[0].date == "2026-12-08"


def test_a_member_signs_off_for_the_next_demo_evening_at_once() -> None:
    """A fresh demo started on Fri 4 Dec 2026: the Dubbelschaak ladder's next evening is a
    coming Tuesday, open for marks (DS-15: until 18:30 that evening), and a mark is stored."""
    store = MemoryStore()
    seeded, errors = demo.seed(store, sorted(DATA.glob("*.json")), date(2026, 12, 4))
    assert not errors and "dubbelschaak.json" in seeded
    info = next(i for i in store.competitions() if i.preset == "dubbelschaak"
                and i.season == "2025-2026")  # fmt: skip
    ladder = store.load(info.id)
    assert all(date.fromisoformat(r.date or "") < date(2026, 12, 4) for r in ladder.played_rounds)
    player = next(p.id for p in ladder.players if not p.is_engine and p.withdrawn_round is None)
    now = datetime(2026, 12, 4, 12, tzinfo=UTC)
    secret = signoff.make_token(store, info.id, player, actor=ADMIN, now=now)
    evenings = signoff.coming_evenings(ladder, store.ruleset(info.id), player, [], now)
    assert evenings and all(e.open for e in evenings)
    assert evenings[0].day == date(2026, 12, 8) and evenings[0].day.weekday() == 1  # a Tuesday
    done = signoff.mark(store, secret, player, evenings[0].number, "absent", now=now)
    assert (done.round, done.choice) == (evenings[0].number, "absent")
