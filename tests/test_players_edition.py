"""The players' edition and the quick reference: within their page budgets, in players' words
(nothing of the committee's: no ids, citations, sources, files or profiles), every rule in
order, and only house options that can be played."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_raw
import pytest
from rulebook_html import lone_card_codes, machine_words, visible_text
from test_rulebook import _machine_ids

from trickrules.engine.errors import EngineError
from trickrules.engine.registry import load_game
from trickrules.rulebook.build import Built
from trickrules.rulebook.offered import offers
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile
from trickrules.spec.numbering import numbered_rules, option_name, rule_title

A4 = (595, 842)
PAGES = {"baloot": 24, "kout": 16}
"""The most A4 pages each family's players' edition may print."""


def _pdf_pages(pdf: Path) -> tuple[int, tuple[int, int]]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M)
    assert size is not None
    return pages, (round(float(size.group(1))), round(float(size.group(2))))


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_the_players_edition_and_quick_reference_fit_their_pages(rulebook: Built,
                                                                 family: str) -> None:
    pages, size = _pdf_pages(rulebook.players_pdf(family))
    assert size == A4 and pages <= PAGES[family], (pages, size)
    assert _pdf_pages(rulebook.quick_pdf(family)) == (1, A4)


LINE_BOX = re.compile(r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                      r"(.*?)</line>", re.S)


def _cut_lines(pdf: Path) -> list[tuple[int, str]]:
    """The lines of text a drawn box (a table's ruling or heading background) starts inside:
    the box's top edge falls within the line, not above or below it, so the box hides part
    of the line (a box that holds a line, as a table's cell does, starts above it)."""
    boxes = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("<page ")[1:]
    document = pypdfium2.PdfDocument(str(pdf))
    cut = []
    for number, page_boxes in enumerate(boxes):
        page = document[number]
        height = page.get_height()
        drawn = [(left, height - top, right) for left, _, right, top in
                 (o.get_bounds() for o in page.get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH]))]
        for match in LINE_BOX.finditer(page_boxes):
            x0, y0, x1, y1 = map(float, match.groups()[:4])
            if any(min(x1, right) - max(x0, left) > 2 and y0 + 1.5 < top < y1 - 1.5
                   for left, top, right in drawn):
                cut.append((number + 1, " ".join(re.findall(r">([^<]+)</word>", match[5]))))
    return cut


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_no_table_is_drawn_over_a_line_of_text(rulebook: Built, family: str) -> None:
    """The quick reference set its tables over the last line of the rule above them (seen in
    Baloot's 701, 702, 703 and 601 and Kout's scores); none of the players' and director's
    PDFs may hide part of a line under a box."""
    for pdf in (rulebook.quick_pdf(family), rulebook.players_pdf(family),
                rulebook.director_pdf(family)):
        assert _cut_lines(pdf) == [], pdf.name


