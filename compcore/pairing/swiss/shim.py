"""caissify's Dutch bracket loop run on compcore's matching (:mod:`compcore.pairing.swiss.engine`):
its ``import networkx`` rerouted to :func:`~compcore.pairing.swiss.matching.networkx_shim` and
three of its nested helpers swapped for compcore's cheaper ones (:func:`_shimmed`)."""

from __future__ import annotations

import builtins
import types
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from caissify_pairings.engines import dutch as _caissify_dutch

from compcore.pairing.swiss.matching import networkx_shim
from compcore.pairing.swiss.tracker import TableTracker

#: the weight table's tracker of the pairing under way (:meth:`_DutchEngine.generate_pairings`):
#: compcore's ``_set_w`` logs each changed entry's previous weight in it, ``_run_mwm`` hands
#: it to :func:`compcore.pairing.swiss.matching.partners`; per thread and task
_compcore_tracker: ContextVar[TableTracker | None] = ContextVar(
    "compcore_swiss_table", default=None
)


def _own_closures() -> dict[str, types.CodeType]:
    """compcore's bodies for three helpers nested in caissify's bracket loop, by name.

    They read the loop's weight table (``edge_weights``, ``(i, j) -> weight`` with
    ``i < j``) and do what caissify's own do, cheaper: ``_set_w``/``_get_w`` order the key
    without a call (``_set_w`` writes nothing where the entry already reads ``w``: an
    absent entry reads 0, so the (i, i) = 0 writes of caissify's ``_finalize_pair`` and
    the zeroing of zeros change nothing); ``_run_mwm`` hands the whole table to
    :func:`compcore.pairing.swiss.matching.partners` instead of building a graph one call
    per edge. Each has the free variables of caissify's (checked by :func:`_shimmed`), so
    the loop's own cells close over them; they run with caissify's module globals plus
    ``_compcore_tracker`` (added by :func:`_shimmed`), so they name nothing else (no
    compcore import). ``_set_w`` logs each entry's weight before its first change since the
    last matching in the pairing's :class:`~compcore.pairing.swiss.tracker.TableTracker`,
    which ``_run_mwm`` hands on, so a matching updates its weight classes instead of
    recounting the whole table.
    """
    edge_weights: dict[tuple[int, int], int] = {}
    n = 0
    nx: Any = None
    _ek: Any = None

    def _set_w(i: int, j: int, w: int) -> None:
        key = (i, j) if i < j else (j, i) if i > j else _ek(i, j)
        old = edge_weights.get(key, 0)
        if old == w:
            return  # the table reads the same (an absent entry reads 0)
        tracker = _compcore_tracker.get()
        if tracker is not None and key not in tracker.log:
            tracker.log[key] = old
        edge_weights[key] = w

    def _get_w(i: int, j: int) -> int:
        if i < j:
            return edge_weights.get((i, j), 0)
        return edge_weights.get(_ek(i, j), 0)

    def _run_mwm() -> list[int]:
        found: list[int] = nx.partners(n, edge_weights, _compcore_tracker.get())
        return found

    return {f.__name__: f.__code__ for f in (_set_w, _get_w, _run_mwm)}


def _shimmed(function: types.FunctionType) -> types.FunctionType:
    """``function`` (from caissify's dutch module) with ``import networkx`` rerouted, and
    its nested helpers named in :func:`_own_closures` replaced by compcore's where their
    free variables are the same (else caissify's own stay)."""
    own = _own_closures()
    code = function.__code__
    code = code.replace(
        co_consts=tuple(
            own[c.co_name]
            if isinstance(c, types.CodeType)
            and c.co_name in own
            and own[c.co_name].co_freevars == c.co_freevars
            else c
            for c in code.co_consts
        )
    )
    shim = networkx_shim()
    real_import = builtins.__import__

    def importer(
        name: str,
        globals: Mapping[str, object] | None = None,
        locals: Mapping[str, object] | None = None,
        fromlist: tuple[str, ...] | list[str] = (),
        level: int = 0,
    ) -> types.ModuleType:
        if name == "networkx" and level == 0 and not fromlist:
            return shim
        return real_import(name, globals, locals, fromlist, level)

    own_builtins = dict(vars(builtins))
    own_builtins["__import__"] = importer
    own_globals = dict(vars(_caissify_dutch))
    own_globals["__builtins__"] = own_builtins
    own_globals["_compcore_tracker"] = _compcore_tracker
    clone = types.FunctionType(
        code,
        own_globals,
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )
    clone.__kwdefaults__ = function.__kwdefaults__
    clone.__qualname__ = function.__qualname__
    clone.__doc__ = function.__doc__
    return clone
