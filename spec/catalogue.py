"""Everything one family's spec directory holds, validated: games, parameters, profiles,
sources and claims, the rulebook, the sentences, practice and the irregularities (a module of
its own, so that the records it gathers name the model's records without a circle)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from trickrules.spec.model import Claim, Game, Parameter, Profile, Source
from trickrules.spec.rulings import Rulebook

if TYPE_CHECKING:
    from trickrules.spec.coverage import SentenceBook
    from trickrules.spec.irregularities import Irregularity
    from trickrules.spec.practice import Evidence


@dataclass(frozen=True)
class Catalogue:
    """Everything in one spec directory, validated."""

    games: Mapping[str, Game]
    parameters: Mapping[str, Parameter]
    profiles: Mapping[str, Profile]
    sources: Mapping[str, Source] = field(default_factory=dict)
    claims: Mapping[str, Claim] = field(default_factory=dict)
    rulebook: Rulebook | None = None
    sentences: SentenceBook | None = None
    practice: tuple[Evidence, ...] = ()
    """What public engines and rule pages play (``practice.toml``), for the ruling policy."""
    irregularities: tuple[Irregularity, ...] = ()
    """The book's tournament procedures (``irregularities.toml``)."""

    def profile(self, profile_id: str) -> Profile:
        """The profile named ``profile_id``, or a shipped profile with readings pinned, written
        ``<id>[<parameter>=<reading>]...``; the error lists the known names."""
        if "[" in profile_id and profile_id not in self.profiles:
            base, _, pins = profile_id.partition("[")
            pairs = re.findall(r"\[([^=\[\]]+)=([^=\[\]]+)\]", "[" + pins)
            if "".join(f"[{k}={v}]" for k, v in pairs) != "[" + pins:
                raise KeyError(f"profile {profile_id!r}: expected <profile>[<parameter>="
                               "<reading>]...")
            return self.profile(base).pin(dict(pairs))
        try:
            return self.profiles[profile_id]
        except KeyError:
            known = ", ".join(sorted(self.profiles))
            hint = ""
            if profile_id.startswith("src"):
                hint = ("; a source profile (src...) leaves rules open, so only diff and judge "
                        "take one: play, perft and verify need a concrete profile")
            raise KeyError(f"unknown profile {profile_id!r} (known: {known}){hint}") from None

    def default_profile(self, game_id: str) -> Profile:
        """The shipped default profile of a game (``<game>-default``)."""
        return self.profile(f"{game_id}-default")

    def parameters_for(self, game_id: str) -> tuple[Parameter, ...]:
        """The parameters that apply to ``game_id``, in catalogue order."""
        return tuple(p for p in self.parameters.values() if game_id in p.games)