def _committee_words(family: str) -> set[str]:
    """What only the committee edition may name: its profiles, the sources' ids, the rule
    data's files and the verification's words."""
    catalogue = family_catalogue(family)
    return {*catalogue.profiles, *catalogue.sources, "spec/", ".json", "trickrules",
            "profile", "solver", "verified", "Sources"}


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_a_players_edition_says_nothing_of_the_committees(rulebook: Built, family: str) -> None:
    """No id, file, profile, source or machine word; "committee edition" once, on the front
    page; every rule of the book in order."""
    for pdf in (rulebook.players_pdf(family), rulebook.quick_pdf(family)):
        text = " ".join(_pdf_text(pdf).split())
        assert text.count("committee edition") == (pdf.name.endswith("players.pdf"))
        found = [w for w in _committee_words(family)
                 if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
        assert found == [], (pdf.name, found)
        assert machine_words(text, _machine_ids(family)) == [], pdf.name
    text = " ".join(_pdf_text(rulebook.players_pdf(family)).replace("\u2019", "'").split())
    catalogue = family_catalogue(family)
    titles = [f"{rule.number}. {rule_title(catalogue, rule.id)}".replace("\u2019", "'")
              for rule in numbered_rules(catalogue)]
    places = [text.index(title) for title in titles]
    assert places == sorted(places)


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_the_players_pages_of_the_site_are_in_players_words(rulebook: Built, family: str) -> None:
    pages = sorted((rulebook.html / family / "players").glob("*.html"))
    assert {p.name for p in pages} >= {"quick.html", "glossary.html", "rules-1.html"}
    ids = _machine_ids(family)
    found = {p.name: machine_words(visible_text(p), ids) + lone_card_codes(visible_text(p))
             for p in pages}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_front_page_opens_with_the_books_for_the_table(rulebook: Built) -> None:
    """A player opening the site finds the players' editions, quick references and
    handbooks first, under the title, before the paragraph on how the book was made."""
    text = visible_text(rulebook.html / "index.html")
    table = text.index("At the table:")
    assert table < text.index("machine-checked") and table < text.index("The games")
    page = (rulebook.html / "index.html").read_text(encoding="utf-8")
    for family in ("kout", "baloot"):
        assert f'href="{family}/players.html"' in page
        assert f'href="{family}/players/quick.html"' in page


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_a_players_page_leads_on_through_the_players_edition(rulebook: Built,
                                                             family: str) -> None:
    """The sidebar of a players' page lists the players' chapters, not the committee's of
    the same titles (a player following "5. Play of the cards" there left the edition)."""
    for page in sorted((rulebook.html / family / "players").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        sidebar = text[text.index('<div class="partnav">'):]
        sidebar = sidebar[:sidebar.index("</div>")]
        links = re.findall(r'href="([^"]+)"', sidebar)
        assert len(links) >= 10, page.name
        # from a page in players/, its fellow chapters are beside it; the front page one up
        assert all(link in ("../players.html", "#") or "/" not in link for link in links), \
            (page.name, links)


def test_where_the_book_departs_from_common_play_the_players_are_told(rulebook: Built) -> None:
    """Rule 711 scores a sweep as any hand, where most public engines read for the book score
    it 44 in Sun (Kaboot): the players' rule says so and names the option that plays it."""
    page = visible_text(rulebook.html / "baloot" / "players" / "rules-7.html")
    sweep = page[page.rindex("711. "):]  # the rule, after the chapter's list of rules
    assert "Common play:" in sweep[:900] and "44" in sweep[:900] and "711B" in sweep[:900]


def _play_out(game_id: str, profile: Profile, seed: int) -> int:
    """Play a game to its end with random legal actions: the number of actions taken."""
    state = load_game(game_id, profile).new_initial_state()
    chooser = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(chooser.choice(outcomes))
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
        steps += 1
        assert steps < 100_000
    return steps


@pytest.mark.parametrize("family", ["kout", "baloot"])
def test_every_offered_house_option_plays_a_whole_game(family: str) -> None:
    """Each option the books offer, with the options it is offered with, plays a seeded game
    to its end; one that cannot be dealt is not offered."""
    catalogue = family_catalogue(family)
    for chosen in offers(catalogue):
        base = catalogue.default_profile(chosen.game)
        values = {**base.values, chosen.parameter: (chosen.reading,),
                  **{p: (r,) for p, r in chosen.needs}}
        profile = base.derive(f"{base.id}[{chosen.parameter}={chosen.reading}]", values)
        if chosen.offered:
            assert _play_out(chosen.game, profile, 7) > 0
        else:
            with pytest.raises(EngineError):
                _play_out(chosen.game, profile, 7)


def test_packs_that_cannot_be_dealt_are_not_offered() -> None:
    """Kout Bo 6 is dealt nine cards each from 54: the packs of 38, 36 and 48 cards and twelve
    cards each cannot be offered; Kout Bo 4's 48-card pack only with twelve cards each."""
    catalogue = family_catalogue("kout")
    named = {(o.game, option_name(catalogue, o.parameter, o.reading)): o
             for o in offers(catalogue)}
    for option in ("102B", "102C", "102D", "205B"):
        assert not named[("kout6", option)].offered
    assert not named[("kout4", "102A")].offered and not named[("kout4", "102B")].offered
    assert named[("kout4", "102D")].needs == (("deal.hand-size", "12"),)
