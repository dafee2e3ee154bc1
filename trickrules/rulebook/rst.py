"""Small reStructuredText writers shared by the rulebook's pages."""

from __future__ import annotations

from collections.abc import Sequence

from trickrules.spec.numbering import rule_label as rule_label  # where the book's anchors are made

UNDERLINES = "=-~^"


def heading(text: str, level: int) -> list[str]:
    """A section title with its underline (level 0 is the page title)."""
    return [text, UNDERLINES[level] * max(len(text), 3), ""]


def label(name: str) -> list[str]:
    """A reference target for ``:ref:`` links."""
    return [f".. _{name}:", ""]


def anchor(name: str) -> str:
    """The HTML id Sphinx gives the target ``name`` (docutils is imported here, not with the
    module: ``judge`` numbers rules with this module's labels in an install without the
    rulebook's extra)."""
    from docutils.nodes import make_id

    return make_id(name)


def ref(name: str, text: str | None = None) -> str:
    """A cross-reference to a target, with its own title or ``text``."""
    return f":ref:`{escape(text)} <{name}>`" if text else f":ref:`{name}`"


def escape(text: str) -> str:
    """Text with reST inline markup characters made literal."""
    out = text.replace("\\", "\\\\")
    for char in "*`|_[]":
        out = out.replace(char, "\\" + char)
    return out




def page_label(family: str, page: str) -> str:
    """The target of one family's chapter (``kout-disputes``)."""
    return f"{family}-{page}"


def claim_label(claim_id: str) -> str:
    """The target of a source claim."""
    return f"claim-{claim_id}"


def dispute_label(dispute_id: str) -> str:
    """The target of a dispute."""
    return "dispute-" + dispute_id.replace("/", "--")


def disputed_rule_label(game: str, parameter: str) -> str:
    """The label of a disputed rule's section on the Disputes page, gathering its pairs."""
    return f"disputed-{game}-{parameter}".replace(".", "-")


def file_slug(text: str) -> str:
    """A file name made from an id (``/`` and ``.`` become ``-``)."""
    return text.replace("/", "--").replace(".", "-")


TABLE_START = 40
"""Points a table's header needs, beside its first row, to start on a page."""
LINE = 12
"""Points a line of a table cell takes in print."""


def first_row_height(row: Sequence[str], widths: Sequence[int] | None) -> int:
    """Points a table's first row takes in print, estimated from its cells' reST (which runs
    longer than the text it sets: an estimate on the side of caution): a column of ``w``
    percent of the page holds about ``0.9 w`` characters a line."""
    shares = widths or [100 // max(len(row), 1)] * len(row)
    lines = [-(-len(cell) // max(8, int(0.9 * share) - 2)) for cell, share in zip(
        row, shares, strict=False)]
    return LINE * max(lines, default=1)


def table(header: Sequence[str], rows: Sequence[Sequence[str]],
          widths: Sequence[int] | None = None) -> list[str]:
    """A ``list-table`` with a header row; cells are reST already. In print it starts on a
    new page unless its header and first row fit: ReportLab would otherwise leave a header
    alone at a page's foot."""
    start = TABLE_START + first_row_height(rows[0] if rows else (), widths)
    lines = [*keep_with_picture(start), ".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append("   :widths: " + " ".join(str(w) for w in widths))
    lines.append("")
    for row in [header, *rows]:
        for index, cell in enumerate(row):
            lead = "   * - " if index == 0 else "     - "
            lines.append(lead + (cell if cell else "\\-"))
    return [*lines, ""]


def keep_with_picture(height: int = 280) -> list[str]:
    """In print, a new page unless ``height`` points are left, so that the words that
    introduce a picture and the picture stay together (rst2pdf's ``FrameBreak`` with a height is
    a conditional page break; the HTML ignores it)."""
    return [".. raw:: pdf", "", f"   FrameBreak {height}", ""]


def has_cjk(text: str) -> bool:
    """Whether the text has Japanese (or other CJK) characters, which need the CJK font."""
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def cjk_class(text: str, indent: str = "") -> list[str]:
    """The class ``cjk`` on the next element, when ``text`` has Japanese: in print a
    paragraph of that class is set in IPAex Gothic whole, quotation marks included (a
    Japanese quotation). Every other run of Japanese in the PDF, in a list or inside an
    English sentence, the PDF builder sets in that font itself (``docs/glyphs.py``)."""
    return [f"{indent}.. rst-class:: cjk", ""] if has_cjk(text) else []


def quotation(text: str, gloss: str | None, cite: str) -> list[str]:
    """A marked quotation from a source, its English gloss if any, and where it is from."""
    lines = [".. pull-quote::", "", *cjk_class(text, "   "),
             f"   \u201c{escape(text)}\u201d", ""]
    if gloss:
        lines += [f"   *Gloss:* {escape(gloss)}", ""]
    return [*lines, f"   \u2014 {cite}", ""]
