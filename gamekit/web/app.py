"""The Starlette application of ``gamekit serve``: one page and a JSON API (``docs/web.md``).

Routes::

    GET  /                       the page (static/index.html)
    GET  /api/health             {"status": "ok", "version": ...}
    GET  /api/methods            {"default": "all", "methods": [{"name", "description", "complete"}]}
    GET  /api/examples           the games shipped with gamekit; /api/examples/{name}: one of them
    GET  /api/plugins            the extra tabs (gamekit.web.plugins)
    POST /api/solve              {"A", "B"?, "method"?, ...} -> the JSON of `gamekit solve --json`
    POST /api/parse-nfg          the bytes of a .nfg file -> the JSON of `gamekit show --json`
    POST /api/format-nfg         {"A", "B"?, labels...} -> the .nfg text
    POST /api/plugins/{name}     a plugin's form -> its report

Every solve runs in a worker process (:func:`anyio.to_process.run_sync`), so the page stays
responsive; a worker that outlives its time budget is killed. Errors are JSON
``{"error": "...", "field": "A[1][2]"}`` with status 400 (bad input), 404, 405, 413 (body
over :data:`~gamekit.web.jobs.MAX_BODY_BYTES`) or 500 (``"internal": true``); never a
traceback.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from anyio import to_process
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gamekit import __version__
from gamekit.core.errors import GameError
from gamekit.web import jobs
from gamekit.web.jobs import MAX_BODY_BYTES, FieldError, Reply
from gamekit.web.plugins import WebPlugin, discover_plugins

__all__ = ["create_app", "serve"]

STATIC = Path(__file__).parent / "static"
_CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'")


class _BodyTooLarge(Exception):
    pass


def _error(status: int, message: str, field: str | None = None, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, "field": field, **extra}, status_code=status)


def _reply(reply: Reply) -> JSONResponse:
    status, body = reply
    return JSONResponse(body, status_code=status)


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _BodyTooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _BodyTooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _reject_constant(name: str) -> None:
    raise FieldError(f"{name} is not a number gamekit accepts (payoffs are finite)", "body")


async def _json(request: Request) -> object:
    """The request's JSON; a decimal such as ``0.1`` is kept as its text (exactly 1/10)."""
    raw = await _body(request)
    try:
        return json.loads(raw.decode("utf-8"), parse_float=str, parse_constant=_reject_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FieldError(f"the request body is not JSON: {exc}", "body") from None
    except RecursionError:
        raise FieldError("the request body is nested too deeply", "body") from None


class _Server:
    """The routes, with the settings they share (no module globals)."""

    def __init__(self, plugins: Sequence[WebPlugin], time_budget: float, grace: float) -> None:
        self.plugins = {p.name: p for p in plugins}
        self.time_budget = time_budget
        self.grace = grace

    async def in_worker(self, seconds: float, job: Callable[..., Reply], *args: Any) -> Reply:
        """``job(*args)`` in a worker process, killed after ``seconds``."""
        with anyio.move_on_after(seconds):
            try:
                return await to_process.run_sync(job, *args, cancellable=True)
            except to_process.BrokenWorkerProcess:
                return 500, {"error": "internal error: the worker process died (out of memory?); please report",
                             "field": None, "internal": True}
        return 400, {"error": f"stopped: the computation did not finish within {seconds:g} s "
                     "(method all answers with the equilibria found within the budget)",
                     "field": "method", "timeout": True}

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": _CSP,
                                                            "Cache-Control": "no-cache"})

    async def favicon(self, request: Request) -> Response:
        return Response(status_code=204)

    async def health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok", "version": __version__})

    async def methods(self, request: Request) -> Response:
        return JSONResponse({"default": "all", "methods": jobs.available_methods(),
                             "time_budget": self.time_budget})

    async def examples(self, request: Request) -> Response:
        from gamekit.io.nfg import example_names

        return JSONResponse({"examples": example_names()})

    async def example(self, request: Request) -> Response:
        return _reply(await anyio.to_thread.run_sync(jobs.example_job, request.path_params["name"]))

    async def plugin_list(self, request: Request) -> Response:
        return JSONResponse({"plugins": [p.describe() for p in self.plugins.values()]})

    async def solve(self, request: Request) -> Response:
        payload = await _json(request)
        spec = jobs.parse_game(payload)
        assert isinstance(payload, dict)  # parse_game checked it
        method = jobs.parse_method(payload)
        return _reply(await self.in_worker(self.time_budget + self.grace, jobs.solve_job, spec, method,
                                           self.time_budget))

    async def parse_nfg(self, request: Request) -> Response:
        raw = await _body(request)
        from gamekit.io.nfg import decode_nfg_bytes

        name = request.query_params.get("filename", "upload.nfg")[:100]
        return _reply(await self.in_worker(self.time_budget + self.grace, jobs.parse_nfg_job,
                                           decode_nfg_bytes(raw), name))

    async def format_nfg(self, request: Request) -> Response:
        spec = jobs.parse_game(await _json(request))
        text = jobs.format_nfg_job(spec)
        return Response(text, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="game.nfg"'})

    async def plugin(self, request: Request) -> Response:
        plugin = self.plugins.get(request.path_params["name"])
        if plugin is None:
            return _error(404, f"no plugin named {request.path_params['name']!r}", "name")
        params = plugin.params(await _json(request))
        return _reply(await self.in_worker(plugin.time_budget, jobs.plugin_job, plugin.run, params))


async def _field_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, GameError)
    return _error(400, str(exc).splitlines()[0] if str(exc) else "bad input", getattr(exc, "field", None))


