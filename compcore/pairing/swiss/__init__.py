"""FIDE Dutch Swiss pairing (C.04.3, the rules in force from 2026) for compcore.

The engine is caissify-pairings' Dutch engine, wrapped: compcore builds its input from its
own records, redoes the colour allocation with the FIDE ranking, swaps its matching backend
for a fast exact one, and orders the boards as the reference engine does. See
``docs/swiss.md``; a TRF16 file is read and paired by the adapter
:mod:`compcore.adapters.files.trf_pairing`.
"""

from __future__ import annotations

from compcore.pairing.swiss.allocation import allocate_colours, effective_numbers, player_inputs
from compcore.pairing.swiss.engine import pair_dutch
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
    "effective_numbers",
    "pair_dutch",
    "player_inputs",
]
