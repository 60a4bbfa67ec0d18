"""Words for the rule lab (issue 13 item 1): ``compcore compare`` and the Regellab page."""

NL: dict[str, str] = {
    # the command line
    "cli.help.compare": "het seizoen opnieuw gescoord onder een ander reglement (de regellab)",
    "cli.help.compare_preset": "reglement B (standaard: het eigen reglement van het seizoen)",
    "cli.help.compare_set": (
        "een regel van reglement B anders, bijvoorbeeld keizer.values.top=60 (mag vaker)"
    ),
    "cli.metavar.assignment": "SLEUTEL=WAARDE",
    "rulelab.bad_assignment": (
        "--set {text!r}: schrijf sleutel=waarde, bijvoorbeeld keizer.values.top=60"
    ),
    "rulelab.heading": "Reglement A: {a}, reglement B: {b}, na ronde {round}",
    "rulelab.span": "Beide reglementen over dezelfde {count} ronden: ronde {first} tot en met {last} (telt een van beide per cyclus, dan de lopende cyclus).",
    "rulelab.col.rank_a": "Pl A",
    "rulelab.col.rank_b": "Pl B",
    "rulelab.col.moved": "+/-",
    "rulelab.col.name": "Naam",
    "rulelab.side": "Reglement",
    "rulelab.place": "Plaats",
    "rulelab.col.score_a": "Punten A",
    "rulelab.col.score_b": "Punten B",
    "rulelab.col.what": "Prijs",
    "rulelab.col.winner_a": "Winnaar A",
    "rulelab.col.winner_b": "Winnaar B",
    "rulelab.col.measure": "Maat",
    "rulelab.col.a": "A",
    "rulelab.col.b": "B",
    "rulelab.winners": "Winnaars",
    "rulelab.fairness": "Eerlijkheid",
    "rulelab.winner.cycle": "Cyclus {cycle}, {category}",
    "rulelab.winner.champion": "Kampioen {category}",
    "rulelab.winner.leader": "Nummer 1 van de stand",
    "rulelab.measure.tau": "Kendall τ stand/TPR",
    "rulelab.measure.absence_share": "Punten zonder partij",
    "rulelab.measure.spread": "Spreiding waarden",
    "rulelab.fairness_help": (
        "Kendall τ: hoe goed de eindstand de prestatie (TPR, uit de gespeelde partijen) "
        "volgt; 1 = dezelfde volgorde. Punten zonder partij: het deel van alle punten uit "
        "afmeldingen, oneven, extern, clubwerk en beker. Spreiding: de standaardafwijking "
        "van de Keizer-waarden in de eindstand (leeg bij een puntentelling)."
    ),
    # the page
    "app.page.rulelab": "Regellab",
    "rulelab.title": "Regellab",
    "rulelab.intro": (
        "Hoe was dit seizoen geëindigd onder een ander reglement? De partijen blijven zoals ze "
        "gespeeld zijn; alleen de punten worden opnieuw berekend. Er wordt niets opgeslagen."
    ),
    "rulelab.preset": "Reglement B",
    "rulelab.top": "Topwaarde",
    "rulelab.top_help": (
        "De waarde van nummer 1 (`keizer.values.top`); volgt die het aantal spelers, dan "
        "staat hier wat die nu is bij {players} spelers"
    ),
    "rulelab.absent": "Punten bij afmelding",
    "rulelab.absent_help": "Bijvoorbeeld `2/6 own`: een derde van de eigen waarde (`points.absent`)",
    "rulelab.cap": "Hoogstens zoveel afmeldingen met punten (deel van de cyclus)",
    "rulelab.cap_help": "Bijvoorbeeld `0.33`; leeg: geen grens (`points.absent.cap`)",
    "rulelab.no_cap": "geen grens",
    "rulelab.suggested": (
        "Reglement B begint als uw eigen reglement met de wijziging die clubs het vaakst "
        "overwegen: punten bij afmelding `{now}` in plaats van `{was}`. Kies een ander reglement B "
        "of pas de velden aan."
    ),
    "rulelab.mode": "Herwaardering",
    "rulelab.mode.at-time": "waarde op het moment van de partij",
    "rulelab.mode.recompute": "elke ronde herberekenen",
    "rulelab.mode.iterate": "itereren",
    "rulelab.tie_breaks": "Bij gelijke stand beslist",
    "rulelab.tie.initial-order": "beginvolgorde",
    "rulelab.tie.wins": "aantal gewonnen partijen",
    "rulelab.tie.sonneborn-berger": "weerstandspunten (WP)",
    "rulelab.tie.fewest-jokers": "minste jokers",
    "rulelab.tie.buchholz": "Buchholz (Bh)",
    "rulelab.tie.mutual-result": "onderling resultaat",
    "rulelab.advanced": "Overige regels (TOML)",
    "rulelab.advanced_help": "Bijvoorbeeld: `[keizer.values]` en daaronder `step = 2`",
    "rulelab.run": "Vergelijk",
    "rulelab.places": "Eindplaatsen",
    "rulelab.slope": "Verschuivingen in de stand",
    "rulelab.identical": "Reglement B geeft precies dezelfde volgorde.",
    "rulelab.no_rounds": "Deze competitie heeft nog geen gespeelde ronde om te vergelijken.",
    "rulelab.save": "Opslaan als voorstel",
    "rulelab.saved": "Voorstel opgeslagen: de commissie leest het op Instellingen.",
    "rulelab.proposal": "Voorstel uit de regellab: reglement {preset}, {overrides}",
    "rulelab.proposals": "Voorstellen uit de regellab",
    "rulelab.no_proposals": "Nog geen voorstellen.",
    "rulelab.note": "Toelichting bij het voorstel",
    "log.action.rulelab-proposal": "voorstel uit de regellab",
}

