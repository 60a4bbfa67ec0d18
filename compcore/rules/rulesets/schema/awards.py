"""Who wins what: categories, level tops, subgroups; a competition played within a ladder;
the championship play-off's barrages."""

from __future__ import annotations

from typing import Literal

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema.base import (
    _Rules,
    rule_field,
)

# --------------------------------------------------------------------------- awards


class Category(_Rules):
    """A rating category (DS-18): ``min_rating <= rating < below_rating``."""

    name: str
    min_rating: int | None = None
    below_rating: int | None = None


class LevelTop(_Rules):
    """LA-11: a top N of the players of one level (the B-players' top 3)."""

    level: str
    count: int = rule_field(ge=1)


class Subgroups(_Rules):
    """KC-12: after ``after_round`` players are split by the ranking into groups of ``size``
    (the director may compose them himself: ``compcore.formats.subgroups``)."""

    after_round: int = rule_field(ge=1)
    size: int = rule_field(ge=2)
    #: KC-12: the lists the proposal orders by (the sum of the places): the ranking, and
    #: optionally the rating list ("from the ranking, possibly with the rating")
    by: tuple[Literal["ranking", "rating"], ...] = rule_field(default=("ranking",), min_length=1)


class Awards(_Rules):
    categories: tuple[Category, ...] = ()
    #: first: the leader wins; first-or-playoff: a tie for first needs a play-off (LA-11);
    #: all-cycles-or-playoff: DS-19 (champion if they won every cycle, else a play-off);
    #: cup-final: the winner of the knock-out's final (MG-7; needs pairing.method knockout)
    champion: Literal["first", "first-or-playoff", "all-cycles-or-playoff", "cup-final"] = "first"
    playoff_size: int = rule_field(default=4, ge=2)
    level_top: LevelTop | None = None
    subgroups: Subgroups | None = None
    #: MG-8: in a drawn cup game a rating gap above this sends the lower-rated player through
    cup_rating_gap: int | None = None
    #: DS-16: the competition whose winner (a round robin's, once every board has a result)
    #: is promoted to this group for next season ("Topcompetitie"); None: no promotion
    promotes_to: str | None = None


# --------------------------------------------------------------------------- linked


class LadderLink(_Rules):
    """How a competition played within a ladder (``Season.ladder``) counts there, on the
    ladder evening each of its rounds names (``Round.ladder_round``).

    * ``game``: its games are forced boards of that evening's ladder round and score there
      as games (DS-16 groups, DS-20 play-off, MG-8 cup); their results are entered once and
      hold in both competitions.
    * ``entry``: its players get ``entry`` in that ladder round instead of a ladder game
      (DS-21: a Meierij Cup match gives DS-5's ``external``, 4/6 of the own value).
    * ``none``: nothing in the ladder.

    ``counts_for_meetings`` false: the ladder's meeting limits ignore these games (DS-16:
    not for DS-11's limit); they carry ``tag`` as their ``Game.group``.
    """

    counts_as: Literal["game", "entry", "none"]
    entry: Kind = Kind.EXTERNAL
    counts_for_meetings: bool = True
    #: the tag on the ladder's games (``Game.group``) when they do not count for meetings;
    #: None: the competition's name
    tag: str | None = None


# --------------------------------------------------------------------------- play-off


class Barrage(_Rules):
    """DS-20: how leaders level on points after a play-off decide the title: a match of
    ``games`` rapid games of ``minutes`` each, then (still level) an Armageddon game in which
    White has ``armageddon_white`` minutes and Black ``armageddon_black`` and a draw counts
    for Black. Three or more leaders are drawn by lot (seeded, reproducible) into a knock-out
    of such barrages: each stage pairs players in drawn order, so that after it a power of
    two is left (three: the first barrage eliminates one, the other two meet in the second)."""

    games: int = rule_field(default=2, ge=1)
    minutes: int = rule_field(default=5, ge=1)
    armageddon: bool = True
    armageddon_white: int = rule_field(default=6, ge=1)
    armageddon_black: int = rule_field(default=5, ge=1)


class PlayoffRules(_Rules):
    """A championship play-off played as a competition of its own (DS-19, DS-20): a round
    robin of the seeds (``pairing.method = "round-robin"``) whose leaders on points play
    barrages; the play-off's winner is the champion of the category it decides."""

    barrage: Barrage = rule_field(default_factory=Barrage)
