"""The competition formats beside the ladder: knock-out cup, cup of pools, play-off,
round robin, subgroups; and the season's integrity checks, which know them all."""
