"""The Verification chapter, generated from the verify report: every theorem and cross-check
on the reconciled profiles, the source-consistency checks, the disputes and traceability."""

from __future__ import annotations

from collections import Counter
from typing import Any

from trickrules.rulebook.rst import dispute_label, escape, heading, label, page_label, ref, table


def _theorem_rows(rows: list[dict[str, Any]]) -> list[list[str]]:
    out = []
    for row in rows:
        flag = "as expected" if row["ok"] else "**NOT as expected**"
        out.append([f"``{row['id']}``", escape(row["statement"]),
                    f"**{row['verdict']}** ({flag})"])
    return out


def _consistency(rows: list[dict[str, Any]]) -> list[str]:
    findings = [r for r in rows if r["finding"]]
    verdicts = Counter(r.get("verdict", "not run (no deal)") for r in rows)
    lines = [f"{len(rows)} checks: " + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
             + f"; {len(findings)} findings (a theorem that fails on a source's own rules).", ""]
    if findings:
        body = [[f"``{r['profile']}``", f"``{r['id']}``",
                 escape(", ".join(f"{k} = {v}" for k, v in r["readings"].items()) or "-"),
                 f"**{r['verdict']}**",
                 escape(str(r["witness"]) if r["witness"] is not None else "")]
                for r in findings]
        lines += table(["source profile", "theorem", "readings", "verdict", "witness"], body,
                       [20, 20, 20, 10, 30])
    return lines


def verification_page(report: dict[str, Any], family: str) -> list[str]:
    """The chapter, from the JSON report of ``trickrules verify`` (verdicts, not timings, so
    two verifications of the same inputs give the same chapter)."""
    lines = [*label(page_label(family, "verification")), *heading("Verification", 0),
             "Everything in this chapter is generated from the report of "
             "``trickrules verify`` that this book was built from. A verdict is one of "
             "*proved*, *refuted* (with a witness, replayed in the engine) or *unknown*; an "
             "unknown is never counted as proved. Some theorems are expected to be refuted: "
             "they state something a careful reader might assume and the rules do not give.",
             "", f"Totals: {report['proved']} proved, {report['refuted']} refuted, "
             f"{report['unknown']} unknown.", ""]
    for profile in report["profiles"]:
        lines += _profile_sections(report, profile)
    sources = report.get("sources")
    if not sources:
        return [*lines, "The source checks were not part of this report.", ""]
    lines += heading("The theorems on each source's own rules", 1)
    lines += _consistency(sources["consistency"])
    lines += _disputes(sources["disputes"])
    trace = sources["traceability"]
    lines += heading("Traceability", 1)
    lines += [f"The graph from sources through claims, parameters and disputes to rulings has "
              f"{trace['nodes']} nodes and {trace['edges']} edges. Claims behind no rule: "
              f"{', '.join(trace['orphan_claims']) or 'none'}. Parameters no claim touches: "
              f"{', '.join(trace['untouched_parameters']) or 'none'}.", ""]
    return lines


def _profile_sections(report: dict[str, Any], profile: str) -> list[str]:
    """One reconciled profile's sections: its theorems, then its cross-checks of the Z3
    model against the engine."""
    rows = [r for r in report["results"] if r["profile"] == profile]
    theorems = [r for r in rows if not r["id"].startswith("crosscheck.")]
    checks = [r for r in rows if r["id"].startswith("crosscheck.")]
    lines = heading(f"Theorems on {profile}", 1)
    lines += table(["theorem", "statement", "verdict"], _theorem_rows(theorems),
                   [25, 55, 20])
    lines += heading(f"Cross-checks on {profile}", 2)
    lines += ["The Z3 model and the engine, written independently from the rule data, are "
              "compared on the same situations.", ""]
    lines += table(["check", "statement", "verdict"], _theorem_rows(checks), [25, 55, 20])
    return lines


def _disputes(disputes: list[dict[str, Any]]) -> list[str]:
    """The section on the disputes settled: each one's verdict, the outcomes it differs in
    and whether their witnesses were replayed in the engine."""
    body = [[ref(dispute_label(d["id"]), d["id"]), f"**{d['verdict']}**",
             ", ".join(o["kind"] for o in d["outcomes"] if o["verdict"] == "refuted") or "-",
             "yes" if all(o.get("replayed", True) for o in d["outcomes"]
                          if o["verdict"] == "refuted") else "**no**"]
            for d in disputes]
    return [*heading("Disputes settled", 1),
            *table(["dispute", "verdict", "differs in", "witnesses replayed"], body,
                   [50, 12, 26, 12])]
