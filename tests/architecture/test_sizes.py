"""Sizes (issue 28): no module of the app over 500 lines, no function over cyclomatic
complexity 20, read from the source with ``ast`` (no new dependency).

The complexity is counted as mccabe/radon do: 1, plus one for each ``if``/``elif``, conditional
expression, ``for``/``while`` (and its ``else``), ``except`` handler, ``with``, match case,
comprehension (and each of its ``if``s), and each extra operand of ``and``/``or``. A nested
function or class is measured on its own, not in the function around it.

The exceptions below are the modules and functions still over a limit, each with its reason;
none is left over 500 lines. The test fails when one of them is no longer needed (strike it
off: the list only shrinks) and when a new module or function outgrows the limit.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 500
MAX_COMPLEXITY = 20

# module (path from the repository root) -> why it may still be over MAX_LINES
LARGE_MODULES: dict[str, str] = {}

# "path:qualified.name" -> why it may still be over MAX_COMPLEXITY
COMPLEX_FUNCTIONS: dict[str, str] = {
    "compcore/domain/jsondata.py:_plainly_fine": (
        "one flat loop tuned for speed (issue 19: a season file's check in a fifth of the"
        " time); a helper call per object would cost what the loop saves"
    ),
}

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_NESTED = (*_FUNCTIONS, ast.ClassDef)


def sources() -> list[Path]:
    """The app's Python modules: the core package, the Streamlit pages, ui/ and app.py."""
    found = [ROOT / "app.py"]
    for folder in ("compcore", "pages", "ui"):
        found.extend(sorted((ROOT / folder).rglob("*.py")))
    return found


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not descending into nested functions or classes."""
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, _NESTED):
            todo.extend(ast.iter_child_nodes(node))


def _weight(node: ast.AST) -> int:
    """What one node adds to its function's complexity."""
    if isinstance(node, ast.If | ast.IfExp | ast.With | ast.AsyncWith | ast.ExceptHandler):
        return 1
    if isinstance(node, ast.For | ast.AsyncFor | ast.While):
        return 1 + bool(node.orelse)
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    if isinstance(node, ast.match_case):
        return 1
    return 0


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The cyclomatic complexity of one function (its nested functions not counted)."""
    return 1 + sum(_weight(node) for node in _own_nodes(function))


def functions(tree: ast.AST) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function in a module with its qualified name (``Class.method``, ``outer.inner``)."""

    def walk(
        node: ast.AST, prefix: str
    ) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _FUNCTIONS):
                yield prefix + child.name, child
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def too_large() -> dict[str, int]:
    """Modules over MAX_LINES, with their line counts."""
    out = {}
    for path in sources():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            out[relative(path)] = lines
    return out


def too_complex() -> dict[str, int]:
    """Functions over MAX_COMPLEXITY (``path:qualified.name``), with their complexity."""
    out = {}
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, node in functions(tree):
            cc = complexity(node)
            if cc > MAX_COMPLEXITY:
                out[f"{relative(path)}:{name}"] = cc
    return out


def test_no_module_outgrows_the_limit() -> None:
    found = too_large()
    new = {name: lines for name, lines in found.items() if name not in LARGE_MODULES}
    assert not new, f"modules over {MAX_LINES} lines: split them: {new}"


def test_every_large_module_exception_is_still_needed() -> None:
    found = too_large()
    stale = sorted(name for name in LARGE_MODULES if name not in found)
    assert not stale, f"no longer over {MAX_LINES} lines: strike them off LARGE_MODULES: {stale}"


def test_no_function_outgrows_the_limit() -> None:
    found = too_complex()
    new = {name: cc for name, cc in found.items() if name not in COMPLEX_FUNCTIONS}
    assert not new, f"functions over complexity {MAX_COMPLEXITY}: split them: {new}"


def test_every_complex_function_exception_is_still_needed() -> None:
    found = too_complex()
    stale = sorted(name for name in COMPLEX_FUNCTIONS if name not in found)
    assert not stale, (
        f"no longer over complexity {MAX_COMPLEXITY}: strike them off COMPLEX_FUNCTIONS: {stale}"
    )


_SAMPLE = """
def sample(xs, ys):
    if xs and ys or not xs:          # if 1, and/or 2
        pass
    elif ys:                         # elif 1
        pass
    for x in xs:                     # for 1
        while x:                     # while 1
            x -= 1
        else:                        # while's else 1
            pass
    try:
        pass
    except ValueError:               # except 1
        pass
    except KeyError:                 # except 1
        pass
    with open("f") as f:             # with 1
        pass
    y = 1 if xs else 2               # conditional expression 1
    zs = [z for z in ys if z if z > 1]  # comprehension 1, its ifs 2
    match y:
        case 1:                      # case 1
            pass
        case _:                      # case 1
            pass

    def inner():                     # measured on its own
        if y:
            return 1
        return 2

    return zs
"""


def test_the_complexity_counts_each_branch_once() -> None:
    tree = ast.parse(_SAMPLE)
    found = dict(functions(tree))
    assert sorted(found) == ["sample", "sample.inner"]
    assert complexity(found["sample"]) == 1 + 3 + 1 + 1 + 2 + 2 + 1 + 1 + 3 + 2
    assert complexity(found["sample.inner"]) == 2


def test_methods_and_nested_functions_are_named_by_their_place() -> None:
    tree = ast.parse("class A:\n    def f(self):\n        def g():\n            pass\n")
    assert [name for name, _ in functions(tree)] == ["A.f", "A.f.g"]
