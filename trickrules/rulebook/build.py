"""``trickrules rulebook``: write the generated pages next to ``docs/``, then build the HTML
site and the PDF with Sphinx (warnings are errors). The PDF comes from rst2pdf, which is
pure Python on top of ReportLab and installs from PyPI on any machine, with the one
TrueType font it embeds for the Japanese quotations from Debian (fonts-ipaexfont-gothic);
ReportLab's invariant mode keeps it byte-for-byte repeatable."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trickrules.proofs.outcome_words import is_play, witness_text
from trickrules.proofs.rule_examples import check_rule_examples
from trickrules.rulebook.cards_svg import play_witness
from trickrules.rulebook.disputes_page import disputes_page
from trickrules.rulebook.examples import Example, find_example
from trickrules.rulebook.impact_page import impact_page
from trickrules.rulebook.irregularities_page import Ruler, director_root, irregularities_page
from trickrules.rulebook.navigation import write_navigation
from trickrules.rulebook.odds_page import has_odds, odds_page
from trickrules.rulebook.players_book import players_edition
from trickrules.rulebook.players_pages import players_examples
from trickrules.rulebook.policy_page import policy_page
from trickrules.rulebook.prerequisites import RulebookError, check_prerequisites, sphinx_failure
from trickrules.rulebook.rst import file_slug
from trickrules.rulebook.rule_examples_page import drawing, drawing_name, is_drawn
from trickrules.rulebook.rules_pages import example_image, glossary_page, house_page, rules_pages
from trickrules.rulebook.sources_page import sources_page
from trickrules.rulebook.translated import (
    TRANSLATED_LANGUAGES,
    TranslatedBuild,
    start_translated,
    translated_pdf_name,
)
from trickrules.rulebook.verification_page import verification_page
from trickrules.spec.catalogue import Catalogue
from trickrules.spec.numbering import family_name, numbered_rules, rulebook_of
from trickrules.spec.registry import FAMILIES, REGISTRY, family_of
from trickrules.spec.source_profiles import source_profiles

DOCS = Path(__file__).resolve().parent / "sphinx"
"""The Sphinx sources (``docs/`` of the repository, linked here so that the wheel ships them)."""
PARTS = "written here by ``trickrules rulebook``: PARTS"
RULINGS = "written here by ``trickrules rulebook``: RULINGS"
TABLE = "written here by ``trickrules rulebook``: TABLE"
"""The lines of ``docs/index.rst`` that the list of the built parts, the rulings' page and
the books for the table (first, under the title: what a player opens the site for) replace."""


@dataclass(frozen=True)
class Built:
    """Where a build put the site, the PDF and the generated sources."""

    source: Path
    html: Path
    pdfs: dict[str, Path]
    """Each family's PDF, the committee edition (every chapter)."""
    examples: tuple[Example, ...]

    def players_pdf(self, family: str) -> Path:
        """The family's players' edition (the rules, the house options, the glossary), beside
        its committee edition."""
        return self.pdfs[family].with_name(f"{family}-players.pdf")

    def director_pdf(self, family: str) -> Path:
        """The family's director's handbook, beside its committee edition."""
        return self.pdfs[family].with_name(f"{family}-director.pdf")

    def translated_pdf(self, family: str, edition: str, language: str) -> Path:
        """A family's players' edition or quick reference (``edition``) in another language,
        beside its committee edition (built with the site, all editions)."""
        return self.pdfs[family].with_name(translated_pdf_name(family, edition, language))

    def quick_pdf(self, family: str) -> Path:
        """The family's one-page quick reference, beside its committee edition."""
        return self.pdfs[family].with_name(f"{family}-quick.pdf")


