"""Rule numbers and the order of the rulebook: chapter number times 100 plus the rule's place
in its chapter, from the rulings' chapters. Numbers are for display; links use the stable
rule ids (:func:`rule_label`)."""

from __future__ import annotations

from dataclasses import dataclass

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.registry import family_of
from trickrules.spec.rulings import Chapter, CoreRule, Rulebook


@dataclass(frozen=True)
class NumberedRule:
    """A rule of the book with its display number: a core rule or a ruled parameter."""

    id: str
    number: int
    chapter: Chapter
    core: CoreRule | None


def family_name(catalogue: Catalogue) -> str:
    """The family whose games the catalogue holds."""
    return family_of(next(iter(catalogue.games)))


def rulebook_of(catalogue: Catalogue) -> Rulebook:
    """The catalogue's rulebook data; a clear error when the spec has none."""
    if catalogue.rulebook is None:
        raise ValueError("the spec directory has no rulings.toml: there is no rulebook to build")
    return catalogue.rulebook


def numbered_rules(catalogue: Catalogue) -> list[NumberedRule]:
    """Every rule in book order, numbered."""
    book = rulebook_of(catalogue)
    out: list[NumberedRule] = []
    for chapter in book.chapters:
        members: list[tuple[str, CoreRule | None]] = [
            (rule.id, rule) for rule in book.core if rule.topic in chapter.topics]
        members += [(p.id, None) for p in catalogue.parameters.values()
                    if p.topic in chapter.topics]
        if chapter.rules:
            members.sort(key=lambda member: chapter.rules.index(member[0]))
        for index, (rule_id, core) in enumerate(members, start=1):
            out.append(NumberedRule(rule_id, chapter.number * 100 + index, chapter, core))
    return out


def rule_title(catalogue: Catalogue, rule_id: str) -> str:
    """A rule's name in plain words: its core rule's title or its parameter's."""
    for core in rulebook_of(catalogue).core:
        if core.id == rule_id:
            return core.title
    return catalogue.parameters[rule_id].title


def numbers(catalogue: Catalogue) -> dict[str, int]:
    """Each rule id's display number."""
    return {rule.id: rule.number for rule in numbered_rules(catalogue)}


def option_name(catalogue: Catalogue, parameter: str, reading: str) -> str:
    """A reading's name as a house option, in the players' words: the rule's number and the
    reading's letter in the rule's list of readings (``702A``), the same in every game."""
    ids = catalogue.parameters[parameter].reading_ids
    return f"{numbers(catalogue)[parameter]}{chr(ord('A') + ids.index(reading))}"


def rule_label(family: str, rule_id: str) -> str:
    """The target of a rule (stable: built from the family and the rule id, not its number;
    the families share rule ids such as ``deck.cards``)."""
    return f"{family}-rule-{rule_id}"
