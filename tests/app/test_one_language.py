"""One language per screen (issue 8), item by item: stored reasons and overrides as keys with
parameters, old files with plain text, the change log's actions and actors, the login
log's outcome, core errors in Dutch and English, the command line in Dutch by default.

Each test names the Dutch (and English) words it expects; before the fix each of these
was English text stored or printed as is. ``tests/app/test_dutch_only.py`` walks every screen.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.access import auth
from compcore.adapters.access.auth import check_hash
from compcore.adapters.access.throttle import LoginSettingError, ThrottleSettings
from compcore.adapters.files import season_file
from compcore.adapters.store import Store, schema
from compcore.cli import main as cli
from compcore.domain.errors import (
    HashFormatError,
    PairingError,
    RulesetError,
    SeasonError,
    StoreError,
)
from compcore.domain.model import ForcedGame, Game, Kind
from compcore.domain.reason import Reason, words
from compcore.pairing import check_round, pair, repair_late
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import load_ruleset
from compcore.services import changelog
from compcore.services import round as rs
from tests.adapters.store.test_store_support import make_season, older_database
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app
from tests.builders import load, raises_in_english
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
DATA = Path(__file__).resolve().parents[2] / "data"


# --------------------------------------------------------------------------- stored reasons


def test_a_reason_round_trips_through_its_json_form():
    """A nested reason (a re-pairing's detail), a list of ids and an entry kind: encode ->
    JSON text -> decode gives an equal reason with the same text in both languages."""
    inner = Reason("pair.unmet", "DS-11", {"a": "p1", "b": "p3", "scope": "cycle"})
    reason = Reason("bye.declined-engine", "DS-10", {"detail": inner, "stuck": ("p2", "p4")})
    data = json.loads(json.dumps(reason.encode()))
    assert data == {
        "key": "bye.declined-engine",
        "rule": "DS-10",
        "params": {"detail": {"key": "pair.unmet", "rule": "DS-11",
                              "params": {"a": "p1", "b": "p3", "scope": "cycle"}},
                   "stuck": ["p2", "p4"]},
    }  # fmt: skip
    back = Reason.decode(data)
    assert back == reason and hash(back) == hash(reason)
    assert back.text("nl") == (
        "dichtstbijzijnde speler die p1 deze cyclus nog niet trof (DS-11); "
        "speelt niet tegen de computer (DS-10)"
    )
    assert back.text("en") == (
        "nearest player p1 has not yet met this cycle (DS-11); does not play the engine (DS-10)"
    )
    assert Reason.decode(Reason("pair.kept").encode()).encode() == {"key": "pair.kept"}


def test_the_pairing_stores_why_as_a_key_not_english_text():
    """KC-5: rounds 1-2 by the block scheme, #1-#3 and #2-#4. The stored game's reason is
    the board's Reason, so a Dutch screen shows "blokindeling #1 tegen #3 (KC-5)"; before,
    the game kept "block scheme #1 vs #3 (KC-5)"."""
    season, ruleset = load("keizer-classic", "a b c d", ["a-b 1-0, c-d =", {"present": "a b c d"}])
    games = pair(season, ruleset).round.games
    assert [g.reason for g in games] == [Reason("pair.block", "KC-5", {"x": 1, "y": 3}),
                                         Reason("pair.block", "KC-5", {"x": 2, "y": 4})]  # fmt: skip
    assert words(games[0].reason, "nl") == "blokindeling #1 tegen #3 (KC-5)"
    assert words(games[0].reason, "en") == "block scheme #1 vs #3 (KC-5)"


def test_a_relaxed_board_and_a_forced_board_frame_their_override_with_a_key():
    """The demo ladder-ab round 1: p11 (A) - p12 (B) breaks LA-3 because no legal pairing
    exists; its override is override.relaxed around the board's reason. A forced cup game
    (MG-8) that repeats colours (DS-13.1 in a DS season) is overridden as "verplichte
    partij: bekerpartij"."""
    season, _ = season_file.load(DATA / "ladder-ab.json")
    game = next(g for g in season.round(1).games if {g.white, g.black} == {"p11", "p12"})
    assert isinstance(game.override, Reason) and game.override.key == "override.relaxed"
    names = {"p11": "Elf", "p12": "Twaalf"}
    assert words(game.override, "nl", names).startswith(
        "regel losgelaten: ingedeeld hoewel Elf (A) en Twaalf (B) spelen alleen binnen hun "
        "eigen niveau (LA-3)"
    )
    assert words(game.override, "en", names).startswith(
        "relaxed: paired although Elf (A) and Twaalf (B) play only within their own level"
    )
    season, ruleset = load("dubbelschaak", "p1 p2 p3 p4", [
        {"games": "p1-p2 =, p3-p4 =", "cycle": 0},
        {"games": "p1-p2 =, p3-p4 =", "present": "p1 p2 p3 p4", "cycle": 0,
         "forced": [{"white": "p1", "black": "p2", "reason": "cup"}]},
    ])  # fmt: skip
    [found] = [v for v in check_round(season, ruleset, season.round(2)) if v.overridden]
    assert words(found.overridden, "nl") == "verplichte partij: bekerpartij"
    assert words(found.overridden, "en") == "forced: cup game"


def test_the_directors_own_override_stays_his_words_and_the_board_he_made_says_so():
    """Publishing an edit that breaks a rule with the reason "afgesproken": the override is
    his text as typed (both languages show it), the hand-made board's reason is the key
    pair.director ("door de wedstrijdleider zo ingedeeld"), the check line frames it in
    Dutch ("toegestaan door de wedstrijdleider: afgesproken")."""
    store = MemoryStore()
    cid = store.import_season(make_season("keizer-classic", rounds=4), actor=ADMIN)
    season, ruleset = store.load(cid), store.ruleset(cid)
    draft = rs.propose(season, ruleset)
    a, b = draft.movable(set())[0], draft.movable(set())[2]
    draft.exchange(a, b)
    assert rs.needs_override(rs.check(season, ruleset, draft))  # make_season's fixed seed
    games = rs.publish(store, cid, draft, reason="afgesproken", actor=ADMIN).round(5).games
    made = [g for g in games if g.override == "afgesproken"]
    assert made and all(g.reason == Reason("pair.director") for g in made)
    assert words(made[0].reason, "nl") == "door de wedstrijdleider zo ingedeeld"
    stored = store.load(cid)
    [line, *_] = [rs.violation_text(v, "nl", {}) for v in
                  check_round(stored, ruleset, stored.round(5)) if v.overridden]  # fmt: skip
    assert line.endswith("; toegestaan door de wedstrijdleider: afgesproken")


def test_a_late_repairing_stores_its_reason_as_a_key():
    """DS-14 in the demo Dubbelschaak season: publish the open round; the white players of
    boards 1 and 2 do not come, so their two opponents are re-paired against each other,
    and that board says "herindeling, tegenstander kwam niet: ..." (DS-14)."""
    season, ruleset = season_file.load(DATA / "dubbelschaak.json")
    published = season.with_round(pair(season, ruleset).round)
    first, second = published.rounds[-1].games[:2]
    repaired = repair_late(published, ruleset, [first.white, second.white])
    [new] = [g for g in repaired.round.games if g.reason and g.reason.key == "pair.repaired"]
    assert {new.white, new.black} == {first.black, second.black}
    assert words(new.reason, "nl").startswith("herindeling, tegenstander kwam niet: ")
    assert words(new.reason, "en").startswith("re-paired, opponent did not come: ")


# --------------------------------------------------------------------------- season files


OLD_WORDS = {"reason": "nearest available (LA-2)", "override": "relaxed: as agreed"}


def test_an_old_file_with_plain_text_reasons_loads_and_shows_them_as_they_are():
    """A season file from before reasons were keys: the texts load as text, show the same
    in Dutch and English, and are written back unchanged."""
    data = season_file.to_data(make_season("ladder-ab", rounds=1, open_round=False))
    data["rounds"][0]["games"][0].update(OLD_WORDS)
    season = season_file.parse(data, "oud.json")
    game = season.round(1).games[0]
    assert (game.reason, game.override) == ("nearest available (LA-2)", "relaxed: as agreed")
    assert words(game.reason, "nl") == words(game.reason, "en") == "nearest available (LA-2)"
    assert season_file.to_data(season) == data


def test_reasons_round_trip_through_the_file_and_the_store(tmp_path):
    """The demo seasons (every reason a key) and one with plain text beside keys:
    export -> import -> export gives the same file text."""
    season = make_season("ladder-ab", rounds=2, open_round=False)
    first = season.round(1)
    games = (replace(first.games[0], reason=Reason("pair.nearest", "LA-2", {"a": "x", "b": "y"}),
                     override="afgesproken met beide spelers"),
             replace(first.games[1], reason="nearest available (LA-2)",
                     override=Reason("override.relaxed", None,
                                     {"detail": Reason("pair.kept", "DS-14")})),
             *first.games[2:])  # fmt: skip
    mixed = season.with_round(replace(first, games=games))
    store = Store(tmp_path / "club.duckdb")
    for original in [mixed, *(season_file.load(f)[0] for f in sorted(DATA.glob("*.json")))]:
        text = season_file.dumps(original)
        cid = store.import_season(season_file.loads(text), actor=ADMIN, replace=True)
        out = season_file.dumps(store.export_season(cid))
        assert out == text
        cid = store.import_season(season_file.loads(out), actor=ADMIN, replace=True)
        assert season_file.dumps(store.export_season(cid)) == text


def test_a_database_of_schema_1_keeps_its_plain_text_reasons(tmp_path):
    """A database made before reasons were keys (schema 1, no *_message columns): opening it
    migrates to the latest schema, and its text reasons come back as they were."""
    path = tmp_path / "oud.duckdb"
    season = make_season("ladder-ab", rounds=1, open_round=False)
    game = replace(season.round(1).games[0], reason="nearest available", override="as agreed")
    season = season.with_round(replace(season.round(1), games=(game, *season.round(1).games[1:])))
    full = tmp_path / "nieuw.duckdb"
    cid = Store(full).import_season(season, actor=ADMIN)
    older_database(full, path, 1)
    migrated = Store(path)
    assert migrated.load(cid) == season
    entry = migrated.log(None, 1)[0]
    assert (entry.action, entry.before, entry.after) == (
        "migrate", {"schema_version": 1}, {"schema_version": schema.latest()})  # fmt: skip


def test_a_malformed_stored_reason_is_refused_naming_the_field():
    data = season_file.to_data(make_season("ladder-ab", rounds=1, open_round=False))
    data["rounds"][0]["games"][0]["reason"] = {"key": 3}
    with pytest.raises(SeasonError) as caught:
        season_file.parse(data, "x.json")
    assert caught.value.describe("nl") == (
        "x.json: ronde 1: bord 1: veld 'reason': de 'key' van een reden moet tekst zijn (niet leeg)"
    )
    assert caught.value.describe("en") == (
        "x.json: round 1: board 1: field 'reason': a reason's 'key' must be non-empty text"
    )


def test_a_reason_whose_parameters_do_not_fit_its_text_still_shows():
    """A hand-edited file: pair.unmet without its parameters, or with a wrong one, shows
    the key and what it has, never an exception."""
    assert Reason("pair.unmet", "DS-11", {}).text("nl").endswith("(DS-11)")
    assert "{a}" in Reason("pair.unmet", None, {"b": "x"}).text("nl")


# --------------------------------------------------------------------------- the logs


def test_log_actions_actors_and_old_reasons_in_words():
    assert changelog.action_words("publish-round", "nl") == "indeling gepubliceerd"
    assert changelog.action_words("publish-round", "en") == "pairing published"
    assert changelog.action_words("undo-round", "nl") == "ronde ongedaan gemaakt in de app"
    assert changelog.action_words("redo", "nl") == "redo"  # a script's own action, as it is
    assert changelog.actor_words("director:Jan", "nl") == "wedstrijdleider Jan"
    assert changelog.actor_words("director:Jan", "en") == "director Jan"
    assert changelog.actor_words("administrator:command-line", "nl") == "beheerder (opdrachtregel)"
    assert changelog.actor_words("administrator:tests", "nl") == "beheerder (tests)"
    assert changelog.actor_words("system:migration", "nl") == "systeem (bijwerken van de database)"
    assert changelog.reason_words("undo in the app", "nl") == "ronde ongedaan gemaakt in de app"
    assert changelog.reason_words("wit gaf op", "en") == "wit gaf op"


def test_the_change_log_shows_kinds_results_and_stored_reasons_in_words():
    """Round 4: Anna's entry changed from absent to external, board 1's result 1-0F was
    entered, and a game's stored reason: each in Dutch."""
    names = {"p1": "Anna", "p2": "Bert", "p3": "Cor"}
    before = {"round": 4, "entries": {"p1": "absent"},
              "games": [{"white": "p2", "black": "p3"}]}  # fmt: skip
    after = {"round": 4, "entries": {"p1": "external"},
             "games": [{"white": "p2", "black": "p3", "result": "1-0F"}]}  # fmt: skip
    assert changelog.describe(before, after, "nl", names) == (
        "ronde 4 · afmeldingen en byes · Anna: afgemeld → extern; "
        "ronde 4 · bord 1 · uitslag: – → 1-0 R (zwart kwam niet)"
    )
    why = Reason("pair.nearest", "LA-2", {"a": "p2", "b": "p3"}).encode()
    changed = {"round": 4, "games": [{"white": "p2", "black": "p3", "reason": why}]}
    plain = {"round": 4, "games": [{"white": "p2", "black": "p3", "reason": "oud"}]}
    assert changelog.describe(plain, changed, "nl", names) == (
        "ronde 4 · bord 1 · waarom: oud → dichtstbijzijnde beschikbare speler (LA-2)"
    )


# --------------------------------------------------------------------------- errors


def test_core_errors_speak_dutch_by_default_and_english_on_request():
    """Each kind of error a director can meet: str() is Dutch (every screen's default),
    describe("en") the English."""
    with pytest.raises(RulesetError) as ruleset:
        load_ruleset("dubbelschaak", {"rounds_per_cycle": "twaalf"})
    assert str(ruleset.value) == (
        "reglement 'dubbelschaak': veld 'rounds_per_cycle': verwacht een geheel getal "
        "(nu: 'twaalf')"
    )
    assert ruleset.value.describe("en") == (
        "ruleset 'dubbelschaak': field 'rounds_per_cycle': expected a valid integer (got 'twaalf')"
    )
    store = MemoryStore()
    cid = store.import_season(make_season("keizer-classic", rounds=3, open_round=False),
                              actor=ADMIN)  # fmt: skip
    with raises_in_english(StoreError, r"only the last round \(3\) can be deleted") as undo:
        store.delete_round(cid, 2, actor=ADMIN)
    assert str(undo.value).endswith(
        "alleen de laatste ronde (3) kan worden verwijderd, niet ronde 2"
    )
    season = store.load(cid)
    with raises_in_english(PairingError, "no published round with games still to play") as late:
        repair_late(season, load_ruleset("dubbelschaak"), [])
    assert str(late.value) == "er is geen gepubliceerde ronde met nog te spelen partijen"
    with raises_in_english(HashFormatError, "expected 4 fields separated by '\\$', got 2") as bad:
        check_hash("pbkdf2_sha256$1")
    assert "verwacht 4 delen gescheiden door '$', maar het zijn er 2" in str(bad.value)
    with raises_in_english(LoginSettingError, "must be a whole number") as setting:
        ThrottleSettings.parse({"max_failures": "veel"})
    assert (
        str(setting.value)
        == "inloginstelling max_failures moet een geheel getal zijn, maar is 'veel'"
    )


def test_a_forced_game_against_an_absent_player_is_refused_in_dutch():
    """What the Ronde page reports when a forced game names a player marked absent."""
    season = make_season("magnus-senior", rounds=2)
    rnd = season.open_round
    a, b = rnd.present[0], rnd.present[1]
    entries = {**rnd.entries, a: Kind.ABSENT} if rnd.entries else {a: Kind.ABSENT}
    bad = replace(rnd, present=tuple(p for p in rnd.present if p != a), entries=entries,
                  forced=(ForcedGame(a, b, "cup"),))  # fmt: skip
    with pytest.raises(SeasonError) as caught:
        season_file.parse(season_file.to_data(season.with_round(bad)), "Senioren")
    assert str(caught.value) == f"Senioren: ronde 3: vaste partij: speler {a!r} is niet aanwezig"


def test_swiss_boards_say_why_in_dutch():
    """The demo youth Swiss (MG-6): every board of the last round was placed by a score
    group or a downfloater and coloured by a FIDE rule, stored as keys; in Dutch a score
    is written with a decimal comma."""
    season, _ = season_file.load(DATA / "magnus-youth.json")
    games = season.played_rounds[-1].games
    keys = {g.reason.key for g in games}
    assert keys <= {"pair.swiss-group", "pair.swiss-float"} and keys
    floater = next(g for g in games if g.reason.key == "pair.swiss-float")
    low = floater.reason.params["low"]
    assert words(floater.reason, "nl").endswith(f"naar {low.replace('.', ',')} (MG-6)")
    assert words(floater.reason, "en").startswith("Swiss: downfloater ")


# --------------------------------------------------------------------------- the command line


def test_check_says_no_violations_in_dutch_by_default(capsys):
    assert cli.main(["check", str(DATA / "princenpaard.json")]) == 0
    assert capsys.readouterr().out == "geen overtredingen\n"
    assert cli.main(["--lang", "en", "check", str(DATA / "princenpaard.json")]) == 0
    assert capsys.readouterr().out == "no violations\n"


def test_hash_password_asks_in_dutch(monkeypatch, capsys):
    prompts: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": prompts.append(prompt) or "geheim-123")
    assert cli.main(["hash-password"]) == 0
    assert prompts == ["wachtwoord van de wedstrijdleider: ", "nogmaals: "]
    assert capsys.readouterr().out.startswith("pbkdf2_sha256$")
    prompts.clear()
    assert cli.main(["--lang", "en", "hash-password"]) == 0
    assert prompts == ["director password: ", "again: "]


def test_argparse_speaks_the_command_lines_language(capsys):
    with pytest.raises(SystemExit):
        cli.main(["standings", "x.json", "--format", "html"])
    err = capsys.readouterr().err
    assert err.startswith("gebruik: compcore standings")
    assert err.endswith(
        "compcore standings: fout: argument --format: ongeldige keuze: 'html' "
        "(kies uit 'table', 'csv', 'json')\n"
    )
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", "standings", "x.json", "--format", "html"])
    assert "usage: compcore standings" in capsys.readouterr().err


def test_an_operating_system_error_is_one_dutch_line(tmp_path, capsys):
    """Exporting into a folder that does not exist: the OS says ENOENT; the line says so in
    Dutch and in English gives the system's words."""
    db = tmp_path / "club.duckdb"
    Store(db).import_season(make_season(), actor=ADMIN)
    target = tmp_path / "ontbreekt" / "uit.json"
    assert cli.main(["export", "--db", str(db), "--out", str(target)]) == 2
    assert capsys.readouterr().err.endswith(": bestand of map bestaat niet\n")
    assert cli.main(["--lang", "en", "export", "--db", str(db), "--out", str(target)]) == 2
    assert capsys.readouterr().err.endswith(": No such file or directory\n")


def test_games_made_by_hand_in_old_code_paths_still_render():
    """A Game with no reason, a text reason and a Reason all render through words()."""
    assert words(None, "nl") == ""
    assert words(Game("a", "b").reason, "en") == ""
    assert words("eigen woorden", "en") == "eigen woorden"


# --------------------------------------------------------------------------- the app


@pytest.mark.usefixtures("steady_app")
def test_the_settings_page_shows_the_logs_in_dutch(club_db):
    """After a failed login: the change log says who and what in words ("beheerder
    (tests)", "competitie geïmporteerd"), the login log says "mislukt"."""
    _, ids = club_db
    at = app().run()
    at.sidebar.text_input(key="login_name").input("director")
    at.sidebar.text_input(key="password").input("fout")
    at.sidebar.form_submit_button[0].click().run()
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = ids["AB"]
    at.run()
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    log, logins = (frame.value for frame in at.dataframe[:2])
    assert list(log["Wie"]) == ["beheerder (tests)"]
    assert list(log["Actie"]) == ["competitie geïmporteerd"]
    assert list(logins["Uitkomst"]) == ["mislukt"] and list(logins["Getypte naam"]) == ["director"]


@pytest.mark.usefixtures("steady_app")
def test_streamlits_own_date_and_picker_words_follow_the_language(club_db):
    """The round date as the clubs write it (DD-MM-YYYY in Dutch); the flag picker's
    placeholder ("Kies of typ een kenmerk…" instead of Streamlit's "Choose options") and
    its options by their meaning ("speelt tegen de computer" for engine-opt-in)."""
    _, ids = club_db
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = ids["Ladder"]
    at.run()
    at.switch_page("pages/round.py").run()
    assert at.date_input[0].proto.format == "DD-MM-YYYY"
    at.switch_page("pages/players.py").run()
    flags = at.multiselect[0]
    assert flags.proto.placeholder == "Kies of typ een kenmerk…"
    assert "speelt tegen de computer" in flags.proto.options
    at.session_state["lang"] = "en"
    at.switch_page("pages/round.py").run()
    assert at.date_input[0].proto.format == "YYYY-MM-DD"  # as English screens write dates
