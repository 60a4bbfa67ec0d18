"""Issue 9, items 4 and 5: the finalized state of a round (stored, season file, store),
reopening a finalized round, and the preview of a correction of an old result.

Every write is run on both repositories (the DuckDB store and the in-memory one)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction as F

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.errors import (
    IncompleteRoundError,
    NotFinalizedError,
    ReasonRequiredError,
    SeasonError,
    StaleWriteError,
)
from compcore.domain.model import Result, Season
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository
from compcore.rules.changes import BoardResult
from compcore.services import changelog, results
from compcore.services import round as rs
from compcore.services.corrections import Moved, preview
from tests.adapters.store.test_store_support import older_database
from tests.builders import load, raises_in_english, season_data
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
WIN, LOSS, DRAW = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW

#: round 1 a-b 1-0, c-d 1-0; round 2 a-d 1-0, b-c draw (see the Keizer test)
KEIZER = ["a-b 1-0, c-d 1-0", "a-d 1-0, b-c ="]


def flip_board_1(season: Season, number: int = 1) -> list[BoardResult]:
    """Board 1 of round ``number`` from 1-0 (as read) to 0-1."""
    game = season.round(number).games[0]
    return [BoardResult(1, game.white, game.black, WIN, LOSS)]


@pytest.fixture(params=["duckdb", "memory"])
def repo_of(request, tmp_path):
    """A function storing a season in a fresh repository: (repository, competition id)."""

    def make(season: Season) -> tuple[Repository, int]:
        repo: Repository = (
            Store(tmp_path / "club.duckdb") if request.param == "duckdb" else MemoryStore()
        )
        return repo, repo.import_season(season, actor=ADMIN)

    return make


def published(season: Season, number: int) -> Season:
    """The season with round ``number``'s results taken away (just published)."""
    rnd = season.round(number)
    games = tuple(replace(g, result=None) for g in rnd.games)
    return season.with_round(replace(rnd, games=games))


# --------------------------------------------------------------------------- item 5: preview


def test_a_keizer_correction_swaps_two_places():
    """Keizer-classic, a b c d (strength 1-4: values 30, 29, 28, 27 before round 1). Each
    round recomputes every game with the values of the previous round's ranking (KC-4).

    As played: round 1 a beats b, c beats d: S1 = a 29, c 27, b 0, d 0 -> a c b d, values
    a 30, c 29, b 28, d 27. After round 2 (a beats d, b-c draw), all games at those values:
    a 28 + 27 = 55, c 27 + 28/2 = 41, b 29/2 = 14.5, d 0 -> a c b d.

    Corrected (round 1 board 1 is 0-1, b beats a): S1 = b 30, c 27, a 0, d 0 -> b c a d,
    values b 30, c 29, a 28, d 27. After round 2: b 28 + 29/2 = 42.5, c 27 + 30/2 = 42,
    a 27, d 0 -> b c a d. a and b swap places 1 and 3; c keeps place 2 with 41 -> 42;
    d (4th, 0) does not change and is not listed. Round 2's pairing stays as played.
    """
    season, ruleset = load("keizer-classic", "a b c d", KEIZER)
    shown = preview(season, ruleset, 1, flip_board_1(season))
    assert shown.after_round == 2
    assert shown.moved == (
        Moved("b", "B", 3, 1, F(29, 2), F(85, 2)),
        Moved("c", "C", 2, 2, F(41), F(42)),
        Moved("a", "A", 1, 3, F(55), F(27)),
    )
    assert shown.corrected.round(2) == season.round(2)
    assert shown.corrected.round(1).games[0].result is LOSS


def test_a_points_correction_changes_places_by_the_points():
    """Princenpaard (1 point a win, ½ a draw), a b c d. As played: round 1 a beats b, c-d
    draw; round 2 a beats c, b beats d: a 2, b 1, c ½, d ½ (c before d: Sonneborn-Berger
    ¼ each, no jokers, then the initial order). Corrected (b beats a in round 1): b 2, a 1,
    c and d as before. So b 2nd -> 1st (1 -> 2), a 1st -> 2nd (2 -> 1); c and d unchanged."""
    season, ruleset = load("princenpaard", "a b c d", ["a-b 1-0, c-d =", "a-c 1-0, b-d 1-0"])
    shown = preview(season, ruleset, 1, flip_board_1(season))
    assert shown.after_round == 2
    assert shown.moved == (Moved("b", "B", 2, 1, F(1), F(2)), Moved("a", "A", 1, 2, F(2), F(1)))


def test_a_correction_that_changes_nobody_shows_nobody():
    """Round 2 board 2 from a draw to a draw: no place or score changes."""
    season, ruleset = load("keizer-classic", "a b c d", KEIZER)
    game = season.round(2).games[1]
    same = [BoardResult(2, game.white, game.black, DRAW, DRAW)]
    assert preview(season, ruleset, 2, same).moved == ()


