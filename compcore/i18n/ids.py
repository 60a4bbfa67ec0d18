"""Words for a player's federation numbers (``compcore.domain.federation_ids``)."""

NL: dict[str, str] = {
    "ids.knsb_bad": "KNSB-relatienummer {got!r} is geen 7 cijfers",
    "ids.fide_bad": "FIDE-id {got!r} is geen getal van 1 tot 10 cijfers",
    "ids.field": "veld '{field}': {problem}",
    "ids.roster": "Speler {name}: {problem}. Er is niets opgeslagen.",
}

EN: dict[str, str] = {
    "ids.knsb_bad": "KNSB relatienummer {got!r} is not 7 digits",
    "ids.fide_bad": "FIDE id {got!r} is not a number of 1 to 10 digits",
    "ids.field": "field '{field}': {problem}",
    "ids.roster": "Player {name}: {problem}. Nothing was saved.",
}
