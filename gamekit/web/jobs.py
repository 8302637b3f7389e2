"""Request validation and the jobs the web server runs in worker processes.

Nothing here imports a web framework: the functions take and return plain Python values
(a job returns ``(http_status, json_body)``), so they run in a worker process
(:func:`anyio.to_process.run_sync`) and are tested without a server. Every number a job
returns comes from :func:`gamekit.bimatrix.solve.solve_result` (each equilibrium certified
exactly) and is written as an exact string.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.errors import CertificationError, GameError, SearchBudgetExceeded, first_line
from gamekit.core.numbers import to_fraction

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_STRATEGIES",
    "FieldError",
    "GameSpec",
    "Reply",
    "available_methods",
    "game_json",
    "parse_game",
    "parse_method",
    "run_guarded",
    "solve_job",
    "parse_nfg_job",
    "example_job",
    "format_nfg_job",
    "plugin_job",
    "warm_up_job",
]

#: Largest request body the server reads (bytes).
MAX_BODY_BYTES = 1_000_000
#: Most strategies per player in a game sent to the server.
MAX_STRATEGIES = 200
_MAX_LABEL = 200

#: ``(HTTP status, JSON body)``: what every job returns.
Reply = tuple[int, dict]

_DESCRIPTIONS = {
    "all": "every extreme equilibrium and the components, degenerate games included",
    "vertex_enumeration": "every extreme equilibrium via the best-response polytopes (reference method)",
    "lemke_howson": "Lemke-Howson from each of the m + n labels (some equilibria)",
    "support_enumeration": "equal-size supports (complete for nondegenerate games)",
    "pure": "the pure-strategy equilibria",
}
_COMPLETE = {"all", "vertex_enumeration"}


class FieldError(GameError):
    """Bad input that concerns one field of the request (``"A[1][2]"``, ``"method"``).

    Parameters
    ----------
    message : str
        One line for the user.
    field : str
        Where the problem is, in the request's own terms.

    Examples
    --------
    >>> FieldError("A[0][1] is empty", "A[0][1]").field
    'A[0][1]'
    """

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class GameSpec:
    """A validated game from a request: exact payoffs, labels and names (picklable)."""

    A: tuple[tuple[Fraction, ...], ...]
    B: tuple[tuple[Fraction, ...], ...] | None
    row_labels: tuple[str, ...] | None = None
    col_labels: tuple[str, ...] | None = None
    title: str = ""
    players: tuple[str, str] = ("Player 1", "Player 2")

    def game(self):
        """The :class:`~gamekit.core.game.BimatrixGame` (``B`` omitted: zero-sum, B = −A)."""
        from gamekit.core.game import BimatrixGame

        return BimatrixGame(self.A, self.B, self.row_labels, self.col_labels, title=self.title)


def _number(value: object, where: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        kind = "null" if value is None else type(value).__name__
        raise FieldError(f"{where} must be a number or a string such as \"3/7\", not {kind}", where)
    try:
        return to_fraction(value, where)
    except GameError as exc:
        raise FieldError(first_line(exc), where) from None


def _matrix(value: object, name: str, shape: tuple[int, int] | None) -> tuple[tuple[Fraction, ...], ...]:
    if not isinstance(value, list) or not value:
        raise FieldError(f"{name} must be a non-empty list of rows", name)
    if len(value) > MAX_STRATEGIES:
        raise FieldError(f"{name} has {len(value)} rows; at most {MAX_STRATEGIES} are accepted", name)
    width = None
    rows = []
    for i, row in enumerate(value):
        where = f"{name}[{i}]"
        if not isinstance(row, list) or not row:
            raise FieldError(f"{where} must be a non-empty list of numbers", where)
        if len(row) > MAX_STRATEGIES:
            raise FieldError(f"{where} has {len(row)} entries; at most {MAX_STRATEGIES} columns are accepted",
                             where)
        if width is not None and len(row) != width:
            raise FieldError(f"{where} has {len(row)} entries, row 0 has {width}", where)
        width = len(row)
        rows.append(tuple(_number(v, f"{name}[{i}][{j}]") for j, v in enumerate(row)))
    if shape is not None and (len(rows), width) != shape:
        raise FieldError(f"{name} is {len(rows)}x{width} but A is {shape[0]}x{shape[1]}", name)
    return tuple(rows)


def _labels(value: object, name: str, count: int) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise FieldError(f"{name} must be a list of strings", name)
    if len(value) != count:
        raise FieldError(f"{name} has {len(value)} labels for {count} strategies", name)
    if any(len(s) > _MAX_LABEL for s in value):
        raise FieldError(f"{name}: a label is longer than {_MAX_LABEL} characters", name)
    return tuple(value)


def _text(value: object, name: str, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > 10 * _MAX_LABEL:
        raise FieldError(f"{name} must be a string of at most {10 * _MAX_LABEL} characters", name)
    return value


def parse_game(payload: object) -> GameSpec:
    """Validate a request's game: ``A`` (required), ``B`` (optional: zero-sum), labels, names.

    Parameters
    ----------
    payload : object
        The decoded JSON body: ``{"A": [[...]], "B": [[...]], "row_labels": [...],
        "col_labels": [...], "title": "...", "players": ["...", "..."]}``; numbers are JSON
        integers or exact strings (``"3/7"``, ``"0.25"``, ``"-2"``).

    Returns
    -------
    GameSpec
        The exact game.

    Raises
    ------
    FieldError
        Naming the first bad field, e.g. ``A[1][2]``.

    Examples
    --------
    >>> parse_game({"A": [[1, "1/2"]], "B": [["0.25", 0]]}).B
    ((Fraction(1, 4), Fraction(0, 1)),)
    >>> parse_game({"A": [[1, "x"]]})
    Traceback (most recent call last):
    ...
    gamekit.web.jobs.FieldError: A[0][1] is not a number: 'x'
    """
    if not isinstance(payload, dict):
        raise FieldError("the request body must be a JSON object", "body")
    if "A" not in payload:
        raise FieldError("A (the row player's payoff matrix) is required", "A")
    A = _matrix(payload["A"], "A", None)
    m, n = len(A), len(A[0])
    B = None if payload.get("B") is None else _matrix(payload["B"], "B", (m, n))
    players = payload.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != 2
                                or not all(isinstance(p, str) and len(p) <= _MAX_LABEL for p in players)):
        raise FieldError("players must be a list of two names", "players")
    return GameSpec(
        A=A,
        B=B,
        row_labels=_labels(payload.get("row_labels"), "row_labels", m),
        col_labels=_labels(payload.get("col_labels"), "col_labels", n),
        title=_text(payload.get("title"), "title", ""),
        players=("Player 1", "Player 2") if players is None else (players[0], players[1]),
    )


def available_methods() -> list[dict]:
    """The methods of ``gamekit solve`` for the page's menu, the default (``"all"``) first.

    Returns
    -------
    list of dict
        ``{"name", "description", "complete"}`` per method; the names are
        :data:`gamekit.bimatrix.solve.METHODS`, so a method added there appears here.

    Examples
    --------
    >>> available_methods()[0]["name"]
    'all'
    """
    from gamekit.bimatrix.solve import METHODS

    names = sorted(METHODS, key=lambda s: s != "all")
    return [{"name": s, "description": _DESCRIPTIONS.get(s, s.replace("_", " ")), "complete": s in _COMPLETE}
            for s in names]


def parse_method(payload: Mapping[str, Any]) -> str:
    """The request's ``method`` (default ``"all"``; case and ``-``/``_`` as on the command line).

    Raises
    ------
    FieldError
        For an unknown method (field ``method``).

    Examples
    --------
    >>> parse_method({"method": "Lemke-Howson"})
    'lemke_howson'
    >>> parse_method({})
    'all'
    """
    method = payload.get("method", "all")
    names = [d["name"] for d in available_methods()]
    if not isinstance(method, str) or method.strip().lower().replace("-", "_") not in names:
        raise FieldError(f"unknown method {method!r}; valid methods: {', '.join(names)}", "method")
    return method.strip().lower().replace("-", "_")


def run_guarded(job: Callable[..., Reply], *args: Any) -> Reply:
    """Run ``job(*args)``, turning every exception into a ``(status, {"error": ...})`` reply.

    Bad input (:class:`GameError`, ``ValueError``) → 400 with ``field`` when known; an
    internal failure (:class:`CertificationError` or any other exception) → 500 with
    ``"internal": true`` and a message saying it is an internal error. Never raises.

    Examples
    --------
    >>> run_guarded(parse_game, {"A": [[1]], "B": [[True]]})
    (400, {'error': 'B[0][0] must be a number or a string such as "3/7", not bool', 'field': 'B[0][0]'})
    """
    try:
        return job(*args)
    except FieldError as exc:
        return 400, {"error": first_line(exc), "field": exc.field}
    except CertificationError as exc:
        return 500, {"error": f"internal error: {first_line(exc)}; please report", "internal": True}
    except (GameError, ValueError, ZeroDivisionError) as exc:
        return 400, {"error": first_line(exc), "field": None}
    except Exception as exc:  # noqa: BLE001 - a bug: report it as one, never a traceback
        return 500, {"error": f"internal error: {type(exc).__name__}: {first_line(exc)}; please report",
                     "internal": True}


def solve_job(spec: GameSpec, method: str, max_seconds: float | None) -> Reply:
    """Solve ``spec`` with ``method``: the JSON of ``gamekit solve --json`` (status 200).

    Method ``"all"`` stops after about ``max_seconds`` of search and then answers with the
    certified equilibria found so far, ``"complete": false`` and a ``"notes"`` line.

    Parameters
    ----------
    spec : GameSpec
        The game (from :func:`parse_game`).
    method : str
        One of :func:`available_methods`.
    max_seconds : float or None
        The search budget of method ``"all"``.

    Returns
    -------
    Reply
        ``(200, solve_json)``, or an error reply as :func:`run_guarded` makes it.

    Examples
    --------
    >>> status, body = solve_job(parse_game({"A": [[3, 0], [0, 2]], "B": [[2, 0], [0, 3]]}), "all", None)
    >>> status, len(body["equilibria"]), body["equilibria"][1]["row"]
    (200, 3, ['3/5', '2/5'])
    """
    return run_guarded(_solve, spec, method, max_seconds)


def _solve(spec: GameSpec, method: str, max_seconds: float | None) -> Reply:
    from gamekit.bimatrix.solve import SolveResult, solve_result

    game = spec.game()
    options: dict = {}
    if method == "all" and max_seconds is not None:
        options["max_seconds"] = max_seconds
    try:
        result = solve_result(game, method, **options)  # type: ignore[arg-type]
    except SearchBudgetExceeded as exc:  # the certified part, flagged incomplete
        partial = SolveResult(method=method, complete=False, equilibria=tuple(exc.partial), components=None,
                              row_vertices=(), col_vertices=(), game=game)
        body = partial.to_json()
        body["notes"] = [f"stopped by the time budget: {first_line(exc)}; every equilibrium listed is certified"]
        return 200, body
    return 200, result.to_json()  # the JSON of `gamekit solve --json` (cli.solve_json is the same call)


def game_json(doc) -> dict:
    """The page's form of a parsed ``.nfg`` document: the JSON of ``gamekit show --json``.

    Examples
    --------
    >>> from gamekit.io.nfg import parse_nfg_document
    >>> game_json(parse_nfg_document('NFG 1 R "t" { "I" "II" } { 2 1 } 1 0 2 0'))["A"]
    [['1'], ['2']]
    """
    return doc.to_json()


def parse_nfg_job(text: str, filename: str) -> Reply:
    """Parse the text of a Gambit ``.nfg`` file: ``(200, game_json)`` or a 400 reply.

    Examples
    --------
    >>> parse_nfg_job("NFG 1 R", "x.nfg")[0]
    400
    """
    from gamekit.io.nfg import parse_nfg_document

    def job() -> Reply:
        doc = parse_nfg_document(text, filename)
        if max(doc.game.shape) > MAX_STRATEGIES:
            raise FieldError(f"the game is {doc.game.m}x{doc.game.n}; at most {MAX_STRATEGIES} strategies "
                             "per player are accepted", "file")
        return 200, game_json(doc)

    return run_guarded(job)


def example_job(name: str) -> Reply:
    """A game shipped with gamekit (``gamekit examples``) in the form of :func:`game_json`.

    Examples
    --------
    >>> example_job("battle_of_sexes")[1]["rows"]
    2
    """
    from gamekit.io.nfg import example_names, example_path, read_nfg_document

    if name not in example_names():
        return 404, {"error": f"no example named {name!r}", "field": "name"}
    return run_guarded(lambda: (200, game_json(read_nfg_document(example_path(name)))))


def format_nfg_job(spec: GameSpec) -> str:
    """The ``.nfg`` text of ``spec`` (payoff version), as ``gamekit convert`` writes it.

    Examples
    --------
    >>> format_nfg_job(parse_game({"A": [[1, 2]], "B": [[0, "1/2"]]})).splitlines()[-1]
    '2 1/2'
    """
    from gamekit.io.nfg import format_nfg

    return format_nfg(spec.game(), players=spec.players)


def plugin_job(run: Callable[[dict[str, str]], dict], params: dict[str, str]) -> Reply:
    """Run a plugin's ``run(params)`` (in a worker): ``(200, report)`` or an error reply.

    Examples
    --------
    >>> plugin_job(lambda p: {"title": p["x"]}, {"x": "hi"})
    (200, {'title': 'hi'})
    """
    return run_guarded(lambda: (200, run(params)))



def warm_up_job() -> Reply:
    """Solve a fixed 16×16 game for at most a second, so that the solver's compiled kernels
    are built (and cached on disk) before the first user's request needs them.

    Returns
    -------
    Reply
        ``(200, {"warm": true, ...})`` or an error reply; never raises.

    Examples
    --------
    >>> warm_up_job()[0]
    200
    """
    state = 12345
    entries = []
    for _ in range(2 * 16 * 16):  # a fixed linear congruential sequence: no global random state
        state = (1103515245 * state + 12345) % 2**31
        entries.append(state % 100)
    A = [entries[16 * i:16 * i + 16] for i in range(16)]
    B = [entries[256 + 16 * i:256 + 16 * i + 16] for i in range(16)]

    def job() -> Reply:
        status, body = solve_job(parse_game({"A": A, "B": B}), "all", 1.0)
        return status, {"warm": status == 200, "equilibria": len(body.get("equilibria", []))}

    return run_guarded(job)
