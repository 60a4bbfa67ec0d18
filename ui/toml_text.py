"""A small TOML writer for the settings page: shows a season's ruleset overrides as TOML so a
director can edit them in the presets' own language. Only what overrides hold: tables,
text, whole numbers, booleans, and lists (of those or of inline tables)."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def dumps(data: Mapping[str, Any]) -> str:
    """TOML text for ``data``; plain keys first, then one ``[table]`` per nested mapping."""
    lines: list[str] = []

    def table(prefix: str, items: Mapping[str, Any]) -> None:
        plain = {k: v for k, v in items.items() if not isinstance(v, Mapping)}
        nested = {k: v for k, v in items.items() if isinstance(v, Mapping)}
        if prefix and (plain or not nested):
            lines.append(f"[{prefix}]")
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in plain.items())
        for k, v in nested.items():
            if lines:
                lines.append("")
            table(f"{prefix}.{_key(k)}" if prefix else _key(k), v)

    table("", data)
    return "\n".join(lines) + ("\n" if lines else "")


def roundtrips(data: Mapping[str, Any]) -> bool:
    """Whether :func:`dumps` gives back exactly ``data`` when read."""
    try:
        return tomllib.loads(dumps(data)) == data
    except (TypeError, tomllib.TOMLDecodeError):
        return False
