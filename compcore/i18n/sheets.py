"""Words for spreadsheets and calendars (issue 18 items 6 and 7): the Excel CSV downloads and
``--excel``, the club evenings as an iCalendar file (``compcore.adapters.files.club_calendar``,
``compcore calendar``, the Overzicht page's download)."""

NL: dict[str, str] = {
    # the Excel CSV
    "cli.help.excel": "CSV voor Excel zoals in Nederland ingesteld: gescheiden door ';', decimale komma, UTF-8 met BOM (zonder: door komma's gescheiden, decimale punt, voor programma's)",
    "cli.excel_needs_csv": "--excel geeft een CSV-bestand voor Excel; het gaat niet samen met --format {format}",
    "app.standings.download_excel": "Ranglijst voor Excel",
    "app.round.download_excel": "Indeling voor Excel",
    "app.players.excel_download": "Spelerslijst voor Excel",
    "app.sheets.excel_help": "Voor Excel met Nederlandse instellingen: kolommen gescheiden door ';', decimale komma. De CSV-knop geeft komma's en decimale punten, voor andere programma's.",
    # the calendar
    "cli.help.calendar": "de clubavonden van een competitie als agendabestand (iCalendar, .ics)",
    "cli.help.calendar_out": "het agendabestand (.ics) dat geschreven wordt",
    "cli.metavar.zone": "TIJDZONE",
    "cli.help.timezone": "de tijdzone van de club (standaard: COMPCORE_TIMEZONE, anders Europe/Amsterdam)",
    "cli.calendar_written": "{events} clubavonden van {name} geschreven naar {out}",
    "calendar.no_dates": "{competition} heeft geen data voor de clubavonden: geen ronde met een datum en geen gepland rooster (kalender); er is niets geschreven",
    "calendar.bad_timezone": "{value} is geen tijdzone (zoals Europe/Amsterdam)",
    "calendar.summary": "Ronde {round} - {competition}",
    "calendar.description": "{club} · {competition} · seizoen {season}",
    "calendar.description_cycle": "{club} · {competition} · seizoen {season} · cyclus {cycle}",
    "calendar.name": "{competition} ({club})",
    "app.calendar.download": "Clubavonden in je agenda (.ics)",
    "app.calendar.help": "Een agendabestand met elke clubavond van deze competitie (ronde, datum, begintijd {start}); open het op je telefoon of importeer het in je agenda.",
    "app.calendar.none": "Nog geen data voor de clubavonden van deze competitie.",
}

EN: dict[str, str] = {
    "cli.help.excel": "CSV for Excel as set up in the Netherlands: separated by ';', decimal comma, UTF-8 with a BOM (without: comma-separated, decimal point, for programs)",
    "cli.excel_needs_csv": "--excel gives a CSV file for Excel; it does not go with --format {format}",
    "app.standings.download_excel": "Standings for Excel",
    "app.round.download_excel": "Pairing for Excel",
    "app.players.excel_download": "Roster for Excel",
    "app.sheets.excel_help": "For Excel with Dutch settings: columns separated by ';', decimal comma. The CSV button gives commas and decimal points, for other programs.",
    "cli.help.calendar": "the club evenings of a competition as a calendar file (iCalendar, .ics)",
    "cli.help.calendar_out": "the calendar file (.ics) to write",
    "cli.metavar.zone": "ZONE",
    "cli.help.timezone": "the club's time zone (default: COMPCORE_TIMEZONE, else Europe/Amsterdam)",
    "cli.calendar_written": "wrote {events} club evenings of {name} to {out}",
    "calendar.no_dates": "{competition} has no dates for its club evenings: no round with a date and no planned schedule (calendar); nothing was written",
    "calendar.bad_timezone": "{value} is not a time zone (such as Europe/Amsterdam)",
    "calendar.summary": "Round {round} - {competition}",
    "calendar.description": "{club} · {competition} · season {season}",
    "calendar.description_cycle": "{club} · {competition} · season {season} · cycle {cycle}",
    "calendar.name": "{competition} ({club})",
    "app.calendar.download": "Club evenings in your calendar (.ics)",
    "app.calendar.help": "A calendar file with every club evening of this competition (round, date, start {start}); open it on your phone or import it into your calendar.",
    "app.calendar.none": "No dates for this competition's club evenings yet.",
}
