"""Evidence from practice: which reading public engines and public rule pages play, one finding
per table of ``practice.toml``. The ruling policy weighs it where the texts split; the
rulebook prints it beside each ruling."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlparse

from trickrules.spec.document import SpecDocument
from trickrules.spec.model import Game, Parameter

HOUSE = "house:"
"""Prefix of a rule or reading the catalogue has no id for (a house rule seen in practice)."""
_ENGINE_WHERE = re.compile(r"^(?P<repo>[\w.-]+/[\w.-]+) \S+@[0-9a-f]{7,40}\b")


@dataclass(frozen=True)
class Evidence:
    """One finding: ``source`` (a repository or a site, counted once however many files or
    pages it has) plays ``reading`` of ``parameter`` in ``games``."""

    parameter: str
    reading: str
    where: str
    kind: str
    note: str
    confidence: str
    source: str
    games: tuple[str, ...]
    line: int

    @property
    def encoded(self) -> bool:
        """Whether the finding names a parameter and reading the catalogue encodes."""
        return not (self.parameter.startswith(HOUSE) or self.reading.startswith(HOUSE))

    @property
    def url(self) -> str:
        """A link to the finding: the rule page, or the repository on GitHub."""
        if self.kind == "rule-page":
            return self.where.split()[0]
        match = _ENGINE_WHERE.match(self.where)
        return f"https://github.com/{match['repo']}" if match else ""


def _source_of(doc: SpecDocument, index: int, row: dict[str, str]) -> str:
    where = row["where"]
    if row["kind"] == "engine":
        match = _ENGINE_WHERE.match(where)
        if match is None:
            raise doc.error(("evidence", index, "where"),
                            f"an engine's where is 'owner/repository path@commit (function)', "
                            f"not {where!r}")
        return row.get("source", match["repo"])
    host = urlparse(where.split()[0]).netloc
    if not where.startswith(("https://", "http://")) or not host:
        raise doc.error(("evidence", index, "where"), f"a rule page's where is its URL, "
                                                      f"not {where!r}")
    return row.get("source", host.removeprefix("www."))


def load_practice(doc: SpecDocument, games: dict[str, Game],
                  parameters: dict[str, Parameter]) -> tuple[Evidence, ...]:
    """Every finding of ``doc``, checked: a known parameter and reading (or a ``house:`` one),
    games the parameter applies to, a where that names a repository and commit or a URL."""
    doc.validate("practice.schema.json")
    out: list[Evidence] = []
    for index, row in enumerate(doc.data["evidence"]):
        at = ("evidence", index)
        pid, reading = row["parameter"], row["reading"]
        parameter = parameters.get(pid)
        if parameter is None and not pid.startswith(HOUSE):
            raise doc.error((*at, "parameter"), f"unknown parameter {pid!r} (a rule the "
                                                f"catalogue lacks is written 'house:<id>')")
        if (parameter is not None and reading not in parameter.reading_ids
                and not reading.startswith(HOUSE)):
            raise doc.error((*at, "reading"),
                            f"{pid} has no reading {reading!r} (readings: "
                            f"{', '.join(parameter.reading_ids)}; one the catalogue lacks is "
                            f"written 'house:<id>')")
        applies = parameter.games if parameter is not None else tuple(games)
        for game in row.get("games", ()):
            if game not in applies:
                raise doc.error((*at, "games"), f"{pid} does not apply to game {game!r}")
        out.append(Evidence(pid, reading, row["where"], row["kind"], row["note"],
                            row["confidence"], _source_of(doc, index, row),
                            tuple(row.get("games", applies)), doc.map.line_of(at) or 0))
    return tuple(out)
