"""Kout's conformance vectors: the cases generated from witnesses, grids and seeded games,
and the reference answers (from the engine) with the rule behind each part."""
