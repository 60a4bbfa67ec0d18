"""The committee's rule lab: compare rulesets, simulate seasons, synthetic seasons."""
