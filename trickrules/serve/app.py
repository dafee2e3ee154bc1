"""``trickrules serve``: the web page and the HTTP JSON API on one Starlette application.

Every answer is the one ``trickrules judge --json`` gives (the same function answers both).
Requests are bounded: a body larger than :data:`MAX_BODY` is refused before it is read
whole; answers are computed in a pool of worker processes (:mod:`trickrules.serve.pool`) with
a bounded queue, and a request the pool cannot take, or an answer that takes longer than
:data:`ANSWER_SECONDS` (its computation then stopped), is a 503 with ``Retry-After``, in the
API's JSON error like every refusal. A mistake in a request is a 4xx naming the field; never a
500 for a user's mistake."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from trickrules.rulings.input import decode_situation
from trickrules.serve import pages
from trickrules.serve.forms import (
    Field,
    FormError,
    form_values,
    question_fields,
    question_help,
    read_question,
)
from trickrules.serve.openapi import api_docs_html, openapi_document
from trickrules.serve.pool import RefusedError, RulingPool
from trickrules.serve.situations import (
    GameFacts,
    deal_rest,
    example_question,
    example_state,
    game_facts,
)
from trickrules.serve.words import page_language, page_languages, words
from trickrules.spec.registry import game_ids

MAX_BODY = 64 * 1024
"""The largest request body read (a question is well under a kilobyte, a state a few)."""
ANSWER_SECONDS = 20.0
"""The longest an answer may take before the request is given up."""


class RequestError(ValueError):
    """A request the server refuses, with its HTTP status (and, for a server too busy, the
    seconds after which to try again)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


