"""Statements a rule text makes that the machine can check: a formula, a table, a number, who
may make a call. A rule's text names each as a placeholder (``<<game-points:sun:...>>``);
the family's proof kit turns it into words and tables from the engine and checks them against
the Z3 model, so the prose of a rule cannot say what the machine rules do not do."""

from __future__ import annotations

import re

from trickrules.proofs.facts import Example as Example
from trickrules.proofs.facts import FactError as FactError
from trickrules.proofs.facts import RuleFact as RuleFact
from trickrules.proofs.kit import kit_for_game
from trickrules.spec.catalogue import Catalogue

PLACEHOLDER = re.compile(r"<<([a-z0-9-]+)((?::[a-z0-9,-]*)*)>>")
"""``<<kind:arg,arg:arg>>``: a statement's kind, then its arguments in groups."""

ARITHMETIC = re.compile(r"\b(divided|divide|doubled and|halved|rounded|"
                        r"round(?:s|ing)? (?:up|down)|left over)\b", re.IGNORECASE)
"""Words of a formula: a rule text states a formula only through a placeholder."""

WHO = re.compile(r"\b(who|not yet|has spoken|have spoken|already passed)\b", re.IGNORECASE)
"""Words saying who holds a permission: a text with a permission placeholder says who only
through it."""


def placeholders(text: str) -> list[tuple[str, str, tuple[tuple[str, ...], ...]]]:
    """Each placeholder of a rule text: the whole placeholder, its kind and its argument
    groups."""
    out = []
    for match in PLACEHOLDER.finditer(text):
        groups = tuple(tuple(g.split(",")) if g else () for g in match.group(2).split(":")[1:])
        out.append((match.group(0), match.group(1), groups))
    return out


def prose_problems(text: str) -> list[str]:
    """What the free prose of a rule text states that only a checked placeholder may: a
    formula, or who holds a permission when the text has a permission placeholder."""
    free = PLACEHOLDER.sub(" ", text)
    problems = [f"states a formula in free words ({m.group(0)!r}): use a placeholder"
                for m in ARITHMETIC.finditer(free)]
    if any(kind == "may" for _, kind, _ in placeholders(text)):
        problems += [f"says who may call in free words ({m.group(0)!r}): the placeholder says it"
                     for m in WHO.finditer(free)]
    return problems


def rule_texts(catalogue: Catalogue) -> list[tuple[str, str, str]]:
    """Every normative text of a family's rulebook: (rule id, game, text)."""
    book = catalogue.rulebook
    assert book is not None
    out = [(c.id, c.games[0], c.rule) for c in book.core]
    out += [(r.parameter, r.games[0], r.rule) for r in book.rulings]
    return out


def rule_facts(catalogue: Catalogue) -> dict[str, RuleFact]:
    """Every placeholder of the family's rule texts, checked, by its text; raises
    :class:`FactError` naming the rule when a statement is contradicted."""
    book = catalogue.rulebook
    assert book is not None
    facts: dict[str, RuleFact] = {}
    for rule_id, games, text in _texts_by_games(catalogue):
        for whole, kind, args in placeholders(text):
            try:
                facts[whole] = _same_in_every_game(catalogue, games, kind, args)
            except FactError as exc:
                raise FactError(f"rule {rule_id}: {whole}: {exc}") from None
    return facts


def _texts_by_games(catalogue: Catalogue) -> list[tuple[str, tuple[str, ...], str]]:
    """Every normative text with all the games it is for."""
    book = catalogue.rulebook
    assert book is not None
    return ([(c.id, c.games, c.rule) for c in book.core]
            + [(r.parameter, r.games, r.rule) for r in book.rulings])


def _same_in_every_game(catalogue: Catalogue, games: tuple[str, ...], kind: str,
                        args: tuple[tuple[str, ...], ...]) -> RuleFact:
    """A statement checked under the reconciled profile of each game its rule is for; one
    text must say the same in all of them."""
    book = catalogue.rulebook
    assert book is not None
    found = [kit_for_game(g).rule_fact(kind, args, catalogue.profile(book.profiles[g]))
             for g in games]
    for game, fact in zip(games[1:], found[1:], strict=True):
        if (fact.words, fact.table) != (found[0].words, found[0].table):
            raise FactError(f"{games[0]} and {game} differ: one text cannot state both")
    return found[0]


def check_rule_text(catalogue: Catalogue, game: str, text: str) -> list[str]:
    """Everything wrong with one rule text of ``game``: free prose that only a placeholder may
    state, and each placeholder the machine rules contradict."""
    book = catalogue.rulebook
    assert book is not None
    problems = prose_problems(text)
    games = next((g for _, g, t in _texts_by_games(catalogue) if t == text), (game,))
    for whole, kind, args in placeholders(text):
        try:
            _same_in_every_game(catalogue, games, kind, args)
        except FactError as exc:
            problems.append(f"{whole}: {exc}")
    return problems


def fill(text: str, facts: dict[str, RuleFact]) -> tuple[str, list[RuleFact]]:
    """A rule text with each placeholder replaced by its words, and the facts whose tables or
    examples follow the sentence."""
    shown: list[RuleFact] = []

    def words(match: re.Match[str]) -> str:
        fact = facts[match.group(0)]
        if fact.table or fact.examples:
            shown.append(fact)
        return fact.words

    filled = PLACEHOLDER.sub(words, text)
    return re.sub(r"\s+([.,;:])", r"\1", filled).strip(), shown

