"""Which format a competition is: the one answer every layer asks (:func:`format_of`).

A ruleset says how it is run in ``pairing.method`` (``ladder``, ``swiss``, ``knockout``,
``round-robin``) and, for a round robin, in the sections that make it a format of its own
(``playoff``: the DS-19/DS-20 championship play-off; ``pools_cup``: the DS-21 Meierij Cup).
Nothing outside this module compares those strings or sections to learn the format: it asks
``format_of(ruleset) is Format.CUP`` (or one of the properties: :attr:`Format.scheduled`,
:attr:`Format.paired`).

* ``LADDER``: paired evening by evening down the standings (Keizer ladders, the A/B points
  ladder: DS, KC, LA, MG senior);
* ``SWISS``: paired by the Swiss system (PP, MG youth);
* ``CUP``: the knock-out cup (MG-7);
* ``ROUND_ROBIN``: a round-robin group whose Berger schedule is made when it is created
  (DS-16: Topcompetitie, Rembrandt League, Weihenstephaner League);
* ``PLAYOFF``: the championship play-off, a round robin of the seeds, then barrages (DS-20);
* ``POOLS_CUP``: the cup of pools, round robins then knock-outs (DS-21).

The method decides first: a ``playoff`` or ``pools_cup`` section makes a format of its own
only for a round robin (the only method they are written for).
"""

from __future__ import annotations

from enum import Enum

from compcore.rules.rulesets import Ruleset


class Format(Enum):
    """The competition formats the rulesets have (see the module's docstring)."""

    LADDER = "ladder"
    SWISS = "swiss"
    CUP = "cup"
    ROUND_ROBIN = "round-robin"
    PLAYOFF = "playoff"
    POOLS_CUP = "pools-cup"

    @property
    def scheduled(self) -> bool:
        """A round robin (``pairing.method = "round-robin"``: groups, the play-off, the
        pools): its whole schedule is made when it is created, it is never paired."""
        return self in _SCHEDULED

    @property
    def paired(self) -> bool:
        """Paired round by round (ladder, Swiss, cup)."""
        return not self.scheduled


_SCHEDULED = frozenset({Format.ROUND_ROBIN, Format.PLAYOFF, Format.POOLS_CUP})

_BY_METHOD = {"ladder": Format.LADDER, "swiss": Format.SWISS, "knockout": Format.CUP}


def format_of(ruleset: Ruleset) -> Format:
    """The format of a competition under ``ruleset``."""
    method = ruleset.pairing.method
    if method != "round-robin":
        return _BY_METHOD[method]
    if ruleset.playoff is not None:
        return Format.PLAYOFF
    if ruleset.pools_cup is not None:
        return Format.POOLS_CUP
    return Format.ROUND_ROBIN


def is_cup(ruleset: Ruleset) -> bool:
    """Whether the ruleset runs a knock-out cup (MG-7)."""
    return format_of(ruleset) is Format.CUP


def is_playoff(ruleset: Ruleset) -> bool:
    """Whether a competition under ``ruleset`` is a championship play-off (DS-20)."""
    return format_of(ruleset) is Format.PLAYOFF


def is_pools_cup(ruleset: Ruleset) -> bool:
    """Whether a competition under ``ruleset`` is a cup of pools (DS-21)."""
    return format_of(ruleset) is Format.POOLS_CUP
