"""Explicit bimatrix games with exact rational payoffs.

A bimatrix game is a pair (A, B) of m×n matrices: when player I (rows) plays i and
player II (columns) plays j, the payoffs are A[i][j] to player I and B[i][j] to
player II. All entries are stored as :class:`fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from gamekit.core.errors import GameError
from gamekit.core.numbers import to_fraction

__all__ = ["BimatrixGame", "Matrix"]

Matrix = tuple[tuple[Fraction, ...], ...]
_V = TypeVar("_V")


def _to_matrix(M: object, name: str) -> tuple[Matrix, tuple[tuple[int, ...], ...] | None, Any]:
    """Convert a nested sequence / numpy array to an exact matrix, validating its shape;
    also the rows as Python ints when every entry was an ``int`` (else None), and a
    read-only int64 copy when ``M`` was a numpy integer array (else None)."""
    arr = None
    if hasattr(M, "tolist") and not isinstance(M, (list, tuple)):
        kind, size = getattr(getattr(M, "dtype", None), "kind", ""), getattr(getattr(M, "dtype", None), "itemsize", 0)
        if getattr(M, "ndim", 0) == 2 and (kind == "i" or (kind == "u" and size < 8)):
            arr = M.astype("int64")  # type: ignore[attr-defined]  # a private copy
            arr.flags.writeable = False
        M = M.tolist()  # numpy arrays (object, int or float dtype)
    if isinstance(M, (str, bytes)) or not isinstance(M, Sequence):
        raise GameError(f"payoff matrix {name} must be a list of rows, got {type(M).__name__}")
    if len(M) == 0:
        raise GameError(f"payoff matrix {name} is empty")
    rows = []
    ints: list[tuple[int, ...]] | None = []
    width = None
    for i, row in enumerate(M):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise GameError(f"payoff matrix {name} row {i} is not a list of payoffs")
        if width is None:
            width = len(row)
            if width == 0:
                raise GameError(f"payoff matrix {name} has an empty row")
        elif len(row) != width:
            raise GameError(
                f"payoff matrix {name} is ragged: row {i} has {len(row)} entries, row 0 has {width}"
            )
        if all(type(x) is int for x in row):  # the common case (also numpy integer arrays): no checks needed
            row = tuple(row)
            rows.append(tuple(map(Fraction, row)))
            if ints is not None:
                ints.append(row)
        else:
            rows.append(tuple(to_fraction(x, f"{name}[{i}][{j}]") for j, x in enumerate(row)))
            ints = None
    return tuple(rows), None if ints is None else tuple(ints), arr


class BimatrixGame:
    """An m×n bimatrix game (A, B) with exact payoffs.

    Parameters
    ----------
    A, B:
        m×n payoff matrices for the row player (I) and the column player (II):
        nested lists or numpy arrays of ``int``, ``Fraction``, ``"p/q"`` strings or
        finite floats (converted exactly). ``B`` omitted (``None``): the zero-sum game
        B = −A, as in nashpy's ``Game(A)``.
    row_labels, col_labels:
        optional strategy names (default ``"1".."m"`` and ``"1".."n"``).
    title:
        optional name of the game.

    Raises
    ------
    GameError
        When a matrix is empty, ragged or holds a non-number, when A and B differ in shape,
        or when the labels do not match the shape.

    Examples
    --------
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]], title="battle of the sexes")
    >>> g.shape, g.B[1][1]
    ((2, 2), Fraction(3, 1))
    >>> BimatrixGame([[1, "1/2"]]).B  # B omitted: the zero-sum game B = -A
    ((Fraction(-1, 1), Fraction(-1, 2)),)
    """

    __slots__ = ("A", "B", "row_labels", "col_labels", "title", "_int_payoffs", "_derived")

    def __init__(
        self,
        A: object,
        B: object = None,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        title: str = "",
    ) -> None:
        self.A, ints_a, arr_a = _to_matrix(A, "A")
        if B is None:
            self.B: Matrix = tuple(tuple(-a for a in r) for r in self.A)
            ints_b = None if ints_a is None else tuple(tuple(-a for a in r) for r in ints_a)
            arr_b = None
        else:
            self.B, ints_b, arr_b = _to_matrix(B, "B")
        # The payoffs as Python ints when they were given as ints (numpy integer arrays
        # included), keyed by the identity of the (immutable) matrices they equal, and a
        # cache of data the solvers derive from (A, B) (see :meth:`derived`).
        self._int_payoffs = None if ints_a is None or ints_b is None else (
            self.A, self.B, ints_a, ints_b, None if arr_a is None or arr_b is None else (arr_a, arr_b))
        self._derived: tuple[Matrix, Matrix, dict[str, object]] | None = None
        if self.shape != (len(self.B), len(self.B[0])):
            raise GameError(
                f"payoff matrices differ in shape: A is {self.shape[0]}x{self.shape[1]}, "
                f"B is {len(self.B)}x{len(self.B[0])}"
            )
        m, n = self.shape
        self.row_labels = tuple(str(x) for x in row_labels) if row_labels is not None else tuple(
            str(i + 1) for i in range(m)
        )
        self.col_labels = tuple(str(x) for x in col_labels) if col_labels is not None else tuple(
            str(j + 1) for j in range(n)
        )
        if len(self.row_labels) != m:
            raise GameError(f"{len(self.row_labels)} row labels given for {m} rows")
        if len(self.col_labels) != n:
            raise GameError(f"{len(self.col_labels)} column labels given for {n} columns")
        self.title = title

    def integer_payoffs(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
        """``(A, B)`` as rows of Python ints when every payoff was given as an ``int`` (numpy
        integer arrays included) and the matrices were not replaced since; else None.

        Returns
        -------
        tuple or None
            The integer rows of A and B (equal to :attr:`A` and :attr:`B`).

        Examples
        --------
        >>> BimatrixGame([[3, 0]], [[2, 1]]).integer_payoffs()
        (((3, 0),), ((2, 1),))
        >>> BimatrixGame([[3, "1/2"]], [[2, 1]]).integer_payoffs() is None
        True
        """
        ip = self._int_payoffs
        if ip is None or ip[0] is not self.A or ip[1] is not self.B:
            return None
        return ip[2], ip[3]

    def integer_arrays(self) -> tuple[Any, Any] | None:
        """``(A, B)`` as read-only int64 numpy arrays when both payoff matrices were given as
        numpy integer arrays and not replaced since; else None.

        Returns
        -------
        tuple or None
            Private copies of the arrays given (equal to :attr:`A` and :attr:`B`).

        Examples
        --------
        >>> import numpy as np
        >>> BimatrixGame(np.array([[3, 0]]), np.array([[2, 1]])).integer_arrays()[1].tolist()
        [[2, 1]]
        >>> BimatrixGame([[3, 0]], [[2, 1]]).integer_arrays() is None
        True
        """
        ip = self._int_payoffs
        if ip is None or ip[0] is not self.A or ip[1] is not self.B:
            return None
        return ip[4]

    def cached(self, key: str, build: Callable[[BimatrixGame], _V]) -> _V:
        """``build(self)``, computed once per pair of payoff matrices and kept on the game.

        For solvers deriving data from the payoffs alone (``build`` must be a pure function
        of :attr:`A` and :attr:`B`): the matrices are immutable tuples, and the cache is
        keyed by their identity, so replacing ``A`` or ``B`` empties it.

        Parameters
        ----------
        key : str
            The name of the derived data (one per ``build``).
        build : callable
            ``build(game)``, the data.

        Returns
        -------
        object
            The (cached) data.

        Examples
        --------
        >>> g = BimatrixGame([[3, 0]], [[2, 1]])
        >>> g.cached("size", lambda h: h.m * h.n), g.cached("size", lambda h: -1)
        (2, 2)
        """
        d = self._derived
        if d is None or d[0] is not self.A or d[1] is not self.B:
            d = self._derived = (self.A, self.B, {})
        memo = d[2]
        if key not in memo:
            memo[key] = build(self)
        return memo[key]  # type: ignore[return-value]

    @property
    def shape(self) -> tuple[int, int]:
        """(m, n): numbers of row and column strategies."""
        return (len(self.A), len(self.A[0]))

    @property
    def m(self) -> int:
        return len(self.A)

    @property
    def n(self) -> int:
        return len(self.A[0])

    def transpose(self) -> BimatrixGame:
        """The game with the players' roles swapped: (Bᵀ, Aᵀ)."""
        At = tuple(zip(*self.A))
        Bt = tuple(zip(*self.B))
        return BimatrixGame(Bt, At, self.col_labels, self.row_labels, self.title)

    def payoffs(self, row: Sequence[Fraction], col: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
        """Expected payoffs (xᵀAy, xᵀBy) of mixed strategies x (rows) and y (columns)."""
        x = [to_fraction(v, "row strategy entry") for v in row]
        y = [to_fraction(v, "column strategy entry") for v in col]
        if len(x) != self.m or len(y) != self.n:
            raise GameError(
                f"strategy lengths {len(x)}, {len(y)} do not match the {self.m}x{self.n} game"
            )
        a = sum((x[i] * sum((Aij * yj for Aij, yj in zip(self.A[i], y)), Fraction(0))
                 for i in range(self.m) if x[i]), Fraction(0))
        b = sum((x[i] * sum((Bij * yj for Bij, yj in zip(self.B[i], y)), Fraction(0))
                 for i in range(self.m) if x[i]), Fraction(0))
        return (a, b)

    def is_zero_sum(self) -> bool:
        """True when B = −A."""
        return all(a == -b for ra, rb in zip(self.A, self.B) for a, b in zip(ra, rb))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BimatrixGame):
            return NotImplemented
        return self.A == other.A and self.B == other.B

    def __hash__(self) -> int:
        return hash((self.A, self.B))

    def __repr__(self) -> str:
        from gamekit.core.display import vector_text

        if self.m * self.n > 64:
            return f"BimatrixGame({self.m}x{self.n}{', ' + repr(self.title) if self.title else ''})"
        A = "[" + ", ".join(vector_text(r)[1:-1].join("[]") for r in self.A) + "]"
        B = "[" + ", ".join(vector_text(r)[1:-1].join("[]") for r in self.B) + "]"
        return f"BimatrixGame(A={A}, B={B}{', title=' + repr(self.title) if self.title else ''})"

    def __str__(self) -> str:
        from gamekit.core.display import game_text

        return game_text(self)

    def _repr_html_(self) -> str:
        from gamekit.core.display import game_html

        return game_html(self)

    def _repr_latex_(self) -> str:
        from gamekit.core.display import game_latex

        return game_latex(self)
