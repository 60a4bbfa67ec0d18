"""Rulesets validated before, found again by their exact text (issue 19).

Validating a ruleset's text with pydantic (:mod:`compcore.rules.rulesets.models`) costs a third
of a second in a fresh process: importing pydantic and building its validators. A text
that was validated once (a shipped preset, a season file's ruleset seen before) is kept
here with the data the validation gave, so the next process builds the ruleset straight
from that data (:func:`compcore.rules.rulesets.schema.build`) without pydantic.

* **Where**: ``$COMPCORE_CACHE`` if set (empty: no cache at all), else
  ``$XDG_CACHE_HOME/compcore/rulesets``, else ``~/.cache/compcore/rulesets``; one small JSON
  file a text, at most 500 (the oldest go first).
* **Never trusted over a changed text**: a file is named by the BLAKE2b hash (256 bits)
  of the text and of the code that validates it (the package's ``__init__.py``,
  the modules of ``schema/`` and ``models/``, ``compcore/domain/model.py`` (the entry kinds) and pydantic's
  version files, by size and modification time), and it holds the text itself, which
  must equal the text asked for. A changed preset, override
  or compcore gives another name; an unreadable, corrupt or foreign file is ignored (and
  the text validated again).
* **Only accepted texts** are kept: a refused text is validated every time, so every
  refusal reads as it always did.
* **Safe under concurrent processes**: each file is written whole to a temporary name in
  the same folder and moved in place (an atomic rename); a failed write (a read-only home,
  a full disk) leaves nothing behind and is not an error.
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

try:  # BLAKE2b without loading OpenSSL (hashlib's import costs more than a cached read)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

#: the environment variable naming the folder (empty: no cache)
ENV = "COMPCORE_CACHE"


def folder() -> Path | None:
    """The cache folder, or None when ``$COMPCORE_CACHE`` is set empty (or there is no
    home folder to keep it in)."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home.startswith("~"):  # no home to be found: no cache (not one in the cwd)
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "compcore" / "rulesets"


@cache
def _code() -> bytes:
    """What the validation's outcome depends on besides the text: the package's
    ``__init__.py``, the modules of the schema and of the models, ``compcore/domain/model.py``
    (the entry kinds) and pydantic's version files, each by its path, size and modification time (as Python's own bytecode cache judges a source
    changed; reading and hashing them cost more than a cached read, issue 19)."""
    here = Path(__file__).parent
    domain = here.parent.parent / "domain"
    schema = sorted((here / "schema").glob("*.py"))
    models = sorted((here / "models").glob("*.py"))
    paths = [here / "__init__.py", *schema, *models, domain / "model.py"]
    for package, name in (("pydantic", "version.py"), ("pydantic_core", "__init__.py")):
        spec = find_spec(package)  # found, not imported: importing pydantic is what this saves
        if spec is not None and spec.origin:
            paths.append(Path(spec.origin).parent / name)
    marks = []
    for path in paths:
        try:
            known = path.stat()
            marks.append(f"{path}:{known.st_size}:{known.st_mtime_ns}")
        except OSError:
            marks.append(f"{path}:missing")
    return "\n".join(marks).encode("utf-8", "surrogatepass")


def _path(text: str) -> Path | None:
    where = folder()
    if where is None:
        return None
    name = blake2b(_code() + text.encode("utf-8", "surrogatepass"), digest_size=32).hexdigest()
    return where / f"{name}.json"


def read(text: str) -> dict[str, Any] | None:
    """The data validated from exactly ``text`` before, or None (never seen, or the file
    is unreadable, corrupt or for another text)."""
    try:
        path = _path(text)
        if path is None:
            return None
        stored = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("text") != text:
        return None
    data = stored.get("data")
    return data if isinstance(data, dict) else None


#: at most this many files are kept; past it a write removes the least recently written
KEEP = 500


def write(text: str, data: dict[str, Any]) -> None:
    """Keep ``data``, validated from ``text``; quietly nothing if the folder cannot be
    written. A folder past :data:`KEEP` files loses its oldest first (the rule lab and the
    simulations may try many rulesets)."""
    try:
        path = _path(text)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        _prune(path.parent)
        import tempfile  # here: its import costs more than a cached read

        content = json.dumps({"text": text, "data": data}, ensure_ascii=False).encode("utf-8")
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, ValueError):
        return


def _prune(folder: Path) -> None:
    """Down to :data:`KEEP` - 1 files (making room for one more), the oldest out; a file
    another process removed first is no error."""
    entries = [e for e in os.scandir(folder) if e.name.endswith(".json")]
    if len(entries) < KEEP:
        return

    def written(entry: os.DirEntry[str]) -> float:
        try:
            return entry.stat().st_mtime
        except OSError:
            return 0.0

    entries.sort(key=written)
    for entry in entries[: len(entries) - KEEP + 1]:
        Path(entry.path).unlink(missing_ok=True)
