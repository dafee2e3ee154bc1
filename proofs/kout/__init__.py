"""Kout Bo in the proofs: the Z3 model written from ``spec/kout/``, its theorems, the kinds of
outcome its disputes compare, witness replay, and the conformance cases; the shared machinery
reaches it through :data:`proofs.kout.kit.KIT`."""
