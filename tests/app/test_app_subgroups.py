"""The Winnaars page's KC-12 subgroups (issue 12 item 5): everyone sees the subgroups and
their winners; the director composes them ("Subgroepen samenstellen") from the proposal by
the ranking or by ranking and rating list, moves a player with his select and saves once;
an empty subgroup or a player in none is refused in one sentence and nothing is stored.

The season is the one of ``test_subgroups`` (twelve players, subgroups of 4 after round 1;
ranking after round 1: g h i j k l a b c d e f, points g 30, h 29, i 28, j 27, k 26, l 24,
the rest 0)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.awards.winners import awards
from compcore.services.subgroups import save_subgroups
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, texts
from tests.builders import load
from tests.services.test_subgroups import BY_RANKING, PLAYERS, ROUND_1, twelve

pytestmark = pytest.mark.usefixtures("steady_app")


@pytest.fixture
def kc(club_db) -> tuple[Store, int]:
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    season = twelve()[0]
    return store, store.import_season(season, actor=ADMIN)


def open_winners(cid: int, lang: str = "nl", director: bool = False):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = cid
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.run()
    at.switch_page("pages/winners.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def frame_with(at, column: str):
    return next(f.value for f in at.dataframe if column in f.value.columns)


def save(at) -> None:
    next(b for b in at.form_submit_button if b.label == "Subgroepen opslaan").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_a_member_sees_the_fixed_blocks_and_their_winners_and_no_form(kc) -> None:
    """Nothing composed yet: blocks of 4 by the ranking, led by g (30), k (26) and c."""
    _, cid = kc
    at = open_winners(cid)
    text = texts(at)
    assert (
        "Nog niet samengesteld: de subgroepen zijn blokken van 4 op de ranglijst na ronde 1."
        in text
    )
    table = frame_with(at, "Winnaar")
    assert list(table["Winnaar"]) == ["G", "K", "C"]
    assert list(table["Spelers"]) == ["G, H, I, J", "K, L, A, B", "C, D, E, F"]
    assert "Subgroepen samenstellen" not in text
    assert not [w for w in (*at.selectbox, *at.radio) if (w.key or "").startswith("subgroup")]


def test_the_director_moves_a_player_and_the_winner_changes_for_everyone(kc) -> None:
    """The director moves g from subgroup 1 to 2 and saves: subgroup 1 {h i j} is won by
    h (29), subgroup 2 {k l a b g} by g (30 > 26); a member sees it, in English too."""
    store, cid = kc
    at = open_winners(cid, director=True)
    assert "Subgroepen samenstellen" in texts(at)
    proposal = frame_with(at, "Plaats")
    assert list(proposal["Subgroep"]) == [1] * 4 + [2] * 4 + [3] * 4
    assert list(proposal["Speler"])[:5] == ["G", "H", "I", "J", "K"]
    assert list(proposal["Rating"])[:2] == [1550, 1450]
    at.selectbox(key="subgroup_ranking_g").select(2)
    save(at)
    assert "De subgroepen zijn opgeslagen." in texts(at)
    saved = store.load(cid)
    leaders = [g.leader for g in awards(saved, store.ruleset(cid)).subgroups]
    assert leaders == ["h", "g", "c"]
    assert store.log(cid, limit=1)[0].action == "save-subgroups"
    member = open_winners(cid)
    table = frame_with(member, "Winnaar")
    assert list(table["Winnaar"]) == ["H", "G", "C"]
    assert list(table["Spelers"])[1] == "G, K, L, A, B"
    assert "De subgroepen zijn door de wedstrijdleider samengesteld." in texts(member)
    english = open_winners(cid, lang="en")
    assert list(frame_with(english, "Winner")["Winner"]) == ["H", "G", "C"]
    assert "The subgroups were composed by the director." in texts(english)
    # the director's form now starts from the stored composition
    again = open_winners(cid, director=True)
    assert again.radio[0].value == "stored"
    assert list(frame_with(again, "Plaats")["Speler"])[:4] == ["H", "I", "J", "G"]


def test_the_director_starts_from_ranking_and_rating(kc) -> None:
    """The proposal by ranking and rating list (sums of places, test_subgroups):
    g a h b / i c j d / k e l f."""
    store, cid = kc
    at = open_winners(cid, director=True)
    at.radio[0].set_value("ranking+rating").run()
    assert not at.exception
    assert list(frame_with(at, "Plaats")["Speler"]) == list("GAHBICJDKELF")
    save(at)
    groups = [g.members for g in awards(store.load(cid), store.ruleset(cid)).subgroups]
    assert groups == [("g", "a", "h", "b"), ("i", "c", "j", "d"), ("k", "e", "l", "f")]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (
            {
                "subgroup_ranking_g": 2,
                "subgroup_ranking_h": 2,
                "subgroup_ranking_i": 3,
                "subgroup_ranking_j": 3,
            },
            "Subgroep 1 is leeg",
        ),
        ({"subgroup_ranking_f": None}, "F staat in geen subgroep"),
    ],
)
def test_bad_compositions_are_refused_in_one_sentence_and_nothing_is_stored(
    kc, moves, message
) -> None:
    """Moving all of subgroup 1 away leaves it empty; f set to no subgroup is in none."""
    store, cid = kc
    before = store.load(cid)
    at = open_winners(cid, director=True)
    for key, value in moves.items():
        box = at.selectbox(key=key)
        box.select_index(box.options.index(box.format_func(value)))
    save(at)
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and message in errors[0] and "Er is niets opgeslagen." in errors[0]
    assert store.load(cid) == before


def test_before_the_cut_off_the_director_is_told_to_wait(club_db) -> None:
    """No round played yet: no subgroups, and the director is told when he can compose."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    season = twelve()[0]
    cid = store.import_season(replace(season, rounds=(), competition="Leeg"), actor=ADMIN)
    at = open_winners(cid, director=True)
    assert "De subgroepen kunnen worden samengesteld zodra ronde 1 compleet is." in texts(at)
    assert not [w for w in at.selectbox if (w.key or "").startswith("subgroup")]


def test_the_rulesets_order_is_the_proposals_default(club_db) -> None:
    """``awards.subgroups.by = ["ranking", "rating"]``: the form opens on the proposal by
    ranking and rating list (g a h b / i c j d / k e l f, test_subgroups)."""
    path, _ = club_db
    store = Store(path, director_hash=DIRECTOR_HASH)
    by = {"awards": {"subgroups": {"after_round": 1, "size": 4, "by": ["ranking", "rating"]}}}
    season, _ = load("keizer-classic", PLAYERS, [ROUND_1], overrides=by)
    cid = store.import_season(replace(season, competition="Met rating"), actor=ADMIN)
    at = open_winners(cid, director=True)
    assert at.radio[0].value == "ranking+rating"
    assert list(frame_with(at, "Plaats")["Speler"]) == list("GAHBICJDKELF")


def test_a_composition_saved_meanwhile_is_not_overwritten(kc) -> None:
    """A second director saves subgroups while the form is open: this save is refused in
    one sentence, the other's composition stays, and the form then starts from it."""
    store, cid = kc
    at = open_winners(cid, director=True)
    other = save_subgroups(store, cid, BY_RANKING, read=(), actor=ADMIN)
    at.selectbox(key="subgroup_ranking_g").select(2)
    save(at)
    errors = [e.value for e in at.error]
    assert errors == [
        "De indeling in subgroepen is gewijzigd sinds je het opende; herlaad de pagina. "
        "Er is niets opgeslagen."
    ]
    assert store.load(cid) == other
    at.run()
    assert at.radio[0].value == "stored"
