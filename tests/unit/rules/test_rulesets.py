"""Rulesets as data: every preset loads; overrides merge; bad overrides name the field."""

from __future__ import annotations

import pytest

from compcore.domain.errors import RulesetError
from compcore.domain.model import Kind
from compcore.i18n import LANGUAGES, catalog
from compcore.rules.rulesets import load_ruleset, preset_names, presets
from tests.builders import raises_in_english

SPEC_PRESETS = {
    "dubbelschaak",
    "keizer-classic",
    "princenpaard",
    "ladder-ab",
    "magnus-senior",
    "magnus-youth",
}


def test_every_spec_preset_is_bundled_and_valid() -> None:
    assert set(preset_names()) >= SPEC_PRESETS
    for ruleset in presets():
        assert ruleset.description and ruleset.description_nl


def test_rulesets_are_frozen() -> None:
    ruleset = load_ruleset("keizer-classic")
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen-instance error
        ruleset.rounds_per_cycle = 3  # type: ignore[misc]


def test_overrides_merge_field_by_field() -> None:
    r = load_ruleset("dubbelschaak", {"rounds_per_cycle": 10, "points": {"bye": "3/6 own"}})
    assert r.rounds_per_cycle == 10
    assert r.points.bye.points.text == "3/6 own"
    assert r.points.absent.points.text == "2/6 own"  # untouched fields keep the preset's value
    assert r.points.absent.cap.limit(10) == 4  # ceil(0.33 * 10) = ceil(3.3)


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("dubbelschak", {}, "unknown preset 'dubbelschak' (allowed: "),
        (
            "dubbelschaak",
            {"rounds_per_cycl": 3},
            "'rounds_per_cycl': unknown field (allowed: 'name',",
        ),
        (
            "dubbelschaak",
            {"rounds_per_cycle": "12"},
            "'rounds_per_cycle': expected a valid integer",
        ),
        (
            "dubbelschaak",
            {"rounds_per_cycle": 0},
            "'rounds_per_cycle': expected greater than or equal to 1",
        ),
        (
            "dubbelschaak",
            {"keizer": {"mode": "fast"}},
            "'keizer.mode': expected 'at-time', 'recompute' or 'iterate'",
        ),
        (
            "dubbelschaak",
            {"points": {"jokr": "1"}},
            "'points.jokr': unknown field (allowed: 'win', 'draw',",
        ),
        ("dubbelschaak", {"points": {"bye": "6/6 ow"}}, "is not a points rule"),
        (
            "keizer-classic",
            {"keizer": {"mode": "iterate", "iterate_rounds": []}},
            "needs iterate_rounds",
        ),
        ("ladder-ab", {"points": {"win": "1 opp"}}, "system 'points' needs plain numbers"),
        (
            "ladder-ab",
            {"pairing": {"colours": ["bogus"]}},
            "'pairing.colours.0': expected 'repeat-reversed'",
        ),
        (
            "ladder-ab",
            {"tie_breaks": ["wins", "rating"]},
            "'tie_breaks.1': expected 'initial-order'",
        ),
        ("keizer-classic", {"keizer": {"values": {"top": "x"}}}, "'keizer.values.top'"),
        ("dubbelschaak", {"points": {"absent": {"cap": {"count": 3}}}}, "exactly one of 'count'"),
    ],
)
def test_bad_overrides_name_the_field_and_allowed_values(preset, overrides, message) -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset(preset, overrides)
    assert message in err.value.describe("en")
    assert "\n" not in str(err.value)


def test_floats_are_refused_where_exact_numbers_are_needed() -> None:
    with raises_in_english(RulesetError, "exact number"):
        load_ruleset(
            "dubbelschaak", {"points": {"absent": {"cap": {"fraction_of_cycle_rounds": 0.33}}}}
        )


@pytest.mark.parametrize("preset", sorted(SPEC_PRESETS))
def test_the_spec_table_of_points_per_kind_is_data(preset) -> None:
    """Every kind the spec's table marks with a dash is not used by the preset."""
    unused = {
        "dubbelschaak": {Kind.JOKER},
        "keizer-classic": {Kind.JOKER, Kind.DECLINED_ENGINE},
        "princenpaard": {Kind.CUP_WIN, Kind.CUP_DRAW, Kind.CUP_LOSS, Kind.DECLINED_ENGINE},
        "ladder-ab": {Kind.CUP_WIN, Kind.CUP_DRAW, Kind.CUP_LOSS, Kind.JOKER, Kind.DECLINED_ENGINE},
        "magnus-senior": {
            Kind.CUP_WIN,
            Kind.CUP_DRAW,
            Kind.CUP_LOSS,
            Kind.JOKER,
            Kind.DECLINED_ENGINE,
        },
        "magnus-youth": {
            Kind.CUP_WIN,
            Kind.CUP_DRAW,
            Kind.CUP_LOSS,
            Kind.JOKER,
            Kind.DECLINED_ENGINE,
        },
    }[preset]
    assert not unused & set(load_ruleset(preset).points.kinds)


def test_both_languages_have_the_same_words() -> None:
    nl, en = (set(catalog(lang)) for lang in LANGUAGES)
    assert nl == en, f"only in nl: {sorted(nl - en)}; only in en: {sorted(en - nl)}"
