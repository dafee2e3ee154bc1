"""The rulebook in a real headless browser (Debian's Chromium, installed by ``make``): every
page renders, every card drawing is loaded and visible, every internal link lands on an
existing element."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page

from trickrules.rulebook.build import Built


@pytest.fixture
def site(rulebook: Built) -> Built:
    return rulebook


def _red_pixels(png: bytes) -> int:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = [image.getpixel((x, y)) for x in range(width) for y in range(height)]
    return sum(1 for p in pixels
               if isinstance(p, tuple) and p[0] > 150 and p[1] < 80 and p[2] < 90)


PAGE_FACTS = """() => {
    const all = (selector, read) => Array.from(document.querySelectorAll(selector), read);
    const body = document.querySelector("div.body");
    return {title: document.title, body: body ? body.innerText : "",
            images: all("div.body img[src*='_images/']",
                        e => [e.src, e.complete, e.naturalWidth]),
            hrefs: all("a[href]", e => e.href), ids: all("[id]", e => e.id)};
}"""
"""What the link test reads of a page: its title, its body's text, the card drawings (loaded,
and how wide), every link and every element id."""


SITE_PARTS = {"kout": 100, "baloot": 100, "ar": 100, "": 0}
"""The parts of the site a test opens apart (the two games' parts, the Arabic pages, and the
pages outside them: the front pages and the guide), with the fewest card drawings each has
(the guide and front pages draw none)."""


def _part_pages(html: Path, part: str) -> list[Path]:
    """The pages of one part of the site."""
    if part:
        return sorted((html / part).rglob("*.html"))
    inside = {name for name in SITE_PARTS if name}
    return sorted(p for p in html.rglob("*.html") if p.relative_to(html).parts[0] not in inside)


def _unlanded(page: Page, targets: dict[str, set[str]], ids: dict[str, set[str]]) -> list[str]:
    """The links of ``targets`` (file to the fragments linked in it) that land nowhere: a
    page not yet read (``ids``: each page read and its element ids) is opened; of the files
    linked whole (a card's drawing, a plain-text form) the first of each kind is opened, and
    the others are found on disk."""
    missing = []
    kinds_opened: set[str] = set()
    for where, fragments in targets.items():
        file = Path(url2pathname(urlparse(where).path))
        if where not in ids and not (fragments - {""}) and file.suffix != ".html" \
                and file.suffix in kinds_opened:
            assert file.is_file(), where  # what the browser's opening of it would find
            ids[where] = set()
        elif where not in ids:
            kinds_opened.add(file.suffix)
            response = page.goto(where, wait_until="domcontentloaded")
            assert response is None or response.ok, where
            ids[where] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)")
                             if fragments - {""} else ())
        missing += [f"{where}#{f}" for f in sorted(fragments - {""} - ids[where])]
    return missing


@pytest.mark.long  # the longest tests of the run: started first of those that need the book
@pytest.mark.parametrize("part", list(SITE_PARTS))
def test_every_page_renders_its_drawings_and_every_link_lands(site: Built, browser: Browser,
                                                              part: str) -> None:
    """Each page of a part is opened once (the parts run side by side): it has a title and a
    body, every card drawing has loaded, and its links and element ids are read; a link to a
    page of another part is opened on its own, and every link lands on an element."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    drawings = 0
    targets: dict[str, set[str]] = {}
    ids: dict[str, set[str]] = {}
    pages = _part_pages(site.html, part)
    assert len(pages) > 7, part
    for path in pages:
        page.goto(path.as_uri())
        seen = page.evaluate(PAGE_FACTS)  # one round trip per page
        assert seen["title"], path.name
        assert seen["body"].strip(), path.name
        for src, complete, width in seen["images"]:
            assert complete and width > 100, f"{path.name}: {src} did not load"
        drawings += len(seen["images"])
        ids[page.url.partition("#")[0]] = set(seen["ids"])
        for href in seen["hrefs"]:
            if href.startswith("file:"):
                where, _, fragment = href.partition("#")
                targets.setdefault(where, set()).add(fragment)
    assert drawings >= SITE_PARTS[part], (part, drawings)
    assert _unlanded(page, targets, ids) == []
    assert len(targets) > 7, (part, len(targets))
    if part in ("kout", "baloot"):  # red suits (and Jokers) are drawn in both parts
        page.goto((site.html / part / "rules-5.html").as_uri())
        reds = []
        for image in page.locator("div.body img").all()[:4]:
            image.scroll_into_view_if_needed()
            reds.append(_red_pixels(image.screenshot()))
        assert max(reds) > 200, (part, reds)
    page.close()
