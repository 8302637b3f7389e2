"""The CLI's JSON text as first written (before issue #23's linear-time writer): the test
oracle of :func:`gamekit.cli.json_text` and of ``SolveResult.to_json``'s memoized formatting.

``reference_dumps`` is the former ``gamekit.cli._dumps`` (nested strings, one
:func:`json.dumps` per list); ``reference_solve_json`` the former ``SolveResult.to_json``
(one :func:`~gamekit.core.numbers.fmt` per number).
"""

from __future__ import annotations

import json
from typing import Any

from gamekit.core.numbers import fmt


def reference_dumps(obj: object, indent: int = 0) -> str:
    """JSON with nested objects indented and lists of numbers/strings kept on one line."""
    pad = "  " * (indent + 1)
    if isinstance(obj, dict) and obj:
        items = [f"{pad}{json.dumps(k)}: {reference_dumps(v, indent + 1)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(obj, list) and obj and any(isinstance(v, (dict, list)) for v in obj):
        items = [pad + reference_dumps(v, indent + 1) for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return json.dumps(obj)


def reference_solve_json(result: Any) -> dict[str, Any]:
    """``SolveResult.to_json()`` as first written: every number through :func:`fmt`."""
    from gamekit.bimatrix.solve import _jsonable

    out: dict[str, Any] = {}
    if result.game is not None:
        out.update(rows=result.game.m, cols=result.game.n)
    out.update(method=result.method, complete=result.complete,
               equilibria=[{"row": [fmt(v) for v in e.row], "col": [fmt(v) for v in e.col],
                            "payoffs": [fmt(v) for v in e.payoffs]} for e in result.equilibria],
               unique=result.unique if result.complete else None)
    if result.components is not None:
        out["row_vertices"] = [[fmt(p) for p in v] for v in result.row_vertices]
        out["col_vertices"] = [[fmt(p) for p in v] for v in result.col_vertices]
        out["components"] = [{"rows": list(c.rows), "cols": list(c.cols), "connected": c.connected}
                             for c in result.components]
    else:
        out["components"] = None
    if result.game is not None:
        out["labels"] = {"rows": list(result.game.row_labels), "cols": list(result.game.col_labels)}
    out["parameters"] = {str(k): _jsonable(v) for k, v in result.parameters.items()}
    return out
