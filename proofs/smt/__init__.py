"""proofs.smt"""
