"""KNSB rating submission (issue 11 item 3): only over-the-board games between players with
a relatienummer and consent; a report of who and what was left out."""

from __future__ import annotations

from dataclasses import replace

from compcore.adapters.knsb_submission import knsb_submission
from compcore.adapters.trf import read_trf
from compcore.model import Game, Kind, Player, Result, Round, RulesetRef, Season


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
        "Cees: geen toestemming voor de ratingverwerking",
        "Door: geen KNSB-relatienummer",
        "ronde 1: Cees - Door niet ingestuurd, Cees doet niet mee",
        "ronde 3: Anna - Cees niet ingestuurd, Cees doet niet mee",
    ]
    assert sub.left_out[1].render("en") == "Door: no KNSB relatienummer"


def test_a_period_and_a_bad_relatienummer() -> None:
    """Rounds 2-2 only: Anna - Bert 1/2, each 0.5. A relatienummer of 6 digits is refused."""
    season = _season()
    sub = knsb_submission(season, 2, 2)
    assert [p.points for p in read_trf(sub.text).players] == [0.5, 0.5]
    bad = replace(season.player("b"), flags=("knsb:765432", "knsb-consent"))
    season = replace(season, players=(season.player("a"), bad, *season.players[2:]))
    sub = knsb_submission(season, 1, 3)
    assert "relatienummer '765432' is geen 7 cijfers" in sub.left_out[0].render("nl")
    assert sub.text.count("\n001") == 0 and "001" not in sub.text


def test_cli_writes_the_file_and_lists_who_was_left_out(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``compcore knsb FILE --from 1 --out X``: the file as the writer makes it, the report
    on standard output; a period that ends before it starts: one line, exit 2, no file."""
    from compcore.adapters import season_file
    from compcore.cli import main

    season = _season()
    source = tmp_path / "season.json"
    season_file.dump(season, source)
    out = tmp_path / "knsb.trf"
    assert main(["knsb", str(source), "--from", "1", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == knsb_submission(season, 1, 3).text
    printed = capsys.readouterr().out
    assert "Door: geen KNSB-relatienummer" in printed
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
        "ronde 1: Anna - Fritz niet ingestuurd, een partij tegen de schaakcomputer"
    ]
    assert sub.left_out[0].render("en").endswith("a game against the engine")
