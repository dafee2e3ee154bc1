"""proofs.kout.conformance"""
