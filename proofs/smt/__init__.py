"""Thin typed helpers around Z3 that every family shares: names, seeded solvers with a resource
limit and the three verdicts, constant-folding term builders, and rule parameters as symbolic
integers."""
