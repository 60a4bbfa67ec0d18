"""The federation's files on the Competities page (issue 11): a director downloads a
competition as TRF (the text ``compcore export --format trf`` writes), makes the KNSB rating
submission of a round range (the report of who is left out, the file ``compcore knsb``
writes), and creates a competition from an uploaded TRF file (preview, then create); a bad
file, an empty name or a name clash: one clear message and nothing stored. An anonymous
member sees none of it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import streamlit as st

from compcore.adapters.files import season_file
from compcore.adapters.files.trf_export import season_trf
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError
from compcore.services import federation
from tests.app.test_app_competitions import errors, open_page, snapshot
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, texts

pytestmark = pytest.mark.usefixtures("steady_app")
DATA = Path(__file__).resolve().parents[2] / "data"
#: results played over the board: a forfeit is not sent to the KNSB (it is reported)
BOARD = {"1-0", "0-1", "1/2-1/2"}


@pytest.fixture
def db(club_db) -> tuple[Path, Store, dict[str, int]]:
    path, ids = club_db
    return path, Store(path, director_hash=DIRECTOR_HASH), ids


@pytest.fixture
def downloaded(monkeypatch) -> dict[str, tuple[str, str]]:
    """Every download button's file name and text by its key, as the page gave them
    (AppTest keeps only the button's label and URL)."""
    kept: dict[str, tuple[str, str]] = {}
    original = st.download_button

    def recording(label: str, data: str, file_name: str, **kwargs: object) -> bool:
        kept[str(kwargs.get("key"))] = (file_name, data)
        return original(label, data, file_name, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(st, "download_button", recording)
    return kept


def cli_file(tmp_path: Path, *argv: str) -> str:
    out = tmp_path / "out.trf"
    assert cli.main([*argv, "--out", str(out)]) == 0
    return out.read_bytes().decode("utf-8")  # byte for byte: TRF's CR LF line ends


# --------------------------------------------------------------------------- TRF download


def test_the_trf_download_is_what_the_command_line_exports(db, tmp_path, downloaded):
    """The AB competition's TRF button gives exactly ``compcore export --db --competition AB
    --format trf``; its file name is the competition and season: ab-2025-2026.trf."""
    path, _, ids = db
    at = open_page(ids["AB"])
    button = at.download_button(key=f"fed_trf_{ids['AB']}")
    assert button.label == "TRF downloaden"
    expected = cli_file(tmp_path, "export", "--db", str(path), "--competition", "AB",
                        "--format", "trf")  # fmt: skip
    assert downloaded[f"fed_trf_{ids['AB']}"] == ("ab-2025-2026.trf", expected)
    assert expected.startswith("012 Testclub / 2025-2026 / AB\r\n")
    assert at.get("file_uploader")  # the TRF upload is there for a director


def test_before_any_round_is_played_there_is_no_knsb_file(db):
    """AB with its rounds taken away: the TRF download stays, the KNSB part says there is
    nothing to submit and offers no period and no file."""
    _, store, ids = db
    cid = ids["AB"]
    season = store.load(cid)
    store.import_season(replace(season, rounds=()), actor=ADMIN, replace=True)
    at = open_page(cid)
    assert "Er is nog geen ronde gespeeld: er valt niets aan te leveren." in texts(at)
    keys = [b.key for b in at.download_button]
    assert f"fed_trf_{cid}" in keys and f"fed_knsb_{cid}" not in keys
    assert f"fed_knsb_from_{cid}" not in [n.key for n in at.number_input]


# --------------------------------------------------------------------------- KNSB


def flagged(store: Store, cid: int) -> None:
    """Players 1-3 of the roster get a relatienummer and consent, player 4 a bad number
    (5 digits) with consent, the others nothing."""
    season = store.load(cid)
    players = list(season.players)
    for i in range(3):
        players[i] = replace(players[i], flags=(f"knsb:100000{i}", "knsb-consent"))
    players[3] = replace(players[3], flags=("knsb:12345", "knsb-consent"))
    store.import_season(replace(season, players=tuple(players)), actor=ADMIN, replace=True)


def test_the_knsb_report_names_who_is_left_out_and_the_file_is_the_cli_s(db, tmp_path, downloaded):
    """AB (8 players, 3 rounds played), rounds 2-3: players 4-8 are left out (4 with a
    5-digit number, 5-8 without one): 5 lines, plus one per game of rounds 2-3 that is not
    sent (counted from the stored games: a game goes when either player is out, when it
    is a forfeit or has no result). The file is what ``compcore knsb --from 2 --to 3``
    writes."""
    path, store, ids = db
    cid = ids["AB"]
    flagged(store, cid)
    season = store.load(cid)
    out = {p.id for p in season.players[3:]}
    games_out = sum(
        1
        for r in season.played_rounds
        if r.number >= 2
        for g in r.games or ()
        if g.result is None or g.result.value not in BOARD or set(g.players) & out
    )
    at = open_page(cid)
    at.number_input(key=f"fed_knsb_from_{cid}").set_value(2).run()
    text = texts(at)
    assert f"Niet aangeleverd ({5 + games_out})" in [e.label for e in at.expander]
    fourth, fifth = season.players[3], season.players[4]
    assert f"het KNSB-relatienummer '12345' van {fourth.name} is geen 7 cijfers" in text
    assert f"{fifth.name} heeft geen KNSB-relatienummer" in text
    button = at.download_button(key=f"fed_knsb_{cid}")
    assert button.label == "KNSB-bestand downloaden (ronden 2-3)"
    expected = cli_file(tmp_path, "knsb", "--db", str(path), "--competition", "AB",
                        "--from", "2", "--to", "3")  # fmt: skip
    assert downloaded[f"fed_knsb_{cid}"] == ("ab-2025-2026-knsb-2-3.trf", expected)


def test_the_knsb_report_in_english(db):
    """The same phrases rendered per language: a player without a number, in English."""
    _, store, ids = db
    cid = ids["AB"]
    flagged(store, cid)
    fifth = store.load(cid).players[4]
    at = open_page(cid, lang="en")
    assert f"{fifth.name} has no KNSB relatienummer" in texts(at)
    assert at.download_button(key=f"fed_trf_{cid}").label == "Download TRF"


def test_the_ladder_s_games_against_the_engine_are_left_out(db, downloaded):
    """The Keizer ladder (9 players and the engine, DS-9), every human flagged: no one is
    reported, each game the engine played is (one line per such game, counted from the
    stored rounds), so is each forfeit, and every other game is in the file: one 001 line
    per human who played a human."""
    _, store, ids = db
    cid = ids["Ladder"]
    season = store.load(cid)
    players = tuple(p if p.is_engine else replace(p, flags=(f"knsb:{2000000 + i}", "knsb-consent"))
                    for i, p in enumerate(season.players))  # fmt: skip
    store.import_season(replace(season, players=players), actor=ADMIN, replace=True)
    engine = {p.id for p in players if p.is_engine}
    played = [g for r in season.played_rounds for g in r.games or ()
              if g.result is not None and g.result.value in BOARD]  # fmt: skip
    against = [g for g in played if set(g.players) & engine]
    humans = {p for g in played if not set(g.players) & engine for p in g.players}
    not_played = [g for r in season.played_rounds for g in r.games or ()
                  if g.result is None or g.result.value not in BOARD]  # fmt: skip
    assert against  # the ladder has an odd number of players: the engine played
    at = open_page(cid)
    assert not errors(at)
    left = len(against) + len(not_played)  # forfeits are reported too, as forfeits
    assert f"Niet aangeleverd ({left})" in [e.label for e in at.expander]
    assert texts(at).count("een partij tegen de schaakcomputer") == len(against)
    _, text = downloaded[f"fed_knsb_{cid}"]
    assert text.count("\n001 ") == len(humans)


def test_a_period_that_ends_before_it_starts_is_refused(db):
    """From round 3 to round 2: the period's message, and no KNSB file offered."""
    _, _, ids = db
    cid = ids["AB"]
    at = open_page(cid)
    at.number_input(key=f"fed_knsb_from_{cid}").set_value(3).run()
    at.number_input(key=f"fed_knsb_to_{cid}").set_value(2).run()
    assert any("ronden 3 tot en met 2 is geen periode" in e for e in errors(at))
    assert f"fed_knsb_{cid}" not in [b.key for b in at.download_button]


def test_the_service_refuses_a_period_before_round_one(db):
    _, store, ids = db
    with pytest.raises(CompcoreError, match="ronden 0 tot en met 2"):
        federation.knsb_download(store.load(ids["AB"]), 0, 2)


# --------------------------------------------------------------------------- TRF import


def magnus_trf() -> tuple[bytes, int]:
    """data/magnus-youth.json as TRF (12 rounds played); its number of players."""
    season, ruleset = season_file.load(DATA / "magnus-youth.json")
    return season_trf(season, ruleset).encode("utf-8"), len(season.players)


def upload(at, data: bytes, name: str = "toernooi.trf"):
    at.file_uploader(key="fed_upload").upload(name, data, "text/plain").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def fill(at, *, name: str, season: str = "2026-2027", club: str = "Testclub"):
    at.text_input(key="fed_club").input(club).run()
    at.text_input(key="fed_season").input(season).run()
    at.text_input(key="fed_name").input(name).run()
    at.selectbox(key="fed_preset").select("magnus-youth").run()
    at.button(key="fed_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_trf_file_is_previewed_and_created(db):
    """magnus-youth's 12 played rounds as TRF: the preview says '<n> spelers, 12 gespeelde
    ronden, volgende ronde 13'; created as Testclub / 2026-2027 / Jeugd uit TRF with the
    same players, 12 played rounds holding the same number of games, logged as an import."""
    _, store, ids = db
    data, count = magnus_trf()
    source, _ = season_file.load(DATA / "magnus-youth.json")
    at = open_page(ids["AB"])
    upload(at, data)
    assert f"{count} spelers, 12 gespeelde ronden, volgende ronde 13" in texts(at)
    assert list(at.selectbox(key="fed_preset").options) == [
        "Jeugd-Zwitsers (Magnus)",
        "Zwitsers in drie cycli (Prins & Paard)",
    ]  # their names, not their ids
    fill(at, name="Jeugd uit TRF")
    assert not errors(at)
    info = next(i for i in store.competitions() if i.competition == "Jeugd uit TRF")
    assert (info.club, info.season, info.preset) == ("Testclub", "2026-2027", "magnus-youth")
    new = store.load(info.id)
    assert sorted(p.name for p in new.players) == sorted(p.name for p in source.players)
    assert new.last_played == 12
    for number in range(1, 13):
        assert len(new.round(number).games or ()) == len(source.round(number).games or ())


def test_a_bad_trf_file_names_its_line_and_creates_nothing(db):
    """The third player's line cut to 50 characters: the reader's message names its line
    number ('TRF-regel N', N counted from the file's top), no create button, nothing
    stored."""
    _, store, ids = db
    data, _ = magnus_trf()
    lines = data.decode("utf-8").splitlines()
    third = next(i for i, line in enumerate(lines) if line.startswith("001    3"))
    lines[third] = lines[third][:50]
    before = snapshot(store)
    at = open_page(ids["AB"])
    upload(at, "\n".join(lines).encode("utf-8"))
    message = f"Dit TRF-bestand is niet te lezen: TRF-regel {third + 1}:"
    assert any(e.startswith(message) for e in errors(at))
    assert "fed_create" not in [b.key for b in at.button]
    assert snapshot(store) == before


def test_a_file_that_is_not_utf8_is_refused(db):
    """A Latin-1 'é' (byte 0xe9) on line 2: 'TRF-regel 2: geen UTF-8 (byte 0xe9)'."""
    _, store, ids = db
    before = snapshot(store)
    at = open_page(ids["AB"])
    upload(at, b"012 Toernooi\n001    1      Ren\xe9\n")
    assert any("TRF-regel 2: geen UTF-8 (byte 0xe9)" in e for e in errors(at))
    assert snapshot(store) == before


@pytest.mark.parametrize(
    ("name", "season", "message"),
    [
        ("AB", "2025-2026", "Testclub/2025-2026/AB bestaat al: kies een andere naam"),
        ("  ", "2026-2027", "Naam van de competitie is niet ingevuld"),
        ("Jeugd", "", "Seizoen is niet ingevuld"),
    ],
)
def test_a_name_clash_or_an_empty_field_is_refused(db, name, season, message):
    """The name AB in Testclub's 2025-2026 exists already; an empty name or season: the
    field is named; nothing is stored."""
    _, store, ids = db
    data, _ = magnus_trf()
    before = snapshot(store)
    at = open_page(ids["AB"])
    upload(at, data)
    fill(at, name=name, season=season)
    assert message in errors(at)
    assert snapshot(store) == before


def test_the_service_refuses_a_preset_that_is_not_swiss(db):
    """A Keizer preset cannot take a TRF file: the preset is named."""
    _, store, _ = db
    data, _ = magnus_trf()
    with pytest.raises(CompcoreError, match="dubbelschaak deelt niet Zwitsers in"):
        federation.trf_competition(
            federation.read_upload(data), club="Testclub", season="2026-2027", name="X",
            preset="dubbelschaak", existing=store.competitions(),
        )  # fmt: skip


# --------------------------------------------------------------------------- a member


def test_an_anonymous_member_sees_none_of_it(db):
    _, _, ids = db
    at = open_page(ids["AB"], director=False)
    assert not at.download_button
    assert not at.get("file_uploader")
    text = texts(at)
    assert "TRF downloaden" not in text and "Nieuwe competitie uit TRF" not in text
