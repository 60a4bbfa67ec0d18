"""FIDE Dutch Swiss pairing (C.04.3, the rules in force from 2026) for compcore.

The engine is caissify-pairings' Dutch engine, wrapped: compcore builds its input from its
own records, redoes the colour allocation with the FIDE ranking, swaps its matching backend
for a fast exact one, and orders the boards as the reference engine does. See
``docs/swiss.md``.

>>> from compcore.pairing.swiss import pair_trf_text  # doctest: +SKIP
>>> print(pair_trf_text(open("tournament.trf").read()))  # doctest: +SKIP
"""

from __future__ import annotations

from compcore.pairing.swiss.engine import allocate_colours, pair_dutch, player_inputs
from compcore.pairing.swiss.model import (
    FIDE_POINTS,
    PointValues,
    SwissBoard,
    SwissPairing,
    SwissPlayer,
    SwissRecord,
    SwissTournament,
)

__all__ = [
    "FIDE_POINTS",
    "PointValues",
    "SwissBoard",
    "SwissPairing",
    "SwissPlayer",
    "SwissRecord",
    "SwissTournament",
    "allocate_colours",
    "pair_dutch",
    "pair_trf_text",
    "player_inputs",
]


def pair_trf_text(text: str) -> str:
    """Read a TRF16 text, pair its next round, return the vectors' plain format.

    Players with an entry already recorded for the round to pair (``0000 - H``, ``F``,
    ``Z``) are not paired. Raises :class:`compcore.errors.TrfError` for a bad file and
    :class:`compcore.errors.PairingError` when the round cannot be paired.
    """
    from compcore.adapters.trf import format_plain_pairing, read_trf

    document = read_trf(text)
    pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
    return format_plain_pairing(pairing)
