"""A player's name as the federations write it: ``Lastname, Firstname`` (issue 18 item 1).

compcore stores a name as people say it ("Hanneke van der Linden"). TRF's ``001`` line, the
KNSB and FIDE rating lists all write the surname first, then a comma and the first names
(``spec/formats.md``). A Dutch surname's prefix (the *tussenvoegsel*: "van der", "de", "ten",
"in 't", ...) stays with the surname and, written first, starts with a capital, as the KNSB
list and FIDE spell Dutch players ("Van der Aa, Quinten", "Van Foreest, Jorden").

The split: the first names are the words before the first word that is a prefix (lower case,
one of :data:`PREFIXES`) or, where there is none, before the last word. A name that already
has a comma is taken as written in that order already; a one-word name stays as it is.
"""

from __future__ import annotations

__all__ = ["PREFIXES", "federation_name"]

#: the words of Dutch surname prefixes (Belgian and German ones the clubs meet too)
PREFIXES = frozenset(
    {
        "van", "de", "der", "den", "het", "'t", "te", "ten", "ter", "in", "op", "uit", "aan",
        "bij", "onder", "over", "tot", "voor", "la", "le", "du", "des", "d'", "von", "vom",
        "zu", "zum", "zur", "l'", "el", "al", "da", "di", "dos",
    }
)  # fmt: skip


def federation_name(name: str) -> str:
    """``"Hanneke van der Linden"`` -> ``"Van der Linden, Hanneke"``; ``"Sven Mulder"`` ->
    ``"Mulder, Sven"``; ``"Mulder, Sven"`` and ``"Cher"`` stay as they are."""
    words = name.split()
    if "," in name or len(words) < 2:
        return " ".join(words)
    start = next((i for i in range(1, len(words) - 1) if words[i] in PREFIXES), len(words) - 1)
    surname = " ".join(words[start:])
    return f"{surname[:1].upper()}{surname[1:]}, {' '.join(words[:start])}"
