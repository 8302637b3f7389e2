"""Small integer best-response polytopes for games with rational payoffs.

:func:`gamekit.bimatrix.intgame.integer_game` scales each player's payoffs by ONE number,
the lcm ``L`` of all their denominators. With denominators up to 10⁴ drawn at random, L
has thousands of digits, so the Hadamard bound of the polytope ``{z ≥ 0, M z ≤ 1}``
needs hundreds of verification primes (:func:`gamekit.kernel.modular_verify.choose_primes`)
and the certified search is slow or refuses. Each *column* of M only needs the lcm of its
own denominators. This module reduces M column by column and maps the vertices back.

**Why the equilibria are unchanged.** Let M be the matrix of Q = {y ≥ 0 : M y ≤ 1}
(M = A' for the column player's strategies y; M = B'ᵀ for P, whose columns are the row
player's strategies x). For column j write μ_j = min_i M_ij, g_j = gcd_i (M_ij − μ_j)
(g_j = 1 if the column is constant), R_j = max_i (M_ij − μ_j) / g_j and

    M̃_ij = c_j · ((M_ij − μ_j) / g_j + s_j),   s_j = max(1, R_j),

with the integer c_j = ⌊T / (R_j + s_j)⌋ ≥ 1, T the largest R_j + s_j, so that the
column maxima of M̃ are within a factor 2 of each other (the float search scales M by
its largest entry and uses absolute tolerances). So ``M̃ = (M + 1wᵀ) diag(q)⁻¹`` with
``w_j = s_j g_j − μ_j`` and ``q_j = c_j / g_j``, and M̃ is a positive integer matrix.

1. *Adding w_j to column j of the payoff matrix* does not change the best responses of
   the player choosing the rows: against any y, every row's payoff (M y)_i moves by the
   same amount w·y. (For P, adding w_i to row i of B moves every column's payoff
   (xᵀB)_j by w·x.) So (M + 1wᵀ) is the payoff matrix of a game with exactly the same
   Nash equilibria, and it is positive, so its best-response polytope
   Q' = {y ≥ 0 : (M + 1wᵀ) y ≤ 1} is bounded; its completely labeled vertex pairs are
   those equilibria (von Stengel 2002).
2. *The substitution z = diag(q)⁻¹ y* maps Q' linearly and bijectively onto
   Q̃ = {z ≥ 0 : M̃ z ≤ 1}, vertices to vertices, and keeps every label: z_j = 0 iff
   y_j = 0, and row i is tight at z iff it is tight at y. The strategy of a vertex z is
   y / Σy with y_j = q_j z_j (:func:`unscale`, in integers over the lcm of the
   denominators of q). Scaling a column of the payoff matrix is *not* a transformation of
   the game (in matching pennies, doubling one column of the row player's payoffs moves
   the column player's equilibrium strategy from (1/2, 1/2) to (1/3, 2/3):
   ``tests/gamekit/test_payoff_transformations.py``); it is this change of variables of
   the polytope, undone on its vertices. The transformations of the game itself that keep
   its Nash equilibria are ``A → αA + 1wᵀ`` and ``B → βB + v1ᵀ`` (α, β > 0): step 1, and
   a positive factor that multiplies every payoff of a player and so every comparison of
   its best responses.
3. *Lexico-feasible bases* are also preserved: a basis of ``[M̃ | I]`` is a basis of
   ``[M + 1wᵀ | I]`` with its structural columns multiplied by positive numbers, so the
   rows of ``B⁻¹(1 | I)`` are multiplied by positive numbers and keep their lexicographic
   sign. The float search is in any case only a search step: every basis is checked
   exactly on M̃ and every returned pair passes the exact Nash test on the original
   payoffs (:func:`gamekit.bimatrix.vertex_pairs.certify_pairs`).

For rational payoffs with denominators up to 10⁴ on a 10×10 game the entries of M̃ have
about 40 digits instead of thousands (about 50 verification primes instead of more than
the 200 available). :func:`reduced_game` applies the reduction only when it saves at
least two verification primes, by the bit lengths of the column maxima (so integer games
keep their matrices: their polytopes and numbers of bases are unchanged). It is applied in
:func:`gamekit.bimatrix.enumerate_all.all_extreme_equilibria` to both the certified
float search and the exact search, after the dominance reduction.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd, lcm
from typing import overload

from gamekit.bimatrix.intgame import IntGame, Profile, Sparse
from gamekit.bimatrix.vertex_pairs import VertexPairs

__all__ = ["reduce_columns", "reduced_game", "unscale"]

_PRIME_BITS = 26
"""Each verification prime is above 2²⁶ (:data:`gamekit.kernel.modular_verify.PRIMES`)."""


def reduce_columns(M: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[Fraction]]:
    """The column-reduced matrix M̃ and the strategy factors q (module docstring).

    Parameters
    ----------
    M : sequence of sequences of int
        A k×d integer matrix.

    Returns
    -------
    reduced : list of list of int
        M̃, a positive k×d integer matrix whose column maxima are within a factor 2 of
        each other.
    q : list of Fraction
        The positive factors q_j = c_j / g_j: a vertex z of {z ≥ 0, M̃ z ≤ 1} is the
        strategy proportional to (q_j z_j).

    Examples
    --------
    >>> M, q = reduce_columns([[10**20 + 3, 7], [2 * 10**20 + 3, 7]])
    >>> M, [str(f) for f in q]
    ([[1, 2], [2, 2]], ['1/100000000000000000000', '2'])
    """
    cols = []
    g = []
    for col in zip(*M):
        lo = min(col)
        gj = gcd(*(v - lo for v in col)) or 1
        diff = [(v - lo) // gj for v in col]
        s = max(1, max(diff))
        cols.append([v + s for v in diff])
        g.append(gj)
    top = max(max(c) for c in cols)
    scale = [top // max(c) for c in cols]
    cols = [[v * cj for v in c] for c, cj in zip(cols, scale)]
    return [list(row) for row in zip(*cols)], [Fraction(cj, gj) for cj, gj in zip(scale, g)]


def _log2_hadamard(M: Sequence[Sequence[int]]) -> int:
    """``log₂`` of the Hadamard bound of ``[M | I | 1]`` up to a few bits per column: the k
    largest of ``bitlen(max_i |M_ij|) + ½·bitlen(k)`` (a column's norm is between its
    largest entry and √k times it). Only the choice whether to reduce reads it; exact
    Hadamard bounds (products of squared norms of thousands of bits) cost milliseconds on
    a 12×12 game with rational payoffs."""
    k = len(M)
    half = k.bit_length() // 2
    logs = sorted((max(abs(v) for v in col).bit_length() + half for col in zip(*M)), reverse=True)
    return sum(logs[:k])


def _reduced(M: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[Fraction] | None]:
    """``(M̃, q)`` if the reduction saves at least two verification primes, else (M, None)."""
    red, g = reduce_columns(M)
    if _log2_hadamard(red) + 2 * _PRIME_BITS <= _log2_hadamard(M):
        return red, g
    return [list(r) for r in M], None


def reduced_game(ig: IntGame) -> tuple[IntGame, list[Fraction] | None, list[Fraction] | None]:
    """The game whose best-response polytopes are the reduced ones, when that saves at
    least two verification primes for a polytope (module docstring).

    The reduced game has the same equilibria up to the strategy maps of :func:`unscale`:
    the columns of A' and the rows of B' are shifted and divided by ``gy`` and ``gx``. Its
    payoff fields (``La``, ``shift_a``, …) are not those of the original game: certify and
    report payoffs with the original ``ig``.

    Parameters
    ----------
    ig : IntGame
        Positive integer payoffs.

    Returns
    -------
    reduced : IntGame
        ``ig`` itself when neither polytope is reduced.
    qx, qy : list of Fraction or None
        The factors of the row player's strategies (rows of B') and of the column player's
        (columns of A'); None for a polytope left as it is.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> from gamekit import BimatrixGame
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> dens = [9973, 9967, 9949, 9941, 9931, 9929, 9923, 9907, 9901]
    >>> g = BimatrixGame([[F(1, d) for d in dens[:3]], [F(2, d) for d in dens[3:6]], [F(1, 2)] * 3],
    ...                  [[F(1, d) for d in dens[6:]], [F(1, 3)] * 3, [F(1, 5)] * 3])
    >>> ig = integer_game(g)
    >>> red, gx, gy = reduced_game(ig)
    >>> max(max(r) for r in ig.A) > 10**20, max(max(r) for r in red.A) < 10**10
    (True, True)
    """
    BT, gx = _reduced(list(zip(*ig.B)))
    A, gy = _reduced(ig.A)
    if gx is None and gy is None:
        return ig, None, None
    return IntGame(tuple(map(tuple, A)), tuple(zip(*BT))), gx, gy


def _factors(q: Sequence[Fraction]) -> list[int]:
    """Positive integers proportional to ``q``."""
    ell = lcm(*(f.denominator for f in q))
    return [int(f * ell) for f in q]


def _unscale_sparse(v: Sparse, f: Sequence[int]) -> Sparse:
    w = [p * f[i] for i, p in v]
    s = sum(w)
    return tuple((i, p / s) for (i, _), p in zip(v, w))


@overload
def unscale(found: VertexPairs, gx: Sequence[Fraction] | None, gy: Sequence[Fraction] | None) -> VertexPairs: ...
@overload
def unscale(found: list[Profile], gx: Sequence[Fraction] | None, gy: Sequence[Fraction] | None) -> list[Profile]: ...


def unscale(
    found: VertexPairs | list[Profile], gx: Sequence[Fraction] | None, gy: Sequence[Fraction] | None
) -> VertexPairs | list[Profile]:
    """Equilibrium candidates of the reduced game mapped to the original one: the
    strategy of a vertex z is proportional to (q_j z_j) (module docstring, step 2).

    Parameters
    ----------
    found : VertexPairs or list of Profile
        Candidates of :func:`reduced_game`'s game (vertex vectors or sparse profiles).
    gx, gy : sequence of Fraction or None
        Factors q of the row and column player's strategies (:func:`reduced_game`); None:
        not reduced.

    Returns
    -------
    VertexPairs or list of Profile
        The same candidates for the original game.

    Examples
    --------
    >>> vp = VertexPairs([(1, 1)], [(2, 3)], [(0, 0)])
    >>> from fractions import Fraction as F
    >>> unscale(vp, [F(1, 2), F(1)], None).X
    [(1, 2)]
    >>> unscale([(((0, F(1, 2)), (1, F(1, 2))), ((0, F(1)),))], [F(1, 2), F(1)], None)
    [(((0, Fraction(1, 3)), (1, Fraction(2, 3))), ((0, Fraction(1, 1)),))]
    """
    if gx is None and gy is None:
        return found
    fx = None if gx is None else _factors(gx)
    fy = None if gy is None else _factors(gy)
    if isinstance(found, VertexPairs):
        X = found.X if fx is None else [tuple(a * c for a, c in zip(v, fx)) for v in found.X]
        Y = found.Y if fy is None else [tuple(a * c for a, c in zip(v, fy)) for v in found.Y]
        return VertexPairs(X, Y, found.pairs, found.bases)
    xs: dict[Sparse, Sparse] = {}
    ys: dict[Sparse, Sparse] = {}
    out: list[Profile] = []
    for x, y in found:
        if fx is not None:
            x = xs[x] if x in xs else xs.setdefault(x, _unscale_sparse(x, fx))
        if fy is not None:
            y = ys[y] if y in ys else ys.setdefault(y, _unscale_sparse(y, fy))
        out.append((x, y))
    return out
