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


class _Text(HTMLParser):
    """The visible text of a page's main body (``role="main"``), without scripts or styles."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                      "meta", "source", "track", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.level = 0
        self.hidden = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        if self.level:
            self.level += 1
            self.hidden += tag in ("script", "style")
        elif dict(attrs).get("role") == "main":
            self.level = 1

    def handle_endtag(self, tag: str) -> None:
        if self.level and tag not in self.VOID:
            self.level -= 1
            if tag in ("script", "style") and self.hidden:
                self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.level and not self.hidden:
            self.parts.append(data)


def visible_text(path: Path) -> str:
    """What a reader sees of a page, its words joined by spaces."""
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return " ".join(" ".join(parser.parts).split())


PLAYERS_PAGES = ("rules-*.html", "irregularities.html", "house.html", "glossary.html")
"""The pages of a part meant for players: the rules, the irregularities, the house options,
the glossary."""


def machine_words(text: str, ids: set[str]) -> list[str]:
    """The ids of ``ids`` (parameter, reading, rule and action names) that the text shows, each
    as a whole word."""
    import re

    text = re.sub(r"\[[^\]]*\]", " ", text)  # a citation names a claim of a source
    return sorted(i for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text))


CARD_CODE = r"(?:10|[2-9AKQJ])[SHDC]|[RB]J"
"""A card in the kit's notation (``AS``, ``10H``, ``BJ``)."""


def lone_card_codes(text: str) -> list[str]:
    """Card codes that stand alone in a sentence (``While dealing, 7S is turned face up``): a
    player reads one card in words; the notation is kept for a list of cards (a hand, a
    trick, a project's cards), two or more codes side by side or a list after a colon."""
    import re

    tokens = text.split()
    words = [re.sub(r"^[(\[]+|[)\].,;?!']+$|'s$", "", token) for token in tokens]
    is_code = [re.fullmatch(CARD_CODE, w) is not None for w in words]
    lone = []
    for k, word in enumerate(words):
        if not is_code[k] or (k and is_code[k - 1]) or (k + 1 < len(words) and is_code[k + 1]):
            continue
        if k > 1 and words[k - 1] in ("and", "or") and is_code[k - 2]:
            continue  # the last of a list: "AS, 10S and 7D"
        if (k and tokens[k - 1].endswith(":")) or tokens[k].startswith("("):
            continue  # a list after a colon, or a project's cards in brackets
        if k + 1 < len(words) and words[k + 1] in ("is", "the"):
            continue  # the notation explained: "10H is the ten of hearts, AS the Ace"
        lone.append(f"lone card {word}")
    return lone
