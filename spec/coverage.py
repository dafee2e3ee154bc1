"""Sentence coverage: every sentence of every source is cited by a claim or marked as stating no
rule, with the reason.

Two files per family: ``sentences.toml`` (hand-written: the sentences that state no rule, grouped
by reason, and English glosses of sentences not in English) and ``sentence_index.json``
(generated from the seed files by ``make sentences``: each source's sentence ids with a
fingerprint of their words, and the sentence each claim quotes). Coverage is computed from the
two without the source text; a test rebuilds the index from the text and fails when it is stale.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trickrules.spec.document import SpecDocument, compiled_accepts, reference_validator
from trickrules.spec.errors import SpecError, read_text
from trickrules.spec.model import Claim, Source
from trickrules.spec.sentences import Sentence, quoted_sentences, read_sentences

INDEX_FILE = "sentence_index.json"
INDEX_SCHEMA = "sentence_index.schema.json"
REASONS: Mapping[str, str] = {
    "title": "a title or section heading",
    "layout": "page furniture: a table's header, a list's label, a cross-reference",
    "history": "history or origin of the game",
    "culture": "where and by whom the game is played, and what it means to them",
    "apps": "apps, platforms and tournaments",
    "references": "references, links, citations and notices about the page itself",
    "introduction": "introduces or sums up what other sentences state",
    "advice": "advice on how to play well, not a rule",
    "equipment": "how to prepare the cards, not which cards are used",
    "example": "an example or illustration of a rule stated elsewhere",
    "empty": "a table or list the text leaves empty (recorded as a defect of the text)",
}
"""Why a sentence states no rule, with what each reason means."""


@dataclass(frozen=True)
class NoRule:
    """Sentences marked as stating no rule, for one reason."""

    reason: str
    sentences: tuple[str, ...]
    note: str | None = None


@dataclass(frozen=True)
class SentenceBook:
    """A family's sentence index, its no-rule marks and its glosses."""

    sentences: Mapping[str, tuple[tuple[str, str, int], ...]]
    """Per source, each sentence's id, fingerprint and number of words."""
    claim_sentences: Mapping[str, tuple[str, ...]]
    """The sentences each citation reads: the one its quotation is in, then its rows. The
    citations are the claims and, where a family has them, its probability claims
    (``odds.<n>``)."""
    marks: tuple[NoRule, ...] = ()
    glosses: Mapping[str, str] = field(default_factory=dict)

    def reason_of(self, sentence_id: str) -> str | None:
        """The reason a sentence is marked as stating no rule, or None."""
        for mark in self.marks:
            if sentence_id in mark.sentences:
                return mark.reason
        return None

    def coverage(self, source: str) -> SourceCoverage:
        """How the sentences of one source are accounted for."""
        ids = [row[0] for row in self.sentences.get(source, ())]
        cited = {sid for read in self.claim_sentences.values() for sid in read}
        reasons = {sid: r for sid in ids if (r := self.reason_of(sid)) is not None}
        return SourceCoverage(
            source, len(ids), sum(1 for sid in ids if sid in cited),
            dict(Counter(reasons.values())),
            tuple(sid for sid in ids if sid not in cited and sid not in reasons))


@dataclass(frozen=True)
class SourceCoverage:
    """The counts of one source: sentences in all, cited by claims, marked per reason, and the
    sentences neither cited nor marked (empty when the source is covered)."""

    source: str
    total: int
    cited: int
    marked: Mapping[str, int]
    missing: tuple[str, ...]

    @property
    def percent(self) -> float:
        """The share of sentences accounted for."""
        return 100.0 * (self.total - len(self.missing)) / self.total if self.total else 100.0


