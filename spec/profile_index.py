"""Every profile of a catalogue by id, shipped and source alike: what the judge answers under
and what the profile commands look a name up in."""

from __future__ import annotations

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.model import Profile
from trickrules.spec.source_profiles import source_profiles


def every_profile(catalogue: Catalogue) -> dict[str, Profile]:
    """Shipped profiles and source profiles by id."""
    return {**catalogue.profiles, **source_profiles(catalogue)}


def find_profile(catalogue: Catalogue, profile_id: str) -> Profile:
    """A shipped or source profile; ``KeyError`` lists the known ids."""
    profiles = every_profile(catalogue)
    if profile_id not in profiles:
        raise KeyError(f"unknown profile {profile_id!r}; known: {', '.join(sorted(profiles))}")
    return profiles[profile_id]
