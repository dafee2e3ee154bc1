"""Paired simulation studies of disputes: the same seeded deals played by the same players
under both readings of a parameter, and how often the outcome differs."""
