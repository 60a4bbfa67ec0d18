"""Rules as data: the rulesets and presets, a club's settings, a director's changes."""
