"""KC-12: subgroups composed by the director (issue 12 item 5): the proposal from the
ranking (optionally with the rating list), the director's moves stored as the roster
history's levels from the round after the cut-off, the subgroup winners from the stored
composition, today's fixed blocks for a season without one, and a pairing that ignores the
subgroups.

The season of every test: Keizer-classic, twelve players, subgroups of 4 after round 1.
Ratings a 2000, b 1900, c 1800, d 1700, e 1600, f 1500, g 1550, h 1450, i 1400, j 1350,
k 1300, l 1250, so the initial ranking (by rating) is a b c d e g f h i j k l with values
30 .. 19 (a 30, b 29, c 28, d 27, e 26, g 25, f 24). Round 1: the bottom half beats the top
half, g-a, h-b, i-c, j-d, k-e, l-f. A win scores the loser's value (KC-4): g 30, h 29,
i 28, j 27, k 26, l 24; the losers 0, in their initial order a b c d e f. The ranking
after round 1: g h i j k l a b c d e f.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.awards.winners import awards
from compcore.cli.main import main
from compcore.domain.errors import CompcoreError, RosterError, StaleWriteError
from compcore.domain.model import PlayerChange, Season
from compcore.formats.subgroups import (
    completed,
    composition_lines,
    moved,
    propose_subgroups,
    stored_lines,
    stored_subgroups,
)
from compcore.pairing import pair
from compcore.ports.repository import Repository
from compcore.rules.rulesets import Ruleset
from compcore.services.subgroups import save_subgroups
from tests.app.test_app_support import ADMIN
from tests.builders import load
from tests.fakes import MemoryStore

RATINGS = dict(
    zip(
        "abcdefghijkl",
        (2000, 1900, 1800, 1700, 1600, 1500, 1550, 1450, 1400, 1350, 1300, 1250),
        strict=True,
    )
)
PLAYERS = [{"id": p, "name": p.upper(), "rating": r} for p, r in RATINGS.items()]
ROUND_1 = {"games": "g-a 1-0, h-b 1-0, i-c 1-0, j-d 1-0, k-e 1-0, l-f 1-0"}
OVERRIDES = {"awards": {"subgroups": {"after_round": 1, "size": 4}}}
BY_RANKING = (("g", "h", "i", "j"), ("k", "l", "a", "b"), ("c", "d", "e", "f"))


def twelve(rounds: list[object] | None = None) -> tuple[Season, Ruleset]:
    return load("keizer-classic", PLAYERS, rounds or [ROUND_1], overrides=OVERRIDES)


@pytest.fixture(params=["duckdb", "memory"])
def repo(request, tmp_path) -> tuple[Repository, int]:
    """The twelve players' season in a fresh store (DuckDB and the in-memory one)."""
    store: Repository = (
        Store(tmp_path / "club.duckdb") if request.param == "duckdb" else MemoryStore()
    )
    return store, store.import_season(twelve()[0], actor=ADMIN)


def test_kc12_proposal_by_the_ranking_in_groups_of_four() -> None:
    """KC-12: ranking g h i j k l a b c d e f (module docstring) cut in blocks of 4:
    {g h i j}, {k l a b}, {c d e f}."""
    season, ruleset = twelve()
    assert propose_subgroups(season, ruleset, 1, 4) == BY_RANKING


def test_kc12_proposal_by_the_ranking_with_the_rating_list() -> None:
    """KC-12 "from the ranking, possibly with the rating": the sum of the two places.

    Ranking places: g1 h2 i3 j4 k5 l6 a7 b8 c9 d10 e11 f12. Rating list (a 2000 .. l 1250):
    a1 b2 c3 d4 e5 g6 f7 h8 i9 j10 k11 l12. Sums: g 7, a 8, h 10, b 10, i 12, c 12, j 14,
    d 14, k 16, e 16, l 18, f 19; an equal sum goes by the ranking (h before b, ...).
    Order g a h b i c j d k e l f -> {g a h b}, {i c j d}, {k e l f}.
    """
    season, ruleset = twelve()
    assert propose_subgroups(season, ruleset, 1, 4, by=("ranking", "rating")) == (
        ("g", "a", "h", "b"),
        ("i", "c", "j", "d"),
        ("k", "e", "l", "f"),
    )


