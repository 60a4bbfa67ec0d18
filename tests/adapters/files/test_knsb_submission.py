"""KNSB rating submission (issue 11 item 3, issue 18 item 5): only over-the-board games
between players with a relatienummer and consent; a report of who and what was left out, in
words that say why; a header with the period's dates, the time control and the arbiter."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.files.knsb_submission import Heading, knsb_submission
from compcore.adapters.files.trf import read_trf
from compcore.domain.errors import Phrase
from compcore.domain.model import Game, Kind, Player, Result, Round, RulesetRef, Season


def _season() -> Season:
    """Four players: Anna (1234567, consent), Bert (7654321, consent), Cees (1111111, no
    consent), Door (no relatienummer, consent).
    Round 1: Anna-Bert 1-0, Cees-Door 1/2. Round 2: Bert-Anna 1/2, Cees bye, Door absent.
    Round 3: Anna-Cees 0-1, Bert-Door 1-0F (forfeit)."""
    players = (
        Player("a", "Anna", rating=1800, flags=("knsb:1234567", "knsb-consent")),
        Player("b", "Bert", rating=1700, flags=("knsb:7654321", "knsb-consent")),
        Player("c", "Cees", flags=("knsb:1111111",)),
        Player("d", "Door", flags=("knsb-consent",)),
    )
    rounds = (
        Round(1, games=(Game("a", "b", Result.WHITE_WINS), Game("c", "d", Result.DRAW))),
        Round(2, games=(Game("b", "a", Result.DRAW),), entries={"c": Kind.BYE, "d": Kind.ABSENT}),
        Round(
            3, games=(Game("a", "c", Result.BLACK_WINS), Game("b", "d", Result.WHITE_FORFEIT_WIN))
        ),
    )
    return Season("Club", "2025-2026", "Intern", RulesetRef("keizer-classic"), players, rounds)


def test_only_consenting_players_with_a_relatienummer_and_played_games() -> None:
    """Anna and Bert only. Anna: round 1 win (w vs 2), round 2 draw (b), round 3's game is
    against Cees (left out): 1.5. Bert: 0 + 0.5 = 0.5; round 3's forfeit is not sent."""
    sub = knsb_submission(_season(), 1, 3)
    doc = read_trf(sub.text)
    assert [(p.name, p.fide_id, p.points) for p in doc.players] == [
        ("Anna", "1234567", 1.5),
        ("Bert", "7654321", 0.5),
    ]
    anna = doc.players[0]
    assert [(r.opponent, r.colour, r.result) for r in anna.rounds] == [(2, "w", "1"), (2, "b", "=")]
    texts = [p.render("nl") for p in sub.left_out]
    assert texts == [
        "Cees heeft geen toestemming gegeven om de partijen voor de rating in te sturen "
        "(vlag knsb-consent)",
        "Door heeft geen KNSB-relatienummer",
        "ronde 1: Cees - Door niet ingestuurd: Cees heeft geen toestemming gegeven om de "
        "partijen voor de rating in te sturen (vlag knsb-consent)",
        "ronde 3: Anna - Cees niet ingestuurd: Cees heeft geen toestemming gegeven om de "
        "partijen voor de rating in te sturen (vlag knsb-consent)",
        "ronde 3: Bert - Door niet ingestuurd: reglementaire uitslag, de partij is niet aan "
        "het bord gespeeld",
    ]
    assert sub.left_out[1].render("en") == "Door has no KNSB relatienummer"


def test_a_period_and_a_bad_relatienummer() -> None:
    """Rounds 2-2 only: Anna - Bert 1/2, each 0.5. A relatienummer of 6 digits is refused."""
    season = _season()
    sub = knsb_submission(season, 2, 2)
    assert [p.points for p in read_trf(sub.text).players] == [0.5, 0.5]
    bad = replace(season.player("b"), flags=("knsb:765432", "knsb-consent"))
    season = replace(season, players=(season.player("a"), bad, *season.players[2:]))
    sub = knsb_submission(season, 1, 3)
    assert sub.left_out[0].render("nl") == (
        "het KNSB-relatienummer '765432' van Bert is geen 7 cijfers"
    )
    assert sub.text.count("\n001") == 0 and "001" not in sub.text


