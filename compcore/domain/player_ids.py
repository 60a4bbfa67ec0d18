"""Player ids made automatically (issue 9): readable and stable.

An id is a slug of the name (``Anna de Vries`` -> ``anna-de-vries``): lower case, accents
dropped, every other run of characters a single ``-``. A clash with an id in use gets the
first free ``-2``, ``-3``, ... An id is made once, when the player is added, and never
changes with a rename, so season files, logs and exports keep pointing at the same player.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

#: the id of a player whose name has no letters or digits at all
FALLBACK = "speler"
#: ids stay short enough to read in a season file and a URL
MAX_LENGTH = 40


def slug(name: str) -> str:
    """``Anna de Vries`` -> ``anna-de-vries``; ``Åsa Öberg-Ünal`` -> ``asa-oberg-unal``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return text[:MAX_LENGTH].rstrip("-") or FALLBACK


def new_player_id(name: str, taken: Collection[str]) -> str:
    """A new id for a player called ``name``: its slug, or with ``-2``, ``-3``, ... the
    first that is not in ``taken`` (never an id in use)."""
    base = slug(name)
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"
