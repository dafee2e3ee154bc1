"""proofs.kout"""
