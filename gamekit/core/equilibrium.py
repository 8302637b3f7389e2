"""Nash equilibria and their exact verification.

A pair of mixed strategies (x, y) is a Nash equilibrium of (A, B) when every pure
strategy in the support of x is a best response to y (maximizes (Ay)_i) and every pure
strategy in the support of y is a best response to x (maximizes (xᵀB)_j). The check
here is done entirely in rational arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.errors import GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import FmtMemo, fmt, to_fraction

__all__ = [
    "Equilibrium",
    "CandidateEquilibrium",
    "is_equilibrium",
    "regret",
    "row_payoffs",
    "col_payoffs",
]


@dataclass(frozen=True)
class Equilibrium:
    """A certified Nash equilibrium: ``row`` and ``col`` probability tuples, ``payoffs`` (I, II).

    Solvers return these only after the exact best-response test of
    :mod:`gamekit.core.certify`; build one from given strategies with
    :meth:`from_strategies`, which runs that test. (The plain constructor is the
    certifier's and is kept for literal expected values in tests.)

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> e = Equilibrium.from_strategies(g, ["3/5", "2/5"], ["2/5", "3/5"])
    >>> e.payoffs
    (Fraction(6, 5), Fraction(6, 5))
    >>> e
    Equilibrium(row=(3/5, 2/5), col=(2/5, 3/5), payoffs=(6/5, 6/5))
    """

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]

    @classmethod
    def from_strategies(cls, game: BimatrixGame, row: Sequence[object], col: Sequence[object]) -> Equilibrium:
        """The equilibrium (row, col) of ``game`` with exact payoffs, after the exact test.

        Raises :class:`~gamekit.core.errors.GameError` on malformed input and
        :class:`~gamekit.core.errors.CertificationError` when (row, col) is not a Nash
        equilibrium.
        """
        from gamekit.core.certify import certify_profile

        x = _check_strategy(row, game.m, "row")
        y = _check_strategy(col, game.n, "column")
        return certify_profile(game, x, y, "Equilibrium.from_strategies")

    def __repr__(self) -> str:
        from gamekit.core.display import vector_text

        return (f"Equilibrium(row={vector_text(self.row)}, col={vector_text(self.col)}, "
                f"payoffs={vector_text(self.payoffs)})")

    __str__ = __repr__

    def _repr_html_(self) -> str:
        from gamekit.core.display import vector_text

        cells = [("row player (I)", vector_text(self.row)), ("column player (II)", vector_text(self.col)),
                 ("payoffs (I, II)", vector_text(self.payoffs))]
        body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in cells)
        return f"<table><caption>Nash equilibrium</caption>{body}</table>"

    def _repr_latex_(self) -> str:
        from gamekit.core.display import vector_latex

        return (f"$x = {vector_latex(self.row)},\\quad y = {vector_latex(self.col)},\\quad "
                f"(u_I, u_{{II}}) = {vector_latex(self.payoffs)}$")

    def to_json(self, memo: FmtMemo | None = None) -> dict[str, Any]:
        """``{"row": [...], "col": [...], "payoffs": [...]}`` as exact strings (:func:`fmt`);
        ``memo`` shares the formatting across the equilibria of one output."""
        memo = FmtMemo() if memo is None else memo
        return {"row": memo.vector(self.row), "col": memo.vector(self.col), "payoffs": memo.vector(self.payoffs)}


@dataclass(frozen=True)
class CandidateEquilibrium:
    """An *uncertified* profile (x, y), e.g. converted from a floating-point peer solver
    (nashpy, pygambit). It is not an :class:`Equilibrium` until :meth:`certify` runs the
    exact best-response test.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> c = CandidateEquilibrium((Fraction(1), Fraction(0)), (Fraction(0), Fraction(1)), "guess")
    >>> c.is_equilibrium(g)
    False
    >>> CandidateEquilibrium((Fraction(1), Fraction(0)), (Fraction(1), Fraction(0))).certify(g).payoffs
    (Fraction(3, 1), Fraction(2, 1))
    """

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    source: str = ""

    def is_equilibrium(self, game: BimatrixGame) -> bool:
        """Exact test (no exception when it fails)."""
        return is_equilibrium(game, self.row, self.col)

    def certify(self, game: BimatrixGame) -> Equilibrium:
        """The certified :class:`Equilibrium`; raises ``CertificationError`` if it is not one."""
        from gamekit.core.certify import certify_profile

        return certify_profile(game, self.row, self.col, self.source or "candidate profile")

    def to_json(self) -> dict[str, Any]:
        return {"row": [fmt(v) for v in self.row], "col": [fmt(v) for v in self.col]}

    def __repr__(self) -> str:
        from gamekit.core.display import vector_text

        src = f", source={self.source!r}" if self.source else ""
        return f"CandidateEquilibrium(row={vector_text(self.row)}, col={vector_text(self.col)}{src})"

    __str__ = __repr__


def row_payoffs(game: BimatrixGame, col: Sequence[Fraction]) -> list[Fraction]:
    """(A y)_i for every row i."""
    return [sum((a * y for a, y in zip(r, col) if y), Fraction(0)) for r in game.A]


def col_payoffs(game: BimatrixGame, row: Sequence[Fraction]) -> list[Fraction]:
    """(xᵀ B)_j for every column j."""
    out = [Fraction(0)] * game.n
    for x, r in zip(row, game.B):
        if x:
            out = [o + x * b for o, b in zip(out, r)]
    return out


def _check_strategy(v: Sequence[object], size: int, who: str) -> tuple[Fraction, ...]:
    if isinstance(v, (str, bytes, bytearray)) or not hasattr(v, "__iter__"):
        raise GameError(f"{who} strategy must be a sequence of probabilities, got {type(v).__name__}")
    s = tuple(to_fraction(p, f"{who} probability") for p in v)
    if len(s) != size:
        raise GameError(f"{who} strategy has {len(s)} entries, the game has {size}")
    return s


def regret(game: BimatrixGame, row: Sequence[object], col: Sequence[object]) -> tuple[Fraction, Fraction]:
    """Exact regrets (max_i (Ay)_i − xᵀAy, max_j (xᵀB)_j − xᵀBy); both 0 at an equilibrium.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    row, col : sequence of numbers
        Mixed strategies of players I and II (any form :func:`~gamekit.core.numbers.to_fraction`
        accepts), of lengths m and n.

    Returns
    -------
    tuple of Fraction
        (regret of I, regret of II), each ≥ 0 for probability vectors.

    Raises
    ------
    GameError
        When a strategy is not a sequence of numbers of the right length.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    >>> regret(g, [1, 0], [0, 1])
    (Fraction(2, 1), Fraction(2, 1))
    >>> regret(g, ["3/5", "2/5"], ["2/5", "3/5"])
    (Fraction(0, 1), Fraction(0, 1))
    """
    x = _check_strategy(row, game.m, "row")
    y = _check_strategy(col, game.n, "column")
    ay = row_payoffs(game, y)
    xb = col_payoffs(game, x)
    u1 = sum((xi * v for xi, v in zip(x, ay)), Fraction(0))
    u2 = sum((yj * v for yj, v in zip(y, xb)), Fraction(0))
    return (max(ay) - u1, max(xb) - u2)


def is_equilibrium(game: BimatrixGame, row: Sequence[object], col: Sequence[object]) -> bool:
    """Exact test that (row, col) is a Nash equilibrium of ``game``.

    Both vectors must be probability distributions (non-negative, summing to 1 exactly);
    anything else raises :class:`GameError` — it is not a strategy, so the question has no
    answer.
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"is_equilibrium expects a BimatrixGame, got {type(game).__name__}")
    x = _check_strategy(row, game.m, "row")
    y = _check_strategy(col, game.n, "column")
    for v, who in ((x, "row"), (y, "column")):
        if any(p < 0 for p in v) or sum(v) != 1:
            raise GameError(f"the {who} strategy is not a probability distribution "
                            "(entries must be >= 0 and sum to 1 exactly)")
    r1, r2 = regret(game, x, y)
    return r1 == 0 and r2 == 0
