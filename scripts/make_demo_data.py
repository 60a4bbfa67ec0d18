"""Make the bundled demo seasons in ``data/``: one per preset, reproducible from fixed seeds.

Each season is paired round by round by compcore's own pairing engine, with results drawn
from the players' ratings, absences, externals, byes, forfeits, a withdrawn player, rating
updates (magnus), the computer entrant (dubbelschaak) and jokers (princenpaard); each ends
with an open round, so the director can pair the next evening at once.

    python scripts/make_demo_data.py          # writes data/*.json
    python scripts/make_demo_data.py --check  # fails if the committed files differ
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path

from compcore.adapters.files import season_file
from compcore.domain.model import Season
from compcore.lab import synthetic

DATA = Path(__file__).resolve().parent.parent / "data"


DEMOS = [
    # file, preset, club, competition, players, played rounds, seed, extra
    ("dubbelschaak.json", "dubbelschaak", "Schaakvereniging Dubbelschaak", "Interne ladder",
     26, 30, 11, {"never": 3}),
    ("keizer-classic.json", "keizer-classic", "Schaakclub De Toren", "Keizercompetitie",
     24, 20, 12, {"mix": synthetic.Mix(absent=0.10, external=0.05, club_duty=0.01, cup=0.02)}),
    ("princenpaard.json", "princenpaard", "Schaakclub Princenpaard", "Interne competitie",
     26, 28, 13, {"mix": synthetic.Mix(absent=0.04, unexcused=0.02, joker=0.08, external=0.02)}),
    ("ladder-ab.json", "ladder-ab", "Schaakclub Het Paard", "Clubladder",
     22, 18, 14, {}),
    ("magnus-senior.json", "magnus-senior", "Schaakvereniging Magnus", "Senioren",
     24, 16, 15, {"mix": synthetic.Mix(forfeit=0.04)}),
    ("magnus-youth.json", "magnus-youth", "Schaakvereniging Magnus", "Jeugd A",
     20, 12, 16, {"mix": synthetic.Mix(absent=0.12, external=0.02, forfeit=0.04)}),
    # the cup after three rounds, the final open (MG-7, MG-8): the Winnaars page's bracket
    ("magnus-cup.json", "magnus-cup", "Schaakvereniging Magnus", "Beker",
     16, 3, 37, {}),
]  # fmt: skip


def make(
    preset: str, club: str, competition: str, n: int, rounds: int, seed: int, extra: dict
) -> Season:
    return synthetic.season(
        preset,
        n_players=n,
        n_rounds=rounds,
        seed=seed,
        pairer=synthetic.engine_pairer,
        club=club,
        competition=competition,
        season_name="2025-2026",
        start=date(2025, 9, 2),
        open_round=True,
        **extra,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="make the demo seasons")
    parser.add_argument("--check", action="store_true", help="compare with the files in data/")
    args = parser.parse_args(argv)
    DATA.mkdir(exist_ok=True)
    stale = []
    for name, preset, club, competition, n, rounds, seed, extra in DEMOS:
        season = make(preset, club, competition, n, rounds, seed, extra)
        text = season_file.dumps(season)
        season_file.loads(text, name)  # valid, or this raises
        path = DATA / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path}: {len(season.players)} players, {season.last_played} rounds played")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
