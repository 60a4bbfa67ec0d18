"""Issue 8 "Strict types": compcore is checked by ``mypy --strict`` (CI's "types" step) and
ships its types (PEP 561). These tests keep the configuration honest: strict for every
compcore module, exceptions only for untyped third-party packages."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import compcore

ROOT = Path(__file__).resolve().parents[2]


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_mypy_is_strict_for_the_whole_package() -> None:
    """The whole package, the tests' in-memory store (``tests/fakes.py``), which the
    service tests run every write through as they would the DuckDB store, and the app:
    ``app.py``, its pages and ``ui/`` (issue "pages", step 4)."""
    mypy = _pyproject()["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["files"] == ["compcore", "tests/fakes.py", "app.py", "pages", "ui"]
    assert mypy["python_version"] == "3.11"


def test_every_page_and_ui_module_is_in_what_mypy_checks() -> None:
    """Every file the app runs from lies under one of mypy's ``files`` (a new page or ui
    module is checked without a change here), and no app folder is left out."""
    files = [ROOT / f for f in _pyproject()["tool"]["mypy"]["files"]]
    app = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").glob("*.py")]
    assert len(app) > 30
    unchecked = [p for p in app if not any(p == f or f in p.parents for f in files)]
    assert unchecked == []


def test_overrides_only_for_third_party_packages() -> None:
    """An override may quiet an untyped library's imports, never a compcore, page or ui
    module: no ``module = "compcore..."`` (nor ``ui``, ``pages``, ``app``) and no
    ``ignore_errors`` anywhere. pandas (no types of its own) is one such library."""
    ours = {"compcore", "ui", "pages", "app"}
    quieted = set()
    for override in _pyproject()["tool"]["mypy"].get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        assert not [m for m in modules if m.split(".")[0] in ours], override
        assert "ignore_errors" not in override, override
        quieted.update(modules)
    assert "pandas" in quieted


def test_package_ships_its_types() -> None:
    """PEP 561: the py.typed marker is in the package and in the built distribution."""
    assert (Path(compcore.__file__).parent / "py.typed").is_file()
    assert "py.typed" in _pyproject()["tool"]["setuptools"]["package-data"]["compcore"]


def test_ci_runs_mypy_after_ruff() -> None:
    steps = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ruff = steps.index(".venv/bin/ruff format --check .")
    mypy = steps.index(".venv/bin/mypy")
    assert ruff < mypy < steps.index('echo "== tests (the README\'s test command)"')
