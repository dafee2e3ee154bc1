"""Presentation for people: rich tables, cards in colour, progress bars. Only the command
line imports it; the core returns data."""
