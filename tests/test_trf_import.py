"""A TRF file as a new competition (issue 11 item 5)."""

from __future__ import annotations

from pathlib import Path

from compcore.adapters import season_file
from compcore.adapters.trf import read_trf
from compcore.adapters.trf_export import season_trf
from compcore.adapters.trf_import import season_from_trf
from compcore.model import Kind, Result
from compcore.pairing import pair
from compcore.scoring.standings import standings

DATA = Path(__file__).resolve().parent.parent / "data"


def test_season_to_trf_to_season_keeps_games_scores_and_the_next_pairing() -> None:
    """magnus-youth -> TRF -> a new season (same preset): 12 played rounds with the same
    games and results (by name), the same standings scores, and round 13 paired the same."""
    season, ruleset = season_file.load(DATA / "magnus-youth.json")
    back = season_from_trf(
        read_trf(season_trf(season, ruleset)), club="Magnus", season="2025-2026",
        preset="magnus-youth",
    )  # fmt: skip
    name = {p.id: p.name for p in season.players}
    new_name = {p.id: p.name for p in back.players}

    def games(s, names, number):  # type: ignore[no-untyped-def]
        return sorted((names[g.white], names[g.black], g.result) for g in s.round(number).games)

    for number in range(1, 13):
        assert games(back, new_name, number) == games(season, name, number)
    before = standings(season, ruleset, after_round=12).final.scores
    after = standings(back, ruleset, after_round=12).final.scores
    assert {name[k]: v for k, v in before.items()} == {new_name[k]: v for k, v in after.items()}
    expected = [(name[b.white], name[b.black]) for b in pair(season, ruleset).boards]
    got = [(new_name[b.white], new_name[b.black]) for b in pair(back, ruleset).boards]
    assert got == expected


def test_byes_forfeits_and_absences_become_entries_and_forfeit_results() -> None:
    """Round 1: 1-2 forfeit (+ -), 3 U, 4 H; round 2: 1-3 double forfeit (- -), 2 Z, 4 F.
    Round 1: game WHITE_FORFEIT_WIN, entries 3 bye, 4 joker; round 2: DOUBLE_FORFEIT,
    2 absent, 4 bye."""
    rows = [
        (1, "Anna", "   2 w +     3 w -"),
        (2, "Bert", "   1 b -  0000 - Z"),
        (3, "Cees", "0000 - U     1 b -"),
        (4, "Door", "0000 - H  0000 - F"),
    ]
    points = {1: "1.0", 2: "0.0", 3: "1.0", 4: "1.5"}
    lines = ["012 Test"] + [
        f"001 {n:>4}      {nm:<33} {'':>4} {'':3} {'':>11} {'':10} {points[n]:>4} {'':4}  {b}"
        for n, nm, b in rows
    ]
    s = season_from_trf(
        read_trf("\n".join(lines) + "\n"), club="C", season="S", preset="magnus-youth"
    )
    r1, r2 = s.round(1), s.round(2)
    assert [g.result for g in r1.games] == [Result.WHITE_FORFEIT_WIN]
    assert dict(r1.entries) == {"cees": Kind.BYE, "door": Kind.JOKER}
    assert [g.result for g in r2.games] == [Result.DOUBLE_FORFEIT]
    assert dict(r2.entries) == {"bert": Kind.ABSENT, "door": Kind.BYE}
    assert s.competition == "Test" and s.round(3).is_open


def test_cli_imports_a_trf_file_as_a_new_competition(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``compcore import FILE.trf --db DB --preset magnus-youth``: the competition is stored
    with the file's players; without --preset one line, exit 2, no database made."""
    from compcore.adapters import store
    from compcore.cli import main

    season, ruleset = season_file.load(DATA / "magnus-youth.json")
    trf = tmp_path / "youth.trf"
    trf.write_text(season_trf(season, ruleset), encoding="utf-8")
    db = tmp_path / "club.duckdb"
    assert main(["import", str(trf), "--db", str(db)]) == 2
    assert "--preset" in capsys.readouterr().err and not db.exists()
    argv = ["import", str(trf), "--db", str(db), "--preset", "magnus-youth", "--season", "2025"]
    assert main(argv) == 0
    stored, _ = store.load_season_readonly(db, None)
    assert sorted(p.name for p in stored.players) == sorted(p.name for p in season.players)
    assert stored.last_played == 12


def test_cli_a_mangled_trf_file_is_refused_in_one_line_and_nothing_is_stored(
    tmp_path: Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    """Points 9.5 on a line whose results sum to 9.0: the strict reader names the line;
    exit 2 and no database is made."""
    from compcore.cli import main

    season, ruleset = season_file.load(DATA / "magnus-youth.json")
    text = season_trf(season, ruleset)
    first = next(line for line in text.splitlines() if line.startswith("001"))
    assert first[80:84] == " 9.0"
    trf = tmp_path / "bad.trf"
    trf.write_text(text.replace(first, first[:80] + " 9.5" + first[84:]), encoding="utf-8")
    db = tmp_path / "club.duckdb"
    assert main(["import", str(trf), "--db", str(db), "--preset", "magnus-youth"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "9.5" in err[0]
    assert not db.exists()


def test_cli_a_trf_file_without_season_is_refused_naming_the_option(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Found by fuzzing: without --season every TRF import failed with the season check's
    "field 'season' must be text (not empty), but is ''", naming no option the director
    can give. Now one line naming --season, exit 2, no database made; with it, exit 0."""
    from compcore.cli import main

    season, ruleset = season_file.load(DATA / "magnus-youth.json")
    trf = tmp_path / "youth.trf"
    # another program's 012 names the tournament only (compcore's own names its season)
    text = season_trf(season, ruleset).replace(
        "012 Schaakvereniging Magnus / 2025-2026 / Jeugd A", "012 Jeugd A"
    )
    trf.write_text(text, encoding="utf-8")
    db = tmp_path / "club.duckdb"
    argv = ["--lang", "en", "import", str(trf), "--db", str(db), "--preset", "magnus-youth"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == "compcore: error: this TRF file names no season: give --season (e.g. 2025-2026)\n"
    assert not db.exists()
    assert main([*argv, "--season", "2025-2026"]) == 0