def test_the_preview_is_refused_when_the_board_changed_since_it_was_read():
    """The director read board 1 as 0-1 but it is stored as 1-0: refused, as saving would."""
    season, ruleset = load("keizer-classic", "a b c d", KEIZER)
    game = season.round(1).games[0]
    with pytest.raises(StaleWriteError):
        preview(season, ruleset, 1, [BoardResult(1, game.white, game.black, LOSS, DRAW)])


def test_saving_the_correction_stores_what_the_preview_showed(repo_of):
    """Saving the previewed correction: the stored season is the preview's, the standings
    are its standings, the round stays finalized, the log keeps the reason."""
    season, ruleset = load("keizer-classic", "a b c d", KEIZER)
    repo, cid = repo_of(season)
    shown = preview(season, ruleset, 1, flip_board_1(season))
    with pytest.raises(ReasonRequiredError):
        results.correct_results(repo, cid, 1, flip_board_1(season), reason=" ", actor=ADMIN)
    assert repo.load(cid) == season
    saved = results.correct_results(repo, cid, 1, flip_board_1(season), reason="verkeerd genoteerd",
                               actor=ADMIN)  # fmt: skip
    assert saved == shown.corrected and rs.stage(saved, 1) == "complete"
    entry = repo.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("correct-results", "verkeerd genoteerd")
    assert (
        changelog.action_words("correct-results", "en") == "result of a finalized round corrected"
    )


# --------------------------------------------------------------------------- item 4: finalized


def test_a_round_with_every_result_is_locked_only_once_finalized(repo_of):
    """Round 2 published: board 1's result alone leaves the round unsaid (None: a board
    without a result means not finalized anyway, and the log stays quiet about it); board
    2's result too makes it explicitly not finalized, so it stays open for results (stage
    published, no reason asked, no round 3 offered); finalizing locks it."""
    season, ruleset = load("keizer-classic", "a b c d", KEIZER)
    repo, cid = repo_of(published(season, 2))
    boards = [
        BoardResult(i, g.white, g.black, None, g.result)
        for i, g in enumerate(season.round(2).games, start=1)
    ]
    first = results.save_results(repo, cid, 2, boards[:1], finalize=False, reason=None, actor=ADMIN)
    assert first.round(2).finalized is None and rs.stage(first, 2) == "published"
    saved = results.save_results(repo, cid, 2, boards[1:], finalize=False, reason=None, actor=ADMIN)
    assert saved.round(2).finalized is False and saved.round(2).games == season.round(2).games
    assert rs.stage(saved, 2) == "published" and not results.needs_correction_reason(saved, 2)
    assert rs.round_choices(saved, ruleset) == [1, 2]
    again = [BoardResult(1, "a", "d", WIN, DRAW)]  # still editable without a reason
    changed = results.save_results(repo, cid, 2, again, finalize=False, reason=None, actor=ADMIN)
    assert changed.round(2).games[0].result is DRAW
    final = results.save_results(repo, cid, 2, [], finalize=True, reason=None, actor=ADMIN)
    assert final.round(2).finalized is True and rs.stage(final, 2) == "complete"
    assert rs.round_choices(final, ruleset) == [1, 2, 3]


def test_a_round_that_does_not_say_is_finalized_when_every_board_has_a_result():
    season, _ = load("keizer-classic", "a b c d", ["a-b 1-0, c-d 1-0", "a-d 1-0, b-c"])
    assert season.round(1).finalized is None and season.round(1).is_finalized
    assert rs.stage(season, 1) == "complete" and rs.stage(season, 2) == "published"
    assert rs.stage(season.with_round(replace(season.round(1), finalized=False)), 1) == (
        "published"
    )


def test_a_correction_cannot_take_a_result_off_a_finalized_round(repo_of):
    """Clearing board 1 of finalized round 1 would leave it finalized without a result."""
    season, _ = load("keizer-classic", "a b c d", KEIZER)
    repo, cid = repo_of(season)
    cleared = [BoardResult(1, "a", "b", WIN, None)]
    with raises_in_english(IncompleteRoundError, "No result yet on board 1"):
        results.correct_results(repo, cid, 1, cleared, reason="oeps", actor=ADMIN)
    assert repo.load(cid) == season


# --------------------------------------------------------------------------- item 4: reopen


