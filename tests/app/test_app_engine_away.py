"""DS-9 (rulebook FAQ 7) in the app: on the Ronde page's attendance step the director marks
the engine as unavailable for this evening; it is stored as the engine's not-participating
entry of the open round, and the pairing leaves it out (AppTest, checked in the database)."""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.model import Kind
from compcore.pairing import pair, repair_late
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_app_director import as_director, submit
from tests.app.test_app_support import DIRECTOR_HASH, texts

pytestmark = pytest.mark.usefixtures("steady_app")

LABEL = "Schaakcomputer (Komodo) vanavond niet beschikbaar (uitwedstrijd)"


def test_director_switches_the_engine_off_for_one_evening(club_db):
    """The DS competition (nine humans and the engine "engine", rounds 1-3 complete):
    round 4 with everyone present is odd, so normally the engine plays. The director
    ticks the box and saves: the open round stores the engine as not-participating and the
    box stays ticked. Pairing: no engine board, the engine's line says why, one human sits
    out with a plain bye, placed outside the top 5 of the ranking after round 3 (four
    boards for the eight others). Publishing keeps it so. At the late re-pairing (DS-14) the
    director ticks the same box, and the engine stays out."""
    path, ids = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    cid = ids["Ladder"]
    at = as_director(cid, "round")
    box = at.checkbox(key=f"engine_away_{cid}_4")
    assert box.label == LABEL and box.value is False
    box.check()
    submit(at, "Aanwezigheid opslaan")
    stored = store.load(cid).round(4)
    assert stored.is_open and stored.entries["engine"] is Kind.NOT_PARTICIPATING
    assert len(stored.present) == 9
    fresh = as_director(cid, "round")  # a new session reads the box from the stored round
    assert fresh.checkbox(key=f"engine_away_{cid}_4").value is True

    submit(at, "Indelen")
    proposal = at.table[0].value
    assert len(proposal) == 4 and "Komodo" not in set(proposal["Wit"]) | set(proposal["Zwart"])
    shown = texts(at)
    assert "Komodo (doet niet mee): Komodo is vanavond niet beschikbaar" in shown
    assert "de schaakcomputer is vanavond niet beschikbaar, dus gewoon oneven" in shown

    at.button(key=f"draft_{cid}_4_publish").click().run()
    assert not at.exception
    season = store.load(cid)
    published = season.round(4)
    assert not published.is_open
    assert all("engine" not in g.players for g in published.games)
    assert published.entries["engine"] is Kind.NOT_PARTICIPATING
    byes = [pid for pid, kind in published.entries.items() if kind is Kind.BYE]
    assert len(byes) == 1 and len(published.games) == 4
    ruleset = ruleset_of(season)
    top5 = standings(season, ruleset, after_round=3, cycle=0).order[:5]
    assert byes[0] not in top5
    assert published.games == pair(season.with_round(stored), ruleset).round.games

    # 20:15, DS-14: a no-show on each of the first two boards; with the bye that makes three
    # waiting, where compcore would bring the engine in unless the director says it is away
    no_shows = [published.games[0].white, published.games[1].black]
    assert any("engine" in b.players for b in _late_boards(season, ruleset, no_shows, False))
    at.session_state[f"late_open_{cid}_4"] = True  # open "Herindelen na afzeggingen (laat)"
    at.run()
    at.multiselect(key=f"noshow_{cid}_4").set_value(no_shows)
    late_box = at.checkbox(key=f"late_engine_away_{cid}_4")
    assert late_box.label == LABEL
    late_box.check()
    at.button(key=f"late_pair_{cid}_4").click().run()
    assert not at.exception
    at.button(key=f"late_{cid}_4_publish").click().run()
    assert not at.exception
    repaired = store.load(cid).round(4)
    assert all("engine" not in g.players for g in repaired.games)
    assert repaired.entries["engine"] is Kind.NOT_PARTICIPATING
    assert set(repaired.games) == set(_late_boards(season, ruleset, no_shows, True))


def _late_boards(season, ruleset, no_shows, away: bool):
    """compcore's own late re-pairing of the published round, as stored games."""
    return repair_late(season, ruleset, no_shows, engine_away=away).round.games


def test_unticked_box_pairs_the_engine(club_db):
    """The same evening without the box: nine present, odd, so the engine has a board
    (DS-9) and nobody sits out; the open round has no entry for the engine."""
    path, ids = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    cid = ids["Ladder"]
    at = as_director(cid, "round")
    submit(at, "Indelen")
    assert "engine" not in (store.load(cid).round(4).entries or {})
    proposal = at.table[0].value
    assert len(proposal) == 5 and "Komodo" in set(proposal["Wit"]) | set(proposal["Zwart"])
    assert "Niet ingedeeld" not in texts(at)
