"""Baloot's rule data: games, parameters with their readings, profiles and sources (TOML)."""
