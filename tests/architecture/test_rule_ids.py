"""Every rule id of the spec has a row in docs/rules.md, and that row holds: every function
it names imports and cites the id in its docstring; every test it names exists (found by
AST, not imported) and names the id in its name or docstring, not in a comment.

The ids are parsed from ``../shared/spec/rulesets.md`` when that file is there (its table
rows ``| DS-3 | ... |``); otherwise from ``FALLBACK_IDS`` below, a copy of the spec's 61
ids (then ``test_ids_come_from_the_spec`` says so by skipping).
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "spec" / "rulesets.md"
RULES = ROOT / "docs" / "rules.md"

FALLBACK_IDS = (
    [f"DS-{i}" for i in range(1, 22)]
    + [f"KC-{i}" for i in range(1, 15)]
    + [f"PP-{i}" for i in range(1, 8)]
    + [f"LA-{i}" for i in range(1, 12)]
    + [f"MG-{i}" for i in range(1, 9)]
)

ROW = re.compile(r"^\|\s*([A-Z]{2}-\d+)\s*\|", re.MULTILINE)


def spec_ids() -> list[str]:
    """The ids of the spec's rule tables, in the spec's order (the fallback list without it)."""
    if not SPEC.is_file():
        return list(FALLBACK_IDS)
    return list(dict.fromkeys(ROW.findall(SPEC.read_text(encoding="utf-8"))))


def cites(text: str | None, rule: str) -> bool:
    """``rule`` (``KC-10``) occurs as itself in ``text``: not as part of ``KC-100``."""
    return bool(text) and re.search(rf"(?<![\w-]){re.escape(rule)}(?!\d)", text or "") is not None


def name_cites(name: str, rule: str) -> bool:
    """A test name cites ``KC-10`` as ``kc10`` or ``kc_10`` between underscores."""
    club, number = rule.lower().split("-")
    return re.search(rf"(?:^|_){club}_?{number}(?=_|$)", name) is not None


def rows(text: str) -> dict[str, tuple[list[str], list[str]]]:
    """Each table row of docs/rules.md: id -> (functions, tests) from its code and tests
    columns (back-quoted, ``<br>``-separated)."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 5, f"row {m.group(1)} needs 5 cells: {line}"
        _, _, code, tests, _ = cells
        assert m.group(1) not in out, f"two rows for {m.group(1)}"
        out[m.group(1)] = (re.findall(r"`([^`]+)`", code), re.findall(r"`([^`]+)`", tests))
    return out


@cache
def table() -> dict[str, tuple[list[str], list[str]]]:
    return rows(RULES.read_text(encoding="utf-8"))


def resolve(target: str) -> Any:
    """``compcore.scoring.values:top_value`` or ``...:Class.method`` -> the object."""
    module, _, qualname = target.partition(":")
    assert qualname, f"{target}: not module:function"
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _walk(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield prefix + child.name, child
            yield from _walk(child, prefix + child.name + ".")


@cache
def docstrings_of_tests(path: str) -> dict[str, str]:
    """The test functions of a test file by qualified name, with their docstrings."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {
        name: ast.get_docstring(node) or ""
        for name, node in _walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def problems(rule: str, functions: list[str], tests: list[str]) -> list[str]:
    """What is wrong with one row (empty: nothing)."""
    out = []
    if not functions:
        out.append("no function named")
    for target in functions:
        try:
            obj = resolve(target)
        except (ImportError, AttributeError, AssertionError) as e:
            out.append(f"{target} does not import: {e}")
            continue
        if not cites(getattr(obj, "__doc__", None), rule):
            out.append(f"{target}: its docstring does not cite {rule}")
    if not tests:
        out.append("no test named")
    for target in tests:
        path, sep, name = target.partition("::")
        if not sep or not path.startswith("tests/") or not (ROOT / path).is_file():
            out.append(f"{target}: no such test file")
            continue
        found = docstrings_of_tests(path)
        if name not in found:
            out.append(f"{target}: no such test")
        elif not (name_cites(name.rsplit(".", 1)[-1], rule) or cites(found[name], rule)):
            out.append(f"{target}: neither its name nor its docstring names {rule}")
    return out


def test_ids_come_from_the_spec() -> None:
    if not SPEC.is_file():
        pytest.skip(f"{SPEC} not found: the ids come from FALLBACK_IDS in this file")
    assert len(spec_ids()) >= len(FALLBACK_IDS)


def test_every_row_is_a_spec_id() -> None:
    assert sorted(set(table()) - set(spec_ids())) == []


@pytest.mark.parametrize("rule", spec_ids())
def test_rule_has_a_row_code_and_tests(rule: str) -> None:
    assert rule in table(), f"docs/rules.md has no row for {rule}"
    functions, tests = table()[rule]
    assert problems(rule, functions, tests) == []


def test_a_broken_row_is_caught() -> None:
    """The checks themselves: a row naming a function that does not cite the id, a missing
    function, a test that names the id only in a comment and a missing test all fail."""
    assert cites("DS-3: win 6/6", "DS-3") and not cites("DS-30", "DS-3")
    assert not cites("KC-100", "KC-10") and not cites("XKC-10", "KC-10")
    assert name_cites("test_kc8_to_kc11_cup", "KC-11") and not name_cites("test_kc1", "KC-11")
    broken = rows(
        "| KC-10 | x | `compcore.scoring.values:top_value`<br>`compcore.nowhere:f` | "
        "`tests/architecture/test_rule_ids.py::test_every_row_is_a_spec_id`<br>`tests/architecture/test_rule_ids.py::gone` | |"
    )
    found = problems("KC-10", *broken["KC-10"])
    assert len(found) == 4, found
