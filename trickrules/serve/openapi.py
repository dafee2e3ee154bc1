"""The HTTP API's OpenAPI 3.1 document, made from the conformance protocol's JSON Schemas so
the API and the kit can never describe a question differently: one endpoint per question form
of each game (the protocol's request less ``id``, ``profile`` and ``rules``) and one for a whole
state, each answering what ``trickrules judge --json`` prints."""

from __future__ import annotations

import copy
from functools import cache
from html import escape
from typing import Any

from trickrules.proofs.conformance.protocol import definition, schema
from trickrules.serve.forms import COMMON
from trickrules.spec.registry import game_ids

VERSION = "1"
RULE = {
    "type": "object",
    "description": "A rule that decides the answer: its number and title in the rulebook, "
                   "the reading the profile takes, the rule's text and the reason for it.",
    "required": ["id"],
    "properties": {"id": {"type": "string"}, "number": {"type": ["integer", "null"]},
                   "title": {"type": "string"}, "link": {"type": "string"},
                   "reading": {"type": "string"}, "rule": {"type": "string"},
                   "why": {"type": "string"}},
}
ERROR = {"type": "object", "required": ["error"],
         "properties": {"error": {"type": "string",
                                  "description": "What is wrong, naming the field."}}}


def _rewrite(node: Any, prefix: str) -> Any:
    """A schema with its ``#/$defs/x`` references pointing at ``components/schemas``."""
    if isinstance(node, list):
        return [_rewrite(item, prefix) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: _rewrite(v, prefix) for k, v in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        out["$ref"] = f"#/components/schemas/{prefix}{ref.removeprefix('#/$defs/')}"
    return out


def _question(shape: dict[str, Any]) -> dict[str, Any]:
    """A protocol request definition as a question: without the fields the protocol adds."""
    out = {k: v for k, v in shape.items() if k not in ("allOf", "unevaluatedProperties")}
    out["type"] = "object"
    out["properties"] = {k: v for k, v in shape.get("properties", {}).items()
                         if k not in COMMON or k in ("game", "op")}
    out["required"] = [k for k in shape.get("required", []) if k not in COMMON]
    out["additionalProperties"] = False
    return out


def _answer(shape: dict[str, Any]) -> dict[str, Any]:
    """A protocol response definition as a judge answer: without the request's ``id``."""
    out = copy.deepcopy(shape)
    out.get("properties", {}).pop("id", None)
    out["required"] = [k for k in out.get("required", []) if k != "id"]
    return out


def _operation(game: str, op: str, request: str, response: str) -> dict[str, Any]:
    shape = schema("request")["$defs"][request]
    report = {
        "type": "object", "required": ["game", "question", "profile", "answer", "rules",
                                       "house"],
        "properties": {
            "game": {"const": game}, "question": {"type": "object"},
            "profile": {"type": "string", "description": "The rulebook's profile."},
            "answer": {"$ref": f"#/components/schemas/answer-{response}"},
            "rules": {"type": "array", "items": {"$ref": "#/components/schemas/rule"}},
            "house": {"type": "array", "description": "Each house option that answers "
                      "otherwise: the option, its rule, and its answer or why it refuses.",
                      "items": {"type": "object"}}}}
    return {"post": {
        "operationId": f"{game}-{op}", "summary": f"{game}: {op}",
        "description": str(shape.get("description", "")), "tags": [game],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/question-{request}"}}}},
        "responses": _responses(report)}}


def _responses(report: dict[str, Any]) -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": {"$ref":
                                                          "#/components/schemas/error"}}}}
    return {"200": {"description": "The ruling, as `trickrules judge --json` prints it.",
                    "content": {"application/json": {"schema": report}}},
            "400": {"description": "The body is not JSON.", **error},
            "413": {"description": "The body is larger than the server reads.", **error},
            "422": {"description": "The question is not one the rules can answer; the "
                                   "message names the field.", **error},
            "503": {"description": "The answer took too long.", **error}}


@cache
def openapi_document() -> dict[str, Any]:
    """The whole document."""
    from trickrules.serve.situations import game_facts

    request, response = schema("request"), schema("response")
    schemas: dict[str, Any] = {"rule": RULE, "error": ERROR}
    for name, shape in request["$defs"].items():
        schemas[f"q-{name}"] = _rewrite(shape, "q-")
    for name, shape in response["$defs"].items():
        schemas[f"a-{name}"] = _rewrite(shape, "a-")
    paths: dict[str, Any] = {}
    for game in game_ids():
        for op in game_facts(game).ops:
            req, resp = definition("request", game, op), definition("response", game, op)
            schemas[f"question-{req}"] = _question(schemas[f"q-{req}"])
            schemas[f"answer-{resp}"] = _answer(schemas[f"a-{resp}"])
            paths[f"/api/{game}/{op}"] = _operation(game, op, req, resp)
    paths["/api/state"] = {"post": {
        "operationId": "state", "summary": "A whole game state",
        "description": "A state in the engine's JSON form (as `trickrules play --json` "
                       "writes it), or {\"state\": ..., \"then\": [actions]}: judged under "
                       "every profile of its game.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": {"type": "object"}}}},
        "responses": _responses({"type": "object", "required": ["game", "ruling"]})}}
    return {"openapi": "3.1.0",
            "info": {"title": "trickrules rulings", "version": VERSION,
                     "description": "Rulings on Kout Bo and Baloot situations, each with the "
                                    "rule that decides it and the house options that answer "
                                    "otherwise. Every answer is what `trickrules judge --json` "
                                    "prints for the same question."},
            "paths": paths, "components": {"schemas": schemas}}


def api_docs_html(document: dict[str, Any], base: str = "http://127.0.0.1:8000/") -> str:
    """The API for a reader: each endpoint, what it asks, and an example call to the server
    at ``base`` (the address the page was asked at) on a shipped example question."""
    rows = []
    for path, item in document["paths"].items():
        post = item["post"]
        rows.append(f"<tr><td><code>POST {escape(path)}</code></td>"
                    f"<td>{escape(post['description'])}</td></tr>")
    example = ("trickrules examples questions/hokom-81-of-162.json | curl -s "
               f"{base.rstrip('/')}/api/baloot/hand-score -H 'content-type: "
               "application/json' -d @-")
    return ("<h1>HTTP API</h1><p>Every answer is the JSON that <code>trickrules judge "
            "--json</code> prints for the same question. The whole description: "
            '<a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). A mistake gets '
            "a 4xx with <code>{\"error\": ...}</code> naming the field.</p>"
            f"<pre><code>{escape(example)}</code></pre>"
            f'<div class="scroll"><table class="api"><tbody>{"".join(rows)}</tbody></table>'
            "</div>")