async def _too_large(request: Request, exc: Exception) -> Response:
    return _error(413, f"the request body is larger than {MAX_BODY_BYTES} bytes", "body")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail), None)


async def _internal(request: Request, exc: Exception) -> Response:
    return _error(500, f"internal error: {type(exc).__name__}; please report", None, internal=True)


def create_app(plugins: Sequence[WebPlugin] = (), *, time_budget: float = 10.0, grace: float = 20.0,
               warm_up: bool = False) -> Starlette:
    """The application: the page, the JSON API and the given plugin tabs.

    Parameters
    ----------
    plugins : sequence of WebPlugin
        Extra tabs (see :mod:`gamekit.web.plugins`); none by default.
    time_budget : float
        Search budget in seconds of one solve with method ``"all"`` (then the certified part
        is returned with ``"complete": false``).
    grace : float
        Seconds beyond ``time_budget`` after which the worker running a solve is killed
        (any method) and the request answered with status 400 and ``"timeout": true``.
    warm_up : bool
        Build the solver's compiled kernels in a worker at startup (``gamekit serve`` does),
        so that the first large solve does not spend its budget compiling.

    Returns
    -------
    starlette.applications.Starlette
        An ASGI application (run it with uvicorn, or test it with Starlette's TestClient).

    Raises
    ------
    GameError
        For a budget that is not a positive number.

    Examples
    --------
    >>> from starlette.testclient import TestClient
    >>> TestClient(create_app()).get("/api/health").json()["status"]
    'ok'
    """
    for name, value in (("time_budget", time_budget), ("grace", grace)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise GameError(f"{name} must be a positive number of seconds, got {value!r}")
    s = _Server(plugins, float(time_budget), float(grace))
    routes = [
        Route("/", s.index),
        Route("/favicon.ico", s.favicon),
        Route("/api/health", s.health),
        Route("/api/methods", s.methods),
        Route("/api/examples", s.examples),
        Route("/api/examples/{name}", s.example),
        Route("/api/plugins", s.plugin_list),
        Route("/api/solve", s.solve, methods=["POST"]),
        Route("/api/parse-nfg", s.parse_nfg, methods=["POST"]),
        Route("/api/format-nfg", s.format_nfg, methods=["POST"]),
        Route("/api/plugins/{name}", s.plugin, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Callable] = {
        GameError: _field_error,
        _BodyTooLarge: _too_large,
        HTTPException: _http_error,
        Exception: _internal,
    }
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=_lifespan(warm_up))


def _lifespan(warm_up: bool) -> Callable[[Starlette], Any]:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """At least two worker processes, so that a long solve leaves one for the page; with
        ``warm_up``, one of them builds the solver's compiled kernels in the background."""
        to_process.current_default_process_limiter().total_tokens = max(2, os.cpu_count() or 1)
        async with anyio.create_task_group() as tg:
            if warm_up:
                tg.start_soon(lambda: to_process.run_sync(jobs.warm_up_job, cancellable=True))
            yield
            tg.cancel_scope.cancel()

    return lifespan


def serve(host: str = "127.0.0.1", port: int = 8000, *, time_budget: float = 10.0,
          plugins: Sequence[str] = (), discover: bool = True) -> int:
    """Run the application with uvicorn until interrupted (``gamekit serve``).

    Parameters
    ----------
    host, port : str, int
        Where to listen (loopback by default; port 0 picks a free port). The URL is printed
        on stderr as ``gamekit serve: http://HOST:PORT/``.
    time_budget : float
        See :func:`create_app`.
    plugins : sequence of str
        ``"package.module:attribute"`` names of :class:`~gamekit.web.plugins.WebPlugin` objects.
    discover : bool
        Also load the plugins installed under the entry-point group ``gamekit.web``.

    Returns
    -------
    int
        0 after a clean stop.

    Raises
    ------
    GameError
        When the address cannot be bound or a plugin cannot be loaded.

    Examples
    --------
    >>> serve(port=-1)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GameError: --port must be between 0 and 65535, got -1
    """
    import uvicorn

    if not 0 <= port <= 65535:
        raise GameError(f"--port must be between 0 and 65535, got {port}")
    app = create_app(discover_plugins(plugins, installed=discover), time_budget=time_budget, warm_up=True)
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(info[0], socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
    except OSError as exc:
        raise GameError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    sys.stderr.write(f"gamekit serve: http://{shown}:{bound}/  (Ctrl+C to stop)\n")
    if host not in ("127.0.0.1", "localhost", "::1"):
        sys.stderr.write("note: listening beyond this machine; anyone who can reach it can run solves\n")
    sys.stderr.flush()
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl+C is how a server is stopped: not an error
        pass
    sys.stderr.write("gamekit serve: stopped\n")
    return 0
