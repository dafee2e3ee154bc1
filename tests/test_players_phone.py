"""The players' pages on a 375 px phone, in Chromium: nothing scrolls sideways (neither the
page nor a table or picture inside its own box, which hides what is past its edge), every picture
is shown at its own size (so its text keeps the 12 px and more it is drawn with), and a long
chapter opens with the list of its rules. Every other page (the committee's, the director's,
the guide, the API reference) does not scroll sideways as a page."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, ViewportSize

from trickrules.rulebook.build import Built

PHONE: ViewportSize = {"width": 375, "height": 740}
MEASURE = """() => {
  const page = document.documentElement;
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > page.clientWidth + 1)
    .map(e => e.tagName + ' ' + (e.getAttribute('src') || e.className || ''));
  const shrunk = [...document.querySelectorAll('img')]
    .filter(i => i.naturalWidth && i.getBoundingClientRect().width < i.naturalWidth - 0.5)
    .map(i => i.getAttribute('src'));
  const boxed = [...document.querySelectorAll('div.body *')]
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map(e => e.tagName + ' ' + (e.textContent || '').trim().slice(0, 40));
  const contents = document.querySelector('nav.contents, div.contents, aside.contents');
  return {scroll: page.scrollWidth - page.clientWidth, wide: wide.slice(0, 5), shrunk,
          boxed: boxed.slice(0, 5),
          contents: contents !== null, images: document.querySelectorAll('img').length};
}"""


SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
"""How far a page scrolls sideways (what :data:`MEASURE` reads first, alone)."""


def _players_pages(built: Built) -> list[Path]:
    """Every players' page, in English and in each translation (``ar/baloot/players/...``),
    but the pages made only to be printed."""
    pages = [*built.html.glob("*/players/*.html"), *built.html.glob("*/players.html"),
             *built.html.glob("*/*/players/*.html"), *built.html.glob("*/*/players.html")]
    return sorted(p for p in pages if not p.name.startswith("print-"))


def test_no_players_page_scrolls_sideways_on_a_phone(rulebook: Built, browser: Browser) -> None:
    page = browser.new_page(viewport=PHONE)
    found = {}
    pictures = 0
    for path in _players_pages(rulebook):
        page.goto(path.as_uri())
        measured = page.evaluate(MEASURE)
        pictures += measured["images"]
        problems = [f"scrolls {measured['scroll']} px"] if measured["scroll"] > 0 else []
        problems += [f"wider than the screen: {w}" for w in measured["wide"]]
        problems += [f"picture shrunk below its size: {s}" for s in measured["shrunk"]]
        problems += [f"scrolls sideways inside its box: {b}" for b in measured["boxed"]]
        if path.parent.name == "players" and path.stem.startswith("rules-") \
                and not measured["contents"]:
            problems.append("no list of the chapter's rules")
        if problems:
            found[str(path.relative_to(rulebook.html))] = problems
    page.close()
    assert pictures > 40 and found == {}


def _other_pages(built: Built) -> list[Path]:
    """The English pages that are not the players': the committee's chapters, the director's
    handbook, the guide, the front pages and the API reference."""
    players = set(_players_pages(built))
    return sorted(p for p in built.html.rglob("*.html") if p not in players
                  and p.relative_to(built.html).parts[0] not in ("ar", "_static", "_sources")
                  and not p.name.startswith("print-") and p.name != "search.html")


def test_no_other_page_scrolls_sideways_on_a_phone(rulebook: Built, browser: Browser) -> None:
    """The committee's pages and the rest need not keep every box whole on a phone (a wide
    table, a picture or a code block scrolls inside its own box), but the page itself never
    scrolls sideways."""
    page = browser.new_page(viewport=PHONE)
    found = {}
    pages = _other_pages(rulebook)
    for path in pages:
        page.goto(path.as_uri())
        scroll = page.evaluate(SIDEWAYS)
        if scroll > 0:
            found[str(path.relative_to(rulebook.html))] = scroll
    page.close()
    assert len(pages) > 50
    assert found == {}


CARD_FACE = {"JOKER", "RED", "BLACK"}
"""The words on a Joker's face, drawn within the card's width: part of the card, not a label."""


def test_the_players_pictures_draw_no_text_under_12_px(rulebook: Built) -> None:
    """Each picture shown on the players' pages draws its labels at 12 px or more."""
    sizes = {}
    for path in sorted((rulebook.source / "_cards").glob("players-example-*.svg")):
        texts = re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>',
                           path.read_text("utf-8"))
        drawn = [float(size) for size, words in texts if words not in CARD_FACE]
        sizes[path.name] = min(drawn, default=12.0)
    assert len(sizes) > 40
    assert {name: size for name, size in sizes.items() if size < 12} == {}
