"""A rule source split into sentences with stable ids, so that every sentence can be accounted for.

A sentence id is ``<source>.<line>.<n>``: the source, the line of the seed file it starts on, and
its place on that line. The split is deterministic (prose at sentence ends, table rows one per
row, Japanese at 。), so the ids stay put while the file does. The project keeps no source text:
``sentence_index.json`` in each family's spec directory records each sentence's id, a
fingerprint of its words and its length, and the sentence each claim quotes; a test rebuilds
the index from the seed files and fails when it is stale.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from trickrules.spec.model import Claim, Source

_CITATION = r"(?:\[(?:\d+|citation needed)\])"
_EDIT = re.compile(r"\[edit\]")
# A sentence ends at . ! or ? (then closing marks and citations) before a space and a capital,
# quote, bracket, dash or digit; or at a citation glued to the next capital (a heading run on).
_END = re.compile(
    r"(?<=[.!?])[\"')]*" + _CITATION + r"*(?=\s+[\"'(\-A-Z0-9\u0600-\u06ff])"
    r"|" + _CITATION + r"+(?=[A-Z])"
    r"|(?<=[a-z ]\.)(?=[A-Z][a-z])"
    r"|(?<=\S)(?<!- \d)(?=- [A-Z0-9])"
)
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "approx.", "No.")
_STRAIGHT: dict[int, str] = {0x201C: '"', 0x201D: '"', 0x2018: "'", 0x2019: "'", 0x2013: "-",
                             0x2014: "-"}
"""Curly quotes and dashes, straightened for comparing quotations."""
_JAPANESE_END = re.compile("(?<=[\u3002\uff01\uff1f])")  # the full stop, ! and ? of Japanese


@dataclass(frozen=True)
class Sentence:
    """One sentence (or table row, or heading) of a source, with its stable id."""

    id: str
    source: str
    line: int
    text: str

    @property
    def fingerprint(self) -> str:
        """The first 12 hex digits of the sha256 of the sentence's normalised words."""
        return hashlib.sha256(normalise(self.text).encode("utf-8")).hexdigest()[:12]


def normalise(text: str) -> str:
    """Text compared for quotation: NFKC, curly quotes straightened, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(_STRAIGHT)
    return " ".join(text.split())


def sources_directory() -> Path | None:
    """Where the seed files are: ``$TRICKRULES_SOURCES``, else a ``shared/sources`` folder
    beside the checkout or one of its parents; ``None`` when there is none."""
    given = os.environ.get("TRICKRULES_SOURCES")
    if given:
        return Path(given)
    here = Path(__file__).resolve().parents[1]
    for folder in (here, *here.parents):
        candidate = folder / "shared" / "sources"
        if candidate.is_dir():
            return candidate
    return None


def region(text: str, source: Source) -> tuple[str, int]:
    """The part of a seed file a source covers and the line it starts on (sources that share
    a file are cut at the marker named in ``sources.toml``)."""
    if source.after is not None:
        at = text.index(source.after) + len(source.after)
        return text[at:], text.count("\n", 0, at) + 1
    if source.until is not None:
        return text[: text.index(source.until)], 1
    return text, 1


def _split_line(line: str, japanese: bool) -> list[str]:
    """The sentences of one line of text."""
    stripped = line.strip()
    if not stripped:
        return []
    if stripped.startswith("|"):
        return [] if not re.search(r"[^|\-\s]", stripped) else [stripped]
    if japanese:
        return [part.strip() for part in _JAPANESE_END.split(stripped) if part.strip()]
    pieces: list[str] = []
    for chunk in _EDIT.split(stripped):
        head, bar, table = chunk.partition("| ")
        if bar and re.search(r"[.:!?\]]\s*$", head):
            pieces.extend(_split_prose(head))
            pieces.append("| " + table)
        else:
            pieces.extend(_split_prose(chunk))
    return [piece for piece in pieces if re.search(r"\w", piece)]


def _split_prose(text: str) -> list[str]:
    """Prose cut at sentence ends, not after a known abbreviation."""
    out: list[str] = []
    start = 0
    for match in _END.finditer(text):
        end = match.end()
        before = text[start:end].rstrip()
        if any(before.endswith(a) for a in _ABBREVIATIONS):
            continue
        out.append(text[start:end].strip())
        start = end
    out.append(text[start:].strip())
    return [piece for piece in out if piece]


def _continues(line: str, following: str, japanese: bool) -> bool:
    """Whether a hard-wrapped line runs on into the next (a sentence broken across lines)."""
    end, start = line.rstrip(), following.lstrip()
    if not end or not start or end.startswith("|") or start.startswith("|"):
        return False
    if japanese:
        return not end.endswith("。") and not start.startswith(("・", "※"))
    return end[-1] not in ".!?:" and (start[0].islower() or start[0] == "(")


def _logical_lines(part: str, first_line: int, japanese: bool) -> list[tuple[int, str]]:
    """The part's lines with hard-wrapped sentences joined, each with the line it starts on."""
    lines = part.split("\n")
    out: list[tuple[int, str]] = []
    for offset, line in enumerate(lines):
        if offset and out and _continues(lines[offset - 1], line, japanese):
            number, text = out[-1]
            out[-1] = (number, text.rstrip() + ("" if japanese else " ") + line.strip())
        else:
            out.append((first_line + offset, line))
    return out


def split(text: str, source: Source) -> list[Sentence]:
    """The sentences of a source's part of its seed file, in order, each with its id."""
    part, first_line = region(text, source)
    japanese = source.language == "ja"
    out: list[Sentence] = []
    for number, line in _logical_lines(part, first_line, japanese):
        for place, piece in enumerate(_split_line(line, japanese), start=1):
            out.append(Sentence(f"{source.id}.{number}.{place}", source.id, number, piece))
    return out


def read_sentences(source: Source, directory: Path) -> list[Sentence]:
    """The sentences of ``source`` read from its seed file in ``directory``; a file that
    cannot be read, is not text or lacks the marker the source is cut at is refused naming
    it (``ValueError``)."""
    path = directory / source.file
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    for marker in (source.after, source.until):
        if marker is not None and marker not in text:
            raise ValueError(f"{path}: lacks {marker!r}, where source {source.id} is cut")
    return split(text, source)


def quoted_sentences(claim: Claim, sentences: Iterable[Sentence]) -> list[str]:
    """The ids of the sentences of the claim's source whose words contain its quotation."""
    quote = normalise(claim.quote)
    return [s.id for s in sentences if s.source == claim.source and quote in normalise(s.text)]