def test_reopening_needs_a_reason_and_is_logged(repo_of):
    """Reopen finalized round 1: without a reason refused (nothing changes); with one the
    round is no longer locked (results without a reason), logged as reopen-round with the
    reason, and it can be finalized again."""
    season, _ = load("keizer-classic", "a b c d", KEIZER)
    repo, cid = repo_of(season)
    read = season.round(1)
    with raises_in_english(ReasonRequiredError, "Give a reason for reopening round 1"):
        results.reopen(repo, cid, 1, reason="  ", read=read, actor=ADMIN)
    assert repo.load(cid) == season and len(repo.log(cid)) == 1  # the import only
    opened = results.reopen(repo, cid, 1, reason="uitslag betwist", read=read, actor=ADMIN)
    assert opened.round(1).finalized is False and rs.stage(opened, 1) == "published"
    entry = repo.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("reopen-round", "uitslag betwist")
    assert entry.before.get("finalized") is None and entry.after["finalized"] is False
    assert changelog.describe(entry.before, entry.after) == "ronde 1 · afgesloten: – → nee"
    assert changelog.describe(entry.before, entry.after, "en") == "round 1 · finalized: – → no"
    fixed = results.save_results(repo, cid, 1, flip_board_1(opened), finalize=True, reason=None,
                            actor=ADMIN)  # fmt: skip
    assert fixed.round(1).finalized is True and fixed.round(1).games[0].result is LOSS
    assert [e.action for e in repo.log(cid)][:2] == ["finalize-round", "reopen-round"]


def test_reopening_is_refused_when_the_round_changed_since_it_was_read(repo_of):
    """Director A read round 1; director B corrects board 1 meanwhile: A's reopen refused."""
    season, _ = load("keizer-classic", "a b c d", KEIZER)
    repo, cid = repo_of(season)
    read = season.round(1)
    changed = results.correct_results(repo, cid, 1, flip_board_1(season), reason="B", actor=ADMIN)
    with raises_in_english(StaleWriteError, "Round 1 changed since you opened it"):
        results.reopen(repo, cid, 1, reason="A", read=read, actor=ADMIN)
    assert repo.load(cid) == changed


def test_only_a_finalized_round_can_be_reopened(repo_of):
    season, _ = load("keizer-classic", "a b c d", ["a-b 1-0, c-d 1-0", "a-d 1-0, b-c"])
    repo, cid = repo_of(season)
    with raises_in_english(NotFinalizedError, "Round 2 is not finalized"):
        results.reopen(repo, cid, 2, reason="x", read=season.round(2), actor=ADMIN)
    assert repo.load(cid) == season


# --------------------------------------------------------------------------- the season file


def _data(finalized: object) -> dict:
    data = season_data("keizer-classic", "a b c d", KEIZER)
    if finalized is not None:
        data["rounds"][0]["finalized"] = finalized
    return data


@pytest.mark.parametrize("finalized", [True, False, None])
def test_finalized_round_trips_through_the_file_and_the_store(tmp_path, finalized):
    """Absent stays absent (the old meaning), true and false stay as written:
    file -> season -> file, and import -> export -> import -> export."""
    data = _data(finalized)
    season = season_file.parse(data, "x.json")
    assert season.round(1).finalized is finalized
    assert season_file.to_data(season) == data
    first = Store(tmp_path / "a.duckdb")
    out = first.export_season(first.import_season(season, actor=ADMIN))
    assert out == season and season_file.to_data(out) == data
    second = Store(tmp_path / "b.duckdb")
    again = second.export_season(second.import_season(out, actor=ADMIN))
    assert json.dumps(season_file.to_data(again)) == json.dumps(data)


@pytest.mark.parametrize(
    ("value", "rounds", "message"),
    [
        (1, KEIZER, "field 'finalized': 1 is not allowed \\(allowed: true, false\\)"),
        ("yes", KEIZER, "'finalized'"),
        (True, ["a-b 1-0, c-d"], "marked finalized .* without a result"),
    ],
)
def test_a_bad_finalized_field_is_refused_naming_the_round(value, rounds, message):
    data = season_data("keizer-classic", "a b c d", rounds)
    data["rounds"][0]["finalized"] = value
    with raises_in_english(SeasonError, message) as caught:
        season_file.parse(data, "x.json")
    assert "round 1" in caught.value.describe("en")


def test_a_schema_2_database_gets_the_finalized_column(tmp_path):
    """A database from before schema 5 (no rounds.finalized): opening it adds the column;
    its rounds do not say (None), so they keep the old meaning."""
    path = tmp_path / "oud.duckdb"
    season, _ = load("keizer-classic", "a b c d", KEIZER)
    full = tmp_path / "nieuw.duckdb"
    cid = Store(full).import_season(season, actor=ADMIN)
    older_database(full, path, 4)
    migrated = Store(path)
    assert migrated.load(cid) == season and rs.stage(migrated.load(cid), 2) == "complete"
    entry = migrated.log(None, 1)[0]
    assert entry.action == "migrate" and entry.before["schema_version"] < 5
