"""``trickrules serve`` in a real browser: the server started as a user starts it (its time
to the first page is ``make bench``'s to measure), each question set up by clicking and typing
as a player would, the ruling read off the page and checked against ``trickrules judge
--json``, and the page at desktop and phone width without anything running off the screen."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, Page

from trickrules.proofs.outcome_words import answer_lines

ROOT = Path(__file__).resolve().parent.parent
STARTED_WITHIN = 120
"""Seconds the server may take to serve its first page before the test calls it hung (many
times its budget: a machine busy with other work is slow, not broken)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, float]]:
    """The server as a user starts it, from a folder outside the checkout; its address and how
    long it took to serve its first page. Stopped, with its process group, at the end."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "trickrules.cli", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=tmp_path_factory.mktemp("elsewhere"),
                               env={**os.environ, "PYTHONPATH": str(ROOT)},
                               start_new_session=True)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], STARTED_WITHIN)
        assert ready, "the server printed no address"
        url = process.stdout.readline().split()[2]
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert time.perf_counter() - start < STARTED_WITHIN and process.poll() is None
                time.sleep(0.02)
        yield url.rstrip("/"), time.perf_counter() - start
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)



def judge_json(question: dict[str, Any], folder: Path) -> dict[str, Any]:
    """What ``trickrules judge --json`` prints for a question."""
    path = folder / "question.json"
    path.write_text(json.dumps(question), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "trickrules.cli", "judge", str(path), "--json"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def shown_lines(page: Page) -> Locator:
    """The lines of the answer, once the page that shows it has loaded (asking submits the
    form, and under load the new page can come after the click returns)."""
    lines = page.locator("#answer > ul.lines > li")
    lines.first.wait_for(timeout=30_000)
    return lines


def ruling_lines(page: Page) -> list[str]:
    """The answer under the rulebook's rules, line by line, as the page shows it."""
    return [li.inner_text().replace("\n", " ") for li in shown_lines(page).all()]


def test_the_hokom_81_of_162_question_by_clicking(server: tuple[str, float], browser: Browser,
                                                  tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server[0] + "/")
    page.click("a[href='/ask/baloot/hand-score']")
    page.select_option("#contract", "hokom")
    page.select_option("#declarer_team", "0")
    page.select_option("#multiplier", "1")
    page.set_checked("#gahwa", False)
    page.fill("#card_points\\.0", "81")
    page.fill("#card_points\\.1", "81")
    page.select_option("#projects\\.team", "none")
    page.fill("#projects\\.points", "0")
    page.select_option("#baloot\\.0", "0")
    page.select_option("#baloot\\.1", "0")
    page.click("button.ask")
    question = json.loads((ROOT / "docs/examples/questions/hokom-81-of-162.json").read_text())
    expected = judge_json(question, tmp_path)
    assert ruling_lines(page) == answer_lines(expected["answer"])
    threshold = next(r for r in expected["rules"] if r["id"] == "score.hokom-threshold")
    link = page.get_by_role("link", name=f"Rule {threshold['number']} {threshold['title']}")
    assert link.first.get_attribute("href") == f"/rulebook/{threshold['link']}"


def test_a_kout_joker_lead_by_clicking_cards(server: tuple[str, float], browser: Browser,
                                             tmp_path: Path) -> None:
    """Seat 0 leads holding the black Joker under a bid of 5: the hand is picked card by card
    from the pack, the rest dealt at random, and the ruling checked against judge."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server[0] + "/ask/kout6/legal-plays")
    page.select_option("#situation\\.trump", "S")
    page.select_option("#situation\\.contract\\.seat", "1")
    page.fill("#situation\\.contract\\.bid", "5")
    page.set_checked("#situation\\.contract\\.forced", False)
    for seat in range(6):
        page.fill(f"#situation\\.hands\\.{seat}", "")
    for name in ("played", "trick"):
        page.fill(f"#situation\\.{name}", "")
    page.fill("#situation\\.tricks_won\\.0", "0")
    page.fill("#situation\\.tricks_won\\.1", "0")
    page.select_option("#situation\\.leader", "0")
    page.click("#situation\\.hands\\.0")
    for card in ("BJ", "AS", "2H", "3D", "4D", "5D", "6D", "7D", "8D"):
        page.click(f"button.pick[data-card='{card}']")
    assert page.input_value("#situation\\.hands\\.0") == "BJ AS 2H 3D 4D 5D 6D 7D 8D"
    page.check("input[name='deal_rest']")
    page.click("button.ask")
    shown = shown_lines(page).first.locator("[data-card]").all()
    legal = [c.get_attribute("data-card") for c in shown]
    hands = [page.input_value(f"#situation\\.hands\\.{s}").split() for s in range(6)]
    assert all(len(hand) == 9 for hand in hands)
    assert set(hands[0]) == {"BJ", "AS", "2H", "3D", "4D", "5D", "6D", "7D", "8D"}
    question = {"game": "kout6", "op": "legal-plays", "situation": {
        "trump": "S", "contract": {"seat": 1, "bid": 5, "forced": False}, "hands": hands,
        "played": [], "tricks_won": [0, 0], "leader": 0, "trick": []}}
    expected = judge_json(question, tmp_path)
    assert legal == expected["answer"]["cards"] and "BJ" not in legal


@pytest.mark.parametrize("width", [1280, 375])
def test_the_ruling_page_fits_the_screen(server: tuple[str, float], browser: Browser,
                                         width: int, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(server[0] + "/ask/kout6/legal-plays")
    page.click("button.ask")
    shown_lines(page)
    assert page.locator("#answer").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot = page.screenshot(full_page=True)
    (tmp_path / f"ruling-{width}.png").write_bytes(shot)
    image = Image.open(io.BytesIO(shot)).convert("L")
    low, high = cast(tuple[int, int], image.getextrema())
    assert high - low > 100, "the page rendered blank"
