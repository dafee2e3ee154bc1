"""Kout Bo in the proofs: the Z3 model written from ``spec/kout/``, its theorems, the kinds of
outcome its disputes compare, witness replay, and the conformance cases; the shared machinery
reaches it through :data:`trickrules.proofs.kout.kit.KIT`."""

from trickrules.proofs.kout.readings import MODEL_READINGS
from trickrules.proofs.smt.readings import model_knows

model_knows("kout", MODEL_READINGS)
