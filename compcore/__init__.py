"""compcore: a chess club's internal competition, run exactly as its own rulebook says.

The package is a functional core: typed, immutable domain objects (``compcore.model``),
rulesets as data (``compcore.rulesets``), pure functions from (ruleset, season) to
standings (``compcore.scoring``) and pairings (``compcore.pairing``), and adapters to
the outside world (``compcore.adapters``: season files, TRF, the DuckDB store).
"""

__version__ = "0.1.0"
