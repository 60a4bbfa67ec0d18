"""compcore: a chess club's internal competition, run exactly as its own rulebook says.

The package is a functional core in layers, each a folder that imports only the ones below
it: the words (``compcore.i18n``), the domain's immutable objects (``compcore.domain``),
rulesets as data (``compcore.rules``), pure functions from (ruleset, season) to standings
(``compcore.scoring``), the other competition formats (``compcore.formats``), pairings
(``compcore.pairing``), winners (``compcore.awards``) and the rule lab (``compcore.lab``).
Around it: the adapters to the outside world (``compcore.adapters``: the DuckDB store,
files, logins), the renderers (``compcore.present``), the workflows the pages call
(``compcore.services``) and the command line (``compcore.cli``).
"""

__version__ = "0.1.0"
