"""Machine-readable Kout rules: the parameter catalogue, profiles, and their loader."""

from spec.errors import SpecError
from spec.loader import kout_catalogue, load_catalogue
from spec.model import Catalogue, Game, Parameter, Profile, Reading

__all__ = [
    "Catalogue",
    "Game",
    "Parameter",
    "Profile",
    "Reading",
    "SpecError",
    "kout_catalogue",
    "load_catalogue",
]
