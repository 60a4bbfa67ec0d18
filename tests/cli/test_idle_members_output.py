"""``compcore standings`` of a season with 200 members who never play (issue 19's 8,000, made
small): the output, byte for byte and under the command line's option sets, is the same
with the fast paths for them (the idle block of :mod:`compcore.scoring.idle`, the members
read a field at a time by :mod:`compcore.adapters.files.plain_players`) as with the plain
computation of every member one by one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.cli import main as cli
from compcore.domain.model import Player
from compcore.lab import synthetic
from compcore.scoring import standings as standings_module

OPTIONS = [
    [],
    ["--format", "csv"],
    ["--format", "json"],
    ["--format", "csv", "--excel"],
    ["--after-round", "3"],
    ["--after-round", "1", "--format", "json"],
    ["--cycle", "1"],
]
PRESETS = ["dubbelschaak", "keizer-classic", "princenpaard", "magnus-senior"]


def _season_file(tmp_path: Path, preset: str) -> Path:
    season = synthetic.season(preset, n_players=12, n_rounds=8, seed=5)
    members = tuple(
        Player(
            id=f"m{i:04d}",
            name=f"Lid {i % 37:02d}",  # namesakes: the initial order falls back on the id
            rating=None if i % 9 == 0 else 1100 + (i * 53) % 1000,
            participation="never",
        )
        for i in range(200)
    )
    path = tmp_path / f"{preset}.json"
    season_file.dump(replace(season, players=season.players + members), path)
    return path


def _outputs(path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> list[tuple[int, bytes]]:
    out = []
    for options in OPTIONS:
        for lang in ("nl", "en"):
            try:
                code = cli.main(["--lang", lang, "standings", str(path), *options])
            except SystemExit as stop:  # a refused option set: refused the same way
                code = int(stop.code or 0)
            captured = capsysbinary.readouterr()
            out.append((code, captured.out + b"\0" + captured.err))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_the_fast_paths_write_what_the_plain_computation_writes(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes], monkeypatch, preset: str
) -> None:
    path = _season_file(tmp_path, preset)
    fast = _outputs(path, capsysbinary)
    assert sum(code == 0 for code, _ in fast) >= 10
    assert all(b"Lid 36" in text for code, text in fast if code == 0)
    monkeypatch.setattr(standings_module, "idle_members", lambda hist, ruleset: frozenset())
    monkeypatch.setattr(season_file, "plain_players", lambda items: {})
    assert _outputs(path, capsysbinary) == fast
