"""Each message ``trickrules judge`` got wrong (issue 34): a Baloot score printed with Kout's
keys, a score without its rule, no word of who bought, a misplaced pass blamed on projects, a
last line that called disagreeing profiles unanimous, a lone surrogate that broke the output,
and a FIFO that nobody writes to, which left judge waiting for ever."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli.main import main

SPEC = Path(__file__).resolve().parent.parent / "spec"


def _file(tmp_path: Path, name: str, **changes: Any) -> str:
    data = json.loads((SPEC / name).read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _judge(args: list[str], capsys: pytest.CaptureFixture[str],
           monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", "1000")
    code = main(["judge", *args])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_a_baloot_hand_that_ends_is_scored_in_baloot_words_with_its_rules(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The table printed ``trickrules: error: team`` (exit 2) and cited no rule."""
    path = str(SPEC / "baloot" / "examples" / "hokom-last-trick.json")
    code, out, err = _judge([path], capsys, monkeypatch)
    assert code == 0 and "error" not in err
    assert ("failed: the buyers (side 0) took 44 of 162 card points; game points 0-18 "
            "(totals 0-18)") in out
    assert "rule 706 What makes a Hokom: In Hokom the buyer's side makes the contract" in out
    assert "rule 709 What a failed contract gives the other side" in out
    assert "rule 710 Baloot when the contract fails" in out
    code, out, _ = _judge([path, "--json"], capsys, monkeypatch)
    score = next(p for p in json.loads(out)["ruling"]["parts"] if p["part"] == "score")
    rules = {r["number"]: r for r in score["rules"]}
    assert code == 0 and {706, 709, 710} <= set(rules) and rules[706]["why"]


