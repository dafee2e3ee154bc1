"""Executable Kout rules: cards, deal, auction, play, scoring and game end."""