def file_digest(path: Path) -> str:
    """The sha256 of a seed file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def odds_citations(base: Path) -> dict[str, Claim]:
    """The probability claims of a family's ``odds.toml`` as citations ``odds.<n>`` (1-based,
    in file order); none when the family has no such file."""
    path = base / "odds.toml"
    if not path.exists():
        return {}
    rows = SpecDocument(path).data.get("claim", [])
    return {f"odds.{n}": Claim(f"odds.{n}", row["source"], (), "odds", row["quote"])
            for n, row in enumerate(rows, start=1)}


def build_index(sources: Mapping[str, Source], claims: Mapping[str, Claim],
                directory: Path) -> dict[str, Any]:
    """The sentence index of a family, built from the seed files in ``directory``; a claim
    whose quotation is in no sentence or in several, or whose rows are not sentences of its
    source, raises :class:`ValueError` naming it."""
    all_sentences: list[Sentence] = []
    out: dict[str, Any] = {"sources": {}, "claims": {}}
    for source in sources.values():
        found = read_sentences(source, directory)
        all_sentences.extend(found)
        out["sources"][source.id] = {
            "file_sha256": file_digest(directory / source.file),
            "sentences": [[s.id, s.fingerprint, len(s.text.split())] for s in found]}
    problems = []
    for claim in claims.values():
        hits = quoted_sentences(claim, all_sentences)
        ids = {s.id for s in all_sentences if s.source == claim.source}
        strays = [row for row in claim.rows if row not in ids]
        if strays:
            problems.append(f"claim {claim.id!r}: rows {', '.join(strays)} are not sentences "
                            f"of source {claim.source}")
        elif len(hits) == 1:
            out["claims"][claim.id] = [hits[0], *claim.rows]
        elif not hits:
            problems.append(f"claim {claim.id!r}: its quotation is in no sentence of source "
                            f"{claim.source}")
        else:
            problems.append(f"claim {claim.id!r}: its quotation is in several sentences "
                            f"({', '.join(hits)}); quote more words")
    if problems:
        raise ValueError("; ".join(problems))
    return out


def index_text(index: Mapping[str, Any]) -> str:
    """The index as written to ``sentence_index.json`` (stable key order, one sentence a line)."""
    lines = ["{", '  "sources": {']
    source_rows = []
    for sid, data in index["sources"].items():
        rows = ",\n".join("      " + json.dumps(row, ensure_ascii=False)
                          for row in data["sentences"])
        source_rows.append(f'    {json.dumps(sid)}: {{"file_sha256": '
                           f'{json.dumps(data["file_sha256"])}, "sentences": [\n{rows}\n    ]}}')
    lines.append(",\n".join(source_rows))
    lines.append("  },")
    claim_rows = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                            for k, v in sorted(index["claims"].items()))
    lines.append('  "claims": {\n' + claim_rows + "\n  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def index_problem(index: object) -> str | None:
    """What makes ``index`` not a sentence index (checked against its schema), or None: the
    compiled validator passes what it accepts, the reference implementation words the rest."""
    if compiled_accepts(INDEX_SCHEMA, index):
        return None
    import jsonschema

    error = jsonschema.exceptions.best_match(reference_validator(INDEX_SCHEMA).iter_errors(index))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message


def load_sentence_book(base: Path, sources: Mapping[str, Source],
                       claims: Mapping[str, Claim]) -> SentenceBook | None:
    """The family's sentence book, checked against its sources and claims; None when the family
    has no ``sentences.toml`` yet."""
    marks_file, index_file = base / "sentences.toml", base / INDEX_FILE
    if not marks_file.exists():
        return None
    doc = SpecDocument(marks_file)
    doc.validate("sentences.schema.json")
    index = _read_index(index_file)
    known = {row[0] for data in index["sources"].values() for row in data["sentences"]}
    for sid in sources:
        if sid not in index["sources"]:
            raise SpecError(index_file, None, f"source {sid} is not in the index: run "
                                              "`make sentences`")
    citations = [*claims, *odds_citations(base)]
    missing = sorted(set(citations) - set(index["claims"]))
    if missing:
        raise SpecError(index_file, None, f"claims not in the index: {', '.join(missing)}: run "
                                          "`make sentences`")
    cited = {sid: c for c in citations for sid in index["claims"][c]}
    marks = _read_marks(doc, known, cited)
    glosses = _read_glosses(doc, known)
    sentences = {sid: tuple((r[0], r[1], r[2]) for r in data["sentences"])
                 for sid, data in index["sources"].items()}
    claim_sentences = {c: tuple(index["claims"][c]) for c in citations}
    return SentenceBook(sentences, claim_sentences, tuple(marks), glosses)


def _read_index(index_file: Path) -> Any:
    """The family's sentence index, which must be JSON of the index's schema."""
    try:
        index = json.loads(read_text(index_file))
    except json.JSONDecodeError as exc:
        raise SpecError(index_file, exc.lineno, f"invalid JSON: {exc.msg}") from None
    problem = index_problem(index)
    if problem:
        raise SpecError(index_file, None, f"not a sentence index ({problem}): run "
                                          "`make sentences`")
    return index


def _read_marks(doc: SpecDocument, known: set[str], cited: Mapping[str, str]) -> list[NoRule]:
    """The no-rule marks of ``sentences.toml``: each for a known reason, on sentences of the
    index (``known``) marked once and cited by no claim (``cited``: sentence to claim)."""
    marks = []
    seen: set[str] = set()
    for at, row in enumerate(doc.data.get("no-rule", [])):
        if row["reason"] not in REASONS:
            raise doc.error(("no-rule", at, "reason"), f"unknown reason {row['reason']!r} "
                            f"(known: {', '.join(REASONS)})")
        for sentence in row["sentences"]:
            _check_mark(doc, at, sentence, known, seen, cited)
            seen.add(sentence)
        marks.append(NoRule(row["reason"], tuple(row["sentences"]), row.get("note")))
    return marks


def _check_mark(doc: SpecDocument, at: int, sentence: str, known: set[str], seen: set[str],
                cited: Mapping[str, str]) -> None:
    """One sentence a no-rule mark names: in the index, not marked before, cited by no
    claim."""
    if sentence not in known:
        raise doc.error(("no-rule", at, "sentences"),
                        f"no sentence {sentence!r} in the index")
    if sentence in seen:
        raise doc.error(("no-rule", at, "sentences"), f"{sentence!r} is marked twice")
    if sentence in cited:
        raise doc.error(("no-rule", at, "sentences"), f"{sentence!r} is marked as "
                        f"stating no rule but claim {cited[sentence]!r} cites it")


def _read_glosses(doc: SpecDocument, known: set[str]) -> dict[str, str]:
    """The English glosses of ``sentences.toml``, each of a sentence of the index."""
    glosses = {}
    for at, row in enumerate(doc.data.get("gloss", [])):
        if row["sentence"] not in known:
            raise doc.error(("gloss", at, "sentence"), f"no sentence {row['sentence']!r}")
        glosses[row["sentence"]] = row["text"]
    return glosses
