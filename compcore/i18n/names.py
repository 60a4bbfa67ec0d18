"""Words for a player's name rule (``compcore.domain.player_names``)."""

NL: dict[str, str] = {
    "name.empty": "de naam is leeg",
    "name.line_break": "naam bevat een regeleinde (teken {position})",
    "name.tab": "naam bevat een tab (teken {position})",
    "name.nul": "naam bevat een nulteken (NUL, teken {position})",
    "name.control": "naam bevat een stuurteken ({code}, teken {position})",
    "name.too_long": "naam is {length} tekens lang, ten hoogste {limit} mag",
    "name.roster": "Speler {player!r}: {problem}. Er is niets opgeslagen.",
}

EN: dict[str, str] = {
    "name.empty": "the name is empty",
    "name.line_break": "name contains a line break (character {position})",
    "name.tab": "name contains a tab (character {position})",
    "name.nul": "name contains a null character (NUL, character {position})",
    "name.control": "name contains a control character ({code}, character {position})",
    "name.too_long": "name is {length} characters long, at most {limit} are allowed",
    "name.roster": "Player {player!r}: {problem}. Nothing was saved.",
}
