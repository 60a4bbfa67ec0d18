"""Words for the database's refusals and faults (``compcore.adapters.store``,
the tests' in-memory store, ``compcore.rules.changes``): who may write, a file that cannot be
opened or written, a competition that does not exist or exists already."""

NL: dict[str, str] = {
    # who may write
    "store.login_invalid": "deze inlog van de wedstrijdleider geldt niet voor deze database; log opnieuw in",
    "store.no_directors": "er is geen wachtwoord voor een wedstrijdleider ingesteld: de app is alleen-lezen",
    "store.not_director": "alleen een ingelogde wedstrijdleider kan de competitie wijzigen",
    "store.other_club": "wedstrijdleider {name} mag alleen competities van {clubs} wijzigen, niet van {club}; er is niets veranderd",
    # the file
    "store.missing": "deze database bestaat niet",
    "store.empty": "de database is leeg (geen competities)",
    "store.second_server": (
        "een andere compcore-app gebruikt deze database al (proces {pid}, gestart {since}"
        " UTC); er kan één app-server per DuckDB-bestand draaien. Stop die eerst, of start"
        " deze met een ander bestand (COMPCORE_DB)"
    ),
    "store.busy": "de database is in gebruik door een ander programma; probeer het opnieuw (na {seconds} s wachten)",
    "store.cannot_open": "de database kan niet worden geopend ({detail})",
    "store.not_writable": "de database kan niet worden geschreven ({cause})",
    "store.read_only": "het databasebestand is alleen-lezen ({cause}); er kan niets worden gewijzigd",
    "store.read_only_old": "de database is alleen-lezen ({cause}) en schemaversie {version} moet worden bijgewerkt naar {latest}; maak het bestand één keer schrijfbaar",
    "store.database": "databasefout: {detail}",
    "store.foreign": "geen compcore-database (er zijn tabellen maar geen schema_version)",
    "store.newer": "schemaversie {version} van de database is nieuwer dan deze compcore kent ({latest}); werk compcore bij om hem te openen",
    "store.older": "schemaversie {version} van de database is ouder dan die van deze compcore ({latest}); open hem één keer met schrijfrechten (de app, of compcore import) om hem bij te werken",
    "store.migration_failed": "het bijwerken van het schema van versie {version} naar {latest} is mislukt ({detail}); de database is ongewijzigd",
    # a change
    "store.refused": "de database weigerde de wijziging ({detail}); er is niets veranderd",
    "store.target_not_empty": "deze database bevat al competities; zet alleen over naar een lege database",
    "store.nul_text": "een PostgreSQL-database kan geen NUL-teken (\\0) in tekst bewaren; haal het uit het seizoen (het staat bijvoorbeeld in een niveau of een reden); er is niets veranderd",
    "store.unwritten": "de wijziging kon niet worden geschreven ({problem}); er is niets veranderd",
    "store.verify_failed": "het opgeslagen seizoen verschilt van wat geschreven werd (een fout in de opslag van compcore); er is niets veranderd",
    "store.invalid_season": "geen geldig seizoen ({detail})",
    "store.no_action": "een wijziging heeft een naam voor de actie nodig",
    "store.not_a": "geen {what}: {got}",
    "store.no_round": "er is geen ronde om te verwijderen",
    "store.not_last": "alleen de laatste ronde ({last}) kan worden verwijderd, niet ronde {number}",
    # competitions
    "store.no_id": "geen competitie met nummer {id}",
    "store.exists": "bestaat al in deze database (competitie {id})",
    "store.exists_replace": "bestaat al in {path} (competitie {id}); gebruik --replace om hem te vervangen",
    "store.no_competitions": "de database bevat geen competities",
    "store.choose": "bevat {count} competities; kies er een met --competition (een van: {names})",
    "store.ambiguous": "competitie {name!r} is niet eenduidig; noem hem als seizoen/competitie of club/seizoen/competitie (een van: {choices})",
    "store.no_such_competition": "geen competitie {name!r} (wel: {names})",
}

EN: dict[str, str] = {
    "store.login_invalid": "this director login is not valid for this database; log in again",
    "store.no_directors": "no director password is configured: the app is read-only",
    "store.not_director": "only a logged-in tournament director can change the competition",
    "store.other_club": "director {name} may change competitions of {clubs} only, not of {club}; nothing was changed",
    "store.missing": "no such database",
    "store.empty": "the database is empty (no competitions)",
    "store.second_server": (
        "another compcore app already serves this database (process {pid}, started {since}"
        " UTC); one app server can run per DuckDB file. Stop that one first, or start this"
        " one on another file (COMPCORE_DB)"
    ),
    "store.busy": "the database is in use by another process; try again (waited {seconds} s)",
    "store.cannot_open": "cannot open the database ({detail})",
    "store.not_writable": "the database cannot be written ({cause})",
    "store.read_only": "the database file is read-only ({cause}); nothing can be changed",
    "store.read_only_old": "the database is read-only ({cause}) and its schema version {version} needs migrating to {latest}; make it writable once",
    "store.database": "{detail}",
    "store.foreign": "not a compcore database (it has tables but no schema_version)",
    "store.newer": "database schema version {version} is newer than this compcore knows ({latest}); upgrade compcore to open it",
    "store.older": "database schema version {version} is older than this compcore's ({latest}); open it once read-write (the app, or compcore import) to migrate it",
    "store.migration_failed": "migrating the schema from version {version} to {latest} failed ({detail}); the database is unchanged",
    "store.refused": "the database refused the change ({detail}); nothing was changed",
    "store.target_not_empty": "this database holds competitions already; move only into an empty database",
    "store.nul_text": "a PostgreSQL database cannot keep a NUL character (\\0) in text; take it out of the season (it is in a level or a reason, say); nothing was changed",
    "store.unwritten": "the change could not be written ({problem}); nothing was changed",
    "store.verify_failed": "the stored season differs from the one written (a bug in compcore's store); nothing was changed",
    "store.invalid_season": "not a valid season ({detail})",
    "store.no_action": "a change needs an action name",
    "store.not_a": "not a {what}: {got}",
    "store.no_round": "there is no round to delete",
    "store.not_last": "only the last round ({last}) can be deleted, not round {number}",
    "store.no_id": "no competition with id {id}",
    "store.exists": "already exists in this database (competition id {id})",
    "store.exists_replace": "already exists in {path} (competition id {id}); use --replace to overwrite it",
    "store.no_competitions": "the database holds no competitions",
    "store.choose": "holds {count} competitions; choose one with --competition (one of: {names})",
    "store.ambiguous": "competition {name!r} is ambiguous; name it as season/competition or club/season/competition (one of: {choices})",
    "store.no_such_competition": "no competition {name!r} (there are: {names})",
}
