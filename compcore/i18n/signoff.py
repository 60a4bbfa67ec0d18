"""Words for members signing off themselves (``compcore.services.signoff``): the Afmelden
page a member's link opens, why a link or a mark is refused, and the director's links, card
and list of marks."""

NL: dict[str, str] = {
    # why a link or a mark is refused
    "signoff.refused.unknown": "Deze afmeldlink is onbekend. Vraag de wedstrijdleider om een nieuwe.",
    "signoff.refused.revoked": "Deze afmeldlink is ingetrokken. Vraag de wedstrijdleider om een nieuwe.",
    "signoff.refused.expired": "Deze afmeldlink is verlopen. Vraag de wedstrijdleider om een nieuwe.",
    "signoff.refused.not_yours": "Met deze link kun je alleen jezelf af- of aanmelden.",
    "signoff.refused.no_player": "Geen speler '{player}' in deze competitie.",
    "signoff.refused.played": "Ronde {number} is al ingedeeld of gespeeld: afmelden kan niet meer.",
    "signoff.refused.not_coming": "Ronde {number} is geen komende clubavond.",
    "signoff.refused.kind": "Het reglement kent '{kind}' niet.",
    "signoff.refused.deadline": (
        "Afmelden voor ronde {number} kon tot {day} {when} uur. "
        "Laat het de wedstrijdleider zelf weten."
    ),
    "signoff.weekday.0": "ma",
    "signoff.weekday.1": "di",
    "signoff.weekday.2": "wo",
    "signoff.weekday.3": "do",
    "signoff.weekday.4": "vr",
    "signoff.weekday.5": "za",
    "signoff.weekday.6": "zo",
    # the member's page
    "signoff.title": "Afmelden",
    "signoff.no_token": "Open deze pagina met je persoonlijke afmeldlink van de wedstrijdleider.",
    "signoff.hello": "Hallo {name}",
    "signoff.intro": "Geef per clubavond door of je komt.",
    "signoff.evening": "Ronde {number} · {day}",
    "signoff.until": "Wijzigen kan tot {day} {time} uur.",
    "signoff.closed": "Gesloten sinds {day} {time} uur: laat het de wedstrijdleider zelf weten.",
    "signoff.now": "Nu: {choice}",
    "signoff.save": "Opslaan",
    "signoff.saved.present": "Je bent aangemeld voor ronde {number} ({day}).",
    "signoff.saved.absent": "Je bent afgemeld voor ronde {number} ({day}).",
    "signoff.saved.other": "Je bent afgemeld voor ronde {number} ({day}): {kind}.",
    "signoff.none": "Er zijn geen komende clubavonden om je voor af te melden.",
    # the director: links and cards
    "signoff.links": "Afmeldlinks",
    "signoff.links_help": (
        "Een persoonlijke link waarmee een lid zich zelf af- en aanmeldt voor de komende "
        "clubavonden, tot de deadline van het reglement. Alleen voor zijn eigen aanwezigheid."
    ),
    "signoff.make": "Link maken",
    "signoff.revoke": "Links intrekken",
    "signoff.made": (
        "Nieuwe afmeldlink voor {name}. Geef of print hem nu: de link wordt maar één keer getoond."
    ),
    "signoff.revoked": "Afmeldlinks van {name} ingetrokken: {count}.",
    "signoff.has_link": "{name} heeft een afmeldlink (gemaakt {day}).",
    "signoff.no_link": "{name} heeft nog geen afmeldlink.",
    "signoff.card": "Afmeldkaart",
    "signoff.card_download": "Kaart downloaden (SVG)",
    "signoff.card_text": "Afmelden voor de clubavond: scan de code",
    # the director: the marks on the Ronde page
    "signoff.marks": "Wie wijzigde wat en wanneer",
    "signoff.marks_used": "De lijst begint bij de afmeldingen van de leden sinds de laatste keer opslaan.",
    "signoff.col.choice": "Keuze",
    "signoff.col.when": "Wanneer",
    "signoff.col.by": "Door",
    "signoff.by_member": "{name} zelf",
}

EN: dict[str, str] = {
    "signoff.refused.unknown": "This sign-off link is unknown. Ask the director for a new one.",
    "signoff.refused.revoked": "This sign-off link was revoked. Ask the director for a new one.",
    "signoff.refused.expired": "This sign-off link has expired. Ask the director for a new one.",
    "signoff.refused.not_yours": "This link signs only yourself off or on.",
    "signoff.refused.no_player": "No player '{player}' in this competition.",
    "signoff.refused.played": "Round {number} is already paired or played: signing off is closed.",
    "signoff.refused.not_coming": "Round {number} is not a coming club evening.",
    "signoff.refused.kind": "The rulebook has no '{kind}'.",
    "signoff.refused.deadline": (
        "Signing off for round {number} was possible until {day} {when}. "
        "Tell the director yourself."
    ),
    "signoff.weekday.0": "Mon",
    "signoff.weekday.1": "Tue",
    "signoff.weekday.2": "Wed",
    "signoff.weekday.3": "Thu",
    "signoff.weekday.4": "Fri",
    "signoff.weekday.5": "Sat",
    "signoff.weekday.6": "Sun",
    "signoff.title": "Sign off",
    "signoff.no_token": "Open this page with the personal sign-off link the director gave you.",
    "signoff.hello": "Hello {name}",
    "signoff.intro": "Say for each club evening whether you come.",
    "signoff.evening": "Round {number} · {day}",
    "signoff.until": "You can change this until {day} {time}.",
    "signoff.closed": "Closed since {day} {time}: tell the director yourself.",
    "signoff.now": "Now: {choice}",
    "signoff.save": "Save",
    "signoff.saved.present": "You are signed up for round {number} ({day}).",
    "signoff.saved.absent": "You are signed off for round {number} ({day}).",
    "signoff.saved.other": "You are signed off for round {number} ({day}): {kind}.",
    "signoff.none": "There are no coming club evenings to sign off for.",
    "signoff.links": "Sign-off links",
    "signoff.links_help": (
        "A personal link with which a member signs himself off or on for the coming club "
        "evenings, until the rulebook's deadline. Only for his own attendance."
    ),
    "signoff.make": "Make link",
    "signoff.revoke": "Revoke links",
    "signoff.made": "New sign-off link for {name}. Hand it out or print it now: it is shown only once.",
    "signoff.revoked": "Sign-off links of {name} revoked: {count}.",
    "signoff.has_link": "{name} has a sign-off link (made {day}).",
    "signoff.no_link": "{name} has no sign-off link yet.",
    "signoff.card": "Sign-off card",
    "signoff.card_download": "Download the card (SVG)",
    "signoff.card_text": "Sign off for the club evening: scan the code",
    "signoff.marks": "Who changed what, and when",
    "signoff.marks_used": "The list starts from the members' marks made since it was last saved.",
    "signoff.col.choice": "Choice",
    "signoff.col.when": "When",
    "signoff.col.by": "By",
    "signoff.by_member": "{name} himself",
}
