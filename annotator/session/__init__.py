"""The rating flow in plain Python: order, phases, submitting; clock and randomness injected."""
