"""A season file's rounds read (:mod:`compcore.adapters.files.season_file`): the round's fields,
its boards (plainly when plainly right, issue 19), entries and forced pairings."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from compcore.adapters.files.season_fields import Fields, Where, refusal, show
from compcore.domain.errors import Phrase, choices
from compcore.domain.model import ENTRY_KINDS, Game, Kind, Result, Round
from compcore.scoring import twins

if TYPE_CHECKING:  # read where a file has one (:mod:`compcore.domain.season_parts`)
    from compcore.domain.season_parts import ForcedGame

ROUND_KEYS = (
    "round", "date", "cycle", "seed", "present", "late", "forced", "games", "entries",
    "finalized", "ladder_round",
)  # fmt: skip
GAME_KEYS = ("white", "black", "result", "group", "reason", "override")
FORCED_KEYS = ("white", "black", "reason", "group")
_RESULTS = ", ".join(r.value for r in Result)
_KINDS = choices(k.value for k in ENTRY_KINDS)
#: the words a season file may write for a result and for an entry's kind
_RESULT_WORDS = frozenset(r.value for r in Result)
_KIND_WORDS = frozenset(k.value for k in ENTRY_KINDS)


def read_round(data: Any, source: Where, index: int) -> Round:
    number = data.get("round") if isinstance(data, dict) else None
    step = (
        Phrase("at.round", number=number)
        if isinstance(number, int) and not isinstance(number, bool)
        else Phrase("at.round_index", index=index)
    )
    where = (*source, step)
    f = Fields(data, where, ROUND_KEYS)
    number = f.whole("round", required=True, minimum=1)
    day = f.text("date")
    if day is not None:
        from datetime import date  # here: a season without dates does without the module

        try:
            date.fromisoformat(day)
        except ValueError:
            raise f.refuse("season.date", got=day) from None
    games = f.listing("games")
    entries = f._get("entries", False)
    if entries is not None and not isinstance(entries, dict):
        raise f.refuse("season.entries")
    forced = f.listing("forced")
    return Round(
        number=number or 0,
        date=day,
        cycle=f.whole("cycle", minimum=0),
        games=None
        if games is None
        else tuple(
            _plain_game(g) or _game(g, (*where, Phrase("at.board", board=b)))
            for b, g in enumerate(games, 1)
        ),
        entries=None
        if entries is None
        else MappingProxyType(
            {
                pid: (_KIND_OF.get(kind) if type(kind) is str else None)
                or _kind(kind, (*where, Phrase("at.player", player=pid)))
                for pid, kind in entries.items()
            }
        ),
        present=f.ids("present"),
        forced=None
        if forced is None
        else tuple(_forced(g, (*where, Phrase("at.forced"))) for g in forced),
        seed=f.whole("seed", wide=True),
        late=f.ids("late"),
        finalized=f.flag("finalized"),
        ladder_round=f.whole("ladder_round", minimum=1),
    )


def _kind(value: Any, where: Where) -> Kind:
    if not isinstance(value, str) or value not in _KIND_WORDS:
        raise refusal(where, "season.kind", got=show(value), allowed=_KINDS)
    return Kind(value)


#: the words of the results and entry kinds, to their values
_RESULT_OF = {r.value: r for r in Result}
_KIND_OF = {k.value: k for k in ENTRY_KINDS}
_GAME_FIELDS = frozenset(GAME_KEYS)


def _plain_game(data: Any) -> Game | None:
    """The game ``data`` describes when it is plainly right (built-in types, text where
    text belongs, a known result, no reason object), else None: :func:`_game` then reads
    it, naming any mistake. The same game either way, without building a place for every
    board of a season (a season file's reading in two thirds of the time, issue 19)."""
    if type(data) is not dict or not _GAME_FIELDS.issuperset(data):
        return None
    white, black, result = data.get("white"), data.get("black"), data.get("result")
    if type(white) is not str or type(black) is not str or not white.strip() or not black.strip():
        return None
    if result is not None:
        result = _RESULT_OF.get(result) if type(result) is str else None
        if result is None:
            return None
    for key in ("group", "reason", "override"):
        value = data.get(key)
        if value is not None and (type(value) is not str or not value.strip()):
            return None
    return _new_game(
        white, black, result, data.get("group"), data.get("reason"), data.get("override")
    )


#: ``Game(white, black, result, group, reason, override)``, made as its unfrozen twin
#: (:mod:`compcore.scoring.twins`): a season file's boards, by the thousand, in a fifth of
#: the time (issue 19)
_new_game = twins.maker(Game)


def _game(data: Any, where: Where) -> Game:
    f = Fields(data, where, GAME_KEYS)
    result = f._get("result", False)
    if result is not None and (not isinstance(result, str) or result not in _RESULT_WORDS):
        raise f.refuse("season.result", got=show(result), allowed=_RESULTS)
    return Game(
        white=f.text("white", required=True) or "",
        black=f.text("black", required=True) or "",
        result=None if result is None else Result(result),
        group=f.text("group"),
        reason=f.reason("reason"),
        override=f.reason("override"),
    )


def _forced(data: Any, where: Where) -> ForcedGame:
    from compcore.domain.season_parts import ForcedGame

    f = Fields(data, where, FORCED_KEYS)
    return ForcedGame(
        white=f.text("white", required=True) or "",
        black=f.text("black", required=True) or "",
        reason=f.text("reason"),
        group=f.text("group"),
    )
