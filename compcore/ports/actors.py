"""Who writes: a logged-in tournament director or the local administrator.

Every write through a store port carries one (:mod:`compcore.ports.repository`); the store
names it in the change log (:attr:`label`) and refuses anything else. How a director proves
who he is (his password, the signed proof) is the access adapter's
(:mod:`compcore.adapters.access.auth`); these are only the values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["Actor", "Administrator", "Director"]


@dataclass(frozen=True)
class Director:
    """A logged-in tournament director. Made by
    :func:`compcore.adapters.access.auth.login` (which signs it), never by hand."""

    name: str
    issued_at: datetime
    nonce: str
    proof: str = field(repr=False)

    @property
    def label(self) -> str:
        """How the change log names this actor."""
        return f"director:{self.name}"


@dataclass(frozen=True)
class Administrator:
    """The local administrator: the command line and the app's first-start seeding."""

    name: str = "local"

    @property
    def label(self) -> str:
        return f"administrator:{self.name}"


Actor = Director | Administrator
