"""Baloot's part of the conformance protocol: the play situation, the reference answers and
the rule behind each part of an answer."""

GAME = "baloot"
"""The game every Baloot vector asks about."""
BALOOT_OPS = ("legal-plays", "trick-winner", "auction", "doubling", "projects", "project-compare",
              "hand-score", "game-end", "perft", "next-dealer", "first-lead", "cut",
              "exposed-card")
"""The questions Baloot answers, in suite order."""
