"""Making a round-robin group from a ladder (DS-16, compcore/services/groups.py): the whole
Berger schedule stored at once, each round on its ladder evening; bad input refused in one
sentence with nothing stored."""

from __future__ import annotations

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import ruleset_of
from compcore.services import groups
from compcore.services.groups import GroupError, NewGroup
from tests.builders import load
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")


def ladder_store(repo=None):
    """A DS ladder of a..f (two rounds played) in a repository; (repo, ladder id)."""
    season, _ = load(
        "dubbelschaak", list("abcdef"), ["a-b 1-0, c-d =, e-f 0-1", "a-c =, b-e 1-0, d-f 1-0"]
    )
    repo = repo or MemoryStore()
    return repo, repo.import_season(season, actor=ADMIN)


def form(**kw) -> NewGroup:
    values = {
        "name": "Rembrandt League",
        "preset": "ds-rembrandt-league",
        "members": ["c", "a", "b", "d"],
    }
    return NewGroup(**{**values, **kw})


@pytest.mark.parametrize("repo", [MemoryStore, "store"])
def test_a_group_is_stored_with_its_whole_schedule_on_the_next_ladder_evenings(repo, tmp_path):
    """Seeds c a b d: Berger 1-4 2-3 / 4-3 1-2 / 2-4 3-1 gives c-d a-b / d-b c-a / a-d b-c;
    the ladder has played rounds 1 and 2, so the group's rounds 1-3 are on ladder
    evenings 3, 4, 5 (the default). Same ids and names as in the ladder, seeds as
    strength, the ladder named; logged as create-group."""
    store = MemoryStore() if repo is MemoryStore else Store(tmp_path / "club.duckdb")
    repo, ladder_id = ladder_store(store)
    cid = groups.create(repo, ladder_id, form(), actor=ADMIN)
    group = repo.load(cid)
    assert group.ladder == "Test/2025/dubbelschaak"
    assert (group.club, group.season, group.competition) == ("Test", "2025", "Rembrandt League")
    assert [p.id for p in group.players] == ["c", "a", "b", "d"]
    assert [p.name for p in group.players] == ["C", "A", "B", "D"]
    assert [p.strength for p in group.players] == [1, 2, 3, 4]
    boards = [[f"{g.white}-{g.black}" for g in r.games or ()] for r in group.rounds]
    assert boards == [["c-d", "a-b"], ["d-b", "c-a"], ["a-d", "b-c"]]
    assert [r.ladder_round for r in group.rounds] == [3, 4, 5]
    assert all(g.result is None for r in group.rounds for g in r.games or ())
    assert repo.log(cid, 1)[0].action == "create-group"
    assert ruleset_of(group).rounds_per_cycle == 3


def test_a_double_group_on_chosen_evenings():
    """Three members a b c, double: six rounds (b-c, a-b, c-a, then c-b, b-a, a-c), on the
    evenings the director chose (2, 4, 6, 8, 10, 12); the ruleset says double."""
    repo, ladder_id = ladder_store()
    chosen = (2, 4, 6, 8, 10, 12)
    new = form(members=["a", "b", "c"], double=True, evenings=chosen)
    group = repo.load(groups.create(repo, ladder_id, new, actor=ADMIN))
    assert [r.ladder_round for r in group.rounds] == list(chosen)
    assert [f"{r.games[0].white}-{r.games[0].black}" for r in group.rounds if r.games] == [
        "b-c", "a-b", "c-a", "c-b", "b-a", "a-c",
    ]  # fmt: skip
    assert ruleset_of(group).round_robin.double


@pytest.mark.parametrize(
    ("change", "nl", "en"),
    [
        ({"members": ["a", "b"]}, "minstens 3 spelers; gekozen: 2", "at least 3 players; chosen: 2"),
        ({"members": ["a", "b", "x"]}, "speler 'x' speelt niet in de ladder", "'x' does not play in the ladder"),
        ({"evenings": (3, 4, 99)}, "clubavond 99 is geen ronde van de ladder dubbelschaak (ronde 1 tot en met 36)",
         "club evening 99 is not a round of the ladder"),
        ({"evenings": (3, 4)}, "er zijn 3 clubavonden nodig", "3 club evenings are needed"),
        ({"evenings": (3, 3, 4)}, "clubavond 3 staat twee keer", "club evening 3 is in the schedule twice"),
        ({"name": "dubbelschaak"}, "Test/2025/dubbelschaak bestaat al", "already exists"),
        ({"name": "  "}, "Naam van de meerkamp: vul dit in", "Name of the group: fill this in"),
        ({"preset": "dubbelschaak"}, "'dubbelschaak' is geen reglement voor een meerkamp", "not a ruleset for a round-robin group"),
    ],
)  # fmt: skip
def test_bad_input_is_one_sentence_and_nothing_is_stored(change, nl, en):
    """Fewer than three members, a member not in the ladder, an evening outside the
    ladder's 36 rounds (DS: 3 cycles of 12), not one evening a round, one evening twice, a
    name the club already uses that season, no name, a preset that is no group's: one
    sentence naming it; the repository is as it was."""
    repo, ladder_id = ladder_store()
    before = (repo.competitions(), repo.revision())
    with pytest.raises(GroupError) as refused:
        groups.create(repo, ladder_id, form(**change), actor=ADMIN)
    assert nl in refused.value.describe("nl") and en in refused.value.describe("en")
    assert "\n" not in refused.value.describe("nl")
    assert (repo.competitions(), repo.revision()) == before


def test_only_round_robin_presets_linked_as_games_are_offered():
    """The three DS-16 presets are groups; the ladder and the knock-out cup are not."""
    offered = groups.group_presets()
    assert {"ds-topcompetitie", "ds-rembrandt-league", "ds-weihenstephaner-league"} <= set(offered)
    assert "dubbelschaak" not in offered and "magnus-cup" not in offered


def test_a_created_group_round_trips_through_the_season_file():
    """export -> import -> export gives the same file: the ladder, each round's ladder
    evening, the boards without results, the overrides (double, rounds per cycle)."""
    repo, ladder_id = ladder_store()
    new = form(members=["a", "b", "c"], double=True)
    group = repo.load(groups.create(repo, ladder_id, new, actor=ADMIN))
    text = season_file.dumps(group)
    again = season_file.loads(text)
    assert again == group and season_file.dumps(again) == text
    other = MemoryStore()
    assert season_file.dumps(other.load(other.import_season(again, actor=ADMIN))) == text


def test_the_group_form_offers_the_three_groups_only():
    """DS-16's groups are ds-rembrandt-league, ds-topcompetitie, ds-weihenstephaner-league;
    the DS-20 play-off (also a round robin counting as games) is made from Winnaars and the
    DS-21 cup of pools by its own form, so neither is offered (the form's default was
    ds-playoff, the first in the sorted list)."""
    from compcore.services.groups import group_presets

    assert group_presets() == [
        "ds-rembrandt-league", "ds-topcompetitie", "ds-weihenstephaner-league",
    ]  # fmt: skip
