"""The validated-ruleset cache is keyed on the code the validation depends on: every one of
those files must exist, or a change to it would not make the cache validate again."""

from __future__ import annotations

from pathlib import Path

from compcore.rules.rulesets import validated

SCHEMA = Path(validated.__file__).parent / "schema"
MODELS = Path(validated.__file__).parent / "models"


def test_every_file_the_cache_key_names_exists() -> None:
    marks = validated._code().decode("utf-8", "surrogatepass").splitlines()
    # the package, each schema module, each models module, the entry kinds, pydantic's two files
    sections = len(list(SCHEMA.glob("*.py"))) + len(list(MODELS.glob("*.py")))
    assert len(marks) == 2 + sections + 2
    assert [m for m in marks if m.endswith(":missing")] == []


def test_the_key_names_the_entry_kinds_and_every_schema_section() -> None:
    text = validated._code().decode("utf-8", "surrogatepass")
    assert "compcore/domain/model.py:" in text
    for module in SCHEMA.glob("*.py"):
        assert f"{module}:" in text
