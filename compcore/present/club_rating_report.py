"""The club rating list (``compcore.scoring.club_rating``) as text: a table and JSON, for the
command line (``compcore rating``) and the app's Clubrating page."""

from __future__ import annotations

import json
from typing import Any

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Season
from compcore.i18n import Lang, t
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import ClubRatingRules
from compcore.scoring.club_rating import RatingList, club_ratings


def rating_list(season: Season, ruleset: Ruleset, after_round: int | None = None) -> RatingList:
    """The list after ``after_round`` (default: the last played round); a round that was
    not played is refused in one line (``standings.round_unplayed``)."""
    last = season.last_played
    if after_round is None:
        after_round = last
    if after_round < 0 or after_round > last:
        played = Phrase(
            "standings.played_none" if last == 0 else "standings.played_upto", last=last
        )
        raise CompcoreError(Phrase("standings.round_unplayed", round=after_round, played=played))
    return club_ratings(season, ruleset, upto=after_round).after(after_round)


def settings_text(rules: ClubRatingRules, lang: Lang) -> str:
    """The club's settings in one sentence (K, provisional games and K, initial rating)."""
    initial = (
        t("rating.initial_own", lang, unrated=rules.unrated)
        if rules.initial == "rating"
        else str(rules.initial)
    )
    provisional_k = rules.provisional_k or rules.k
    if provisional_k == rules.k:  # one K: say it once (issue 22: "K = 20 ... (K = 20)")
        return t("rating.settings_one_k", lang, k=rules.k, n=rules.provisional_games,
                 initial=initial)  # fmt: skip
    return t(
        "rating.settings",
        lang,
        k=rules.k,
        n=rules.provisional_games,
        provisional_k=provisional_k,
        initial=initial,
    )


def title(ratings: RatingList, lang: Lang) -> str:
    if ratings.after_round == 0:
        return t("rating.before_any", lang)
    return t("rating.after_round", lang, round=ratings.after_round)


def to_data(ratings: RatingList, season: Season, ruleset: Ruleset) -> dict[str, Any]:
    """JSON data: the round, the settings and per player place, id, name, rating, games,
    provisional and the change since the list before."""
    names = season.names()
    rules = ruleset.club_rating
    return {
        "after_round": ratings.after_round,
        "settings": rules.model_dump(mode="json"),
        "players": [
            {
                "place": place,
                "player": row.player,
                "name": names[row.player],
                "rating": row.rating,
                "games": row.games,
                "provisional": row.provisional,
                "change": row.change,
            }
            for place, row in enumerate(ratings.rows, start=1)
        ],
    }


def to_json(ratings: RatingList, season: Season, ruleset: Ruleset) -> str:
    return json.dumps(to_data(ratings, season, ruleset), ensure_ascii=False, indent=2)


def signed(change: int) -> str:
    """A change as the list shows it: +14, -6, 0."""
    return f"{change:+d}" if change else "0"


def to_table(ratings: RatingList, season: Season, ruleset: Ruleset, lang: Lang = "nl") -> str:
    """The list as a text table in ``lang``, under its title and the settings."""
    names = season.names()
    head = tuple(
        t(f"rating.col.{c}", lang)
        for c in ("place", "name", "rating", "games", "change", "provisional")
    )
    rows = [
        (
            str(place),
            names[row.player],
            str(row.rating),
            str(row.games),
            signed(row.change),
            t("rating.provisional_mark", lang) if row.provisional else "",
        )
        for place, row in enumerate(ratings.rows, start=1)
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    right = {0, 2, 3, 4}

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    lines = [title(ratings, lang), settings_text(ruleset.club_rating, lang), ""]
    lines += [line(head), *(line(r) for r in rows)]
    return "\n".join(lines) + "\n"