def test_kc12_a_season_without_a_stored_composition_keeps_the_fixed_blocks() -> None:
    """An older season (no roster history): today's blocks of 4 by the ranking, each led by
    its best-placed member: g, k, c."""
    season, ruleset = twelve()
    assert (
        season.roster_changes is None and stored_subgroups(season, ruleset.awards.subgroups) is None
    )
    groups = awards(season, ruleset).subgroups
    assert [(g.members, g.leader) for g in groups] == [
        (BY_RANKING[0], "g"),
        (BY_RANKING[1], "k"),
        (BY_RANKING[2], "c"),
    ]


def test_kc12_a_moved_player_changes_the_subgroup_winner(repo) -> None:
    """The director moves g (first in the ranking, 30 points) from subgroup 1 to subgroup 2:
    subgroup 1 {h i j} is now won by h (29), subgroup 2 {k l a b g} by g (30 > k's 26);
    subgroup 3 {c d e f} stays with c. Stored as levels from round 2: round 1 unchanged."""
    store, cid = repo
    season = store.load(cid)
    groups = moved(BY_RANKING, {"g": 2})
    assert groups == (("h", "i", "j"), ("g", "k", "l", "a", "b"), BY_RANKING[2])
    saved = save_subgroups(store, cid, groups, read=(), actor=ADMIN)
    result = awards(saved, store.ruleset(cid))
    assert [(g.members, g.leader) for g in result.subgroups] == [
        (("h", "i", "j"), "h"),
        (("g", "k", "l", "a", "b"), "g"),
        (BY_RANKING[2], "c"),
    ]
    assert saved.player_at("g", 1).level is None and saved.player_at("g", 2).level == "2"
    assert saved.rounds == season.rounds
    assert store.log(cid, limit=1)[0].action == "save-subgroups"


def test_kc12_composing_again_replaces_the_composition_and_keeps_other_lines() -> None:
    """A second save replaces the levels from round 2 (no second set of lines); a line of
    that round that also set flags keeps its flags; a line from another round stays."""
    season, ruleset = twelve()
    rule = ruleset.awards.subgroups
    assert rule is not None
    other = (PlayerChange("a", 2, level="x", flags=("jeugd",)), PlayerChange("b", 3, level="y"))
    store = MemoryStore()
    cid = store.import_season(replace(season, roster_changes=other), actor=ADMIN)
    first = save_subgroups(store, cid, BY_RANKING, read=(other[0],), actor=ADMIN)
    again = moved(BY_RANKING, {"a": 1})
    final = save_subgroups(store, cid, again, read=stored_lines(first, rule), actor=ADMIN)
    assert stored_subgroups(final, rule) == again
    assert len(stored_lines(final, rule)) == 12
    assert PlayerChange("a", 2, level=None, flags=("jeugd",)) in (final.roster_changes or ())
    assert final.player_at("a", 2).flags == ("jeugd",)
    assert final.player_at("b", 3).level == "y"


def test_kc12_a_stale_composition_is_refused(repo) -> None:
    """Two directors open the form; the first saves; the second's save (read: nothing
    stored) is refused and the first composition stays."""
    store, cid = repo
    first = save_subgroups(store, cid, BY_RANKING, read=(), actor=ADMIN)
    with pytest.raises(StaleWriteError):
        save_subgroups(store, cid, moved(BY_RANKING, {"g": 2}), read=(), actor=ADMIN)
    assert store.load(cid) == first


@pytest.mark.parametrize(
    ("groups", "key"),
    [
        ((BY_RANKING[0], (), BY_RANKING[1] + BY_RANKING[2]), "subgroups.empty"),
        ((BY_RANKING[0], BY_RANKING[1], BY_RANKING[2][:3]), "subgroups.missing"),
        ((BY_RANKING[0], BY_RANKING[1] + ("g",), BY_RANKING[2]), "subgroups.twice"),
        ((BY_RANKING[0], BY_RANKING[1], BY_RANKING[2] + ("zz",)), "subgroups.unknown"),
    ],
)
def test_kc12_bad_compositions_are_refused_and_nothing_changes(repo, groups, key) -> None:
    """An empty group, a player in none (f left out), a player in two (g), an unknown
    player: one sentence, the stored season unchanged."""
    store, cid = repo
    before = store.load(cid)
    with pytest.raises(RosterError) as refused:
        save_subgroups(store, cid, groups, read=(), actor=ADMIN)
    assert refused.value.key == key
    assert str(refused.value).count("\n") == 0
    assert store.load(cid) == before


