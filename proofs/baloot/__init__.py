"""Baloot's proofs: the Z3 model written from ``spec/baloot/``, its theorems, and the kit."""

from trickrules.proofs.baloot.readings import MODEL_READINGS
from trickrules.proofs.smt.readings import model_knows

model_knows("baloot", MODEL_READINGS)
