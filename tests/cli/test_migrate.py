"""``compcore migrate --from FILE --to URL`` (issue 21 item 2): a club's DuckDB database
moved into PostgreSQL gives identical season files, archive marks and club settings, and
a second run into the now filled database is refused, changing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store, load_all_readonly
from compcore.cli.main import main
from compcore.ports.actors import Administrator
from compcore.rules.club_settings import ClubSettings
from tests.contract.conftest import state

ADMIN = Administrator("test")
DEMO = sorted((Path(__file__).resolve().parents[2] / "data").glob("*.json"))


@pytest.fixture
def club_file(tmp_path) -> Path:
    """Every demo season in a DuckDB file; the second competition archived, one club's
    tempo and arbiter set."""
    path = tmp_path / "club.duckdb"
    store = Store(path)
    ids = store.import_seasons([season_file.load(f)[0] for f in DEMO], actor=ADMIN)
    store.set_archived(ids[1], True, actor=ADMIN)
    club = store.load(ids[0]).club
    store.save_club_settings(club, ClubSettings("90 min + 30 s", "A. Arbiter"), actor=ADMIN)
    return path


def files(address) -> dict[str, str]:
    return {info.qualified_name: season_file.dumps(s) for info, s, _ in load_all_readonly(address)}


def test_a_duckdb_club_moves_into_postgresql_without_loss(club_file, postgres_url, capsys):
    assert main(["migrate", "--from", str(club_file), "--to", postgres_url]) == 0
    out = capsys.readouterr().out
    assert f"{len(DEMO)} competities overgezet" in out
    assert files(postgres_url) == files(club_file)
    assert len(files(postgres_url)) == len(DEMO)
    source, target = Store(club_file), Store(postgres_url)
    archived = lambda store: [i.qualified_name for i in store.competitions() if i.archived]  # noqa: E731
    assert archived(target) == archived(source) and len(archived(target)) == 1
    clubs = {i.club for i in source.competitions()}
    settings = {club: target.club_settings(club) for club in clubs}
    assert settings == {club: source.club_settings(club) for club in clubs}
    assert ClubSettings("90 min + 30 s", "A. Arbiter") in settings.values()


def test_a_second_migration_into_a_filled_database_changes_nothing(club_file, postgres_url, capsys):
    assert main(["migrate", "--from", str(club_file), "--to", postgres_url]) == 0
    before = state(Store(postgres_url))
    assert main(["migrate", "--from", str(club_file), "--to", postgres_url]) != 0
    assert "bevat al competities" in capsys.readouterr().err
    assert state(Store(postgres_url)) == before


def test_the_commands_take_a_postgresql_url_for_db_as_they_take_a_file(
    club_file, postgres_url, tmp_path, capsys
):
    """Issue 21 item 1: ``--db`` of import, standings, export, ratings import and publish
    reads and writes a PostgreSQL database as it does a DuckDB file: the same output."""
    season = DEMO[0]
    outputs = []
    for db in (str(tmp_path / "other.duckdb"), postgres_url):
        assert main(["import", str(season), "--db", db]) == 0
        name = Store(db).competitions()[0].qualified_name
        capsys.readouterr()
        assert main(["standings", "--db", db, "--competition", name]) == 0
        table = capsys.readouterr().out
        out = tmp_path / f"export-{len(outputs)}.json"
        assert main(["export", "--db", db, "--competition", name, "--out", str(out)]) == 0
        site = tmp_path / f"site-{len(outputs)}"
        assert main(["publish", "--db", db, "--out", str(site)]) == 0
        pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
        outputs.append((table, out.read_text(encoding="utf-8"), pages))
    assert outputs[0] == outputs[1] and outputs[0][2]