def test_cli_writes_the_file_and_lists_who_was_left_out(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``compcore knsb FILE --from 1 --out X``: the file as the writer makes it, the report
    on standard output; a period that ends before it starts: one line, exit 2, no file."""
    from compcore.adapters.files import season_file
    from compcore.cli.main import main

    season = _season()
    source = tmp_path / "season.json"
    season_file.dump(season, source)
    out = tmp_path / "knsb.trf"
    assert main(["knsb", str(source), "--from", "1", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == knsb_submission(season, 1, 3).text
    printed = capsys.readouterr().out
    assert "  Door heeft geen KNSB-relatienummer" in printed.splitlines()
    bad = tmp_path / "bad.trf"
    assert main(["knsb", str(source), "--from", "3", "--to", "2", "--out", str(bad)]) == 2
    assert "ronden 3 tot en met 2" in capsys.readouterr().err
    assert not bad.exists()


def test_a_game_against_the_engine_is_left_out_not_a_crash() -> None:
    """Dubbelschaak's engine (DS-9) has no relatienummer and is no player to report: Anna's
    round-1 game against it is left out with its own reason; Anna - Bert of round 2 (1/2)
    is the only game sent, so each has 0.5."""
    anna = Player("a", "Anna", flags=("knsb:1234567", "knsb-consent"))
    bert = Player("b", "Bert", flags=("knsb:7654321", "knsb-consent"))
    engine = Player("e", "Fritz", virtual="engine")
    rounds = (
        Round(1, games=(Game("a", "e", Result.BLACK_WINS),), entries={"b": Kind.ABSENT}),
        Round(2, games=(Game("b", "a", Result.DRAW),), entries={"e": Kind.ABSENT}),
    )
    season = Season("Club", "2025-2026", "Intern", RulesetRef("dubbelschaak"),
                    (anna, bert, engine), rounds)  # fmt: skip
    sub = knsb_submission(season, 1, 2)
    assert [(p.name, p.points) for p in read_trf(sub.text).players] == [
        ("Anna", 0.5),
        ("Bert", 0.5),
    ]
    assert [p.render("nl") for p in sub.left_out] == [
        "ronde 1: Anna - Fritz niet ingestuurd: een partij tegen de schaakcomputer"
    ]
    assert sub.left_out[0].render("en").endswith("a game against the engine")


# --------------------------------------------------------------------------- issue 18 item 5


@pytest.mark.parametrize(
    ("phrase", "nl", "en"),
    [
        (Phrase("knsb.why.no_relatienummer", name="Door"),
         "Door heeft geen KNSB-relatienummer", "Door has no KNSB relatienummer"),
        (Phrase("knsb.why.bad_relatienummer", name="Bert", number="765432"),
         "het KNSB-relatienummer '765432' van Bert is geen 7 cijfers",
         "the KNSB relatienummer '765432' of Bert is not 7 digits"),
        (Phrase("knsb.why.no_consent", name="Cees"),
         "Cees heeft geen toestemming gegeven om de partijen voor de rating in te sturen "
         "(vlag knsb-consent)",
         "Cees has not consented to having their games submitted for rating (flag "
         "knsb-consent)"),
        (Phrase("knsb.left.game", round=3, white="Anna", black="Cees",
                why=Phrase("knsb.why.no_result")),
         "ronde 3: Anna - Cees niet ingestuurd: de partij heeft nog geen uitslag",
         "round 3: Anna - Cees not submitted: the game has no result yet"),
        (Phrase("knsb.left.game", round=3, white="Bert", black="Door",
                why=Phrase("knsb.why.forfeit")),
         "ronde 3: Bert - Door niet ingestuurd: reglementaire uitslag, de partij is niet aan "
         "het bord gespeeld",
         "round 3: Bert - Door not submitted: a forfeit, the game was not played at the board"),
        (Phrase("knsb.left.game", round=1, white="Anna", black="Fritz",
                why=Phrase("knsb.why.engine")),
         "ronde 1: Anna - Fritz niet ingestuurd: een partij tegen de schaakcomputer",
         "round 1: Anna - Fritz not submitted: a game against the engine"),
        (Phrase("knsb.bad_period", first=3, last=2),
         "ronden 3 tot en met 2 is geen periode (de eerste ronde is 1 of later, de laatste "
         "niet eerder)",
         "rounds 3 to 2 is not a period (the first round is 1 or later, the last not earlier)"),
    ],
)  # fmt: skip
def test_every_reason_says_what_it_means_in_both_languages(phrase, nl, en) -> None:
    """No reason calls a player who played "doet niet mee" (does not take part): each
    names what is missing. A player's own line is his reason as it is."""
    assert phrase.render("nl") == nl
    assert phrase.render("en") == en
    assert "doet niet mee" not in nl
    assert Phrase("knsb.left.player", why=phrase).render("nl") == nl


def test_a_game_without_a_result_is_reported_not_sent() -> None:
    """Round 1 has Anna - Bert without a result (a played round can hold one): no 001 line
    at all, and the report says the game has no result yet."""
    season = _season()
    rnd = replace(season.rounds[0], games=(Game("a", "b"),))
    season = replace(season, rounds=(rnd,))
    sub = knsb_submission(season, 1, 1)
    assert "001" not in sub.text
    assert sub.left_out[-1].render("nl") == (
        "ronde 1: Anna - Bert niet ingestuurd: de partij heeft nog geen uitslag"
    )


def _dated() -> Season:
    """The four players of :func:`_season` with full names; rounds on 2 Sep, (no date),
    16 Sep 2025. Anna and Bert as "Anna van der Linden" and "Bert de Vries"."""
    season = _season()
    anna = replace(season.player("a"), name="Anna van der Linden")
    bert = replace(season.player("b"), name="Bert de Vries")
    r1, r2, r3 = season.rounds
    rounds = (replace(r1, date="2025-09-02"), r2, replace(r3, date="2025-09-16"))
    return replace(season, players=(anna, bert, *season.players[2:]), rounds=rounds)


def test_the_header_has_the_dates_the_time_control_and_the_arbiter() -> None:
    """Rounds 1-3: 042 is round 1's date, 052 round 3's (round 2 has none), as TRF16 writes
    dates (YYYY/MM/DD); 102 the arbiter and 222 the time control from the heading. Rounds
    2-2: round 2 has no date, so no 042/052; no heading, so no 102/222."""
    heading = Heading(tempo="90 min + 30 s per zet", arbiter="Jan de Wit")
    lines = knsb_submission(_dated(), 1, 3, heading).text.splitlines()
    assert lines[:5] == [
        "012 Club / Intern: ronden 1-3",
        "042 2025/09/02",
        "052 2025/09/16",
        "102 Jan de Wit",
        "222 90 min + 30 s per zet",
    ]
    assert all(line.startswith("001") for line in lines[5:])
    assert knsb_submission(_dated(), 2, 2).text.splitlines()[0] == "012 Club / Intern: ronden 2-2"
    assert [ln[:3] for ln in knsb_submission(_dated(), 2, 2).text.splitlines()] == [
        "012", "001", "001"
    ]  # fmt: skip


def test_names_as_the_federation_writes_them_and_no_control_character() -> None:
    """ "Anna van der Linden" -> "Van der Linden, Anna" in columns 15-47 (index 14..46, 33
    wide), "Bert de Vries" -> "De Vries, Bert"; numbered in the order of the names as
    written ("De Vries" before "Van der Linden": Bert 1, Anna 2; columns 5-8). A newline
    and a tab in a name, the club and the arbiter become spaces: no line of the file
    starts with a forged 001."""
    season = _dated()
    bert = replace(season.player("b"), name="Bert de\nVries")
    season = replace(season, club="Club\r\n001 fake", players=(season.players[0], bert,
                                                                *season.players[2:]))  # fmt: skip
    text = knsb_submission(season, 1, 3, Heading(arbiter="Jan\tde Wit\n001 x")).text
    lines = text.splitlines()
    assert lines[0] == "012 Club  001 fake / Intern: ronden 1-3"
    assert "102 Jan de Wit 001 x" in lines
    players = [ln for ln in lines if ln.startswith("001")]
    assert [ln[14:47] for ln in players] == [
        f"{'De Vries, Bert':<33}",
        f"{'Van der Linden, Anna':<33}",
    ]
    assert [ln[4:8] for ln in players] == ["   1", "   2"]
    assert not any(c in text.replace("\n", "") for c in "\r\t\x00")


def test_bbppairings_reads_the_submission(tmp_path, bbppairings) -> None:  # type: ignore[no-untyped-def]
    """The real engine reads the file, header records included, and finds every player's
    points equal to the games listed (its reader refuses a file where they differ)."""
    path = tmp_path / "knsb.trf"
    heading = Heading(tempo="90 min + 30 s per zet", arbiter="Jan de Wit")
    path.write_text(knsb_submission(_dated(), 1, 3, heading).text, encoding="utf-8")
    outcome = bbppairings.check(path)
    assert outcome.ok, outcome.stdout + outcome.stderr
    assert "Error" not in outcome.stdout + outcome.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [("nl", "het aanleverbestand voor de KNSB"), ("en", "the KNSB submission file")],
)
def test_knsb_help_calls_out_the_submission_file(capsys, lang, words) -> None:  # type: ignore[no-untyped-def]
    from compcore.cli.main import main

    with pytest.raises(SystemExit):
        main(["--lang", lang, "knsb", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    out_help = text[text.rindex("--out ") :]  # the option's own help, after the usage line
    assert words in out_help
    assert "seizoensbestand" not in out_help and "season file" not in out_help


def test_cli_tempo_and_arbiter_and_a_bad_one(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--tempo``/``--arbiter`` head the file; a tempo with a newline is refused with one
    sentence naming the field (exit 2) and no file is written."""
    from compcore.adapters.files import season_file
    from compcore.cli.main import main

    source = tmp_path / "season.json"
    season_file.dump(_dated(), source)
    out = tmp_path / "knsb.trf"
    assert main(["knsb", str(source), "--tempo", "G60", "--arbiter", "Jan", "--out",
                 str(out)]) == 0  # fmt: skip
    assert out.read_text(encoding="utf-8").splitlines()[3:5] == ["102 Jan", "222 G60"]
    capsys.readouterr()
    bad = tmp_path / "bad.trf"
    assert main(["knsb", str(source), "--tempo", "G60\n001", "--out", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(
        "speeltempo: teken 4 is een stuurteken (U+000A, bijvoorbeeld een regelovergang of "
        "tab). Er is niets opgeslagen."
    )
    assert len(err.splitlines()) == 1
    assert not bad.exists()


def _no_numbers() -> Season:
    """:func:`_dated` without any relatienummer: Anna and Bert keep their consent."""
    season = _dated()
    players = tuple(replace(p, flags=tuple(f for f in p.flags or () if not f.startswith("knsb:")))
                    for p in season.players)  # fmt: skip
    return replace(season, players=players)


KNSB_LIST = (
    "Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n"
    "1234567;Van der Linden, Anna;;NED;1810;5;1990;w\r\n"
    "7654321;De Vries, Bert;;NED;1705;5;1991;\r\n"
)


def _numbers_in(text: str) -> list[tuple[str, str, str]]:
    """Each 001 line's name (columns 15-47), relatienummer (58-68) and points (81-84)."""
    return [(ln[14:47].rstrip(), ln[57:68].strip(), ln[80:84].strip())
            for ln in text.splitlines() if ln.startswith("001")]  # fmt: skip


def test_cli_rating_list_import_then_the_submission_carries_the_numbers(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Before the import no player has a relatienummer: the file is header only. The KNSB
    list names "Van der Linden, Anna" 1234567 and "De Vries, Bert" 7654321: both found by
    name, both numbers stored. Then ``compcore knsb --db`` writes both, numbered in name
    order (De Vries 1, Van der Linden 2), with Anna 1 + 0.5 = 1.5 (round 3's game is
    against Cees, who has not consented) and Bert 0 + 0.5 = 0.5, and the club's settings
    in the header (102, 222)."""
    from compcore.adapters.store import Store
    from compcore.cli.main import main
    from compcore.ports.actors import Administrator
    from compcore.rules.club_settings import ClubSettings

    admin = Administrator("test")
    db = tmp_path / "club.duckdb"
    store = Store(db)
    store.import_season(_no_numbers(), actor=admin)
    store.save_club_settings("Club", ClubSettings(tempo="G90+30", arbiter="Jan de Wit"),
                             actor=admin)  # fmt: skip
    out = tmp_path / "knsb.trf"
    assert main(["knsb", "--db", str(db), "--out", str(out)]) == 0
    assert _numbers_in(out.read_text(encoding="utf-8")) == []
    listed = tmp_path / "knsb.csv"
    listed.write_bytes(KNSB_LIST.encode("cp1252"))
    capsys.readouterr()
    assert main(["ratings", "import", str(listed), "--db", str(db), "--from-round", "3"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "Anna van der Linden: relatienummer 1234567 opgeslagen" in printed
    assert "Bert de Vries: relatienummer 7654321 opgeslagen" in printed
    assert "2 relatienummers/FIDE-id's opgeslagen." in printed
    assert main(["knsb", "--db", str(db), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert _numbers_in(text) == [
        ("De Vries, Bert", "7654321", "0.5"),
        ("Van der Linden, Anna", "1234567", "1.5"),
    ]
    assert text.splitlines()[1:5] == ["042 2025/09/02", "052 2025/09/16", "102 Jan de Wit",
                                      "222 G90+30"]  # fmt: skip
    season = Store(db).load(Store(db).competitions()[0].id)
    assert season.player("a").knsb_id == "1234567"
    assert season.rating_at("a", 3) == 1810 and season.rating_at("a", 2) == 1800


def test_service_rating_list_import_then_the_submission_carries_the_numbers() -> None:
    """The same flow through the services the app uses: ``ratings.preview`` and
    ``import_ratings`` on a store, then ``federation.knsb_download`` with the club's
    settings: the same two players and numbers."""
    import io

    from compcore.ports.actors import Administrator
    from compcore.rules.club_settings import ClubSettings
    from compcore.services import federation, ratings
    from tests.fakes import MemoryStore

    admin = Administrator("test")
    store = MemoryStore()
    cid = store.import_season(_no_numbers(), actor=admin)
    store.save_club_settings("Club", ClubSettings(arbiter="Jan de Wit"), actor=admin)
    season = store.load(cid)
    seen = ratings.preview(season, io.BytesIO(KNSB_LIST.encode("cp1252")), 3)
    assert [p.knsb_id for p in seen.numbers_to_store(False)] == ["1234567", "7654321"]
    ratings.import_ratings(store, cid, seen.to_store(False), read=season.ratings or (),
                           actor=admin, numbers=seen.numbers_to_store(False),
                           read_players=season.players)  # fmt: skip
    after = store.load(cid)
    download, _ = federation.knsb_download(after, 1, 3, store.club_settings("Club"))
    assert download.name == "intern-2025-2026-knsb-1-3.trf"
    assert _numbers_in(download.text) == [
        ("De Vries, Bert", "7654321", "0.5"),
        ("Van der Linden, Anna", "1234567", "1.5"),
    ]
    assert "102 Jan de Wit" in download.text.splitlines()
    assert "222" not in [ln[:3] for ln in download.text.splitlines()]
    assert [a.action for a in store.log(cid, 3)][:2] == ["import-ratings", "import-numbers"]


# --------------------------------------------------------------------------- club settings


def test_club_settings_are_checked_and_kept_as_typed(tmp_path) -> None:
    """100 characters is the most (101 refused, naming the field and the count); a NUL, a
    CR or U+2029 refused naming the character's place; spaces and case kept as typed
    ("  G90 " stays "  G90 "); an empty value is "not set". In the DuckDB store: saved,
    read back equal, logged once; a stale save (read says none, meanwhile "G60") refused."""
    from compcore.adapters.store import Store
    from compcore.domain.errors import CompcoreError, StaleWriteError
    from compcore.ports.actors import Administrator
    from compcore.rules.club_settings import ClubSettings, check_settings

    assert check_settings(ClubSettings("x" * 100, "")) == ClubSettings("x" * 100, None)
    with pytest.raises(CompcoreError) as refused:
        check_settings(ClubSettings("x" * 101))
    assert refused.value.describe("en") == (
        "time control: 101 characters, at most 100. Nothing was saved."
    )
    for bad, code in (("a\x00", "U+0000"), ("a\r", "U+000D"), ("a\u2029", "U+2029")):
        with pytest.raises(CompcoreError) as refused:
            check_settings(ClubSettings(arbiter=bad))
        assert refused.value.describe("nl") == (
            f"wedstrijdleider: teken 2 is een stuurteken ({code}, bijvoorbeeld een "
            "regelovergang of tab). Er is niets opgeslagen."
        )
    admin = Administrator("test")
    store = Store(tmp_path / "club.duckdb")
    store.import_season(_season(), actor=admin)
    store.save_club_settings("Club", ClubSettings("  G90 ", "Jan de Wit"), actor=admin)
    assert store.club_settings("Club") == ClubSettings("  G90 ", "Jan de Wit")
    assert store.club_settings("Other club") == ClubSettings()
    store.save_club_settings(
        "Club", ClubSettings("G60"), actor=admin, read=ClubSettings("  G90 ", "Jan de Wit")
    )
    with pytest.raises(StaleWriteError):
        store.save_club_settings("Club", ClubSettings("G45"), actor=admin, read=ClubSettings())
    assert store.club_settings("Club") == ClubSettings("G60", None)
    with pytest.raises(CompcoreError):
        store.save_club_settings("Club", ClubSettings("G\n45"), actor=admin)
    assert store.club_settings("Club") == ClubSettings("G60", None)
    assert [e.action for e in store.log(None, 3)][:2] == ["club-settings", "club-settings"]
