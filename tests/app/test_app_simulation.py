"""The Simulatie page (issue 13 item 2) in AppTest: anyone can run it; the figures side by
side are the ones compcore computes for the same inputs; bad input is one sentence and
nothing is stored."""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.errors import CompcoreError
from compcore.present import simulation_report
from compcore.services.simulation import run_simulation
from tests.app.test_app_support import app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


def opened(cid: int, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/simulation.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def simulate_on_page(at, cid: int, *, preset: str, overrides: str = "", seasons: int = 4):
    at.selectbox(key=f"sim_preset_{cid}").select(preset)
    at.text_area(key=f"sim_set_{cid}").input(overrides)
    at.number_input(key=f"sim_n_{cid}").set_value(seasons)
    at.number_input(key=f"sim_seed_{cid}").set_value(3)
    at.button(key=f"sim_run_{cid}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_member_simulates_and_sees_both_rulesets_side_by_side(club_db) -> None:
    """The Ladder (dubbelschaak, 9 players, 3 rounds) against princenpaard, 4 seasons, seed 3:
    the table is exactly compcore's rows for the same inputs (the page adds nothing)."""
    path, ids = club_db
    cid = ids["Ladder"]
    at = simulate_on_page(opened(cid), cid, preset="princenpaard")
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["Maat", "A: dubbelschaak", "B: princenpaard"]
    store = Store(path)
    expected, model = run_simulation(
        store.load(cid), store.ruleset(cid), preset_b="princenpaard", overrides_b="",
        seasons=4, seed=3, threshold=0.5,
    )  # fmt: skip
    _, *rows = simulation_report.rows(expected, "nl")
    assert [tuple(r) for r in frame.itertuples(index=False)] == rows
    # a decile's mean rank with a decimal comma on a Dutch screen (issue 22 item 9)
    decile = rows[-1][1]
    assert "," in decile and "." not in decile
    assert "4 seizoenen van 3 ronden met 9 spelers, seed 3" in texts(at)
    assert len(at.dataframe) == 2  # the model's players in the expander
    assert len(at.dataframe[1].value) == len(model.players) == 9


def test_the_page_in_english_with_overrides(club_db) -> None:
    _, ids = club_db
    cid = ids["Ladder"]
    at = simulate_on_page(
        opened(cid, "en"), cid, preset="dubbelschaak", overrides="keizer.values.top = 40"
    )
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["Measure", "A: dubbelschaak", "B: dubbelschaak"]
    assert frame.iloc[1, 0] == "Strongest player wins"


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ("{not json", "geen geldige JSON of TOML"),
        ("[1, 2]", "geen geldige JSON of TOML"),
        ('{"nope": 1}', "'nope'"),
    ],
)
def test_bad_overrides_are_one_sentence_and_nothing_changes(club_db, overrides, message) -> None:
    path, ids = club_db
    cid = ids["Ladder"]
    before = Store(path).load(cid)
    at = simulate_on_page(opened(cid), cid, preset="princenpaard", overrides=overrides)
    assert len(at.error) == 1 and message in at.error[0].value
    assert not at.dataframe
    assert Store(path).load(cid) == before


def test_the_app_refuses_more_seasons_than_its_limit(club_db) -> None:
    """The number input stops at 2000; the service says so too, in one sentence."""
    path, ids = club_db
    store = Store(path)
    cid = ids["Ladder"]
    with pytest.raises(CompcoreError) as err:
        run_simulation(
            store.load(cid), store.ruleset(cid), preset_b="princenpaard", overrides_b="",
            seasons=2001, seed=1, threshold=0.5,
        )  # fmt: skip
    assert "between 1 and 2000, not 2001" in err.value.describe("en")


def test_progress_reaches_the_last_season(club_db) -> None:
    """The page's bar is fed by on_progress: the last call is (N, N)."""
    path, ids = club_db
    store = Store(path)
    cid = ids["AB"]
    calls: list[tuple[int, int]] = []
    run_simulation(
        store.load(cid), store.ruleset(cid), preset_b="ladder-ab", overrides_b="",
        seasons=3, seed=1, threshold=0.5, on_progress=lambda d, t: calls.append((d, t)),
    )  # fmt: skip
    assert calls == [(1, 3), (2, 3), (3, 3)]
