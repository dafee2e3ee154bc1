"""Finding one's way in a rulebook of two parts: every page's sidebar lists the chapters of
its own part (a players' page, those of the players' edition), and search results name the
game a page belongs to (both parts have a "Play of the cards", "Disputes", "House options")."""

from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path

TEMPLATE = "partnav.html"
"""The sidebar template, written into the sources' ``_templates``."""
SCRIPT = "parts.js"
"""The script labelling search results, written into the sources' ``_static``."""
SCRIPT_TEXT = """/* Search results name the game of each page: both parts have chapters of the same
   title, so the part's name goes before the page's title. Written by trickrules rulebook. */
(function () {
  "use strict";
  const parts = PARTS;
  function label(root) {
    root.querySelectorAll("ul.search li > a:first-child").forEach(function (link) {
      if (link.dataset.part) { return; }
      const path = new URL(link.href, document.baseURI).pathname;
      Object.keys(parts).forEach(function (folder) {
        if (path.indexOf("/" + folder) !== -1) {
          link.dataset.part = parts[folder];
          link.textContent = parts[folder] + " \\u2014 " + link.textContent;
        }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    const results = document.getElementById("search-results");
    if (!results) { return; }
    new MutationObserver(function () { label(results); })
      .observe(results, {childList: true, subtree: true});
  });
})();
"""
"""The script's text; ``PARTS`` becomes each part's folder and name."""


def page_title(text: str) -> str:
    """The title of a reST page: the first line underlined with ``=``."""
    lines = text.splitlines()
    for line, under in itertools.pairwise(lines):
        if line.strip() and re.fullmatch(r"=+", under.strip()) and len(under) >= 3:
            return line.strip()
    raise ValueError("the page has no title")


PLAYERS = "players"
"""The players' edition's front page in a part (its chapters in the folder of that name)."""


def toc_pages(part: Path, index: str = "index") -> list[str]:
    """The pages a part's ``index.rst`` (or another page of its, ``index``) lists, in its
    order, a glob (``rules-*``) expanded in chapter order."""
    pages: list[str] = []
    for line in (part / f"{index}.rst").read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if not line.startswith("   ") or not entry or entry.startswith(":"):
            continue
        if "*" in entry:
            found = [p.stem for p in part.glob(f"{entry}.rst")]
            pages += sorted(found, key=lambda s: [int(n) if n.isdigit() else n
                                                  for n in re.split(r"(\d+)", s)])
        elif (part / f"{entry}.rst").exists():
            pages.append(entry)
    return pages


def _items(family: str, part: Path, index: str = "index") -> list[str]:
    out = []
    for page in toc_pages(part, index):
        name = f"{family}/{page}"
        title = html.escape(page_title((part / f"{page}.rst").read_text(encoding="utf-8")))
        out.append(f'<li{{% if pagename == "{name}" %}} class="current"{{% endif %}}>'
                   f'<a href="{{{{ pathto("{name}") }}}}">{title}</a></li>')
    return out


def _chapters(family: str, part: Path, index: str) -> list[str]:
    """The sidebar block listing the pages ``index`` of a part lists, under its title."""
    title = page_title((part / f"{index}.rst").read_text(encoding="utf-8"))
    return ['<div class="partnav">',
            f'<h3><a href="{{{{ pathto("{family}/{index}") }}}}">{html.escape(title)}</a></h3>',
            "<ul>", *_items(family, part, index), "</ul>", "</div>"]


def write_navigation(source: Path, families: list[str]) -> None:
    """Write the sidebar template listing the current part's chapters, and the script that
    puts the game's name before each search result."""
    blocks = []
    names = {}
    for family in families:
        part = source / family
        names[f"{family}/"] = page_title((part / "index.rst").read_text(encoding="utf-8"))
        if (part / f"{PLAYERS}.rst").is_file():  # a player stays in the players' edition
            blocks += [f'{{%- if pagename.startswith("{family}/{PLAYERS}") %}}',
                       *_chapters(family, part, PLAYERS),
                       f'{{%- elif pagename.startswith("{family}/") %}}']
        else:
            blocks.append(f'{{%- if pagename.startswith("{family}/") %}}')
        blocks += [*_chapters(family, part, "index"), "{%- endif %}"]
    templates = source / "_templates"
    templates.mkdir(exist_ok=True)
    (templates / TEMPLATE).write_text("\n".join(blocks) + "\n", encoding="utf-8")
    (source / "_static" / SCRIPT).write_text(
        SCRIPT_TEXT.replace("PARTS", json.dumps(names, sort_keys=True)), encoding="utf-8")
