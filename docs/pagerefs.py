"""Page numbers after the cross-references of the printed rulebook: "rule 702 (p. 31)".

A Sphinx extension for the PDF builder (rst2pdf on ReportLab); the HTML site is left as it
is. A link to a destination in the same PDF is followed by " (p. N)", N the logical page of
the destination (the number in the footer, and the viewer's page label). The number is text
whose value is read each time its line is set: where the target already is in this pass (a
link backwards), else where the pass before found it, else (first pass, a link forwards) a
guess, the present page. A pass in which any number differs from its target's page is not
accepted and another runs, as rst2pdf already does for its table of contents, which always
needs a second pass. The second pass sets its numbers from the first's pages, and is the
last unless a first-pass guess moved a target to another page (the guesses are often a
digit short, but in the four PDFs of this book none moved one: each takes two passes, as
before). A link into the other edition ("pdf:<family>-rulebook.pdf#...") has no page in
this PDF: it is followed by that edition's name ("the dispute in the committee edition"), so
the printed page still says where to look (the same whether or not that edition is printed
beside it); "rule 502", numbered alike in every edition, and a citation of a source's
sentence, "[004w.74.1]", are left as they are.

(A form XObject drawn before it is defined, the "page X of Y" trick, would fix a number's
value but not its width, which the line must know when it is set; and ReportLab never
breaks a line before an inline box, so a box after a link could run past the margin.)"""

from __future__ import annotations

from typing import Any

from reportlab.platypus.doctemplate import IndexingFlowable  # type: ignore[import-untyped]
from reportlab.platypus.paraparser import ParaFrag, ParaParser  # type: ignore[import-untyped]

SCHEME = "pageref:"
"""The ``<img src>`` scheme that marks a page number in rst2pdf's paragraph markup."""
EDITION_NAMES: dict[str, str] = {}
"""Each edition's PDF file name and the edition's name ("committee edition"), set by the
book's configuration: what follows a link into another edition."""


def label(page: str) -> str:
    """What follows a cross-reference to a target on ``page`` (no-break spaces: the number
    stays on the line of the link); nothing if the target has no page."""
    return f"\u00a0(p.\u00a0{page})" if page else ""


class PageRefIndex(IndexingFlowable):  # type: ignore[misc]
    """Takes no room in the story; gathers the destinations' logical pages during a pass,
    and is satisfied once every number set in it was its target's page."""

    current: PageRefIndex | None = None
    """The index of the PDF being laid out (rst2pdf writes one PDF at a time)."""

    def __init__(self) -> None:
        super().__init__()
        self.width = self.height = 0
        self.before: dict[str, str] = {}
        self.pages: dict[str, str] = {}
        self.front: dict[str, str] = {}
        """Destinations in the front matter (roman pages): the contents' entries take their
        headings' names, and are overridden by the headings themselves."""
        self.guesses: dict[str, set[str]] = {}
        self.passes = 0

    draft = False
    """Whether the pass being laid out is the first, which only finds where the targets are
    (another pass always follows it; its pictures are not drawn)."""

    def beforeBuild(self) -> None:  # noqa: N802 (ReportLab's name)
        """A new pass: what the last one found is the best guess of where targets are."""
        PageRefIndex.current = self
        self.draft = self.passes == 0
        self.passes += 1
        if self.pages or self.front:
            self.before = {**self.front, **self.pages}
        self.pages, self.front, self.guesses = {}, {}, {}

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return 0, 0

    def draw(self) -> None:
        pass

    def noted(self, target: str, main: bool, page: str) -> None:
        """A destination ``target`` was made on ``page`` (``main``: not the front matter)."""
        (self.pages if main else self.front)[target] = page

    def guess(self, target: str) -> str:
        """The page a number is set as (see the module's description); "" for a target the
        pass before found no destination of (the link then prints no number)."""
        from rst2pdf.createpdf import setPageCounter  # type: ignore[import-untyped]

        page = self.pages.get(target) or self.before.get(target)
        if page is None:
            page = "" if self.before else str(setPageCounter())
        self.guesses.setdefault(target, set()).add(page)
        return page

    def isSatisfied(self) -> bool:  # noqa: N802 (ReportLab's name)
        """Every number set in this pass was its target's page, and the pass drew the
        pictures (the first never does)."""
        final = {**self.front, **self.pages}
        return not self.draft and all(guessed == {final.get(target, "")}
                                      for target, guessed in self.guesses.items())


class PageRefFrag(ParaFrag):  # type: ignore[misc]
    """A paragraph fragment whose text, " (p. N)", is read when its line is set (a copy
    made of it by the line breaker keeps the text it was made with)."""

    target = ""

    @property
    def text(self) -> str:
        fixed = self.__dict__.get("text")
        if fixed is not None:
            return str(fixed)
        index = PageRefIndex.current
        return label(index.guess(self.target)) if index is not None else ""

    @text.setter
    def text(self, value: str) -> None:
        self.__dict__["text"] = value


