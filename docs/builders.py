"""The rulebook's own Sphinx builders: rst2pdf's PDF builder declared safe for parallel
reading and writing, and a builder that only reads.

rst2pdf declares its writing unsafe, so that with ``-j`` every builder, even one that writes
nothing, warns (an error under ``-W``) and writes one document at a time. Its builder never
takes part in Sphinx's writing of documents one by one: it replaces that step and lays out
each PDF in one piece, so the declaration only slows the other builders of the project.

``trickrules rulebook`` reads the pages once into an environment every build then writes
from; Sphinx's dummy builder, read with, went on to resolve every page for nothing, one page
at a time after the parallel reading (a third of the reading's time on the wall)."""

from __future__ import annotations

from typing import Any

from rst2pdf import pdfbuilder  # type: ignore[import-untyped]
from sphinx.builders.dummy import DummyBuilder


class EnvironmentBuilder(DummyBuilder):
    """Reads the pages and saves the environment; writes nothing, resolves nothing."""

    name = "environment"

    def write(self, *args: Any, **kwargs: Any) -> None:
        """Nothing to write: the environment was saved when the reading ended."""


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: rst2pdf's builder, with its parallel safety said, and the
    reading-only builder."""
    pdfbuilder.setup(app)
    app.add_builder(EnvironmentBuilder)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
