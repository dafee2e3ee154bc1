"""Reading the built rulebook's HTML: the ids each page defines and the links it holds."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag == "img" and values.get("src"):
            self.images.append(str(values["src"]))


def read_page(path: Path) -> _Collector:
    """The ids, links and images of one HTML page."""
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def broken_links(html: Path) -> list[str]:
    """Every internal link of the site (every part, every folder) whose file or anchor does
    not exist."""
    pages = {p.resolve(): read_page(p) for p in html.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        name = path.relative_to(html.resolve())
        for link in page.links:
            if link.startswith(("http:", "https:", "mailto:")):
                continue
            target, _, fragment = link.partition("#")
            where = (path.parent / target).resolve() if target else path
            if where not in pages:
                if not where.exists():
                    broken.append(f"{name}: {link}")
                continue
            if fragment and fragment not in pages[where].ids:
                broken.append(f"{name}: {link}")
    return broken
