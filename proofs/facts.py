"""The checked statements a family's proof kit gives for the placeholders of a rule text (a
module of its own, so the kit's protocol and the families name them without importing the
code that fills rule texts)."""

from __future__ import annotations

from dataclasses import dataclass


class FactError(ValueError):
    """A statement the machine rules contradict, or one the family cannot check."""


@dataclass(frozen=True)
class Example:
    """A situation where a permission is used, or where its limit shows, with its words."""

    allowed: bool
    words: str


@dataclass(frozen=True)
class RuleFact:
    """A checked statement: the words shown in the rule's sentence, an optional table (the
    header first), examples of a permission, and how it was checked."""

    words: str
    table: tuple[tuple[str, ...], ...] = ()
    examples: tuple[Example, ...] = ()
    checked: str = ""
