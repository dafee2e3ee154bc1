"""The README's examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```python")[1:]]
    assert blocks, "the README has Python examples"
    parser = doctest.DocTestParser()
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"README example {number} failed"
