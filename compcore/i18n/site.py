"""Words for the published website (``compcore.present.website``, ``compcore publish``)."""

NL: dict[str, str] = {
    "site.title": "Interne competities",
    "site.home": "Overzicht",
    "site.not_started": "Er is nog geen ronde gespeeld.",
    "site.no_pairing": "Er is nog geen indeling.",
    "site.board": "Bord",
    "site.white": "Wit",
    "site.black": "Zwart",
    "site.result": "Uitslag",
    "site.pairing_of": "Indeling ronde {round}",
    "site.round": "Ronde",
    "site.kind": "Uitslag",
    "site.opponent": "Tegenstander",
    "site.total": "Totaal: {points} punten",
    "site.rank_chart": "Plaats per ronde van {name}",
    "site.value_chart": "Waardecijfer per ronde van {name}",
    "site.after_round": "Stand na ronde",
    "site.cycles": "Stand per cyclus",
    "site.cycle": "cyclus {cycle}",
    "site.standings_after": "Stand na ronde {round}",
    "site.winners": "Winnaars",
    "cli.help.publish": "maak een statische website van alle competities in --db",
    "cli.help.site_out": "de map waarin de website komt",
    "cli.published": "{pages} pagina's geschreven in {out}",
    "cli.metavar.folder": "MAP",
    "app.settings.site": "Website van alle competities (ZIP)",
    "app.settings.site_help": "Standen, indelingen, winnaars en spelerspagina's als losse HTML-bestanden voor de clubwebsite",
    "cli.out_not_folder": "--out {out} is een bestand; noem een map voor de website",
    "site.played_on": "Gespeeld op {date}",
    "site.results_of": "Uitslagen ronde {round}",
    "site.off_board": "Niet op een bord",
    "site.colour": "Kleur",
    "site.colour_mark.w": "w",
    "site.colour_mark.b": "z",
    "site.rating": "Rating",
    "site.tpr": "TPR",
    "site.crosstable": "Kruistabel",
    "site.crosstables": "Kruistabel per cyclus",
    "site.crosstable_legend": (
        "Per tegenstander (genummerd naar plaats) de uitslag van de speler in de rij: "
        "1 winst, ½ remise, 0 verlies, + en − reglementair; w met wit, z met zwart."
    ),
    "site.tpr_legend": (
        "TPR: de gemiddelde rating van de tegenstanders plus 400 × (winst − verlies) / "
        "partijen, over de partijen tegen tegenstanders met een rating."
    ),
    "cli.help.site_force": "vervang --out ook als die map geen website van compcore publish is",
    "site.not_ours": (
        "--out {out} bevat al bestanden en is geen website die compcore publish schreef "
        "(er staat geen {marker} in); kies een lege of nieuwe map, of geef --force om de "
        "map te vervangen"
    ),
    "site.write_failed": (
        "de website kon niet worden geschreven ({problem}); {out} is niet veranderd"
    ),
}

EN: dict[str, str] = {
    "site.title": "Internal competitions",
    "site.home": "Overview",
    "site.not_started": "No round has been played yet.",
    "site.no_pairing": "There is no pairing yet.",
    "site.board": "Board",
    "site.white": "White",
    "site.black": "Black",
    "site.result": "Result",
    "site.pairing_of": "Pairing round {round}",
    "site.round": "Round",
    "site.kind": "Result",
    "site.opponent": "Opponent",
    "site.total": "Total: {points} points",
    "site.rank_chart": "{name}'s place per round",
    "site.value_chart": "{name}'s value per round",
    "site.after_round": "Standings after round",
    "site.cycles": "Standings per cycle",
    "site.cycle": "cycle {cycle}",
    "site.standings_after": "Standings after round {round}",
    "site.winners": "Winners",
    "cli.help.publish": "make a static website of every competition in --db",
    "cli.help.site_out": "the folder the website is written to",
    "cli.published": "{pages} pages written to {out}",
    "cli.metavar.folder": "FOLDER",
    "app.settings.site": "Website of every competition (ZIP)",
    "app.settings.site_help": "Standings, pairings, winners and player pages as plain HTML files for the club's website",
    "cli.out_not_folder": "--out {out} is a file; name a folder for the website",
    "site.played_on": "Played on {date}",
    "site.results_of": "Results round {round}",
    "site.off_board": "Not on a board",
    "site.colour": "Colour",
    "site.colour_mark.w": "w",
    "site.colour_mark.b": "b",
    "site.rating": "Rating",
    "site.tpr": "TPR",
    "site.crosstable": "Crosstable",
    "site.crosstables": "Crosstable per cycle",
    "site.crosstable_legend": (
        "Per opponent (numbered by place) the result of the player in the row: "
        "1 win, ½ draw, 0 loss, + and − by forfeit; w with white, b with black."
    ),
    "site.tpr_legend": (
        "TPR: the opponents' average rating plus 400 × (wins − losses) / games, over the "
        "games against rated opponents."
    ),
    "cli.help.site_force": "replace --out even when that folder is not a site compcore publish wrote",
    "site.not_ours": (
        "--out {out} holds files and is not a site compcore publish wrote (it has no "
        "{marker}); choose an empty or new folder, or give --force to replace the folder"
    ),
    "site.write_failed": "the website could not be written ({problem}); {out} is unchanged",
}
