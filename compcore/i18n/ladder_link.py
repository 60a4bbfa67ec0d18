"""Words for the link between a ladder and the competitions played within it (issue 12,
MG-8): the Ronde page's linked boards, the evening a cup round is played on."""

NL: dict[str, str] = {
    "link.entry": "{name}: {kind} (andere competitie op deze avond)",
    "link.boards_missing": (
        "De indeling van ronde {number} mist verplichte partijen uit een andere competitie: "
        "{boards}. Deel opnieuw in. Er is niets opgeslagen."
    ),
    "link.evening_taken": (
        "Ronde {number} van {ladder} is al ingedeeld: kies een andere avond. Er is niets "
        "opgeslagen."
    ),
    "link.evening": "Gespeeld op ronde van {ladder}",
    "link.evening_help": (
        "De partijen van deze ronde komen vanzelf als verplichte partijen op die avond van "
        "{ladder}; de uitslag voer je één keer in en telt in beide competities."
    ),
    "link.no_ladder": (
        "De competitie {ladder} waarin deze competitie wordt gespeeld staat niet in deze "
        "database: de partijen komen daar niet op."
    ),
    "link.played_on": "Gespeeld op ronde {number} van {ladder}; de uitslag telt in beide.",
    "link.board_note": "Bord {board}: partij van {competition}; de uitslag telt daar ook.",
    "link.reason.correction": (
        "Ronde {number} van {competition} was al afgesloten en deze uitslag telt daar ook "
        "(bord {boards}): corrigeer hem daar, met een reden voor het logboek. Er is niets "
        "opgeslagen."
    ),
}

EN: dict[str, str] = {
    "link.entry": "{name}: {kind} (another competition this evening)",
    "link.boards_missing": (
        "The pairing of round {number} lacks forced games of another competition: "
        "{boards}. Pair again. Nothing was saved."
    ),
    "link.evening_taken": (
        "Round {number} of {ladder} is already paired: choose another evening. Nothing was saved."
    ),
    "link.evening": "Played on a round of {ladder}",
    "link.evening_help": (
        "This round's games become forced games on that evening of {ladder} by themselves; "
        "a result is entered once and counts in both competitions."
    ),
    "link.no_ladder": (
        "The competition {ladder} this one is played within is not in this database: the "
        "games are not put there."
    ),
    "link.played_on": "Played on round {number} of {ladder}; the result counts in both.",
    "link.board_note": "Board {board}: a game of {competition}; its result counts there too.",
    "link.reason.correction": (
        "Round {number} of {competition} was already finalized and this result counts there "
        "too (board {boards}): correct it there, with a reason for the log. Nothing was saved."
    ),
}
