"""Kout Bo in the proofs: the Z3 model written from ``spec/kout/``, its theorems, the kinds of
outcome its disputes compare, witness replay, and the conformance cases; the shared machinery
reaches it through :data:`proofs.kout.kit.KIT`."""

from proofs.kout.readings import MODEL_READINGS
from proofs.smt.readings import model_knows

model_knows("kout", MODEL_READINGS)
