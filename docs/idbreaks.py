"""Ids too long for a PDF table cell break after a hyphen or a dot, never inside a word.

ReportLab splits a word wider than its cell at whatever letter reaches the edge, so the
committee edition's dispute tables printed ``44-sun-25-hokom-by-poin`` / ``ts``. Its own
hyphenation treats a hyphen as a break only in words of letters alone, and most reading ids
hold digits. ``install`` wraps ReportLab's two long-word splitters: they split as before, and
each break is then moved back to just after the last hyphen or dot that still fits on its
line; a piece with no such mark keeps ReportLab's break."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

BREAK_AFTER = frozenset("-.")
"""The marks an id may break after: the hyphens inside a reading id, the dots between an
id's parts."""


def line_cuts(text: str, widths: Sequence[float], first_used: float,
              limit: Callable[[int], float]) -> list[int]:
    """The indices where ``text`` starts a new line, filling lines greedily: line ``k`` holds
    ``limit(k)`` (the first already ``first_used`` full); a line that overflows ends after its
    last break mark, or at the overflowing character when it has none. A character wider than
    a whole line still goes on an empty line, as ReportLab places it."""
    cuts: list[int] = []
    start, used, line = 0, first_used, 0
    mark = -1  # the index just after the current line's last break mark
    i = 0
    while i < len(text):
        width = widths[i]
        if used + width > limit(line) and (i > start or width <= limit(line + 1)):
            cut = mark if mark > start else i
            cuts.append(cut)
            start, used, line, mark = cut, 0.0, line + 1, -1
            i = cut
            continue
        used += width
        i += 1
        if text[i - 1] in BREAK_AFTER and i < len(text):
            mark = i
    return cuts


def pieces(text: str, cuts: list[int]) -> list[str]:
    """``text`` cut at ``cuts``."""
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in pairwise(bounds)]


def install() -> None:
    """Wrap ``reportlab.platypus.paragraph``'s ``_splitWord`` (a paragraph of one font) and
    ``_splitFragWord`` (a word of several fragments, as rst2pdf sets a literal)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import paragraph as para

    split_word, split_frag_word = para._splitWord, para._splitFragWord

    def limits(first: float, max_widths: Sequence[float], lineno: int) -> Callable[[int], float]:
        last = len(max_widths) - 1
        return lambda k: first if k == 0 else max_widths[min(last, lineno + k)]

    def split_word_at_marks(w: Any, line_width: float, max_widths: Sequence[float],
                            lineno: int, font_name: str, font_size: float,
                            encoding: str = "utf8") -> list[Any]:
        split = split_word(w, line_width, max_widths, lineno, font_name, font_size, encoding)
        text = "".join(split)
        if len(split) < 2 or not BREAK_AFTER & set(text) or para.isBidiStr(text):
            return list(split)
        widths = [stringWidth(c, font_name, font_size, encoding) for c in text]
        first = max_widths[min(len(max_widths) - 1, lineno)]
        parts = pieces(text, line_cuts(text, widths, line_width,
                                       limits(first, max_widths, lineno)))
        return [para._SplitWord(p) for p in parts[:-1]] + [para._SplitWordEnd(parts[-1])]

    def split_frag_word_at_marks(w: Any, max_width: float, max_widths: Sequence[float],
                                 lineno: int) -> list[Any]:
        chars = list(para._fragWordIter(w))
        text = "".join(c for _, _, c in chars)
        if (len(text) != len(chars) or not BREAK_AFTER & set(text)
                or any(hasattr(f, "cbDefn") for f, _, _ in chars)):
            return list(split_frag_word(w, max_width, max_widths, lineno))
        cuts = line_cuts(text, [width for _, width, _ in chars], 0.0,
                         limits(max_width, max_widths, lineno))
        if not cuts:
            return list(split_frag_word(w, max_width, max_widths, lineno))
        bounds = [0, *cuts, len(chars)]
        out: list[Any] = []
        for n, (a, b) in enumerate(pairwise(bounds)):
            fragments: list[tuple[Any, str]] = []
            for f, _, c in chars[a:b]:
                if fragments and fragments[-1][0] is f:
                    fragments[-1] = (f, fragments[-1][1] + c)
                else:
                    fragments.append((f, c))
            kind = para._SplitFrag
            if n == len(bounds) - 2:
                kind = para._SplitFragHS if isinstance(w, para._HSFrag) else para._SplitFragH
            cloned = [(f.clone(text=t) if hasattr(f, "text") else f.clone(), t)
                      for f, t in fragments]
            out.append(kind([sum(width for _, width, _ in chars[a:b]), *cloned]))
        return out

    para._splitWord = split_word_at_marks
    para._splitFragWord = split_frag_word_at_marks
