"""rst2pdf's PDF builder, declared safe for Sphinx's parallel reading and writing.

rst2pdf declares its writing unsafe, so that with ``-j`` every builder, even one that writes
nothing, warns (an error under ``-W``) and writes one document at a time. Its builder never
takes part in Sphinx's writing of documents one by one: it replaces that step and lays out
each PDF in one piece, so the declaration only slows the other builders of the project."""

from __future__ import annotations

from typing import Any

from rst2pdf import pdfbuilder  # type: ignore[import-untyped]


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: rst2pdf's builder, with its parallel safety said."""
    pdfbuilder.setup(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