def test_kc12_no_composition_before_the_cut_off_round_is_complete() -> None:
    """Before round 1 is played the subgroups cannot be composed."""
    season, _ = load("keizer-classic", PLAYERS, [], overrides=OVERRIDES)
    store = MemoryStore()
    cid = store.import_season(season, actor=ADMIN)
    with pytest.raises(RosterError) as refused:
        save_subgroups(store, cid, BY_RANKING, read=(), actor=ADMIN)
    assert refused.value.key == "subgroups.too_early"
    assert store.load(cid) == season


def test_kc12_the_composition_survives_export_and_import() -> None:
    """The season file carries the composition (the roster history): export -> import ->
    export gives the same file and the same subgroups."""
    season, ruleset = twelve()
    rule = ruleset.awards.subgroups
    assert rule is not None
    groups = moved(BY_RANKING, {"g": 2})
    stored = replace(season, roster_changes=composition_lines(rule, groups))
    data = season_file.to_data(stored)
    again = season_file.parse(data, "test")
    assert season_file.to_data(again) == data
    assert stored_subgroups(again, rule) == groups


def test_kc12_the_pairing_ignores_the_subgroups() -> None:
    """KC-12: pairing stays one group. Round 2 is paired the same with and without a
    composition, and it pairs players of different subgroups (the composition puts every
    player in his own ranking block, the pairing crosses them)."""
    season, ruleset = twelve([ROUND_1, {"present": " ".join(RATINGS)}])
    rule = ruleset.awards.subgroups
    assert rule is not None
    plain = pair(season, ruleset).round.games
    composed = replace(season, roster_changes=composition_lines(rule, BY_RANKING))
    assert pair(composed, ruleset).round.games == plain
    group_of = {p: n for n, members in enumerate(BY_RANKING) for p in members}
    assert any(group_of[g.white] != group_of[g.black] for g in plain or ())


def test_kc12_compcore_winners_reads_the_stored_composition(tmp_path, capsys) -> None:
    """``compcore winners`` on a season file with g moved to subgroup 2 (as above): the
    leaders h, g, c, not the blocks' g, k, c."""
    season, ruleset = twelve()
    rule = ruleset.awards.subgroups
    assert rule is not None
    lines = composition_lines(rule, moved(BY_RANKING, {"g": 2}))
    path = tmp_path / "kc.json"
    path.write_text(json.dumps(season_file.to_data(replace(season, roster_changes=lines))))
    assert main(["winners", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(g["group"], g["leader"]) for g in out["subgroups"]] == [(1, "h"), (2, "g"), (3, "c")]
    assert out["subgroups"][1]["members"] == ["g", "k", "l", "a", "b"]


def test_kc12_an_unknown_order_in_the_ruleset_is_refused() -> None:
    """``awards.subgroups.by`` names only the ranking and the rating list."""
    with pytest.raises(CompcoreError) as refused:
        load("keizer-classic", PLAYERS, [ROUND_1],
             overrides={"awards": {"subgroups": {"after_round": 1, "size": 4, "by": ["elo"]}}})  # fmt: skip
    assert "by" in str(refused.value)


def test_kc12_a_player_added_after_saving_gets_a_place_in_the_form() -> None:
    """A player m added to the roster after the composition was saved (last in the
    ranking, so group 4 of the blocks of 4) is not in the stored composition; the form
    starts him in the last stored group, 3 (there is no group 4), so he gets a select."""
    stored = (("h", "i", "j"), ("g", "k", "l", "a", "b"), BY_RANKING[2])
    proposal = (*BY_RANKING, ("m",))
    assert completed(stored, proposal) == (stored[0], stored[1], (*BY_RANKING[2], "m"))
    assert completed(stored, BY_RANKING) == stored
