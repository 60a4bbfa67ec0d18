"""``compcore pair FILE.trf``: a TRF16 file's next round paired by the FIDE Dutch system, in
the test vectors' plain format.

An adapter: it reads the file (:mod:`compcore.adapters.files.trf`), pairs with the core
(:func:`compcore.pairing.swiss.pair_dutch`) and writes the plain format; the core never
imports an adapter.
"""

from __future__ import annotations

from compcore.adapters.files.trf import format_plain_pairing, read_trf
from compcore.pairing.swiss import pair_dutch


def pair_trf_text(text: str) -> str:
    """Read a TRF16 text, pair its next round, return the vectors' plain format.

    Players with an entry already recorded for the round to pair (``0000 - H``, ``F``,
    ``Z``) are not paired. Raises :class:`compcore.domain.errors.TrfError` for a bad file and
    :class:`compcore.domain.errors.PairingError` when the round cannot be paired.
    """
    document = read_trf(text)
    pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
    return format_plain_pairing(pairing)
