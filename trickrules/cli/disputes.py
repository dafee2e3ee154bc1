"""The commands about the sources and their disputes: ``sources``, ``diff``, ``explain`` and
``judge``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from trickrules.spec.registry import FAMILIES

if TYPE_CHECKING:
    from trickrules.spec.catalogue import Catalogue
    from trickrules.spec.coverage import SentenceBook


def _catalogue_with_profile(profile_id: str) -> Catalogue:
    """The catalogue of the family that has ``profile_id`` (shipped, pinned or a source's);
    the first family's when none has it, whose error then lists the known ids."""
    from trickrules.proofs.profile_diff import every_profile
    from trickrules.spec.loader import family_catalogue

    base = profile_id.split("[")[0]
    for family in FAMILIES:
        catalogue = family_catalogue(family)
        if base in every_profile(catalogue):
            return catalogue
    return family_catalogue(FAMILIES[0])


def _catalogue_of_dispute(dispute_id: str) -> Catalogue:
    """The catalogue of the game a dispute id names (``baloot/...``, ``kout6/...``)."""
    from trickrules.spec.loader import family_catalogue, game_catalogue
    from trickrules.spec.registry import game_ids

    game = dispute_id.split("/")[0]
    return game_catalogue(game) if game in game_ids() else family_catalogue(FAMILIES[0])



def _book(catalogue: Catalogue) -> Any:
    """A dispute book that takes what ``verify`` already settled from its result cache
    (``$TRICKRULES_CACHE``), and stores what it settles for the next command."""
    from trickrules.proofs.verify.cache import default_directory
    from trickrules.proofs.verify.jobs import cached_book

    return cached_book(catalogue, default_directory())


def cmd_diff(args: argparse.Namespace) -> int:
    """Every divergence between two profiles, each with a replayed witness or a proof that it
    changes nothing; exit 1 if any dispute is left unknown."""
    from trickrules.proofs.profile_diff import diff_profiles, find_profile

    catalogue = _catalogue_with_profile(args.profile_a)
    a, b = find_profile(catalogue, args.profile_a), find_profile(catalogue, args.profile_b)
    diff = diff_profiles(_book(catalogue), a, b)
    if args.json:
        print(json.dumps(diff.as_json(), indent=2, ensure_ascii=False))
    else:
        from trickrules.cli.render.console import output_console
        from trickrules.cli.render.disputes import print_diff

        print_diff(output_console(), diff)
    return 1 if diff.unknown else 0


def cmd_explain(args: argparse.Namespace) -> int:
    """One dispute: the readings, the sources on each side with their quotations, the witness
    drawn as cards and the outcome under each reading."""
    catalogue = _catalogue_of_dispute(args.dispute)
    dispute = _book(catalogue).by_id(args.dispute)
    if args.json:
        print(json.dumps(dispute.as_json(), indent=2, ensure_ascii=False))
    else:
        from trickrules.cli.render.console import output_console
        from trickrules.cli.render.disputes import print_explain

        print_explain(output_console(), catalogue, dispute)
    return 0 if dispute.ok else 1


def _read_regular(path: str) -> bytes:
    """The first bytes of a regular file; anything else (a FIFO nobody may ever write to, a
    device, a directory) is refused before it is opened, so judge never waits on it."""
    import os
    import stat

    from trickrules.rulings.input import MAX_SITUATION_BYTES

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "a socket" if stat.S_ISSOCK(mode) else "not a file")
            raise ValueError(f"{path}: {kind}, not a regular file (give a file, or - to read "
                             "standard input)")
        with open(path, "rb") as handle:
            return handle.read(MAX_SITUATION_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _load_situation(path: str) -> Any:
    """The JSON of a situation file (``-`` for standard input); every failure names the file
    and, for bad JSON, the line; text the output could not print names its field."""
    from trickrules.rulings.input import MAX_SITUATION_BYTES, decode_situation

    name = "standard input" if path == "-" else path
    if path == "-":
        try:
            raw = sys.stdin.buffer.read(MAX_SITUATION_BYTES + 1)
        except OSError as exc:
            raise ValueError(f"{name}: cannot read: {exc.strerror or exc}") from None
    else:
        raw = _read_regular(path)
    return decode_situation(raw, name)


def cmd_judge(args: argparse.Namespace) -> int:
    """A situation in the engine's JSON state form, answered under every profile: the
    rulebook's answer with the rules deciding it, then the profiles that answer otherwise."""
    from trickrules.cli.render.console import output_console
    from trickrules.cli.render.judge import print_judge, print_question
    from trickrules.rulings.input import answer_situation
    from trickrules.rulings.question import is_question

    data = _load_situation(args.situation)
    report, admitted = answer_situation(data)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    elif is_question(data):
        print_question(output_console(), report, args.situation)
    else:
        print_judge(output_console(), report, args.situation)
    return 0 if admitted else 2


def _source_rows(catalogue: Catalogue) -> list[dict[str, Any]]:
    """One row per source and game: claims, silences, ambiguities, contradictions, variants
    and how its sentences are accounted for."""
    from trickrules.spec.source_profiles import summary

    rows: list[dict[str, Any]] = []
    for source in catalogue.sources.values():
        coverage = (catalogue.sentences.coverage(source.id)
                    if catalogue.sentences is not None else None)
        for game in source.games:
            s = summary(catalogue, source.id, game)
            row: dict[str, Any] = {
                "source": source.id, "title": source.title, "game": game,
                "claims": len(s.claims), "silences": list(s.silences),
                "ambiguities": [c.id for c in s.ambiguities],
                "contradictions": [list(pair) for pair in s.contradictions],
                "variants": list(s.variants)}
            if coverage is not None:
                row["sentences"] = {"total": coverage.total, "cited": coverage.cited,
                                    "marked": dict(coverage.marked),
                                    "missing": list(coverage.missing)}
            rows.append(row)
    return rows


def cmd_sources(args: argparse.Namespace) -> int:
    """``trickrules sources``: each source of every family with its claims, silences,
    ambiguities, contradictions and sentence coverage per game; ``--sentences SOURCE`` lists
    one source's sentences and how each is accounted for."""
    from rich.table import Table

    from trickrules.spec.loader import family_catalogue

    if args.sentences:
        return _print_sentences(args.sentences, args.json)
    rows = [row for family in FAMILIES for row in _source_rows(family_catalogue(family))]
    if args.json:
        print(json.dumps({"sources": rows}, indent=2, ensure_ascii=False))
        return 0
    table = Table(show_header=True, header_style="bold",
                  caption="sentences: how many, and how many are neither cited nor marked "
                          "(trickrules sources --sentences SOURCE lists them)")
    for column in ("source", "game", "claims", "silences", "ambiguities", "contradictions",
                   "variants", "sentences"):
        table.add_column(column, justify="right" if column in ("claims",) else "left")
    for row in rows:
        cover = row.get("sentences")
        text = "" if not cover else (
            f"{cover['total']}, {len(cover['missing'])} open" if cover["missing"]
            else f"{cover['total']}, all")
        table.add_row(row["source"], row["game"], str(row["claims"]),
                      str(len(row["silences"])), str(len(row["ambiguities"])),
                      str(len(row["contradictions"])), ", ".join(row["variants"]), text)
    from trickrules.cli.render.console import output_console

    output_console().print(table)
    return 0


def _print_sentences(source_id: str, as_json: bool) -> int:
    """Every sentence of one source with the claims that cite it or the reason it states no
    rule; the words themselves when the seed files are beside the checkout."""
    catalogue, book = _sentence_book(source_id)
    stored = {sid: fingerprint for sid, fingerprint, _ in book.sentences[source_id]}
    words, differing = _seed_words(catalogue, source_id, stored)
    out = _sentence_rows(book, source_id, words)
    if as_json:
        print(json.dumps({"source": source_id, "differing_from_index": differing,
                          "sentences": out}, indent=2, ensure_ascii=False))
        return 0
    _print_sentence_rows(source_id, out, differing, len(stored))
    return 0


def _sentence_book(source_id: str) -> tuple[Catalogue, SentenceBook]:
    """The catalogue that holds ``source_id`` and its sentence index; a source with no index
    is refused naming every known source."""
    from trickrules.spec.loader import family_catalogue

    catalogue = next((c for c in map(family_catalogue, FAMILIES) if source_id in c.sources),
                     None)
    if catalogue is None or catalogue.sentences is None:
        known = [s for f in FAMILIES for s in family_catalogue(f).sources]
        raise KeyError(f"--sentences: no source {source_id!r} with a sentence index "
                       f"(known: {', '.join(known)})")
    return catalogue, catalogue.sentences


def _seed_words(catalogue: Catalogue, source_id: str,
                stored: dict[str, str]) -> tuple[dict[str, str], int]:
    """The words of each sentence whose seed text still holds the sentence indexed there,
    and how many indexed sentences it no longer holds; none of either when the source's seed
    file is not beside the checkout."""
    from trickrules.spec.sentences import read_sentences, sources_directory

    where = sources_directory()
    if where is None or not (where / catalogue.sources[source_id].file).exists():
        return {}, 0
    seed = read_sentences(catalogue.sources[source_id], where)
    words = {s.id: s.text for s in seed if stored.get(s.id) == s.fingerprint}
    return words, len(stored) - len(words)


def _sentence_rows(book: SentenceBook, source_id: str,
                   words: dict[str, str]) -> list[dict[str, Any]]:
    """One row per sentence of the source: its word count, the claims citing it, the reason
    it states no rule, its words and its gloss."""
    cited: dict[str, list[str]] = {}
    for claim, read in book.claim_sentences.items():
        for sid in read:
            cited.setdefault(sid, []).append(claim)
    out: list[dict[str, Any]] = []
    for sid, _fingerprint, count in book.sentences[source_id]:
        reason = book.reason_of(sid)
        out.append({"id": sid, "words": count, "claims": cited.get(sid, []),
                    "no_rule": reason, "text": words.get(sid),
                    "gloss": book.glosses.get(sid)})
    return out


def _print_sentence_rows(source_id: str, out: list[dict[str, Any]], differing: int,
                         indexed: int) -> None:
    """The sentences on the console, each with how it is accounted for, after a warning
    when the seed text no longer matches the index."""
    from trickrules.cli.render.console import literal, output_console
    from trickrules.spec.coverage import REASONS

    console = output_console()
    if differing:
        console.print(f"[yellow]The seed text of {source_id} differs from the one indexed in "
                      f"{differing} of {indexed} sentences: their words are not shown "
                      "(`make sentences` indexes the text anew, once the claims are checked "
                      "against it).[/]")
    for row in out:
        how = (", ".join(row["claims"]) if row["claims"]
               else f"no rule ({REASONS[row['no_rule']]})" if row["no_rule"]
               else "[red]not accounted for[/]")
        console.print(f"[bold]{row['id']}[/] {literal(how)}")
        if row["text"]:
            console.print(f"    [dim]{literal(row['text'][:300])}[/]")
        if row["gloss"]:
            console.print(f"    [italic]{literal(row['gloss'])}[/]")


def add_commands(sub: Any) -> None:
    """Register ``sources``, ``diff``, ``explain`` and ``judge``."""
    src = sub.add_parser("sources", help="the rule sources and what each claims")
    src.add_argument("--json", action="store_true", help="print JSON instead of a table")
    src.add_argument("--sentences", metavar="SOURCE", default=None,
                     help="list one source's sentences and how each is accounted for")
    src.set_defaults(func=cmd_sources)
    diff = sub.add_parser("diff", help="every divergence between two profiles, with witnesses")
    diff.add_argument("profile_a", metavar="PROFILE_A")
    diff.add_argument("profile_b", metavar="PROFILE_B")
    diff.add_argument("--json", action="store_true", help="print JSON instead of a table")
    diff.set_defaults(func=cmd_diff)
    explain = sub.add_parser("explain", help="one dispute: quotations, witness, outcomes")
    explain.add_argument("dispute", metavar="DISPUTE_ID")
    explain.add_argument("--json", action="store_true", help="print JSON instead of text")
    explain.set_defaults(func=cmd_explain)
    jdg = sub.add_parser("judge", help="a situation (engine JSON state): the rulebook's "
                         "answer with its rules, and every profile that answers otherwise")
    jdg.add_argument("situation", metavar="SITUATION.json",
                     help="the situation file, or - for standard input")
    jdg.add_argument("--json", action="store_true", help="print JSON instead of a table")
    jdg.set_defaults(func=cmd_judge)
