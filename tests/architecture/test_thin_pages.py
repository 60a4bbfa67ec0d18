"""Thin pages (issue "pages"): the Streamlit pages (``pages/``), their helpers (``ui/``) and
``app.py`` reach the store and the rules through ``compcore.services`` only, read from the
source with ``ast``:

- no call of a method on a store (``run.store.marks(...)``, ``store.load(...)``,
  ``opened.store.reader()``): a page passes the store it holds to a service
  (``drafts.publish(run.store, ...)``), it does not use it;
- no import of a core rule module (``compcore.rules``, ``scoring``, ``pairing``,
  ``formats``, ``awards``, ``lab``) or of an adapter (``compcore.adapters``): a page imports
  from ``compcore.services``, ``compcore.present``, ``compcore.i18n`` and
  ``compcore.domain`` (value types), every ``import`` counted, also one inside a function.

The named exceptions are pure formatting helpers, where a service around them would only
rename them: a number as people write it, and a CSV text (or its bytes for Excel).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the packages a page or a ui module may not import
FORBIDDEN = (
    "compcore.rules",
    "compcore.scoring",
    "compcore.pairing",
    "compcore.formats",
    "compcore.awards",
    "compcore.lab",
    "compcore.adapters",
)

#: (module, name) a page or a ui module may import all the same: pure formatting helpers
EXCEPTIONS = {
    ("compcore.scoring.explain", "number_text"),  # 13½, 17⅓, −⅙
    ("compcore.scoring.explain", "signed_text"),  # +27, −1
    ("compcore.adapters.files.csv_text", "csv_text"),  # rows as CSV text
    ("compcore.adapters.files.csv_text", "csv_bytes"),  # that text as bytes for Excel
}


def app_modules() -> list[Path]:
    """``app.py``, every page and every ui module."""
    return [
        ROOT / "app.py",
        *sorted((ROOT / "pages").glob("*.py")),
        *sorted((ROOT / "ui").glob("*.py")),
    ]


def _forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def forbidden_imports(source: str) -> list[str]:
    """The imports of a core rule module or an adapter in ``source`` (each as
    ``module:name``), the named exceptions left out."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if (node.module, alias.name) in EXCEPTIONS:
                    continue
                if _forbidden(node.module) or _forbidden(full):
                    found.append(f"{node.module}:{alias.name}")
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names if _forbidden(alias.name))
    return found


def _is_store(node: ast.expr) -> bool:
    """``store`` or ``<anything>.store``."""
    return (isinstance(node, ast.Name) and node.id == "store") or (
        isinstance(node, ast.Attribute) and node.attr == "store"
    )


def store_uses(source: str) -> list[str]:
    """Every method or attribute used on a store in ``source`` (``run.store.marks``,
    ``store.load``), as ``line: store.name``; passing ``run.store`` on is not a use."""
    uses = [
        (node.lineno, node.attr)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and _is_store(node.value)
    ]
    return [f"{line}: store.{name}" for line, name in sorted(uses)]


def test_the_pages_and_ui_call_no_store_method() -> None:
    found = {
        str(path.relative_to(ROOT)): uses
        for path in app_modules()
        if (uses := store_uses(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_pages_and_ui_import_no_rule_module_and_no_adapter() -> None:
    found = {
        str(path.relative_to(ROOT)): imports
        for path in app_modules()
        if (imports := forbidden_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_checks_see_what_they_look_for() -> None:
    """The two checks are not blind: each finds its case, in any of its forms, and lets
    the allowed ones through."""
    source = (
        "from compcore.scoring.standings import standings\n"
        "from compcore.formats import cup\n"
        "import compcore.pairing.engine\n"
        "from compcore.adapters.store import Store\n"
        "from compcore.scoring.explain import number_text\n"
        "from compcore.services import reading\n"
        "from compcore.domain.model import Season\n"
        "def f(run):\n"
        "    from compcore.rules.rulesets import load_ruleset\n"
        "    run.store.marks(1)\n"
        "    store.load(1)\n"
        "    drafts.publish(run.store, 1)\n"
        "    return run.opened.store.reader\n"
    )
    assert forbidden_imports(source) == [
        "compcore.scoring.standings:standings",
        "compcore.formats:cup",
        "compcore.pairing.engine",
        "compcore.adapters.store:Store",
        "compcore.rules.rulesets:load_ruleset",
    ]
    assert store_uses(source) == ["10: store.marks", "11: store.load", "13: store.reader"]


def test_every_page_and_ui_module_is_checked() -> None:
    """The checks read the folders the app runs from (a page moved elsewhere would slip)."""
    names = {str(p.relative_to(ROOT)) for p in app_modules()}
    assert {"app.py", "pages/round.py", "ui/state.py"} <= names
    assert len(names) > 30
