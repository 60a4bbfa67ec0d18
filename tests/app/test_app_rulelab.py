"""The Regellab page (issue 13 item 1) in AppTest: anyone reads it, nothing is stored; a
bad override is one sentence; a director saves ruleset B as a proposal (a change-log
entry) that Instellingen lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from compcore.adapters.store import Store
from compcore.lab.rulelab import compare, ruleset_b
from compcore.rules.rulesets import ruleset_of
from compcore.services import rulelab as lab
from tests.app.test_app_support import PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


def _open(competition: int, lang: str = "nl", director: bool = False):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = competition
    at.run()
    if director:
        at.sidebar.text_input(key="login_name").input("director")
        at.sidebar.text_input(key="password").input(PASSWORD)
        at.sidebar.form_submit_button[0].click().run()
    at.switch_page("pages/rulelab.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _places(at) -> list[tuple[int, int, str]]:
    frame = at.dataframe[0].value
    return [(int(r.iloc[0]), int(r.iloc[1]), str(r.iloc[3])) for _, r in frame.iterrows()]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_anyone_reads_the_same_ruleset_as_identical(club_db, lang: str) -> None:
    """Anonymous, the season's own preset with the suggested change taken back: every
    place A = place B, the tables, winners, fairness and the slope chart shown; no save
    button."""
    path, ids = club_db
    cid = ids["Ladder"]
    before = Store(path).load(cid)
    at = _open(cid, lang)
    assert ("Regellab" if lang == "nl" else "Rule lab") in texts(at)
    at.text_input(key=f"lab_absent_{cid}_dubbelschaak").set_value("2/6 own").run()
    assert all(a == b for a, b, _ in _places(at))
    assert ("dezelfde volgorde" if lang == "nl" else "the same order") in texts(at)
    # the span both count, said (issue 22 item 7): the small ladder's 3 rounds, one cycle
    span = ("over dezelfde 3 ronden: ronde 1 tot en met 3" if lang == "nl"
            else "over the same 3 rounds: round 1 to 3")  # fmt: skip
    assert span in texts(at)
    assert len(at.dataframe) == 3 and len(at.get("vega_lite_chart")) == 1
    assert not [b for b in at.button if (b.key or "").startswith("lab_save")]
    assert Store(path).load(cid) == before


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_page_opens_on_a_meaningful_b(club_db, lang: str) -> None:
    """The page opens on the club's own preset with the most common change (half the
    absence points: 2/6 own becomes 1/6 own), said in a caption; B is not A, and every
    field of B holds a real value: the top value the ratio of dubbelschaak gives now (not
    an empty field), the absence points, the mode and the tie-breaks."""
    path, ids = club_db
    cid = ids["Ladder"]
    season = Store(path).load(cid)
    ruleset = ruleset_of(season)
    at = _open(cid, lang)
    k = f"{cid}_dubbelschaak"
    assert at.selectbox(key=f"lab_preset_{cid}").value == "dubbelschaak"
    absent = at.text_input(key=f"lab_absent_{k}").value
    assert absent == "1/6 own" != lab.typed_defaults(ruleset).absent
    top = at.number_input(key=f"lab_top_{k}").value
    assert top is not None and top >= 1
    assert at.selectbox(key=f"lab_mode_{k}").value == "recompute"
    assert at.multiselect(key=f"lab_ties_{k}").value
    assert ("`1/6 own` in plaats van `2/6 own`" if lang == "nl"
            else "`1/6 own` for an absence instead of `2/6 own`") in texts(at)  # fmt: skip
    # the comparison is of that B: the core's own for exactly that override
    expected = compare(
        season,
        ruleset,
        ruleset_b(season, ruleset, None, {"points": {"absent": {"points": "1/6 own"}}}),
    )
    assert _places(at) == [(p.rank_a, p.rank_b, p.name) for p in expected.placings]
    # the top value shown is what the ratio gives: left alone, it overrides nothing
    assert (
        lab.form_overrides(ruleset, lab.LabForm(top=int(top)), {}, players=len(season.players))
        == {}
    )


def test_every_preset_opens_with_its_fields_filled() -> None:
    """Every bundled preset: the suggested B differs from A in its absence points, and no
    typed field it shows is empty (a Keizer preset's top value, where it has rank values,
    is a number)."""
    from compcore.rules.rulesets import load_ruleset, preset_names

    for name in preset_names():
        base = load_ruleset(name)
        start = lab.typed_defaults(base, 20)
        form = lab.suggested_form(base, 20)
        assert form.absent and form.absent != (start.absent or "0"), name
        assert lab.form_overrides(base, form, {}, players=20) != {}, name
        assert load_ruleset(name, lab.form_overrides(base, form, {}, players=20))
        if base.is_keizer and base.keizer.values.basis == "rank":  # type: ignore[union-attr]
            assert isinstance(form.top, int), name


def test_slope_chart_is_readable_and_colour_blind_safe(club_db) -> None:
    """The slope chart as the page sends it (the Vega-Lite spec): every text mark and axis
    label at least 11 px; the trends in the Okabe–Ito blue and orange (no red/green), and
    a second cue besides the colour (a dash per trend and a shape per trend)."""
    import json

    _, ids = club_db
    at = _open(ids["Ladder"])
    (chart,) = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    layers = spec["layer"]
    sizes = [layer["mark"]["fontSize"] for layer in layers if layer["mark"]["type"] == "text"]
    assert len(sizes) == 2 and min(sizes) >= 11
    axes = [layer["encoding"]["x"].get("axis", {}) for layer in layers]
    assert all(axis.get("labelFontSize", 0) >= 11 for axis in axes)
    colours = {tuple(layer["encoding"]["color"]["scale"]["range"]) for layer in layers}
    assert colours == {("#0072B2", "#D55E00", "#6E6E6E")}
    used = {c.lower() for c in next(iter(colours))}
    assert not used & {"#2e7d32", "#c62828", "#ff0000", "#00ff00", "#008000"}
    line = next(layer for layer in layers if layer["mark"]["type"] == "line")
    dashes = line["encoding"]["strokeDash"]["scale"]["range"]
    assert len({tuple(d) for d in dashes}) == 3
    point = next(layer for layer in layers if layer["mark"]["type"] == "point")
    assert len(set(point["encoding"]["shape"]["scale"]["range"])) == 3


def test_absence_points_change_the_places_as_the_core_says(club_db) -> None:
    """Absence points 6/6 own instead of 2/6 own on the Keizer ladder: the page shows the
    places :func:`compcore.lab.rulelab.compare` computes for that override, and stores nothing."""
    path, ids = club_db
    cid = ids["Ladder"]
    season = Store(path).load(cid)
    ruleset = ruleset_of(season)
    expected = compare(
        season,
        ruleset,
        ruleset_b(season, ruleset, None, {"points": {"absent": {"points": "6/6 own"}}}),
    )
    at = _open(cid)
    at.text_input(key=f"lab_absent_{cid}_dubbelschaak").set_value("6/6 own").run()
    assert not at.exception and not at.error
    assert _places(at) == [(p.rank_a, p.rank_b, p.name) for p in expected.placings]
    assert Store(path).load(cid) == season


@pytest.mark.parametrize(
    ("widget", "value", "named"),
    [
        ("lab_absent", "veel", "points.absent"),
        ("lab_cap", "twee", "fraction_of_cycle_rounds"),
        ("lab_advanced", "[keizer.values]\ntopp = 3", "topp"),
        ("lab_advanced", "keizer = [", "TOML"),
    ],
)
def test_bad_override_is_one_sentence_and_nothing_changes(
    club_db, widget: str, value: str, named: str
) -> None:
    path, ids = club_db
    cid = ids["Ladder"]
    before = Store(path).load(cid)
    at = _open(cid)
    key = f"{widget}_{cid}_dubbelschaak"
    element = at.text_area(key=key) if widget == "lab_advanced" else at.text_input(key=key)
    element.set_value(value).run()
    assert not at.exception
    assert len(at.error) == 1 and named in at.error[0].value
    assert "\n" not in at.error[0].value.strip()
    assert not at.dataframe  # no comparison under a ruleset that does not load
    assert Store(path).load(cid) == before


def test_another_preset_on_a_points_ladder(club_db) -> None:
    """The A/B points ladder replayed under Prins & Paard: the page compares (no error)."""
    _, ids = club_db
    at = _open(ids["AB"])
    at.selectbox(key=f"lab_preset_{ids['AB']}").select("princenpaard").run()
    assert not at.exception and not at.error
    assert len(_places(at)) == 8


def test_director_saves_a_proposal_listed_on_settings(club_db) -> None:
    """Top value 60: saved as a proposal, one change-log entry with the preset and the
    whole overrides; the season itself unchanged; Instellingen lists it."""
    path, ids = club_db
    cid = ids["Ladder"]
    store = Store(path)
    before = store.load(cid)
    at = _open(cid, director=True)
    k = f"{cid}_dubbelschaak"
    at.number_input(key=f"lab_top_{k}").set_value(60).run()
    at.text_input(key=f"lab_note_{k}").input("topwaarde 60 proberen")
    at.button(key=f"lab_save_{k}").click().run()
    assert not at.exception and not at.error
    saved = lab.proposals(store, cid)
    assert len(saved) == 1
    assert saved[0].preset == "dubbelschaak" and saved[0].note == "topwaarde 60 proberen"
    assert saved[0].overrides["keizer"]["values"]["top"] == 60
    assert store.load(cid) == before
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    assert "topwaarde 60 proberen" in texts(at)


def test_proposal_refused_for_a_bad_ruleset_stores_nothing(club_db) -> None:
    from compcore.domain.errors import RulesetError
    from compcore.ports.actors import Administrator

    path, ids = club_db
    store = Store(path)
    cid = ids["Ladder"]
    season = store.load(cid)
    with pytest.raises(RulesetError):
        lab.save_proposal(store, cid, season, ruleset_of(season), "dubbelschaak",
                          {"keizer": {"mode": "sometimes"}}, note=None,
                          actor=Administrator("tests"))  # fmt: skip
    assert lab.proposals(store, cid) == []


def test_form_overrides_only_what_differs(tmp_path: Path) -> None:
    """Keizer classic (top 30, iterate, absent 2/6 own, no cap, tie-break initial-order):
    unchanged widgets make no overrides; top 60 and mode recompute make exactly those
    (recompute clears the iterate rounds); a cap of 0.33 becomes a cycle cap."""
    from compcore.rules.rulesets import load_ruleset

    base = load_ruleset("keizer-classic")
    start = lab.typed_defaults(base)
    assert start == lab.LabForm(30, "2/6 own", None, "iterate", ("initial-order",))
    assert lab.form_overrides(base, start, {}) == {}
    changed = lab.LabForm(60, "2/6 own", "", "recompute", ["initial-order"])
    assert lab.form_overrides(base, changed, {}) == {
        "keizer": {"values": {"top": 60}, "mode": "recompute", "iterate_rounds": []}
    }
    capped = lab.LabForm(30, "2/6 own", "0.33", "iterate", ["initial-order"])
    assert lab.form_overrides(base, capped, {}) == {
        "points": {"absent": {"cap": {"fraction_of_cycle_rounds": "0.33", "count": None,
                                      "scope": "cycle"}}}
    }  # fmt: skip
