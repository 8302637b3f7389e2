"""The JSON text every ``--json`` command prints: nested objects indented, lists of scalars on one line.

The layout (``docs/json.md``): an object puts each key on its own line, indented two
spaces per level; a list that holds an object or a list puts each item on its own line;
any other value — a scalar, a list of scalars such as ``["1/2", "0"]`` — is
:func:`json.dumps` of it, on one line.

The writer is linear in the size of the output and cheap per item: a solve with 65,535
equilibria prints ≈ 37 MB (``benchmarks/results/startup.md``). Lists of strings (the
exact numbers) take a fast path — each distinct string is quoted once, the list joined
in C — and the text is produced as a list of pieces, not as nested strings copied at
every level; :func:`write_json` writes the pieces in chunks as it goes.

Examples
--------
>>> print(dumps({"rows": 2, "equilibria": [{"row": ["1/2", "1/2"], "payoffs": ["1", "0"]}], "none": []}))
{
  "rows": 2,
  "equilibria": [
    {
      "row": ["1/2", "1/2"],
      "payoffs": ["1", "0"]
    }
  ],
  "none": []
}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring_ascii  # json.dumps's quoting (ensure_ascii=True)
from typing import IO

__all__ = ["dumps", "write_json"]


class _Quoted(dict[str, str]):
    """``json.dumps`` of a string, memoized (a non-string raises TypeError, as for a
    list that is not all strings)."""

    def __missing__(self, key: str) -> str:
        text = self[key] = encode_basestring_ascii(key)
        return text


_CHUNK = 1 << 14  # pieces held before they are written


class _Out(list[str]):
    """The pieces of text not yet written; :meth:`flush` writes them (when a stream is given)."""

    def __init__(self, write: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self._write = write

    def flush(self) -> None:
        if self._write is not None:
            self._write("".join(self))
            self.clear()


def _one_line(obj: object, quote: _Quoted) -> str | None:
    """The one-line text of a string, an int or a list of strings or of ints (what
    :func:`json.dumps` gives), or None for any other value."""
    t = type(obj)
    if t is str:
        return quote[obj]  # type: ignore[index]
    if t is int:
        return int.__repr__(obj)  # (a bool is not `int`: json's true/false)
    if t is list:
        if not obj:
            return "[]"
        try:  # strings: quoted in C, each distinct one once
            return "[" + ", ".join(map(quote.__getitem__, obj)) + "]"  # type: ignore[call-overload]
        except TypeError:
            pass
        if all(type(v) is int for v in obj):  # type: ignore[attr-defined]
            return "[" + ", ".join(map(int.__repr__, obj)) + "]"  # type: ignore[call-overload]
    return None


def _pieces(obj: object, indent: int, out: _Out, quote: _Quoted) -> None:
    """Append the text of ``obj`` at nesting level ``indent`` to ``out``."""
    line = _one_line(obj, quote)
    if line is not None:
        out.append(line)
        return
    if isinstance(obj, dict) and obj:
        pad = "\n" + "  " * (indent + 1)
        sep = "{" + pad
        for k, v in obj.items():
            out.append(sep)
            out.append(quote[k] if type(k) is str else json.dumps(k))
            out.append(": ")
            line = _one_line(v, quote)
            if line is None:
                _pieces(v, indent + 1, out, quote)
            else:
                out.append(line)
            sep = "," + pad
        out.append("\n" + "  " * indent + "}")
        return
    if isinstance(obj, list) and obj and any(isinstance(v, (dict, list)) for v in obj):
        pad = "\n" + "  " * (indent + 1)
        sep = "[" + pad
        for v in obj:
            out.append(sep)
            _pieces(v, indent + 1, out, quote)
            sep = "," + pad
            if len(out) > _CHUNK:
                out.flush()
        out.append("\n" + "  " * indent + "]")
        return
    out.append(json.dumps(obj))


def dumps(obj: object) -> str:
    """The JSON text of ``obj`` in the layout of the module docstring (no final newline).

    Parameters
    ----------
    obj : object
        A JSON-able value: dicts, lists, strings, numbers, booleans, None.

    Returns
    -------
    str

    Examples
    --------
    >>> dumps({"a": [1, 2], "b": [[1], []], "c": {}})
    '{\\n  "a": [1, 2],\\n  "b": [\\n    [1],\\n    []\\n  ],\\n  "c": {}\\n}'
    >>> dumps(["x", "é"])
    '["x", "\\\\u00e9"]'
    """
    out = _Out()
    _pieces(obj, 0, out, _Quoted())
    return "".join(out)


def write_json(obj: object, stream: IO[str]) -> None:
    """Write :func:`dumps` of ``obj`` and a newline to ``stream``.

    Parameters
    ----------
    obj : object
        A JSON-able value.
    stream : text stream
        Where to write (e.g. ``sys.stdout``).

    Examples
    --------
    >>> import io
    >>> s = io.StringIO()
    >>> write_json({"complete": True, "equilibria": []}, s)
    >>> s.getvalue()
    '{\\n  "complete": true,\\n  "equilibria": []\\n}\\n'
    """
    out = _Out(stream.write)
    _pieces(obj, 0, out, _Quoted())
    out.append("\n")
    out.flush()
