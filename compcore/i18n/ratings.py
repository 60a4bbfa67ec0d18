"""Words for importing a federation rating list (KNSB CSV, FIDE TXT/XML; issue 11):
the list's bad rows, a file that is no list, and the import's summary."""

NL: dict[str, str] = {
    "ratings.at.line": "ratinglijst regel {line}",
    "ratings.bad.rating": "rating '{value}' is geen getal",
    "ratings.bad.number": "relatienummer/FIDE-id '{value}' is geen getal",
    "ratings.bad.name": "naam ontbreekt",
    "ratings.bad.columns": "{count} kolommen, {want} verwacht",
    "ratings.no_header": "Dit is geen {kind}-ratinglijst: de kopregel mist {columns}. Er is niets veranderd.",
    "ratings.bad_xml": "De FIDE-XML-lijst is beschadigd (regel {line}). Er is niets veranderd.",
    "ratings.encoding": "De ratinglijst is geen {encoding}-tekst (byte {at}). Er is niets veranderd.",
    "ratings.bad_rows": "{count} onleesbare regels in de ratinglijst. Er is niets veranderd.",
    "ratings.summary": "{rows} regels gelezen: {matched} spelers gevonden ({changed} nieuwe ratings vanaf ronde {round}), {unmatched} niet gevonden, {ambiguous} dubbelzinnig.",
    "ratings.unmatched": "niet in de lijst: {name}",
    "ratings.ambiguous": "meer dan eens in de lijst: {name} (regels {lines})",
    "ratings.change": "{name}: {old} -> {new} ({how})",
    "ratings.how.id": "op nummer",
    "ratings.how.name": "op naam",
    "ratings.none": "geen",
}

EN: dict[str, str] = {
    "ratings.at.line": "rating list line {line}",
    "ratings.bad.rating": "rating '{value}' is not a number",
    "ratings.bad.number": "relatienummer/FIDE id '{value}' is not a number",
    "ratings.bad.name": "the name is missing",
    "ratings.bad.columns": "{count} columns, {want} expected",
    "ratings.no_header": "This is not a {kind} rating list: its header lacks {columns}. Nothing was changed.",
    "ratings.bad_xml": "The FIDE XML list is damaged (line {line}). Nothing was changed.",
    "ratings.encoding": "The rating list is not {encoding} text (byte {at}). Nothing was changed.",
    "ratings.bad_rows": "{count} unreadable lines in the rating list. Nothing was changed.",
    "ratings.summary": "{rows} lines read: {matched} players found ({changed} new ratings from round {round}), {unmatched} not found, {ambiguous} ambiguous.",
    "ratings.unmatched": "not in the list: {name}",
    "ratings.ambiguous": "in the list more than once: {name} (lines {lines})",
    "ratings.change": "{name}: {old} -> {new} ({how})",
    "ratings.how.id": "by number",
    "ratings.how.name": "by name",
    "ratings.none": "none",
}