async def _body(request: Request) -> bytes:
    """The request's body, refused (413) once it passes :data:`MAX_BODY`, whatever its
    Content-Length says."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise RequestError(413, f"body: larger than {MAX_BODY} bytes")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise RequestError(413, f"body: larger than {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # gone mid-body, or a body the server could not parse
        raise RequestError(400, "body: the connection ended before the whole body came "
                                "(or its chunked encoding was broken)") from None
    return b"".join(chunks)


async def _client_left(request: Any) -> None:
    """Return once the client has closed its connection (the server's ``http.disconnect``;
    the body has been read already, so nothing else comes before it)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def _answer(pool: RulingPool, request: Any, data: Any) -> tuple[dict[str, Any], bool]:
    """The ruling, computed by the pool within :data:`ANSWER_SECONDS`; given up (its worker
    stopped, so the computation does not run on for nobody) if the client leaves first."""
    work = asyncio.ensure_future(pool.answer(data, ANSWER_SECONDS))
    left = asyncio.ensure_future(_client_left(request))
    try:
        await asyncio.wait((work, left), return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (work, left):
            if not task.done():
                task.cancel()
        await asyncio.gather(left, return_exceptions=True)
    if not work.done() or work.cancelled():
        await asyncio.gather(work, return_exceptions=True)
        raise RequestError(499, "the client closed the connection before its answer")
    try:
        answer: tuple[dict[str, Any], bool] = work.result()
        return answer
    except RefusedError as exc:
        raise RequestError(503, str(exc), exc.retry_after) from None
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        message = str(exc.args[0]) if exc.args else type(exc).__name__
        raise RequestError(422 if isinstance(exc, ValueError) else 400, message) from None


def _facts(game: str) -> GameFacts:
    if game not in game_ids():
        raise HTTPException(404, f"no game {game!r}: one of {', '.join(game_ids())}")
    return game_facts(game)


def _op(facts: GameFacts, op: str) -> str:
    if op not in facts.ops:
        raise HTTPException(404, f"{facts.name} has no question {op!r}: one of "
                                 f"{', '.join(facts.ops)}")
    return op


class Site:
    """The routes, with the rulebook folder they serve (if one was built) and the pool that
    computes their answers."""

    def __init__(self, rulebook: Path | None, pool: RulingPool) -> None:
        self.rulebook = rulebook
        self.pool = pool

    def html(self, title: str, body: str, status: int = 200,
             language: str = "en") -> HTMLResponse:
        """A page of the site, in ``language``."""
        return HTMLResponse(pages.page(title, body, rulebook=self.rulebook is not None,
                                       language=language),
                            status_code=status, headers={"Vary": "Accept-Language"})

    async def index(self, request: Request) -> Response:
        """Every game's questions."""
        language = page_language(request)
        games = [(g, game_facts(g).name, list(game_facts(g).ops)) for g in game_ids()]
        return self.html(words(language, "Ask for a ruling"),
                         pages.index_body(games, language), language=language)

    async def ask(self, request: Request) -> Response:
        """A question's form (GET: with an example; POST: with the ruling on what was set)."""
        facts = _facts(request.path_params["game"])
        op = request.path_params["op"]
        if op == "state":
            return await self.ask_state(request, facts)
        _op(facts, op)
        language = page_language(request)
        fields = question_fields(facts.game, op, facts.players)
        question = example_question(facts, op)
        answer, status = "", 200
        values = form_values(fields, question)
        if request.method == "POST":
            form = dict(parse_qsl((await _body(request)).decode("utf-8", "replace")))
            values = form
            try:
                question = read_question(fields, form, frozenset(facts.pack))
                if form.get("deal_rest"):
                    deal_rest(question, facts)
                report, _ = await _answer(self.pool, request, {"game": facts.game, "op": op,
                                                      **question})
                answer = pages.question_answer(report, language)
                values = form_values(fields, question)
            except (FormError, RequestError) as exc:
                answer, status = pages.error_html(str(exc)), 422
        dealing = any(f.name in ("situation", "hands") for f in fields)
        pack = list(facts.pack) if _has_cards(fields) else []
        title = pages.OP_TITLES.get(op, op)
        body = pages.form_body(facts.name, title, question_help(facts.game, op),
                               request.url.path, pages.fields_html(fields, values, language),
                               pack, dealing, answer, language)
        return self.html(words(language, title), body, status, language)

    async def ask_state(self, request: Request, facts: GameFacts) -> Response:
        """The whole-state form: a state in the engine's JSON form, pasted."""
        text = json.dumps(example_state(facts.family) if facts.family else {}, indent=1)
        answer, status = "", 200
        if request.method == "POST":
            form = dict(parse_qsl((await _body(request)).decode("utf-8", "replace")))
            text = form.get("state", "")
            try:
                data = decode_situation(text.encode("utf-8"), "state")
                report, _ = await _answer(self.pool, request, data)
                answer = pages.state_answer(report, page_language(request))
            except (ValueError, RequestError) as exc:
                answer, status = pages.error_html(str(exc)), 422
        body = (f"<h1>{facts.name}: a whole game state</h1>{answer}"
                f'<form method="post" action="{request.url.path}" class="question">'
                "<p class='help'>A game state as <code>trickrules play --json</code> writes it "
                "(or <code>{\"state\": ..., \"then\": [actions]}</code>).</p>"
                f'<textarea name="state" rows="18">{escape(text)}</textarea>'
                '<button type="submit" class="ask">Ask for the ruling</button></form>')
        return self.html("A whole game state", body, status)

    async def api_question(self, request: Request) -> Response:
        """``POST /api/{game}/{op}``: a question form, answered as ``judge --json``."""
        facts = _facts(request.path_params["game"])
        op = _op(facts, request.path_params["op"])
        data = _json_object(await _body(request))
        for key, value in (("game", facts.game), ("op", op)):
            if key in data and data[key] != value:
                raise RequestError(422, f"question.{key}: {data[key]!r} in the body, but the "
                                        f"path asks {value!r}")
        report, _ = await _answer(self.pool, request, {**data, "game": facts.game, "op": op})
        return JSONResponse(report)

    async def api_state(self, request: Request) -> Response:
        """``POST /api/state``: a whole state, answered as ``judge --json``."""
        data = _json_object(await _body(request))
        report, _ = await _answer(self.pool, request, data)
        return JSONResponse(report)

    async def no_rulebook(self, request: Request) -> Response:
        """A rule link followed when no rulebook is served: how to serve one."""
        return self.html("No rulebook here", pages.error_html(
            "This server was started without a rulebook, so rule links lead nowhere yet. "
            "Build it with `trickrules rulebook --no-pdf` in the folder where you start "
            "`trickrules serve` (it is found in build/rulebook/html), or start the server with "
            "--rulebook DIR, then start it again."), status=404)

    async def openapi(self, request: Request) -> Response:
        """The API's OpenAPI document."""
        return JSONResponse(openapi_document())

    async def docs(self, request: Request) -> Response:
        """The API described for a reader."""
        return self.html("HTTP API", api_docs_html(openapi_document(), str(request.base_url)))


def _json_object(raw: bytes) -> dict[str, Any]:
    try:
        data = decode_situation(raw, "body")
    except ValueError as exc:
        raise RequestError(400, str(exc)) from None
    if not isinstance(data, dict):
        raise RequestError(422, "body: expected a JSON object")
    return data


def _has_cards(fields: tuple[Field, ...] | list[Field]) -> bool:
    """Whether a form has a field that takes cards."""
    return any(f.kind in ("cards", "card", "records") or _has_cards(f.children)
               for f in fields)


async def _refused(request: Request, exc: Exception) -> Response:
    """A refused request: JSON for the API, a page for the site."""
    status = exc.status if isinstance(exc, RequestError) else getattr(exc, "status_code", 400)
    message = str(exc) if isinstance(exc, RequestError) else str(getattr(exc, "detail", exc))
    retry = exc.retry_after if isinstance(exc, RequestError) else None
    headers = {} if retry is None else {"Retry-After": str(retry)}
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    return HTMLResponse(pages.page("Not found" if status == 404 else "Refused",
                                   pages.error_html(message), rulebook=False),
                        status_code=status, headers=headers)


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
"""The names a browser on this machine reaches a server on the loopback address by."""


def allowed_hosts(bound: str, extra: list[str]) -> list[str]:
    """The ``Host`` headers the server answers: the address it is bound to and this machine's
    loopback names, and ``extra`` (``--allow-host``); any host when bound to every address
    and none is given. A page on another site that points a name of its own at this machine
    (DNS rebinding) is so refused."""
    if bound in ("0.0.0.0", "::") and not extra:
        return ["*"]
    return sorted({bound, *LOOPBACK_NAMES, *extra})


def create_app(rulebook: Path | None = None, hosts: list[str] | None = None,
               pool: RulingPool | None = None) -> Starlette:
    """The application; ``rulebook``: a built rulebook's HTML folder, served under
    ``/rulebook/`` so that each answer's rule links to its text; ``hosts``: the ``Host``
    headers answered (any when None), a request naming another refused with 400; ``pool``:
    the workers computing the answers (by default one per core). The pool starts in the
    background when the server starts (or at the first question) and stops with it."""
    site = Site(rulebook, RulingPool() if pool is None else pool)
    static = resources.files("trickrules.serve").joinpath("static")
    routes: list[Route | Mount] = [
        Route("/", site.index),
        Route("/ask/{game}/{op}", site.ask, methods=["GET", "POST"]),
        *(Route(f"/{language}/", site.index) for language in page_languages()),
        *(Route(f"/{language}/ask/{{game}}/{{op}}", site.ask, methods=["GET", "POST"])
          for language in page_languages()),
        Route("/api/openapi.json", site.openapi),
        Route("/api/docs", site.docs),
        Route("/api/state", site.api_state, methods=["POST"]),
        Route("/api/{game}/{op}", site.api_question, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    if rulebook is not None:
        routes.append(Mount("/rulebook", StaticFiles(directory=str(rulebook), html=True)))
    else:
        routes.append(Route("/rulebook/{path:path}", site.no_rulebook))
    middleware = [] if hosts is None else [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False)]
    return Starlette(routes=routes, middleware=middleware, lifespan=_lifespan(site.pool),
                     exception_handlers={RequestError: _refused, HTTPException: _refused})


def _lifespan(pool: RulingPool) -> Any:
    """Start ``pool`` with the server (in the background: the pages are served at once) and
    stop its workers when the server stops."""

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        pool.start()
        try:
            yield
        finally:
            pool.close()

    return lifespan
