"""The pydantic models are split by the schema's sections (``models/`` as ``schema/``), and
the validated-ruleset cache is keyed on every one of those modules: a change to any of them
must make the cache validate again."""

from __future__ import annotations

from pathlib import Path

from compcore.rules.rulesets import validated

HERE = Path(validated.__file__).parent


def test_the_models_have_the_sections_of_the_schema() -> None:
    schema = sorted(p.name for p in (HERE / "schema").glob("*.py"))
    models = sorted(p.name for p in (HERE / "models").glob("*.py"))
    assert models == schema


def test_the_cache_key_names_every_module_of_the_models() -> None:
    text = validated._code().decode("utf-8", "surrogatepass")
    modules = list((HERE / "models").glob("*.py"))
    assert len(modules) == 8  # the package and its seven sections
    for module in modules:
        assert f"{module}:" in text
