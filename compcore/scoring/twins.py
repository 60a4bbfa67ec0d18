"""Fast construction of frozen dataclasses made in thousands (issue 19).

A frozen dataclass sets each field through ``object.__setattr__``; a standings table of a
club with 8,000 members makes 8,000 rows and as many tie reasons, and the frozen
``__init__`` was a fifth of its time. :func:`maker` gives a function that builds an
instance as a twin class that is not frozen but has the same slots, then sets its
``__class__`` to the frozen class (the layouts are the same, so Python allows it): the
result is an ordinary instance of the frozen class, immutable, equal, picklable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, make_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` (every field, positionally, in order) for a frozen slotted
    dataclass, built as its twin."""
    names = [(f.name, f.type) for f in fields(cls)]  # type: ignore[arg-type]
    twin: Any = make_dataclass(f"_{cls.__name__}Twin", names, slots=True)
    if twin.__slots__ != getattr(cls, "__slots__", None):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")

    def make(*values: Any) -> T:
        made = twin(*values)
        made.__class__ = cls
        return made  # type: ignore[no-any-return]

    return make
