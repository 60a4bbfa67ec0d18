"""What a change-log entry changed, readable: ``ronde 4 · bord 2 · uitslag: – → 1-0``.

The store logs ``before``/``after`` as season-file JSON of what changed (a round, a player,
a rating change, a decision, the ruleset, or a whole season). :func:`describe` compares the
two and says, per changed field, what it was and what it became, with player names instead
of ids, in Dutch or English. Lists are matched by what identifies their items (a round's
number, a player's id, a board's place), so one changed result is one line. Values are
shown in words too: a stored reason (``{"key", "rule", "params"}``) as its text, an entry
kind, a result, a participation, a flag or a decision's kind as the clubs say it.

:func:`action_words` and :func:`actor_words` show a log entry's action
(``publish-round``) and actor (``director:Jan``) in words.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from compcore.domain import reason
from compcore.domain.errors import Label
from compcore.i18n import Lang, t

#: how the items of a list are told apart (None: by their place, counted from 1)
_ITEM_KEYS: dict[str, tuple[str, ...] | None] = {
    "rounds": ("round",),
    "players": ("id",),
    "ratings": ("player", "from_round"),
    "roster_changes": ("player", "from_round"),
    "games": None,
    "decisions": None,
    "forced": None,
}


#: a log entry's reason that compcore itself wrote before actions were keys (old databases)
LEGACY_REASONS: dict[str, str] = {"undo in the app": "log.action.undo-round"}

#: season-file fields whose values have words of their own: field -> catalogue prefix
_VALUE_WORDS: dict[str, str] = {
    "participation": "app.participation",
    "virtual": "log.virtual",
    "flags": "flag",
    "kind": "app.decision",
    "result": "app.result",
}


def action_words(action: str, lang: Lang = "nl") -> str:
    """A log entry's action in words (``publish-round``: "indeling gepubliceerd"); an
    action compcore has no words for (a script's own) as it is."""
    return Label("log.action", action).render(lang)


def actor_words(actor: str, lang: Lang = "nl") -> str:
    """Who made a change: ``director:Jan`` as "wedstrijdleider Jan", ``administrator:...``
    and ``system:...`` in words; anything else as it is."""
    kind, sep, name = actor.partition(":")
    if not sep or f"log.actor.{kind}" not in _catalog(lang):
        return actor
    return t(f"log.actor.{kind}", lang, name=Label(f"log.actor.{kind}", name).render(lang))


def reason_words(text: str | None, lang: Lang = "nl") -> str:
    """A log entry's reason: the director's own words as he wrote them; a reason compcore
    wrote itself in an older version in words."""
    if text is None:
        return ""
    legacy = LEGACY_REASONS.get(text)
    return t(legacy, lang) if legacy else text


def _catalog(lang: Lang) -> Mapping[str, str]:
    from compcore.i18n import catalog

    return catalog(lang)


def describe(
    before: Any, after: Any, lang: Lang = "nl", names: Mapping[str, str] | None = None,
    limit: int = 6,
) -> str:  # fmt: skip
    """The changes from ``before`` to ``after`` as ``label: before → after`` lines joined by
    "; " (at most ``limit`` lines, then how many more)."""
    names = names or {}
    label = _item_label(after if after is not None else before, lang, names)
    lines = list(_changes(before, after, [label] if label else [], "", lang, names))
    if len(lines) > limit:
        lines = [*lines[:limit], t("log.more", lang, count=len(lines) - limit)]
    return "; ".join(lines)


def _changes(
    before: Any, after: Any, path: list[str], field: str, lang: Lang, names: Mapping[str, str]
) -> Iterator[str]:
    """One line per changed value; ``path`` says where (in words), ``field`` is the
    season-file key of this value."""
    if before == after:
        return
    where = " · ".join(path)
    if _is_reason(before) or _is_reason(after):
        yield f"{where}: {_value(before, lang, names)} → {_value(after, lang, names)}"
        return
    if field in _VALUE_WORDS or field == "entries":
        before, after = _worded(before, field, lang), _worded(after, field, lang)
    if (before is None or after is None) and isinstance(after if before is None else before, dict):
        yield t("log.added" if before is None else "log.removed", lang, what=where)
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            step = [*path, _field_label(key, lang, names)]
            yield from _changes(before.get(key), after.get(key), step, key, lang, names)
        return
    if isinstance(before, list) and isinstance(after, list) and _is_items(before + after):
        yield from _list_changes(before, after, path[:-1] if field else path, field, lang, names)
        return
    yield f"{where}: {_value(before, lang, names)} → {_value(after, lang, names)}"


def _list_changes(
    before: list[Any], after: list[Any], path: list[str], field: str, lang: Lang,
    names: Mapping[str, str],
) -> Iterator[str]:  # fmt: skip
    """Items matched by their identity (or place): each changed item's own changes."""
    keys = _ITEM_KEYS.get(field, ("id",) if all("id" in v for v in before + after) else None)
    old = {_identity(item, i, keys): item for i, item in enumerate(before)}
    new = {_identity(item, i, keys): item for i, item in enumerate(after)}
    for ident in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(ident), new.get(ident)
        label = _item_label(a if b is None else b, lang, names) or _place(field, ident, lang)
        yield from _changes(a, b, [*path, label], "", lang, names)


def _field_label(key: str, lang: Lang, names: Mapping[str, str]) -> str:
    """A field in words (``uitslag``), or a player's name where the key is a player id."""
    if key in names:
        return names[key]
    text = t(f"log.field.{key}", lang)
    return key if text == f"log.field.{key}" else text


def _identity(item: Any, index: int, keys: tuple[str, ...] | None) -> Any:
    if keys is None or not isinstance(item, dict):
        return index + 1
    return tuple(item.get(k) for k in keys)


def _place(field: str | None, ident: Any, lang: Lang) -> str:
    if field == "games":
        return t("log.board", lang, board=ident)
    return f"{field} {ident}" if field else str(ident)


def _is_items(values: list[Any]) -> bool:
    return bool(values) and all(isinstance(v, dict) for v in values)


def _item_label(item: Any, lang: Lang, names: Mapping[str, str]) -> str | None:
    """What an item is: a round, a player, a rating change, a roster-history line, a
    decision, a competition."""
    if not isinstance(item, dict):
        return None
    if "club" in item and "competition" in item:
        return f"{item['club']} / {item.get('season', '')} / {item['competition']}"
    if "round" in item and ("games" in item or "present" in item or "entries" in item):
        return t("log.round", lang, number=item["round"])
    if "id" in item and "name" in item:
        return t("log.player", lang, player=item["name"])
    if "from_round" in item and "player" in item:
        player = names.get(item["player"], item["player"])
        key = "log.rating" if "rating" in item else "log.history"
        return t(key, lang, player=player, round=item["from_round"])
    if "kind" in item and "player" in item:
        kind = Label("app.decision", item["kind"]).render(lang)
        return t("log.decision", lang, kind=kind, player=_name(item["player"], names))
    return None


def _name(value: str, names: Mapping[str, str]) -> str:
    return names.get(value, value)


def _is_reason(value: Any) -> bool:
    """Whether ``value`` is a stored reason's JSON (a game's reason or override)."""
    return isinstance(value, dict) and "key" in value and reason.problem(value) is None


def _worded(value: Any, field: str, lang: Lang) -> Any:
    """A field's value in words: entry kinds (``entries``), results, participation, flags,
    a decision's kind; other values as they are."""
    if field == "entries" and isinstance(value, dict):
        return {pid: Label("kind", kind).render(lang) for pid, kind in value.items()}
    prefix = _VALUE_WORDS.get(field)
    if prefix is None:
        return value
    if isinstance(value, list):
        return [Label(prefix, v).render(lang) if isinstance(v, str) else v for v in value]
    return Label(prefix, value).render(lang) if isinstance(value, str) else value


def _value(value: Any, lang: Lang, names: Mapping[str, str]) -> str:
    """A value as a short text: ids as names, a game as ``white – black result``, a stored
    reason as its text."""
    if value is None or value == [] or value == {}:
        return t("log.none", lang)
    if _is_reason(value):
        return reason.Reason.decode(value).text(lang, names)
    if isinstance(value, list):
        return ", ".join(_value(v, lang, names) for v in value)
    if isinstance(value, dict):
        if "white" in value and "black" in value:
            game = f"{_name(value['white'], names)} – {_name(value['black'], names)}"
            if not value.get("result"):
                return game
            return f"{game} {Label('app.result', value['result']).render(lang)}"
        return ", ".join(f"{_name(str(k), names)}: {_value(v, lang, names)}"
                         for k, v in value.items())  # fmt: skip
    if isinstance(value, bool):  # finalized, archived, a switch of the overrides: ja/nee
        return t("log.yes" if value else "log.no", lang)
    if isinstance(value, str):
        return _name(value, names)
    return json.dumps(value, ensure_ascii=False)
