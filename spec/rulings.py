"""The reconciled rulebook's data: chapters, rules no parameter varies, one ruling per
parameter and game with its reason, and the glossary of terms as each source spells them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from trickrules.spec.rule_examples import RuleExample

#: A reference to another rule inside rule or reason text: ``{auction.malzoom}``.
RULE_REFERENCE = re.compile(r"\{([a-z0-9]+(?:[.-][a-z0-9]+)*)\}")


@dataclass(frozen=True)
class Chapter:
    """A chapter of the rulebook: its number and title, and the topics whose rules it holds."""

    number: int
    title: str
    topics: tuple[str, ...]
    rules: tuple[str, ...] = ()
    """Its rules in the order of a game (every rule of its topics, once); empty: core rules
    first, then parameters in file order."""


@dataclass(frozen=True)
class QuickSection:
    """A section of the one-page quick reference: its title and the rules it gathers."""

    title: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class CoreRule:
    """A rule that every profile shares (no parameter varies it), with the claims stating it."""

    id: str
    topic: str
    games: tuple[str, ...]
    rule: str
    claims: tuple[str, ...]
    title: str = ""
    """The rule's name in plain words."""


@dataclass(frozen=True)
class Ruling:
    """The reading the rulebook chooses for a parameter in some games, the normative rule
    text and the reason for the choice."""

    parameter: str
    games: tuple[str, ...]
    reading: str
    rule: str
    why: str
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulingChange:
    """A ruling this edition changed: its reading before (``old``) and now (``new``, the same
    when only the step that decides it changed, ``old_step`` then naming that step), and why."""

    parameter: str
    games: tuple[str, ...]
    old: str
    new: str
    why: str
    old_step: str | None = None


@dataclass(frozen=True)
class Spelling:
    """One way a source writes a term: a source text's (``sources``), or else a public engine's
    or rule page's (``practice``, the ``where`` of its evidence in ``practice.toml``)."""

    text: str
    sources: tuple[str, ...]
    note: str | None = None
    practice: str | None = None


@dataclass(frozen=True)
class Term:
    """A glossary entry: the rulebook's word, its meaning, the sources' spellings (none for a
    word of the book's own) and the rules that use it."""

    id: str
    term: str
    meaning: str
    spellings: tuple[Spelling, ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rulebook:
    """Everything ``rulings.toml`` and ``glossary.toml`` hold, cross-checked with the
    catalogue."""

    profiles: Mapping[str, str]
    chapters: tuple[Chapter, ...]
    core: tuple[CoreRule, ...]
    rulings: tuple[Ruling, ...]
    glossary: tuple[Term, ...]
    examples: tuple[RuleExample, ...] = ()
    changes: tuple[RulingChange, ...] = ()
    """The rulings this edition changed, as the book publishes them."""
    quick: tuple[QuickSection, ...] = ()
    """The quick reference's sections: the rules a player looks up during play."""
    """The rule examples of ``examples.toml``, in file order."""

    def ruling(self, game: str, parameter: str) -> Ruling:
        """The ruling for ``parameter`` in ``game``."""
        for ruling in self.rulings:
            if ruling.parameter == parameter and game in ruling.games:
                return ruling
        raise KeyError(f"no ruling for {parameter!r} in {game}")

    def rulings_for(self, parameter: str) -> tuple[Ruling, ...]:
        """Every ruling of ``parameter``, one per group of games that share a reading."""
        return tuple(r for r in self.rulings if r.parameter == parameter)

    def examples_of(self, rule: str) -> tuple[RuleExample, ...]:
        """The examples written for ``rule``."""
        return tuple(e for e in self.examples if e.rule == rule)

    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id of the book: the core rules' and the ruled parameters'."""
        ids = [rule.id for rule in self.core]
        for ruling in self.rulings:
            if ruling.parameter not in ids:
                ids.append(ruling.parameter)
        return tuple(ids)
