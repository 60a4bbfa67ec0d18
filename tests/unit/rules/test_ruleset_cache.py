"""Rulesets as light frozen objects, validated once per text (issue 19).

The engine reads :mod:`compcore.rules.rulesets.schema`'s plain classes; pydantic's models
(:mod:`compcore.rules.rulesets.models`) validate a text not seen before, and the data they give
is kept by its exact text (:mod:`compcore.rules.rulesets.validated`). These tests hold the two
declarations to the same fields and defaults, and the cache to its promises: the same
ruleset either way, never trusted over another text or a damaged file, never a refusal
kept.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import compcore.rules.rulesets
from compcore.domain.errors import RulesetError
from compcore.rules.rulesets import load_ruleset, models, preset_names, schema, validated
from compcore.rules.rulesets.schema.base import _Rules
from tests.builders import raises_in_english

ROOT = Path(__file__).resolve().parents[3]
CLASSES = sorted(
    name
    for name, value in vars(schema).items()
    if isinstance(value, type) and issubclass(value, _Rules) and value is not _Rules
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and no ruleset built before in this process."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(validated.ENV, str(folder))
    monkeypatch.setattr("compcore.rules.rulesets._BUILT", {})
    return folder


def test_every_schema_class_has_its_model_and_no_model_is_left_over() -> None:
    model_names = {
        name
        for name, value in vars(models).items()
        if isinstance(value, type)
        and issubclass(value, models._Frozen)
        and value is not models._Frozen
    }
    assert len(CLASSES) == 26  # the ruleset and its 25 tables
    assert model_names == set(CLASSES)


@pytest.mark.parametrize("name", CLASSES)
def test_schema_and_models_have_the_same_fields_names_and_defaults(name: str) -> None:
    plain, model = getattr(schema, name), getattr(models, name)
    assert plain._fields == tuple(model.model_fields)
    assert plain._text_names == {
        n: f.alias for n, f in model.model_fields.items() if f.alias and f.alias != n
    }
    for field_name, info in model.model_fields.items():
        if info.is_required():
            assert field_name not in plain._defaults and field_name not in plain._factories
            continue
        expected = info.default_factory() if info.default_factory else info.default  # type: ignore[call-arg]
        if field_name in plain._factories:
            got = plain._factories[field_name]()
        else:
            got = plain._defaults[field_name]
        expected = expected.model_dump(mode="json") if hasattr(expected, "model_dump") else expected
        assert schema.dump(got) == schema.dump(expected) or got == expected, field_name


@pytest.mark.parametrize("preset", preset_names())
def test_a_cached_ruleset_is_the_validated_one(cache: Path, preset: str) -> None:
    fresh = load_ruleset(preset, {"rounds_per_cycle": 7})
    assert len(list(cache.glob("*.json"))) == 1
    compcore.rules.rulesets._BUILT.clear()
    again = load_ruleset(preset, {"rounds_per_cycle": 7})
    assert again is not fresh
    assert again == fresh and hash(again) == hash(fresh)
    assert again.model_dump(mode="json", by_alias=True) == fresh.model_dump(
        mode="json", by_alias=True
    )
    # what pydantic makes of the built ruleset's own data is that ruleset again
    text = json.dumps(schema.dump(fresh))
    assert schema.build(schema.Ruleset, models.validate(text)) == fresh


def test_the_objects_are_frozen_hashable_and_copy_and_pickle_as_values() -> None:
    ruleset = load_ruleset("dubbelschaak")
    with pytest.raises(AttributeError):
        ruleset.cycles = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del ruleset.points.win  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(ruleset)) == ruleset
    assert copy.deepcopy(ruleset) == ruleset
    changed = ruleset.model_copy(update={"cycles": 5})
    assert changed.cycles == 5 and ruleset.cycles != 5 and changed != ruleset
    assert changed.model_copy(update={"cycles": ruleset.cycles}) == ruleset
    assert len({ruleset, copy.deepcopy(ruleset), changed}) == 2
    assert "forfeit-win" in ruleset.points.model_dump(by_alias=True)
    with pytest.raises(TypeError, match="no field"):
        schema.Cap(count=1, bogus=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="needs the field"):
        schema.KindRule()  # type: ignore[call-arg]


def test_a_refused_ruleset_is_never_kept_and_refused_alike(cache: Path) -> None:
    for _ in range(2):
        with raises_in_english(RulesetError, "'rounds_per_cycle': expected greater than"):
            load_ruleset("dubbelschaak", {"rounds_per_cycle": 0})
    assert not cache.exists() or not list(cache.glob("*.json"))


def test_a_damaged_or_foreign_cache_file_is_ignored(cache: Path) -> None:
    good = load_ruleset("keizer-classic")
    (entry,) = cache.glob("*.json")
    stored = json.loads(entry.read_text(encoding="utf-8"))
    damaged = [
        b"",
        b"{not json",
        b"[]",
        json.dumps({**stored, "text": stored["text"] + " "}).encode(),  # another text's
        json.dumps({**stored, "data": {"name": "x"}}).encode(),  # not a ruleset's data
    ]
    for content in damaged:
        entry.write_bytes(content)
        compcore.rules.rulesets._BUILT.clear()
        assert load_ruleset("keizer-classic") == good
        # validated again and kept again, whole
        assert json.loads(entry.read_text(encoding="utf-8")) == stored


def test_no_cache_when_the_folder_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setenv(validated.ENV, str(blocked / "cache"))
    monkeypatch.setattr("compcore.rules.rulesets._BUILT", {})
    assert load_ruleset("princenpaard").name == "princenpaard"
    monkeypatch.setenv(validated.ENV, "")  # empty: no cache at all
    assert validated.folder() is None
    compcore.rules.rulesets._BUILT.clear()
    assert load_ruleset("princenpaard").name == "princenpaard"


def test_processes_filling_one_cache_at_once_agree(cache: Path) -> None:
    code = (
        "from compcore.rules.rulesets import preset_names, load_ruleset\n"
        "import json\n"
        "print(json.dumps([load_ruleset(n).model_dump(mode='json') for n in preset_names()]))\n"
    )
    env = {**os.environ, validated.ENV: str(cache), "PYTHONPATH": str(ROOT)}
    runs = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env)
        for _ in range(3)
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert all(run.returncode == 0 for run in runs)
    assert len(set(outputs)) == 1
    assert len(list(cache.glob("*.json"))) == len(preset_names())
    assert not list(cache.glob(".*.tmp"))  # every write moved in whole


def test_the_cache_keeps_at_most_its_limit_the_newest(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validated, "KEEP", 3)
    for n in range(5):
        validated.write(f"text {n}", {"n": n})
        path = validated._path(f"text {n}")
        assert path is not None
        os.utime(path, (1_000_000 + n, 1_000_000 + n))  # written in this order
    assert len(list(cache.glob("*.json"))) == 3
    assert [validated.read(f"text {n}") for n in range(5)] == [
        None,
        None,
        {"n": 2},
        {"n": 3},
        {"n": 4},
    ]