def _parse_numbers() -> None:
    """``<img src="pageref:TARGET"/>`` in rst2pdf's markup makes a page number, in the type
    of the text around it (any other ``<img>`` is an image, as before)."""
    end_img = ParaParser.end_img

    def end_number(self: ParaParser) -> None:
        frag = self._stack[-1]
        src = str(getattr(frag, "src", ""))
        if not src.startswith(SCHEME):
            end_img(self)
            return
        del frag._selfClosingTag, frag.src
        self.handle_data(label("0"))  # the fragment, with the font resolved (bold, italic)
        made = self.fragList[-1]
        made.__class__ = PageRefFrag
        del made.__dict__["text"]
        made.target = src[len(SCHEME):]
        self._pop("img")

    ParaParser.end_img = end_number


def _reset_numbers() -> None:
    """A paragraph with page numbers is set from its fragments each time (ReportLab keeps
    the words of its first setting, and with them the numbers of the first pass)."""
    from reportlab.platypus.paragraph import Paragraph  # type: ignore[import-untyped]

    init, break_lines = Paragraph.__init__, Paragraph.breakLines

    def init_noting(self: Paragraph, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        if any(isinstance(f, PageRefFrag) for f in self.frags):
            self._pageref_frags = list(self.frags)

    def break_afresh(self: Paragraph, *args: Any, **kwargs: Any) -> Any:
        frags = getattr(self, "_pageref_frags", None)
        if frags is not None:
            self.frags = list(frags)
        return break_lines(self, *args, **kwargs)

    Paragraph.__init__, Paragraph.breakLines = init_noting, break_afresh


def _note_destinations() -> None:
    """Each destination (ReportLab's bookmark) made is noted with its logical page."""
    from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
    from rst2pdf import createpdf  # type: ignore[import-untyped]

    bookmark = Canvas.bookmarkPage

    def note_page(self: Canvas, key: str, *args: Any, **kwargs: Any) -> Any:
        index = PageRefIndex.current
        if index is not None:  # the last destination of a name is the one a link goes to
            index.noted(key, createpdf._counterStyle == "arabic",
                        str(createpdf.setPageCounter()))
        return bookmark(self, key, *args, **kwargs)

    Canvas.bookmarkPage = note_page


def _number_after_links() -> None:
    """rst2pdf's links: one to a destination of this PDF (``#id``) is followed by its page."""
    from rst2pdf.genpdftext import HandleReference  # type: ignore[import-untyped]

    pre_post = HandleReference.get_pre_post

    def with_page(self: object, client: object, node: Any, replace: bool) -> tuple[str, str]:
        pre, post = pre_post(self, client, node, replace)
        uri = str(node.get("refuri") or "")
        target = uri[1:] if uri.startswith("#") else "" if uri else str(node.get("refid") or "")
        if target and pre:
            post += f'<img src="{SCHEME}{target}"/>'
        elif uri.startswith("pdf:") and pre and not node.astext().startswith(("[", "rule ")):
            # into another edition: named, not numbered (a citation's brackets say where, and
            # "rule 502" is rule 502 in every edition: the director's handbook said "in the
            # committee edition" after each of its forty rules)
            edition = EDITION_NAMES.get(uri[len("pdf:"):].split("#")[0])
            post += f" in the {edition}" if edition else ""
        return pre, post

    HandleReference.get_pre_post = with_page


def _pictures_on_drawn_passes() -> None:
    """A picture is laid out on every pass but drawn only on one that may be kept: the first
    pass only finds the pages (drawing the card pictures was a fifth of a pass)."""
    from rst2pdf.svgimage import SVGImage  # type: ignore[import-untyped]

    draw_on = SVGImage.drawOn

    def drawn_unless_draft(self: Any, canv: Any, x: float, y: float, _sW: float = 0) -> Any:  # noqa: N803
        index = PageRefIndex.current
        if index is not None and index.draft:
            return None
        return draw_on(self, canv, x, y, _sW)

    SVGImage.drawOn = drawn_unless_draft


def _index_every_pdf() -> None:
    """Every PDF rst2pdf lays out carries a :class:`PageRefIndex`, first in its story."""
    from rst2pdf.createpdf import FancyDocTemplate

    multi_build = FancyDocTemplate.multiBuild

    def with_index(self: object, story: list[Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return multi_build(self, [PageRefIndex(), *story], *args, **kwargs)
        finally:
            PageRefIndex.current = None

    FancyDocTemplate.multiBuild = with_index


def _patch(app: Any) -> None:
    """Patch rst2pdf and ReportLab, for the PDF builder alone."""
    if app.builder.name == "pdf":
        _parse_numbers()
        _reset_numbers()
        _note_destinations()
        _number_after_links()
        _pictures_on_drawn_passes()
        _index_every_pdf()


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: page numbers after the PDF's cross-references."""
    app.connect("builder-inited", _patch)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
