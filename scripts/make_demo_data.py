"""Make the bundled demo seasons in ``data/``: one per preset, reproducible from fixed seeds.

Each season is paired round by round by compcore's own pairing engine, with results drawn
from the players' ratings, absences, externals, byes, forfeits, a withdrawn player, rating
updates (magnus), the computer entrant (dubbelschaak) and jokers (princenpaard); each ends
with an open round, so the director can pair the next evening at once. The Dubbelschaak
club shows the whole season (``scripts/demo_club.py``): last season's finished ladder, and
within this season's ladder the category play-off, a meerkamp group and the Meierij Cup.
The dates are those of a 2025-2026 season; the app moves them to follow today on its first
start (``compcore.services.demo.shift_demos``).

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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import demo_club  # next to this script

DATA = Path(__file__).resolve().parent.parent / "data"


DEMOS = [
    # file, preset, club, competition, players, played rounds, seed, extra
    # dubbelschaak.json and the rest of that club: demo_club.club()
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
    made = [(name, make(*rest)) for name, *rest in DEMOS] + demo_club.club()
    for name, season in made:
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
