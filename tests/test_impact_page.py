"""The rulebook shows how much each dispute matters in play, from the committed study: a line
on every dispute's page and a chapter per part ranking its disputes."""

from __future__ import annotations

import pytest
from rulebook_html import read_page, visible_text

from trickrules.rulebook.build import Built
from trickrules.rulebook.rst import anchor, dispute_label
from trickrules.simulate.store import load_results, ranking, sentence

FAMILIES = {"kout": ("kout6", "kout4"), "baloot": ("baloot",)}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_dispute_shows_its_figures_in_play(rulebook: Built, family: str) -> None:
    results = load_results()
    text = visible_text(rulebook.html / family / "disputes.html").replace("\u2019", "'")
    studied = [s for s in results["studies"] if s["game"] in FAMILIES[family]]
    skipped = [s for s in results["not_playable"]
               if s["dispute"].split("/")[0] in FAMILIES[family]]
    assert text.count("In play:") == len(studied) + len(skipped)
    for study in studied:
        assert sentence(study) in text, study["dispute"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_ranking_chapter_lists_the_disputes_most_impact_first(rulebook: Built,
                                                                  family: str) -> None:
    page = rulebook.html / family / "impact.html"
    links = [link.split("#")[1] for link in read_page(page).links
             if "disputes.html#dispute-" in link]
    expected = [anchor(dispute_label(s["dispute"])) for s in ranking(load_results())
                if s["game"] in FAMILIES[family]]
    assert links[:len(expected)] == expected
    assert "What these figures do not say" in visible_text(page)
