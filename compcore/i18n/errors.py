"""Words for refusing bad input: hostile or broken files, fields and values (issue 8).

Each message follows a location that the caller writes before it (file, round, player).
"""

NL: dict[str, str] = {
    # JSON-like data from outside (compcore.domain.jsondata)
    "error.json.field": "veld {path}: ",
    "error.json.syntax": "geen geldige JSON op regel {line}, kolom {column}",
    "error.json.depth": "meer dan {limit} niveaus diep genest (zo diep gaat geen seizoensbestand)",
    "error.json.constant": "{name} is geen JSON-getal",
    "error.json.digits": "een getal met duizenden cijfers is geen bruikbaar getal",
    "error.json.int": "een geheel getal buiten {low} tot en met {high} kan niet worden opgeslagen",
    "error.json.float": "{value} is geen getal",
    "error.json.type": "een {kind} is geen JSON-waarde (alleen tekst, getallen, true/false, lijsten en tabellen)",
    "error.json.surrogate": "de tekst bevat een los surrogaatteken ({char}) en is geen geldige UTF-8",
    # ratings (compcore.formats.validate)
    "error.rating.range": "speler {player}: rating {rating} is niet aannemelijk (toegestaan: {low} tot en met {high})",
    # points rules (compcore.rules.rulesets.schema.Points)
    "error.points.zero_denominator": "{text!r} deelt door nul (de noemer van een breuk is minstens 1)",
    # TRF numbers (compcore.adapters.files.trf)
    "error.trf.points": "{what} {text!r} is geen getal zoals 1, 1.5 of 10.0",
    # the players CSV (compcore.adapters.files.players_csv)
    "error.csv.unreadable": "het CSV-bestand is niet te lezen ({detail})",
    "error.csv.cell_too_long": "een cel is langer dan {limit} tekens",
    # uploads (compcore.adapters.files.season_file.loads_bytes)
    "error.upload.not_utf8": "het bestand is geen UTF-8-tekst (byte {offset})",
    # the players CSV (compcore.adapters.files.players_csv)
    "csv.line": "regel {line}: {why}",
    "csv.empty": "het bestand is leeg",
    "csv.no_players": "het bestand bevat geen spelers",
    "csv.unknown_column": "onbekende kolom {column!r} (toegestaan: {allowed})",
    "csv.required_column": "kolom {column!r} is verplicht",
    "csv.column_twice": "kolom {column!r} staat er twee keer in",
    "csv.columns": "verwacht {expected} kolommen, maar het zijn er {got}",
    "csv.id_twice": "speler-id {player!r} staat ook op regel {line}",
    "csv.no_id": "het id is leeg",
    "csv.name": "speler {player!r}: {problem}",
    "csv.field": "speler {player!r}: {field}",
    "csv.whole": "{field} moet een geheel getal zijn, maar is {got!r}",
    "csv.minimum": "{field} moet minstens {minimum} zijn, maar is {got}",
    "csv.participation": "speler {player!r}: deelname moet altijd of nooit zijn (always, never), maar is {got!r}",
    "csv.withdrawn_order": "speler {player!r}: withdrawn_round moet na joined_round komen",
}

EN: dict[str, str] = {
    "error.json.field": "field {path}: ",
    "error.json.syntax": "not valid JSON at line {line}, column {column}: {detail}",
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
    "csv.line": "line {line}: {why}",
    "csv.empty": "the file is empty",
    "csv.no_players": "the file has no players",
    "csv.unknown_column": "unknown column {column!r} (allowed: {allowed})",
    "csv.required_column": "column {column!r} is required",
    "csv.column_twice": "column {column!r} appears twice",
    "csv.columns": "expected {expected} columns, got {got}",
    "csv.id_twice": "player id {player!r} is also on line {line}",
    "csv.no_id": "the id is empty",
    "csv.name": "player {player!r}: {problem}",
    "csv.field": "player {player!r}: {field}",
    "csv.whole": "{field} must be a whole number, got {got!r}",
    "csv.minimum": "{field} must be at least {minimum}, got {got}",
    "csv.participation": "player {player!r}: participation must be always or never (altijd, nooit), got {got!r}",
    "csv.withdrawn_order": "player {player!r}: withdrawn_round must come after joined_round",
}
