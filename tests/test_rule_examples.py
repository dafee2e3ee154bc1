"""Every family's rule examples: each situation is answered by the engine and by the Z3
model as its rule text says, and the rulebook shows each under its rule."""

from __future__ import annotations

import html

import pytest

from proofs.rule_examples import check_rule_example
from proofs.rulebook.build import Built
from proofs.rulebook.numbering import numbered_rules
from spec.loader import family_catalogue
from spec.registry import FAMILIES
from spec.rule_examples import RuleExample


def _examples(family: str) -> tuple[RuleExample, ...]:
    book = family_catalogue(family).rulebook
    return book.examples if book is not None else ()


CASES = [(family, example.id) for family in FAMILIES for example in _examples(family)]


def _example(family: str, example_id: str) -> RuleExample:
    return next(e for e in _examples(family) if e.id == example_id)


@pytest.mark.parametrize(("family", "example_id"), CASES)
def test_every_rule_example_holds_in_engine_and_model(family: str, example_id: str) -> None:
    check = check_rule_example(family_catalogue(family), _example(family, example_id))
    assert check.passed, check.failures
    assert set(check.model) == set(check.example.expect) - {"status"}


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_rule_examples(family: str) -> None:
    book = family_catalogue(family).rulebook
    assert book is not None and len(book.examples) >= 20


@pytest.mark.parametrize("family", FAMILIES)
def test_each_example_is_shown_under_its_rule(rulebook: Built, family: str) -> None:
    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    chapter = {r.id: r.chapter.number for r in numbered_rules(catalogue)}
    for example in catalogue.rulebook.examples:
        page = rulebook.html / family / f"rules-{chapter[example.rule]}.html"
        text = html.unescape(page.read_text(encoding="utf-8"))
        assert example.id in text, (example.id, page.name)
        assert example.situation in text
