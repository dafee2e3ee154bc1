"""The rulebook's page on asking for a ruling: every question form with its fields and an
example whose ruling is what ``trickrules judge`` answers, each deciding rule linked."""

from __future__ import annotations

import json
from pathlib import Path

from rulebook_html import read_page, visible_text

from trickrules.proofs.outcome_words import answer_lines
from trickrules.rulebook.build import Built
from trickrules.rulings.question import QUESTION_TITLES, judge_question

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples" / "questions"


def test_every_question_form_is_on_the_page(rulebook: Built) -> None:
    page = rulebook.html / "questions.html"
    text = visible_text(page)
    for op, title in QUESTION_TITLES.items():
        assert title in text, op
        assert f'"op": "{op}"' in text, op
    links = read_page(page).links
    assert sum(link.startswith(("kout/rules-", "baloot/rules-")) for link in links) >= 20


def test_the_page_shows_what_judge_answers(rulebook: Built) -> None:
    """The shipped example questions are the page's examples of their forms, each with the
    answer judge gives now."""
    text = visible_text(rulebook.html / "questions.html")
    for path in sorted(EXAMPLES.glob("*.json")):
        report = judge_question(json.loads(path.read_text(encoding="utf-8")))
        for line in answer_lines(report["answer"]):
            assert line in text, (path.name, line)
        for rule in report["rules"]:
            assert f"rule {rule['number']} {rule['title']}" in text, (path.name, rule["id"])
