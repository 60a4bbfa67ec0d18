"""Start-up (issue 8, item 3; issue 19): what a command imports, checked in a fresh
interpreter.

Behaviour, not timing (``benchmarks/startup.py`` has the figures): ``--help`` and
``presets`` load no numpy, pandas, streamlit, duckdb, networkx nor pydantic; ``pair
FILE.trf`` needs no ruleset, so it loads neither pydantic nor the ruleset schema, and no
networkx (the Swiss matching's fallback); the standings of a club's season load no numpy,
iterating (KC's iterations, a matrix of 60 players) or not (DS-8's weekly recompute, PP's
points)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.lab import synthetic
from compcore.rules.rulesets import preset_summaries, presets
from tests.adapters.files.test_trf import SMALL

ROOT = Path(__file__).resolve().parents[2]
HEAVY = {"numpy", "pandas", "streamlit", "duckdb", "altair", "networkx"}


def imported_by(
    argv: list[str], modules: bool = False, env: dict[str, str] | None = None
) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after ``compcore ARGV`` (with
    ``modules``: compcore's own modules too, by their full names; ``env``: more of the
    environment)."""
    code = textwrap.dedent(
        f"""
        import contextlib, io, sys
        import compcore.cli.main
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                code = compcore.cli.main.main({argv!r})
            except SystemExit as exc:  # --help exits
                code = exc.code
        assert code == 0, code
        own = [name for name in sys.modules if name.startswith("compcore.")] if {modules!r} else []
        print(" ".join(sorted({{name.split(".")[0] for name in sys.modules}} | set(own))))
        """
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        **(env or {}),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "compcore" in loaded  # the right process was asked
    return loaded


@pytest.mark.parametrize("argv", [["--help"], ["presets"], ["--lang", "en", "presets"]])
def test_help_and_presets_load_no_heavy_library_nor_pydantic(argv: list[str]) -> None:
    loaded = imported_by(argv)
    assert loaded.isdisjoint(HEAVY | {"pydantic"}), loaded & (HEAVY | {"pydantic"})


@pytest.mark.parametrize("preset", ["dubbelschaak", "princenpaard"])
def test_standings_without_iteration_load_no_numpy(tmp_path: Path, preset: str) -> None:
    """DS-8 recomputes once per round and PP counts points: neither needs the int64
    matrix of an iterating Keizer, so neither pays numpy's import."""
    path = tmp_path / "season.json"
    season_file.dump(synthetic.season(preset, n_players=10, n_rounds=4, seed=3), path)
    loaded = imported_by(["standings", str(path)])
    assert loaded.isdisjoint(HEAVY), loaded & HEAVY


def test_iterating_standings_of_a_club_load_no_numpy(tmp_path: Path) -> None:
    """Keizer classic iterates after round 19 and the last (KC-4): for 60 players the
    forms by place are plain Python rows (``place_forms.NUMPY_FROM``), so no numpy."""
    path = tmp_path / "season.json"
    season = synthetic.season(
        "keizer-classic", n_players=60, n_rounds=20, seed=7, overrides={"rounds_per_cycle": 20}
    )
    season_file.dump(season, path)
    loaded = imported_by(["standings", str(path)])
    assert loaded.isdisjoint(HEAVY), loaded & HEAVY


def test_pair_trf_loads_neither_pydantic_nor_the_rulesets(tmp_path: Path) -> None:
    """A TRF file is paired by the FIDE Dutch system alone: no ruleset, so no pydantic and
    no ruleset schema; no networkx, numpy or other heavy library either."""
    path = tmp_path / "round.trf"
    path.write_text(SMALL, encoding="utf-8")  # four players, round 3 to pair
    loaded = imported_by(["pair", str(path)], modules=True)
    heavy = HEAVY | {"pydantic", "pydantic_core", "compcore.rules.rulesets.schema"}
    assert loaded.isdisjoint(heavy), loaded & heavy


def test_preset_list_says_what_the_validated_presets_say() -> None:
    """``compcore presets`` reads names and descriptions without validating: they are the
    validated rulesets' own."""
    assert [tuple(s) for s in preset_summaries()] == [
        (r.name, r.description, r.description_nl) for r in presets()
    ]


def test_standings_and_presets_from_cached_rulesets_load_neither_pydantic_nor_toml(
    tmp_path: Path,
) -> None:
    """Issue 19: a ruleset whose exact text was validated before is built from the data
    kept then (``compcore.rules.rulesets.validated``), so the next process imports no pydantic
    and parses no TOML; the first one validates (and so imports pydantic)."""
    path = tmp_path / "season.json"
    season_file.dump(synthetic.season("keizer-classic", n_players=10, n_rounds=4, seed=3), path)
    env = {"COMPCORE_CACHE": str(tmp_path / "cache")}
    first = imported_by(["standings", str(path)], env=env)
    assert "pydantic" in first  # nothing kept yet: validated
    again = imported_by(["standings", str(path)], env=env)
    assert again.isdisjoint(HEAVY | {"pydantic", "pydantic_core", "tomllib"}), again & (
        HEAVY | {"pydantic", "pydantic_core", "tomllib"}
    )
    imported_by(["presets"], env=env)
    listed = imported_by(["presets"], env=env, modules=True)
    assert listed.isdisjoint({"pydantic", "tomllib", "compcore.rules.rulesets.schema"}), listed


def test_changed_overrides_are_validated_again(tmp_path: Path) -> None:
    """The kept data is never trusted over another text: a season whose overrides changed
    is validated anew, and a bad override is refused even where the season was kept."""
    env = {"COMPCORE_CACHE": str(tmp_path / "cache")}
    path = tmp_path / "season.json"
    season = synthetic.season("princenpaard", n_players=8, n_rounds=2, seed=1)
    season_file.dump(season, path)
    imported_by(["standings", str(path)], env=env)
    data = season_file.to_data(season)
    data["ruleset"]["overrides"] = {"display_decimals": 1}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "pydantic" in imported_by(["standings", str(path)], env=env)
    data["ruleset"]["overrides"] = {"display_decimals": 9}
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "compcore", "--lang", "en", "standings", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, **env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 2
    assert "'display_decimals': expected less than or equal to 6" in done.stderr
