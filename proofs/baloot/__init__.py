"""Baloot's proofs: the Z3 model written from ``spec/baloot/``, its theorems, and the kit."""
