"""Baloot's proofs: the Z3 model written from ``spec/baloot/``, its theorems, and the kit."""

from proofs.baloot.readings import MODEL_READINGS
from proofs.smt.readings import model_knows

model_knows("baloot", MODEL_READINGS)
