"""Words for the club rating (issue 13 item 3): its list, trend, settings and command."""

NL: dict[str, str] = {
    "rating.title": "Clubrating",
    "rating.col.place": "Pl",
    "rating.col.name": "Naam",
    "rating.col.rating": "Clubrating",
    "rating.col.games": "Partijen",
    "rating.col.provisional": "Voorlopig",
    "rating.col.change": "Verschil",
    "rating.col.round": "Ronde",
    "rating.provisional_mark": "voorlopig",
    "rating.after_round": "Clubrating na ronde {round}",
    "rating.before_any": "Clubrating vóór de eerste ronde (de beginratings)",
    "rating.initial_own": "de eigen rating (zonder rating: {unrated})",
    "rating.settings": (
        "Elo-rating uit de aan het bord gespeelde partijen, per ronde bijgewerkt: K = {k}; "
        "voorlopig gedurende de eerste {n} partijen (K = {provisional_k}); beginrating: "
        "{initial}. Reglementaire partijen, oneven en afmeldingen tellen niet mee."
    ),
    "rating.settings_one_k": (
        "Elo-rating uit de aan het bord gespeelde partijen, per ronde bijgewerkt: K = {k}, "
        "voorlopig gedurende de eerste {n} partijen; beginrating: {initial}. Reglementaire "
        "partijen, oneven en afmeldingen tellen niet mee."
    ),
    "rating.trend": "Verloop per speler",
    "rating.choose": "Kies spelers",
    "rating.choose_help": "Typ een naam om te zoeken; elke gekozen speler krijgt een eigen kleur.",
    "rating.none_chosen": "Kies een of meer spelers om hun clubrating per ronde te zien.",
    "rating.list": "Ranglijst",
    "rating.at_round": "Na ronde",
    "rating.no_players": "Deze competitie heeft nog geen spelers.",
    "cli.help.rating": "de clubrating (Elo uit de gespeelde partijen), na elke ronde bijgewerkt",
    "cli.help.rating_after": "de clubrating na deze ronde (standaard: de laatste)",
}

EN: dict[str, str] = {
    "rating.title": "Club rating",
    "rating.col.place": "#",
    "rating.col.name": "Name",
    "rating.col.rating": "Club rating",
    "rating.col.games": "Games",
    "rating.col.provisional": "Provisional",
    "rating.col.change": "Change",
    "rating.col.round": "Round",
    "rating.provisional_mark": "provisional",
    "rating.after_round": "Club rating after round {round}",
    "rating.before_any": "Club rating before the first round (the initial ratings)",
    "rating.initial_own": "the player's own rating (unrated: {unrated})",
    "rating.settings_one_k": (
        "Elo rating from the games played over the board, updated per round: K = {k}, "
        "provisional for the first {n} games; initial rating: {initial}. Forfeits, byes and "
        "absences do not count."
    ),
    "rating.settings": (
        "Elo rating from the games played over the board, updated per round: K = {k}; "
        "provisional for the first {n} games (K = {provisional_k}); initial rating: "
        "{initial}. Forfeits, byes and absences do not count."
    ),
    "rating.trend": "Trend per player",
    "rating.choose": "Choose players",
    "rating.choose_help": "Type a name to search; every chosen player gets a colour of his own.",
    "rating.none_chosen": "Choose one or more players to see their club rating per round.",
    "rating.list": "List",
    "rating.at_round": "After round",
    "rating.no_players": "This competition has no players yet.",
    "cli.help.rating": "the club rating (Elo from the games played), updated after every round",
    "cli.help.rating_after": "the club rating after this round (default: the last)",
}
