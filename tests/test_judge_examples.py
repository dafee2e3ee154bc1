"""``trickrules judge`` on every shipped example situation of both families, as a table and as
JSON: it answers (exit 0), and the table prints what the rulebook's examples say happens
there, in the family's own words, with the number and title of each rule it cites."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main
from trickrules.proofs.rule_examples import matches
from trickrules.spec.loader import family_catalogue

SPEC = Path(__file__).resolve().parent.parent / "spec"
FAMILIES = ("kout", "baloot")
FILES = sorted(str(p.relative_to(SPEC)) for f in FAMILIES
               for p in (SPEC / f / "examples").glob("*.json"))


def _expectations() -> dict[str, list[dict[str, Any]]]:
    """What the rule examples say happens at each situation file, under the rulebook."""
    out: dict[str, list[dict[str, Any]]] = {}
    for family in FAMILIES:
        book = family_catalogue(family).rulebook
        assert book is not None
        for example in book.examples:
            out.setdefault(f"{family}/{example.situation}", []).append(example.expect)
    return out


EXPECT = _expectations()


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["judge", *args])
    got = capsys.readouterr()
    return code, got.out, got.err


def _score_facts(family: str, score: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The words the table must print for an expected score (the keys the example names)."""
    facts = []
    if "made" in score:
        facts.append("made:" if family == "baloot" else "made" if score["made"] else "failed")
        if family == "baloot" and not score["made"]:
            facts[-1] = "failed:"
    if "card_points" in score:
        points = score["card_points"]
        buyers = answer["score"]["buyers"]
        facts.append(f"took {points[buyers]} of {sum(points)} card points")
    if "game_points" in score:
        facts.append("game points {}-{}".format(*score["game_points"]))
    if "totals" in score:
        facts.append("(totals {}-{})".format(*score["totals"]))
    return facts


def _table_facts(family: str, expect: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """The words the table must print for what an example expects (the legal actions are
    checked as a set on their own line)."""
    facts: list[str] = []
    if "tricks" in expect:
        seats = ", ".join(str(s) for s in expect["tricks"])
        facts.append(f"won by seat{'s' if len(expect['tricks']) > 1 else ''} {seats}")
    if "score" in expect:
        facts += _score_facts(family, expect["score"], answer)
    if "winner" in expect:
        side = "side" if family == "baloot" else "team"
        facts.append("the game goes on" if expect["winner"] is None
                     else f"{side} {expect['winner']} wins the game")
    return facts


@pytest.mark.parametrize("name", FILES)
def test_every_shipped_example_is_judged_as_a_table_and_as_json(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # one line per line: the facts are not wrapped
    path = str(SPEC / name)
    code, out, err = _run([path, "--json"], capsys)
    assert code == 0 and not err, err
    report = json.loads(out)
    cited = _check_json_ruling(name, report)

    import trickrules.rulings.judge

    # the table is drawn from the same report (judged once: the suite's time is short)
    monkeypatch.setattr(trickrules.rulings.judge, "judge", lambda catalogue, data: report)
    code, out, err = _run([path], capsys)
    assert code == 0 and not err, err
    _check_table(name, report, cited, out)
    assert "error" not in err and "Traceback" not in err


def _check_json_ruling(name: str, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON ruling of example ``name``: the rulebook's profile first, the expected facts,
    every part but the played actions and an error cited; the rules it cites."""
    ruling = report["ruling"]
    assert ruling["profile"] == report["reconciled"] == report["profiles"][0]["profile"]
    answer = report["profiles"][0]["answers"][0]
    for expect in EXPECT.get(name, []):
        for key, want in expect.items():
            if key != "hands":
                assert matches(key, want, answer[key]), (key, want, answer[key])
    cited = [rule for part in ruling["parts"] for rule in part["rules"]]
    parts = {part["part"] for part in ruling["parts"]}
    assert {"legal"} <= parts and all(part["rules"] for part in ruling["parts"]
                                      if part["part"] not in ("then", "error"))
    assert all(rule["number"] and rule["title"] and rule["rule"] for rule in cited)
    return cited


def _check_table(name: str, report: dict[str, Any], cited: list[dict[str, Any]],
                 out: str) -> None:
    """The table of example ``name``: the rulebook's section with every cited rule and the
    expected facts, and the last line saying whether the profiles agree."""
    family = name.split("/")[0]
    answer = report["profiles"][0]["answers"][0]
    section = out
    for heading in ("House options that answer", "Sources and profiles that", "Same answer as"):
        section = section.split(heading)[0]
    assert f"Under the rulebook's profile {report['reconciled']}:" in section
    for rule in cited:
        assert f"rule {rule['number']} {rule['title']}: " in section
    legal_line = next(line for line in section.splitlines() if " may " in line)
    for expect in EXPECT.get(name, []):
        if "legal" in expect:
            assert set(legal_line.split(": ", 1)[1].split(", ")) == set(expect["legal"])
        for fact in _table_facts(family, expect, answer):
            assert fact in section, (fact, section)
    last = out.rstrip().splitlines()
    assert "The profiles disagree on:" in out if report["disagreements"] else (
        "Every profile that admits this situation gives the same answer." in last[-1])


def test_judge_runs_without_the_rulebooks_extra() -> None:
    """``judge`` numbers the rules it cites as the rulebook does, without its extra installed:
    with docutils and Sphinx unimportable it still rules (a plain install has neither)."""
    import subprocess
    import sys

    example = Path(__file__).resolve().parents[1] / "spec" / "baloot" / "examples"
    code = ("import sys\n"
            "for name in ('docutils', 'sphinx', 'rst2pdf'):\n"
            "    sys.modules[name] = None\n"
            "from trickrules.cli.main import main\n"
            f"sys.exit(main(['judge', {str(example / 'sun-last-trick.json')!r}, '--json']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    cited = json.loads(done.stdout)["ruling"]["parts"][0]["rules"][0]
    assert cited["number"] == 502 and cited["link"].endswith("#baloot-rule-play-follow-suit")
