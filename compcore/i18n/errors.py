"""Words for refusing bad input: hostile or broken files, fields and values (issue 8).

Each message follows a location that the caller writes before it (file, round, player).
"""

NL: dict[str, str] = {
    # JSON-like data from outside (compcore.jsondata)
    "error.json.field": "veld {path}: ",
    "error.json.depth": "meer dan {limit} niveaus diep genest (zo diep gaat geen seizoensbestand)",
    "error.json.constant": "{name} is geen JSON-getal",
    "error.json.digits": "een getal met duizenden cijfers is geen bruikbaar getal",
    "error.json.int": "een geheel getal buiten {low} tot en met {high} kan niet worden opgeslagen",
    "error.json.float": "{value} is geen getal",
    "error.json.type": "een {kind} is geen JSON-waarde (alleen tekst, getallen, true/false, lijsten en tabellen)",
    "error.json.surrogate": "de tekst bevat een los surrogaatteken ({char}) en is geen geldige UTF-8",
    # ratings (compcore.validate)
    "error.rating.range": "speler {player}: rating {rating} is niet aannemelijk (toegestaan: {low} tot en met {high})",
    # points rules (compcore.rulesets.schema.Points)
    "error.points.zero_denominator": "{text!r} deelt door nul (de noemer van een breuk is minstens 1)",
    # TRF numbers (compcore.adapters.trf)
    "error.trf.points": "{what} {text!r} is geen getal zoals 1, 1.5 of 10.0",
    # the players CSV (compcore.adapters.players_csv)
    "error.csv.unreadable": "het CSV-bestand is niet te lezen ({detail})",
    "error.csv.cell_too_long": "een cel is langer dan {limit} tekens",
    # uploads (compcore.adapters.season_file.loads_bytes)
    "error.upload.not_utf8": "het bestand is geen UTF-8-tekst (byte {offset})",
}

EN: dict[str, str] = {
    "error.json.field": "field {path}: ",
    "error.json.depth": "nested more than {limit} levels deep (no season file goes that deep)",
    "error.json.constant": "{name} is not a JSON number",
    "error.json.digits": "a number of thousands of digits is no usable number",
    "error.json.int": "a whole number outside {low} to {high} cannot be stored",
    "error.json.float": "{value} is not a number",
    "error.json.type": "a {kind} is not a JSON value (only text, numbers, true/false, lists and tables)",
    "error.json.surrogate": "the text holds a lone surrogate ({char}) and is not valid UTF-8",
    "error.rating.range": "player {player}: rating {rating} is not plausible (allowed: {low} to {high})",
    "error.points.zero_denominator": "{text!r} divides by zero (a fraction's denominator is at least 1)",
    "error.trf.points": "{what} {text!r} is not a number such as 1, 1.5 or 10.0",
    "error.csv.unreadable": "the CSV file cannot be read ({detail})",
    "error.csv.cell_too_long": "a cell is longer than {limit} characters",
    "error.upload.not_utf8": "the file is not UTF-8 text (byte {offset})",
}
