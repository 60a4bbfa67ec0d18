"""Every rule id of spec/rulesets.md is named by at least one test (in its name or
docstring), so a rule without a test shows up here. The list is the spec's; when the spec
gains a rule, add it here and write its test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC_IDS = (
    [f"DS-{i}" for i in range(1, 22)]
    + [f"KC-{i}" for i in range(1, 15)]
    + [f"PP-{i}" for i in range(1, 8)]
    + [f"LA-{i}" for i in range(1, 12)]
    + [f"MG-{i}" for i in range(1, 9)]
)

TESTS = Path(__file__).resolve().parent
TEXT = "\n".join(
    p.read_text(encoding="utf-8")
    for p in sorted(TESTS.glob("test_*.py"))
    if p.name != Path(__file__).name
)


@pytest.mark.parametrize("rule", SPEC_IDS)
def test_rule_id_has_a_test(rule: str) -> None:
    assert re.search(rf"\b{rule}\b(?!\d)", TEXT), f"no test names {rule}"
