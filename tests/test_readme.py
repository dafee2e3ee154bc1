"""The README's examples, and the frameworks guide's, run as written."""

from __future__ import annotations

import doctest

from helpers import README, readme_blocks

FRAMEWORKS = README.with_name("docs") / "guide" / "frameworks.rst"


def test_readme_examples() -> None:
    blocks = readme_blocks("python")
    assert blocks, "the README has Python examples"
    parser = doctest.DocTestParser()
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"README example {number} failed"


def test_the_frameworks_guide_examples() -> None:
    """Each ``pycon`` block of the frameworks guide, as a reader types it."""
    text = FRAMEWORKS.read_text(encoding="utf-8")
    blocks = [part.split("\n\n", 1)[1].split("\n\n", 1)[0]
              for part in text.split(".. code-block:: pycon")[1:]]
    assert blocks, "the frameworks guide has Python examples"
    parser = doctest.DocTestParser()
    for number, block in enumerate(blocks):
        code = "\n".join(line[3:] for line in block.splitlines())
        test = parser.get_doctest(code, {}, f"frameworks block {number}", str(FRAMEWORKS), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, f"frameworks guide example {number} failed"