EN: dict[str, str] = {
    "cli.help.compare": "the season scored again under another ruleset (the rule lab)",
    "cli.help.compare_preset": "ruleset B (default: the season's own ruleset)",
    "cli.help.compare_set": (
        "one rule of ruleset B changed, e.g. keizer.values.top=60 (may be repeated)"
    ),
    "cli.metavar.assignment": "KEY=VALUE",
    "rulelab.bad_assignment": "--set {text!r}: write key=value, e.g. keizer.values.top=60",
    "rulelab.heading": "Ruleset A: {a}, ruleset B: {b}, after round {round}",
    "rulelab.span": "Both rulesets over the same {count} rounds: round {first} to {last} (when either counts per cycle, the current cycle).",
    "rulelab.col.rank_a": "Pl A",
    "rulelab.col.rank_b": "Pl B",
    "rulelab.col.moved": "+/-",
    "rulelab.col.name": "Name",
    "rulelab.side": "Ruleset",
    "rulelab.place": "Place",
    "rulelab.col.score_a": "Points A",
    "rulelab.col.score_b": "Points B",
    "rulelab.col.what": "Award",
    "rulelab.col.winner_a": "Winner A",
    "rulelab.col.winner_b": "Winner B",
    "rulelab.col.measure": "Measure",
    "rulelab.col.a": "A",
    "rulelab.col.b": "B",
    "rulelab.winners": "Winners",
    "rulelab.fairness": "Fairness",
    "rulelab.winner.cycle": "Cycle {cycle}, {category}",
    "rulelab.winner.champion": "Champion {category}",
    "rulelab.winner.leader": "Leader of the standings",
    "rulelab.measure.tau": "Kendall τ standings/TPR",
    "rulelab.measure.absence_share": "Points without a game",
    "rulelab.measure.spread": "Spread of values",
    "rulelab.fairness_help": (
        "Kendall τ: how well the final standings follow the performance (TPR, from the "
        "games played); 1 = the same order. Points without a game: the share of all points "
        "from absences, byes, external games, club duty and the cup. Spread: the standard "
        "deviation of the Keizer values in the final standings (empty in a points system)."
    ),
    "app.page.rulelab": "Rule lab",
    "rulelab.title": "Rule lab",
    "rulelab.intro": (
        "What would another ruleset have done to this season? The games stay as they were "
        "played; only the points are computed again. Nothing is stored."
    ),
    "rulelab.preset": "Ruleset B",
    "rulelab.top": "Top value",
    "rulelab.top_help": (
        "The value of number 1 (`keizer.values.top`); where it follows the number of "
        "players, what it is now with {players} players"
    ),
    "rulelab.absent": "Points for an absence",
    "rulelab.absent_help": "E.g. `2/6 own`: a third of one's own value (`points.absent`)",
    "rulelab.cap": "At most this many absences with points (share of the cycle)",
    "rulelab.cap_help": "E.g. `0.33`; empty: no limit (`points.absent.cap`)",
    "rulelab.no_cap": "no limit",
    "rulelab.suggested": (
        "Ruleset B starts as your own ruleset with the change clubs consider most often: "
        "`{now}` for an absence instead of `{was}`. Choose another ruleset B or change the "
        "fields."
    ),
    "rulelab.mode": "Revaluation",
    "rulelab.mode.at-time": "value at the time of the game",
    "rulelab.mode.recompute": "recompute every round",
    "rulelab.mode.iterate": "iterate",
    "rulelab.tie_breaks": "Tie-breaks",
    "rulelab.tie.initial-order": "initial order",
    "rulelab.tie.wins": "games won",
    "rulelab.tie.sonneborn-berger": "Sonneborn-Berger (SB)",
    "rulelab.tie.fewest-jokers": "fewest jokers",
    "rulelab.tie.buchholz": "Buchholz (Bh)",
    "rulelab.tie.mutual-result": "mutual result",
    "rulelab.advanced": "Other rules (TOML)",
    "rulelab.advanced_help": "E.g. `[keizer.values]` with `step = 2` below it",
    "rulelab.run": "Compare",
    "rulelab.places": "Final places",
    "rulelab.slope": "Place changes",
    "rulelab.identical": "Ruleset B gives exactly the same order.",
    "rulelab.no_rounds": "This competition has no played round to compare yet.",
    "rulelab.save": "Save as proposal",
    "rulelab.saved": "Proposal saved: the committee reads it on Settings.",
    "rulelab.proposal": "Proposal from the rule lab: ruleset {preset}, {overrides}",
    "rulelab.proposals": "Proposals from the rule lab",
    "rulelab.no_proposals": "No proposals yet.",
    "rulelab.note": "Note with the proposal",
    "log.action.rulelab-proposal": "proposal from the rule lab",
}
