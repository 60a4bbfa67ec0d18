"""Words for the KNSB rating submission (``compcore.adapters.knsb_submission``): why a
player or a game was left out."""

NL: dict[str, str] = {
    "knsb.left.no_relatienummer": "{name}: geen KNSB-relatienummer",
    "knsb.left.bad_relatienummer": "{name}: relatienummer {number!r} is geen 7 cijfers",
    "knsb.left.no_consent": "{name}: geen toestemming voor de ratingverwerking",
    "knsb.left.game": "ronde {round}: {white} - {black} niet ingestuurd, {name} doet niet mee",
    "knsb.left.engine_game": "ronde {round}: {white} - {black} niet ingestuurd, een partij tegen de schaakcomputer",
    "knsb.bad_period": "ronden {first} tot en met {last} is geen periode (de eerste ronde is 1 of later, de laatste niet eerder)",
}

EN: dict[str, str] = {
    "knsb.left.no_relatienummer": "{name}: no KNSB relatienummer",
    "knsb.left.bad_relatienummer": "{name}: relatienummer {number!r} is not 7 digits",
    "knsb.left.no_consent": "{name}: no consent to submit for rating",
    "knsb.left.game": "round {round}: {white} - {black} not submitted, {name} is left out",
    "knsb.left.engine_game": "round {round}: {white} - {black} not submitted, a game against the engine",
    "knsb.bad_period": "rounds {first} to {last} is not a period (the first round is 1 or later, the last not earlier)",
}
