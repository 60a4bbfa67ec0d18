"""The package's import structure (issue 8, item 1), read from the source: every ``import``
anywhere in a module counts, also one inside a function.

- no import cycle among compcore's modules (the pairing engine dispatched to the Swiss and
  knock-out methods, which imported the engine's types back: now they share
  ``compcore.pairing.context``);
- the core never imports an adapter (``compcore.adapters``): only the adapters themselves
  and the command line do.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "compcore"


def modules() -> dict[str, Path]:
    """compcore's modules by dotted name (a package by its own name)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The compcore modules ``path`` imports (``from X import Y``: ``X.Y`` if a module)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(path, known) - {name} for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle() -> None:
    # a -> b -> c -> a is one component; d only imports a
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_no_import_cycle_in_compcore() -> None:
    edges = graph()
    assert "compcore.pairing.club_swiss" in edges["compcore.pairing.engine"]
    assert cycles(edges) == []


def test_the_core_imports_no_adapter() -> None:
    """The core (domain, rules, scoring, formats, pairing, awards, lab) imports no adapter;
    the outer layers may: the renderers (compcore.present) beside the adapters, the command
    line and the service layer (compcore.services, which the pages call) put the core and
    the adapters together."""
    outside = {
        name: sorted(d for d in deps if d.startswith("compcore.adapters"))
        for name, deps in graph().items()
        if not name.startswith(
            ("compcore.adapters", "compcore.present", "compcore.services", "compcore.cli")
        )
    }
    assert {name: deps for name, deps in outside.items() if deps} == {}


#: the core's layers from the ground up: a module imports only from its own layer or below
LAYERS = (
    "compcore.i18n",
    "compcore.domain",
    "compcore.rules",
    "compcore.scoring",
    "compcore.formats",
    "compcore.pairing",
    "compcore.awards",
    "compcore.lab",
)


def layer_of(name: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        if name == layer or name.startswith(layer + "."):
            return i
    return None


def test_the_core_layers_import_only_downwards() -> None:
    """The folders of the core are storeys: ``compcore.scoring`` may import the rules and
    the domain, never a format, a pairing or the awards; and so on up (README's layout)."""
    up = {}
    for name, deps in graph().items():
        here = layer_of(name)
        if here is None:
            continue
        above = sorted(d for d in deps if (layer_of(d) or 0) > here)
        if above:
            up[name] = above
    assert up == {}


def test_the_layer_check_sees_an_import_upwards() -> None:
    # scoring (3) importing pairing (5) runs up; pairing importing scoring runs down
    assert layer_of("compcore.scoring.keizer") == 3
    assert layer_of("compcore.pairing.engine") == 5
    assert layer_of("compcore.adapters.store") is None


#: the storeys above the core, from the ground up: the ports the services ask for and the
#: adapters implement, the adapters, the renderers, the services, the command line
OUTER = (
    "compcore.ports",
    "compcore.adapters",
    "compcore.present",
    "compcore.services",
    "compcore.cli",
)


def storey_of(name: str) -> int | None:
    """0 for the whole core, 1 + the place in :data:`OUTER` above it (None: not compcore's)."""
    if layer_of(name) is not None:
        return 0
    for i, storey in enumerate(OUTER):
        if name == storey or name.startswith(storey + "."):
            return i + 1
    return None


def test_the_outer_storeys_import_only_downwards() -> None:
    """No arrow runs back up: the ports import only the core, the adapters only the core and
    the ports (never a service: the store implements a port, it does not reach into the
    services for its types), the services never the command line."""
    up = {}
    for name, deps in graph().items():
        here = storey_of(name)
        if here is None:
            continue
        above = sorted(d for d in deps if (storey_of(d) or 0) > here)
        if above:
            up[name] = above
    assert up == {}


def test_the_storey_check_sees_an_adapter_importing_a_service() -> None:
    assert storey_of("compcore.adapters.store.rows") == 2
    assert storey_of("compcore.services.round") == 4
    assert storey_of("compcore.scoring.keizer") == 0
    assert storey_of("compcore.ports.repository") == 1