def test_a_kout_score_names_its_rule(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(SPEC / "kout" / "examples" / "kout6-last-trick-failed.json")
    code, out, _ = _judge([path], capsys, monkeypatch)
    assert code == 0
    assert "bid 6 failed: the bidders (team 0) took 5 of 9 tricks; team 1 scores 12" in out
    assert "rule 604 The score for a bid failed: " in out
    assert "src002-kout6 (score.failed = double-tricks-won):" in out
    assert "rule 604 The score for a bid failed (read as double-tricks-won)" in out


@pytest.mark.parametrize(("name", "then", "words", "rule"), [
    ("baloot/examples/buying-complete-deal.json", None,
     "seat 0 (side 0) bought Hokom with H trump", "rule 301 Sun and Hokom: "),
    ("baloot/examples/buying-ashkal-dealers-left.json", None,
     "seat 0 (side 0) bought Sun (seat 2 called Ashkal for its partner)",
     "rule 307 Who may call Ashkal: "),
    ("kout/examples/kout6-after-bid-7.json", ["pass"] * 5 + ["trump S"],
     "seat 3 (team 1) won the bidding with 7, trump S", "rule 303 How high a bid must be: "),
])
def test_buying_calls_say_who_bought(name: str, then: list[str] | None, words: str, rule: str,
                                     tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = _file(tmp_path, name, **({"then": then} if then else {}))
    code, out, _ = _judge([path], capsys, monkeypatch)
    section = out.split("House options that")[0].split("Sources and profiles that")[0]
    assert code == 0 and words in section
    after = section[section.index(words):]
    assert rule in after  # the rule is cited under the part it decides
    code, out, _ = _judge([path, "--json"], capsys, monkeypatch)
    bought = json.loads(out)["profiles"][0]["answers"][0]["bought"]
    assert bought["seat"] == int(words.split()[1])


def test_a_pass_during_play_is_named_as_out_of_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It was reported as "projects are declared before one's first card"."""
    path = _file(tmp_path, "baloot/examples/hokom-last-trick.json", then=["pass"])
    code, out, _ = _judge([path], capsys, monkeypatch)
    assert code == 2 and "projects are declared" not in out
    assert ("pass by seat 0: a pass is out of place: the buying is over and the cards are "
            "being played; seat 0 may play 10S") in out


def test_a_card_during_the_buying_is_named_as_out_of_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = _file(tmp_path, "baloot/examples/buying-first-call.json", then=["AS"])
    code, out, _ = _judge([path], capsys, monkeypatch)
    assert code == 2
    assert "AS by seat 0: a card is out of place: the hand is still being bought" in out


def test_the_last_line_names_the_profiles_that_differ(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Under src003-kout6, reading joker.play-to-trick as as-trump, the Joker played to the
    Ace is refused: the old last line said every profile gives the same answer."""
    path = str(SPEC / "kout" / "examples" / "kout6-joker-on-ace.json")
    code, out, _ = _judge([path], capsys, monkeypatch)
    assert code == 0 and "gives the same answer" not in out
    assert "refused: RJ by seat 4: a Joker may be played only as a trump (S led)" in out
    tail = out[out.index("The profiles disagree on:"):]
    assert ("whether the actions can be played: src003-kout6 (some readings) differs from "
            "kout6-default") in tail
    code, out, _ = _judge([path, "--json"], capsys, monkeypatch)
    report = json.loads(out)
    assert "then" in report["disagreements"]
    assert report["differ"]["then"] == ["src003-kout6 (some readings)"]


def test_agreeing_profiles_are_said_to_agree_and_the_others_named(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(SPEC / "kout" / "examples" / "kout4-first-call.json")
    code, out, _ = _judge([path], capsys, monkeypatch)
    last = out.rstrip().splitlines()[-1]
    assert code == 0 and last.startswith("Every profile that admits this situation gives the "
                                         "same answer. (Not a situation that can arise under:")
    assert "src003-kout4" in last


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_lone_surrogate_is_refused_naming_its_field(
        json_flag: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = (SPEC / "kout" / "examples" / "kout6-joker-on-ace.json").read_text(encoding="utf-8")
    data = json.loads(text)
    del data["then"]
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(data)[:-1] + ', "then": ["\\ud800"]}', encoding="utf-8")
    code, out, err = _judge([str(path), *json_flag], capsys, monkeypatch)
    said = err if not json_flag else json.loads(out)["error"]["message"]
    assert code == 2 and "Traceback" not in err
    assert "situation.then[0]: a lone surrogate \\ud800" in said and str(path) in said


class Waited(BaseException):
    """Raised by the alarm when judge is still waiting (no handler of main catches it)."""


def _stop_waiting(signum: int, frame: Any) -> None:
    raise Waited


def test_a_fifo_nobody_writes_to_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a FIFO waits for a writer; judge refuses it instead (and a directory)."""
    fifo = tmp_path / "situation.json"
    os.mkfifo(fifo)
    previous = signal.signal(signal.SIGALRM, _stop_waiting)
    signal.alarm(20)
    try:
        code = main(["judge", str(fifo)])
    except Waited:
        pytest.fail("judge waited on a FIFO nobody writes to")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    err = capsys.readouterr().err
    assert code == 2
    assert f"{fifo}: a FIFO, not a regular file (give a file, or - to read standard input)" in err
    code, _, err = _judge([str(tmp_path)], capsys, monkeypatch)
    assert code == 2 and "a directory, not a regular file" in err and "Traceback" not in err


def test_the_answer_reads_rulebook_first_then_house_options_then_sources(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34, item 3: the reconciled answer with each rule's text and its reason in one or
    two sentences; then each house option (one rule read otherwise) and each source reading
    that answers differently, with what it gives; the same structure in JSON."""
    path = str(SPEC / "kout" / "examples" / "kout6-last-trick-failed.json")
    code, out, _ = _judge([path, "--json"], capsys, monkeypatch)
    ruling = json.loads(out)["ruling"]
    assert code == 0 and ruling["profile"] == "kout6-default"
    assert [p["part"] for p in ruling["parts"]] == ["legal", "then", "tricks", "score", "winner"]
    score = next(p for p in ruling["parts"] if p["part"] == "score")
    rule = score["rules"][0]
    assert (rule["number"], rule["title"]) == (604, "The score for a bid failed")
    assert rule["rule"].startswith("A bidding team that wins fewer tricks than it bid")
    assert 0 < rule["why"].count(". ") + 1 <= 2 and rule["reading"] == "double-bid"
    [option] = ruling["house"]
    assert option["option"] == {"score.failed": "double-tricks-won"}
    assert option["rule"]["number"] == 604
    assert [p["text"] for p in option["parts"]] == [
        "bid 6 failed: the bidders (team 0) took 5 of 9 tricks; team 1 scores 10 (totals 0-10)"]
    assert [o["label"] for o in ruling["others"]] == [
        "src002-kout6 (score.failed = double-tricks-won)"]
    assert "src003-kout6" in ruling["same"]
    code, out, _ = _judge([path], capsys, monkeypatch)
    rulebook = out.index("Under the rulebook's profile kout6-default:")
    house = out.index("House options that answer differently (one rule read otherwise):")
    sources = out.index("Sources and profiles that answer differently:")
    assert rulebook < house < sources
    assert "  rule 604 The score for a bid failed (read as double-tricks-won):" in out[house:]


def rule_links() -> list[str]:
    """The link judge gives every rule of both families' rulebooks."""
    from trickrules.rulings.report import RuleCiter
    from trickrules.spec.loader import family_catalogue
    from trickrules.spec.numbering import numbered_rules

    links = []
    for family, game in (("kout", "kout6"), ("baloot", "baloot")):
        catalogue = family_catalogue(family)
        citer = RuleCiter(catalogue, game)
        profile = catalogue.profiles[str(citer.reconciled)]
        ids = [rule.id for rule in numbered_rules(catalogue)]
        links += [rule["link"] for rule in citer.cite(profile, [{}], ids)]
    return links


def broken_links(html: Path) -> list[str]:
    """The rule links that name no page of the built site, or no anchor on it."""
    return [link for link in rule_links()
            if not (html / link.split("#")[0]).is_file()
            or f'id="{link.split("#")[1]}"' not in (html / link.split("#")[0]).read_text("utf-8")]


def test_each_cited_rule_links_to_its_place_in_the_built_rulebook(rulebook: Any) -> None:
    """Every rule judge can cite links to its page and anchor in the site the build writes."""
    links = rule_links()
    assert "kout/rules-6.html#kout-rule-score-failed" in links and len(links) > 80
    assert broken_links(rulebook.html) == []
