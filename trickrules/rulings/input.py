"""What ``judge`` is given, read the same way wherever it comes from (a file, standard input,
an HTTP request): bounded bytes, UTF-8, JSON, printable text; then answered as a question form
or as a whole state. A mistake is a ``ValueError`` naming where it is."""

from __future__ import annotations

import json
from typing import Any

MAX_SITUATION_BYTES = 1 << 20
"""The largest situation ``judge`` reads (a state of any game is a few kilobytes)."""


def decode_situation(raw: bytes, name: str) -> Any:
    """The JSON of a situation's bytes; every failure names ``name`` and, for bad JSON, the
    line; text an answer could not print names its field."""
    from trickrules.rulings.report import check_text

    if len(raw) > MAX_SITUATION_BYTES:
        raise ValueError(f"{name}: larger than {MAX_SITUATION_BYTES} bytes; a situation is a "
                         "few kilobytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{name}:{exc.lineno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise ValueError(f"{name}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer too long to read, and the like
        raise ValueError(f"{name}: not JSON: {exc}") from None
    check_text(data, f"{name}: situation")
    return data


def answer_situation(data: Any) -> tuple[dict[str, Any], bool]:
    """The ruling on a question form or a whole state (as ``judge --json`` prints it), and
    whether the situation is admitted (a whole state no profile admits is not)."""
    from trickrules.rulings.question import is_question, judge_question

    if is_question(data):
        return judge_question(data), True
    if not isinstance(data, dict):
        raise ValueError("situation: expected a JSON object (a question or a state)")
    from trickrules.rulings.judge import judge
    from trickrules.spec.loader import family_catalogue
    from trickrules.spec.registry import FAMILIES

    report = judge(family_catalogue(FAMILIES[0]), data)
    return report, "ok" in report["statuses"]
