"""Start-up on a fresh database (issue 9, item 9): the demo seasons go in in the background,
in one transaction, while the first page is already up; a broken demo file is named and
the others still go in. ``benchmarks/startup.py --app`` measures the seconds."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.errors import StoreError
from compcore.ports.actors import Administrator
from compcore.services import demo, opening
from tests.app.test_app_support import small_seasons
from tests.fakes import MemoryStore


def demo_folder(tmp_path):
    folder = tmp_path / "demo"
    folder.mkdir()
    files = []
    for season in small_seasons():
        files.append(folder / f"{season.competition.lower()}.json")
        season_file.dump(season, files[-1])
    return files


def test_the_first_page_does_not_wait_for_the_demo_seasons(tmp_path, monkeypatch):
    """While the import runs (held here until released) the page reads nothing from the
    file (no competitions, revision 0); the import starts only when asked, once; when it is
    done both demo seasons (Ladder, AB) are in and named, with one log entry each."""
    files = demo_folder(tmp_path)
    store = Store(tmp_path / "club.duckdb")
    release, entered = threading.Event(), threading.Event()
    real = Store.import_seasons

    def held(self, seasons, *, actor):
        entered.set()
        release.wait(10)
        return real(self, seasons, actor=actor)

    monkeypatch.setattr(Store, "import_seasons", held)
    opened = opening.Opened(store, demo.Seeding(store, files))
    assert opened.importing and not entered.is_set()  # not started before the page is up
    opened.seeding.start()
    opened.seeding.start()  # a second run of the page: still one import
    assert entered.wait(10)
    assert opening.competitions(opened) == ([], 0) and opened.seeded == ()
    release.set()
    assert opened.seeding.wait(10) and not opened.importing
    assert opened.seeded == ("ladder.json", "ab.json") and opened.seed_errors == ()
    competitions, revision = opening.competitions(opened)
    assert sorted(c.competition for c in competitions) == ["AB", "Ladder"]
    assert revision == store.revision() > 0


def test_a_broken_demo_file_is_named_and_the_others_go_in(tmp_path):
    """ladder.json is not JSON: the sidebar names it; AB is imported all the same."""
    files = demo_folder(tmp_path)
    files[0].write_text("{ not json", encoding="utf-8")
    store = Store(tmp_path / "club.duckdb")
    seeded, errors = demo.seed(store, files)
    assert seeded == ["ab.json"] and len(errors) == 1 and "ladder.json" in str(errors[0])
    assert [c.competition for c in store.competitions()] == ["AB"]


def test_importing_several_seasons_is_all_or_nothing(tmp_path):
    """Store and MemoryStore alike: a season that exists already refuses the whole batch
    (nothing of the other is stored); otherwise each gets its id and its log entry."""
    ladder, ab = small_seasons()[:2]
    admin = Administrator("tests")
    for store in (Store(tmp_path / "club.duckdb"), MemoryStore()):
        store.import_season(ab, actor=admin)
        try:
            store.import_seasons([ladder, ab], actor=admin)
        except StoreError:
            pass
        else:
            raise AssertionError("an existing season must refuse the batch")
        assert [c.competition for c in store.competitions()] == ["AB"]
        assert imports(store) == 1
        ids = store.import_seasons([ladder], actor=admin)
        assert [store.load(i).competition for i in ids] == ["Ladder"] and imports(store) == 2


def imports(store) -> int:
    return sum(1 for e in store.log() if e.action == "import")


def test_a_fresh_demo_lets_a_member_sign_off_for_the_next_evening_at_once(
    tmp_path, monkeypatch, steady_app
):
    """Issue 22, item 8: the app first started on Friday 4 December 2026 imports the bundled
    demo seasons with their dates following that day. A Dubbelschaak member's link opens on
    the coming Tuesdays, 8, 15 and 22 December (rounds 31-33), each open until 18:30 that
    evening (DS-15): no "Gesloten", and his sign-off for round 31 is stored."""
    from compcore.services import signoff
    from tests.app.test_app_support import app, texts
    from ui import clock

    now = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)
    monkeypatch.setattr(clock, "today", lambda: date(2026, 12, 4))
    monkeypatch.setattr(signoff, "utc_now", lambda: now)
    target = tmp_path / "fresh" / "club.duckdb"
    monkeypatch.setenv("COMPCORE_DB", str(target))
    monkeypatch.setenv("COMPCORE_CREATE", "1")
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH", raising=False)
    assert not app().run().exception  # the first start: the demo seasons go in
    store = Store(target)
    info = next(i for i in store.competitions() if i.preset == "dubbelschaak"
                and i.season == "2025-2026")  # fmt: skip
    player = next(p for p in store.load(info.id).players if not p.is_engine
                  and p.withdrawn_round is None and p.participates_by_default)  # fmt: skip
    secret = signoff.make_token(store, info.id, player.id, actor=Administrator("t"), now=now)
    at = app()
    at.run()
    at.switch_page("pages/signoff.py")
    at.query_params["token"] = secret
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    page = texts(at)
    assert f"Hallo {player.name}" in page and "Gesloten" not in page
    assert "Wijzigen kan tot di 08-12-2026 18:30 uur." in page
    assert [r.key.split("_")[-2] for r in at.radio] == ["31", "32", "33"]
    choice = next(r for r in at.radio if (r.key or "").endswith("_31_choice"))
    choice.set_value("absent")
    button = next(b for b in at.button if str(b.form_id).endswith("_31"))
    at = button.click().run()
    assert not at.exception and not at.error
    assert "Je bent afgemeld voor ronde 31 (di 08-12-2026)." in texts(at)
    assert [(m.round, m.choice) for m in store.marks(info.id)] == [(31, "absent")]
