"""The domain: a season's players, rounds and games, reasons, errors and ids."""
