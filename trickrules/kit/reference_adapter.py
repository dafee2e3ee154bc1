"""The reference adapter: our engine behind the conformance protocol, one JSON request per
input line and one JSON response per output line. Run it as ``trickrules adapter``; it is also
the worked example of an adapter for the guide."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from trickrules.proofs.conformance.protocol import (
    OPS,
    PROTOCOL,
    InvalidRequestError,
    ProtocolError,
    definition,
    profile_for,
    schema_errors,
)
from trickrules.proofs.kit import kit_for_game
from trickrules.spec.registry import game_ids

ENGINE_NAME = "trickrules reference engine"


def respond(request: Any) -> dict[str, Any]:
    """The response to one decoded request line."""
    ident = _ident(request)
    op = request.get("op") if isinstance(request, dict) else None
    if op not in ("hello", *OPS):
        return {"id": ident, "error": f"unknown op {op!r}"}
    if op == "hello":
        if request.get("protocol") != PROTOCOL:
            return {"id": ident, "error": f"this adapter speaks {PROTOCOL}"}
        return {"id": ident, "engine": ENGINE_NAME}
    invalid = _invalid(request, str(op))
    if invalid is not None:
        return {"id": ident, "error": f"not a valid request: {invalid}"}
    return _answer(request, ident, str(op))


def _ident(request: Any) -> int:
    """The request's id, echoed in the response; 0 when it has none that is an integer
    (1e999, NaN and the like are not echoed)."""
    ident = request.get("id", 0) if isinstance(request, dict) else 0
    if not isinstance(ident, int) or isinstance(ident, bool):
        ident = 0
    return ident


def _invalid(request: dict[str, Any], op: str) -> str | None:
    """Why a request of a known op is not one this adapter answers (a game it does not know,
    an op the game has not, a perft depth outside the schema's bounds); None if it is."""
    game = request.get("game")
    if not isinstance(game, str) or game not in game_ids():
        return f"game: {game!r} is not one of {', '.join(game_ids())}"
    if op not in kit_for_game(game).conformance.ops:  # a Kout cut: no schema to read it by
        return f"{game} has no op {op!r}"
    if op == "perft":  # a depth outside the schema's bounds could run for hours: refuse it
        errors = schema_errors("request", request, definition("request", request.get("game"),
                                                              op))
        if errors:
            return errors[0]
    return None


def _answer(request: dict[str, Any], ident: int, op: str) -> dict[str, Any]:
    """The reference engine's answer to a valid request, or its refusal (a request the
    schema allows but the rules refuse, or one that breaks the schema in another way)."""
    try:
        profile = profile_for(request)
        got = kit_for_game(profile.game.id).conformance.answer(profile, request)
    except (InvalidRequestError, ProtocolError) as exc:
        return {"id": ident, "error": str(exc)}
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        # the runner's requests follow the schema; anything else is answered, not fatal
        errors = schema_errors("request", request, definition("request", request.get("game"),
                                                              op))
        return {"id": ident, "error": f"not a valid request: {errors[0] if errors else exc}"}
    return {"id": ident, **got.expect}


def serve(lines: IO[str], out: IO[str]) -> None:
    """Answer every line of ``lines`` until it ends."""
    for line in lines:
        response: dict[str, Any] | None = None
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            response = {"id": 0, "error": f"not JSON: {exc.msg}"}
        except RecursionError:
            response = {"id": 0, "error": "not JSON this adapter reads: nested too deeply"}
        except ValueError as exc:  # an integer too long to read, and the like
            response = {"id": 0, "error": f"not JSON this adapter reads: {exc}"}
        if response is None:
            response = respond(request)
        out.write(json.dumps(response, separators=(",", ":"), allow_nan=False) + "\n")
        out.flush()


def main() -> int:
    """Serve standard input to standard output."""
    serve(sys.stdin, sys.stdout)
    return 0