def family_report(report: dict[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """The part of a verify report about one family's games: its profiles' theorems, its
    sources' checks and disputes, and its traceability."""
    mine = [r for r in report["results"] if r["profile"] in catalogue.profiles]
    out = {**report, "profiles": [p for p in report["profiles"] if p in catalogue.profiles],
           "results": mine}
    for verdict in ("proved", "refuted", "unknown"):
        out[verdict] = sum(r["verdict"] == verdict for r in mine)
    sources = report.get("sources")
    if sources:
        family = family_of(next(iter(catalogue.games)))
        profiles = source_profiles(catalogue)
        out["sources"] = {
            **sources,
            "consistency": [r for r in sources["consistency"] if r["profile"] in profiles],
            "disputes": [d for d in sources["disputes"] if d["game"] in catalogue.games],
            "traceability": sources["traceability"]["families"][family]}
    return out


def rulebook_families() -> list[str]:
    """The families with rulebook data (``rulings.toml``), in registry order."""
    from trickrules.spec.loader import family_catalogue

    return [f for f in FAMILIES if family_catalogue(f).rulebook is not None]


def write_family(catalogue: Catalogue, report: dict[str, Any], source: Path,
                 ruler: Ruler) -> tuple[Example, ...]:
    """Write one family's part (its folder under ``source``), drawings and examples
    (``ruler`` answers the irregularities' questions)."""
    family = family_name(catalogue)
    report = family_report(report, catalogue)
    disputes: list[dict[str, Any]] = (report.get("sources") or {}).get("disputes", [])
    examples = {}
    for rule in numbered_rules(catalogue):
        example = find_example(catalogue, rule.id, disputes)
        if example is not None:
            examples[rule.id] = example
    failed = [f for check in check_rule_examples(catalogue) for f in check.failures]
    if failed:
        raise RulebookError("the machine rules contradict a rule example:\n" +
                               "\n".join(failed))
    pages = rules_pages(catalogue, disputes, examples)
    title = next(f.title for f in REGISTRY if f.name == family).split(":")[0]  # the game's
    if catalogue.irregularities:
        pages["irregularities"] = irregularities_page(catalogue, ruler)
        pages["director"] = director_root(catalogue, title)
    pages["house"] = house_page(catalogue, disputes)
    pages["glossary"] = glossary_page(catalogue)
    chapter, drawings = disputes_page(catalogue, disputes)
    pages["disputes"] = chapter
    pages["policy"] = policy_page(catalogue)
    pages["impact"] = impact_page(catalogue)
    pages["sources"] = sources_page(catalogue, report)
    pages["verification"] = verification_page(report, family)
    if has_odds(family):
        pages["odds"] = odds_page(family)
    pages.update(players_edition(catalogue, title))
    part = source / family
    for name, lines in pages.items():
        (part / f"{name}.rst").parent.mkdir(parents=True, exist_ok=True)
        (part / f"{name}.rst").write_text("\n".join(lines) + "\n", encoding="utf-8")
    cards = source / "_cards"
    cards.mkdir(exist_ok=True)
    for name, svg in {**drawings, **players_examples(catalogue)}.items():
        (cards / name).write_text(svg, encoding="utf-8")
    stored = source / "_examples" / family
    stored.mkdir(parents=True)
    for example in examples.values():
        if is_play(example.witness):
            header = witness_text(example.game, example.kind, example.witness)
            (cards / example_image(family, example.rule)).write_text(
                play_witness(example.witness, example.kind, header), encoding="utf-8")
        (stored / f"{file_slug(example.rule)}.json").write_text(
            json.dumps(example.as_json(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for written in rulebook_of(catalogue).examples:
        if is_drawn(written):
            (cards / drawing_name(family, written)).write_text(drawing(written),
                                                               encoding="utf-8")
    return tuple(examples.values())


def write_sources(report: dict[str, Any], source: Path, parser_help: list[str],
                  families: list[str], ruler: Ruler, questions: list[str] | None = None
                  ) -> tuple[Example, ...]:
    """Copy ``docs/`` to ``source`` and write each family's part, the root page's list of
    parts and the command-line reference."""
    from trickrules.spec.loader import family_catalogue

    if not (DOCS / "conf.py").exists():
        raise RulebookError(f"{DOCS} has no conf.py: the installed package lacks the "
                            "rulebook's Sphinx sources (reinstall trickrules)")
    if source.exists():
        shutil.rmtree(source)
    shutil.copytree(DOCS, source, ignore=shutil.ignore_patterns("_build", "__pycache__"))
    examples: list[Example] = []
    for family in families:
        examples += write_family(family_catalogue(family), report, source, ruler)
    index = source / "index.rst"
    titles = {f.name: f.title.split(":")[0] for f in REGISTRY}
    table = "**At the table:** " + "; ".join(
        f"{titles[family]}: :doc:`the players' edition <{family}/players>`, "
        f":doc:`the quick reference <{family}/players/quick>`, "
        f":doc:`the director's handbook <{family}/irregularities>`"
        for family in families) + "."
    parts = [".. toctree::", "   :maxdepth: 2", "   :caption: The games", "",
             *(f"   {family}/index" for family in families)]
    lines = [("\n".join(parts) if PARTS in line else table if TABLE in line else line)
             for line in index.read_text(encoding="utf-8").splitlines()]
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (source / "cli.rst").write_text("\n".join(parser_help) + "\n", encoding="utf-8")
    rulings = [".. toctree::", "   :maxdepth: 1", "   :caption: Rulings", "", "   questions"]
    if questions is not None:
        (source / "questions.rst").write_text("\n".join(questions) + "\n", encoding="utf-8")
    lines = [("\n".join(rulings) if RULINGS in line and questions is not None else line)
             for line in index.read_text(encoding="utf-8").splitlines()]
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    write_navigation(source, families)
    return tuple(examples)


Build = tuple[str, Path, tuple[str, ...] | None]
"""One Sphinx run: its builder, its output directory, and the PDFs it writes (``None``: all
the configuration names, or not a PDF build)."""
EDITION_NAMES = ("rulebook", "players", "quick", "director")
"""The PDF editions of a family, as ``docs/conf.py`` names them."""
EDITION_PAGES = {"players": ("players.rst", "players/*.rst"), "quick": ("players/quick.rst",),
                 "director": ("director.rst", "irregularities.rst")}
"""The generated pages each edition but the committee's prints, as globs in its family's
folder (the committee edition prints every page of the family but the players')."""
SECONDS_PER_TEXT_KB, SECONDS_PER_DRAWING_KB, SECONDS_PER_PDF = 0.014, 0.003, 0.3
"""About what laying out a PDF costs per thousand bytes of its generated text, per thousand
bytes of the SVG drawings it prints (each read, then drawn on the pass kept), and for itself:
weights for sharing the PDFs out, measured once."""


MANIFEST = ".trickrules-built"
"""The list of files a build wrote into a site or PDF folder, kept in that folder: what the
next build may replace (anything else in the folder is a file of the user's, kept)."""


def _keep_foreign_files(final: Path, new: Path) -> None:
    """Copy into the new build every file of the present folder that no build wrote there
    (a user's own file), then list what this build wrote in the new folder's manifest."""
    written = sorted(str(p.relative_to(new)) for p in new.rglob("*") if p.is_file())
    for relative in _foreign_files(final):
        if not (new / relative).exists():
            (new / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(final / relative, new / relative)
    (new / MANIFEST).write_text("\n".join(written) + "\n", encoding="utf-8")


def _foreign_files(final: Path) -> list[Path]:
    """The files in ``final`` that its manifest does not list (none without a manifest)."""
    manifest = final / MANIFEST
    if not manifest.is_file():
        return []
    known = {*manifest.read_text(encoding="utf-8").splitlines(), MANIFEST}
    return [p.relative_to(final) for p in sorted(final.rglob("*"))
            if p.is_file() and not p.is_symlink() and str(p.relative_to(final)) not in known]


def pdf_groups(source: Path, families: list[str], editions: tuple[str, ...] | None,
               workers: int) -> list[tuple[str, ...]]:
    """The PDFs split into at most ``workers`` groups laid out side by side, the costliest
    first to the group with the least work, each weighed by the text and the drawings of the
    pages it prints (a PDF is the same bytes whichever group writes it)."""
    documents: list[tuple[float, str]] = []
    for family in families:
        for edition in editions or EDITION_NAMES:
            pages = _edition_pages(source / family, edition)
            documents.append((_layout_cost(pages), f"{family}-{edition}"))
    groups: list[tuple[float, list[str]]] = [(0.0, []) for _ in range(max(1, workers))]
    for weight, name in sorted(documents, key=lambda d: (-d[0], d[1])):
        least = min(range(len(groups)), key=lambda i: (groups[i][0], i))
        groups[least] = (groups[least][0] + weight, [*groups[least][1], name])
    return [tuple(names) for _, names in groups if names]


def _edition_pages(folder: Path, edition: str) -> list[Path]:
    """The generated pages of ``folder`` (a family's) that ``edition`` prints."""
    if edition in EDITION_PAGES:
        return sorted({p for pattern in EDITION_PAGES[edition] for p in folder.glob(pattern)})
    players = {p for pattern in EDITION_PAGES["players"] for p in folder.glob(pattern)}
    return sorted(p for p in folder.rglob("*.rst") if p not in players)


def _layout_cost(pages: list[Path]) -> float:
    """The seconds laying out ``pages`` is expected to take, from their text and the
    drawings they print."""
    drawings: set[Path] = set()
    text_bytes = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        text_bytes += len(text)
        drawings |= {page.parents[1] / name.lstrip("/") for name in printed_drawings(text)}
    drawing_bytes = sum(d.stat().st_size for d in drawings if d.is_file())
    return (SECONDS_PER_PDF + text_bytes / 1000 * SECONDS_PER_TEXT_KB
            + drawing_bytes / 1000 * SECONDS_PER_DRAWING_KB)


def printed_drawings(text: str) -> list[str]:
    """The drawings a page's reStructuredText puts in print: every image or figure but those
    inside an ``only:: html`` block."""
    found: list[str] = []
    html_block: int | None = None  # the indentation of the ``only:: html`` being skipped
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if html_block is not None and line.strip() and indent <= html_block:
            html_block = None
        words = line.split()
        if words[:3] == ["..", "only::", "html"]:
            html_block = indent
        elif html_block is None and len(words) == 3 and words[0] == ".." \
                and words[1] in ("image::", "figure::"):
            found.append(words[2])
    return found


def _cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _sphinx(builds: list[Build], source: Path, families: list[str],
            editions: tuple[str, ...] | None = None) -> None:
    """Read the generated sources once, on every core, into a shared environment; then run
    every build from it side by side, each writing only its own directory (Sphinx finds no
    source newer than the environment, so none reads a page again)."""
    env = {**os.environ, "RL_invariant": "1", "SOURCE_DATE_EPOCH": "0",
           "TRICKRULES_RULEBOOK_FAMILIES": " ".join(families),
           "TRICKRULES_RULEBOOK_TITLES": json.dumps({f.name: f.title for f in REGISTRY})}
    if editions is not None:
        env["TRICKRULES_RULEBOOK_EDITIONS"] = " ".join(editions)
    doctrees = source.with_name(source.name + ".doctrees")
    shutil.rmtree(doctrees, ignore_errors=True)
    try:
        _run_side_by_side([("environment", doctrees / "read", None)], source, doctrees, env,
                          ["-E", "-j", str(_cores())])
        _run_side_by_side(builds, source, doctrees, env, [])
    finally:
        shutil.rmtree(doctrees, ignore_errors=True)


def _run_side_by_side(builds: list[Build], source: Path, doctrees: Path,
                      env: dict[str, str], options: list[str]) -> None:
    """Run one Sphinx per build at once, with the environment in ``doctrees``; a warning or
    an error of any fails the whole (every failure named)."""
    running: list[tuple[str, subprocess.Popen[str]]] = []
    try:
        for builder, out, pdfs in builds:
            mine = env if pdfs is None else {**env, "TRICKRULES_RULEBOOK_PDFS": " ".join(pdfs)}
            running.append((builder, subprocess.Popen(
                [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", *options,
                 "-b", builder, "-d", str(doctrees), str(source), str(out)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=mine,
                start_new_session=True)))
        outputs = [(builder, process, *process.communicate()) for builder, process in running]
    finally:  # interrupted (Ctrl-C, SIGTERM): no Sphinx, nor a reader it forked, outlives it
        for _, process in running:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    failures = []
    for builder, process, stdout, stderr in outputs:
        detail = sphinx_failure(process.returncode, stdout, stderr)
        if detail is not None:
            stage = "reading" if builder == "environment" else f"{builder} build"
            failures.append(f"sphinx {stage} failed:\n{detail}")
    if failures:
        raise RulebookError("\n".join(failures))


def _gather_pdfs(parts: list[Path], into: Path) -> None:
    """Move the PDFs the side-by-side PDF builds wrote into one directory."""
    into.mkdir(parents=True, exist_ok=True)
    for part in parts:
        for pdf in sorted(part.glob("*.pdf")):
            pdf.rename(into / pdf.name)
        shutil.rmtree(part, ignore_errors=True)


def _build_with_translations(builds: list[Build], source: Path, families: list[str],
                             editions: tuple[str, ...] | None,
                             translations: list[TranslatedBuild], printed: Path | None) -> None:
    """Run the English builds while the translated pages are built and printed beside them
    (the English PDFs leave a core idle at the end); stopped, the translations stop first."""
    beside = ThreadPoolExecutor(max_workers=1)
    translated = beside.submit(_finish_translations, translations, printed)
    try:
        _sphinx(builds, source, families, editions)
        translated.result()
    finally:
        if not translated.done():
            for translation in translations:
                translation.stop()
        beside.shutdown(wait=True)


def _finish_translations(translations: list[TranslatedBuild], printed: Path | None) -> None:
    """Wait for each language's pages, then print its PDFs into ``printed`` (when given)."""
    for translation in translations:
        translation.wait()
        if printed is not None:
            printed.mkdir(parents=True, exist_ok=True)
            translation.print_editions(printed)


def build_rulebook(report: dict[str, Any], out: Path, cli_help: list[str], ruler: Ruler,
                   pdf: bool = True, families: list[str] | None = None,
                   html: bool = True, questions: list[str] | None = None,
                   editions: tuple[str, ...] | None = None) -> Built:
    """Generate the pages under ``out/source`` (``cli_help``: the command-line reference page,
    from :func:`~trickrules.rulebook.cli_page.cli_page`; ``ruler``: what answers a judge question,
    :func:`~trickrules.rulings.question.judge_question`; ``questions``: the page on asking for a
    ruling, from :func:`~trickrules.rulebook.questions_page.questions_page`) and build the site in
    ``out/html`` (unless ``html`` is false) and one PDF per family in ``out/pdf``
    (``kout-rulebook.pdf``, ``baloot-rulebook.pdf``); every family with rulebook data unless
    ``families`` names some; only the PDF editions ``editions`` (``rulebook``, the committee's;
    ``players``) when given."""
    families = families or rulebook_families()
    unknown = sorted(set(families) - set(rulebook_families()))
    if unknown:
        raise RulebookError(f"no rulebook data for {', '.join(unknown)} (families with "
                            f"rulings: {', '.join(rulebook_families())})")
    source = out / "source"
    examples = write_sources(report, source, cli_help, families, ruler, questions)
    site, pdf_dir = out / "html", out / "pdf"
    check_prerequisites(out, pdf)
    finals = [site] if html else []
    finals += [pdf_dir] if pdf else []
    # each is built beside the present one, which is replaced only once the build succeeded:
    # a failed or interrupted build leaves the last site and PDFs as they were
    built = [final.with_name(final.name + ".new") for final in finals]
    builds: list[Build] = [("html", built[0], None)] if html else []
    groups = pdf_groups(source, families, editions, _cores()) if pdf else []
    parts = [pdf_dir.with_name(f"pdf.new.{i}") for i in range(len(groups))]
    builds += [("pdf", part, group) for part, group in zip(parts, groups, strict=True)]
    translations: list[TranslatedBuild] = []
    printed = pdf_dir.with_name("pdf.new.translated")
    parts += [printed] if pdf else []
    try:
        for directory in [*built, *parts]:
            shutil.rmtree(directory, ignore_errors=True)
        if html and editions is None:  # the players' pages in each translated language too
            translations = [start_translated(source, built[0] / language, families, language)
                            for language in TRANSLATED_LANGUAGES]
        _build_with_translations(builds, source, families, editions, translations,
                                 printed if pdf else None)
        if pdf:
            _gather_pdfs(parts, built[-1])
        for new, final in zip(built, finals, strict=True):
            shutil.rmtree(new / ".doctrees", ignore_errors=True)
            _keep_foreign_files(final, new)
            shutil.rmtree(final, ignore_errors=True)
            new.rename(final)
    finally:
        for translation in translations:
            translation.stop()
        for directory in [*built, *parts]:
            shutil.rmtree(directory, ignore_errors=True)
    pdfs = {family: pdf_dir / f"{family}-rulebook.pdf" for family in families}
    return Built(source, site, pdfs, examples)
