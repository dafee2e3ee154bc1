"""Every rule of each game is a numbered rule (issue 32, item 1): every claim of a source that
states a rule is taken by a rule of the book, agreed or disputed, and the chapters list their
rules in the order of a game; what no rule takes is only what states no rule."""

from __future__ import annotations

import pytest

from trickrules.rulebook.sources_page import rules_taking
from trickrules.spec.loader import family_catalogue
from trickrules.spec.numbering import numbered_rules

NOT_RULES = {"kout": {"003.joker-names-suit"},
             "baloot": {"004g.tiebreak", "004g.sun-52", "004g.unfinished"}}
"""Claims no rule takes: a Joker lead that names a suit (a reading no profile has), a
tie-break by "rounding losses" no machine can apply, 52 game points no reading gives, and
hands scored unfinished, which 004g's own rule that every card is played contradicts (the
claim records the conflict; the core rule cites the other sentence)."""


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_every_claim_is_taken_by_a_numbered_rule(family: str) -> None:
    """Only the claims of :data:`NOT_RULES` are left out of the rules."""
    catalogue = family_catalogue(family)
    left = {c.id for c in catalogue.claims.values() if not rules_taking(catalogue, c)}
    assert left == NOT_RULES[family]


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_chapters_number_their_rules_in_the_order_they_list(family: str) -> None:
    """Each chapter's rules are numbered 1, 2, ... in the order its ``rules`` list gives,
    and every chapter lists its rules."""
    catalogue = family_catalogue(family)
    assert catalogue.rulebook is not None
    rules = numbered_rules(catalogue)
    for chapter in catalogue.rulebook.chapters:
        mine = [r for r in rules if r.chapter == chapter]
        assert chapter.rules, chapter.title
        assert [r.id for r in mine] == list(chapter.rules)
        assert [r.number for r in mine] == [chapter.number * 100 + i
                                             for i in range(1, len(mine) + 1)]
