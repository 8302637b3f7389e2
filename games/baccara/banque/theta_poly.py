"""Banque's team game as polynomials in θ, and exact root bookkeeping for θ-segments.

Banker's payoff against team row u is affine in θ (module :mod:`games.baccara.banque.model`):
b_u(y, θ) = θ·r¹_u(y) + (1 − θ)·r²_u(y), so every weighted gain G_u(l) and every constant
is a polynomial c₀ + c₁θ. On a θ-segment with a fixed structure (supports, indifferent
sets) the equilibrium solves square linear systems whose entries are such polynomials; by
Cramer's rule each coordinate is N(θ)/D(θ) with polynomial N, D (:func:`cramer`). The
segment ends where a strict inequality of the certificate (a polynomial numerator) changes
sign: the odd-multiplicity real roots of those numerators (:func:`sign_changes`), exact
(rational, quadratic surd, or a real algebraic number isolated by a rational interval —
``gamekit.exact.algebraic``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd

from gamekit.exact import (
    Poly,
    compare_numbers,
    int_poly,
    padd,
    pdot,
    peval,
    pmul,
    poly,
    pscale,
    psub,
    real_roots,
)
from games.baccara.banque.model import ROWS, banque_tables

__all__ = ["ThetaTables", "theta_tables", "pdet", "cramer", "sign_changes", "nearest_ends", "psign"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class ThetaTables:
    """θ-polynomial form of the team game: ``gain[u][l]`` = G_u(l)(θ), ``const[u]`` =
    b_u(y ≡ 0)(θ) (Banker's payoff when he stands everywhere), each a :data:`Poly`
    (affine in θ). ``scale``, ``gain_int``, ``const_int``: the same as integer coefficient
    pairs over the common denominator ``scale`` (for fast exact sums)."""

    infosets: tuple[str, ...]
    gain: tuple[tuple[Poly, ...], ...]
    const: tuple[Poly, ...]
    scale: int = 1
    gain_int: tuple[tuple[tuple[int, int], ...], ...] = ()
    const_int: tuple[tuple[int, int], ...] = ()

    def payoff(self, u: int, y_ones, free: dict | None = None) -> Poly:
        """b_u as a polynomial for a 0/1 pattern ``y_ones`` (indices with y_l = 1)."""
        if not self.gain_int:
            one = (Fraction(1),)
            return pdot([(self.const[u], one)] + [(self.gain[u][l], one) for l in y_ones])
        row = self.gain_int[u]
        c0, c1 = self.const_int[u]
        for l in y_ones:
            a0, a1 = row[l]
            c0 += a0
            c1 += a1
        return poly(Fraction(c0, self.scale), Fraction(c1, self.scale))


def _integer_form(polys) -> tuple[int, list[tuple[int, int]]]:
    """(L, [(L·p₀, L·p₁)]) for affine polynomials p with L the lcm of all denominators."""
    L = 1
    for p in polys:
        for c in p:
            L = L // gcd(L, c.denominator) * c.denominator
    out = []
    for p in polys:
        a = (list(p) + [_ZERO, _ZERO])[:2]
        out.append((int(a[0] * L), int(a[1] * L)))
    return L, out


def _affine(a1: Fraction, a2: Fraction) -> Poly:
    """θ·a1 + (1 − θ)·a2 = a2 + (a1 − a2)θ."""
    return poly(a2, a1 - a2)


@lru_cache(maxsize=4)
def theta_tables(decks: int | None = None, banker: str = "totals") -> ThetaTables:
    """The team game's gains and constants as polynomials in θ (exact, cached)."""
    tb = banque_tables(decks, banker)
    gain, const = [], []
    for u in range(len(ROWS)):
        gain.append(tuple(_affine(v1[1] - v1[0], v2[1] - v2[0]) for v1, v2 in zip(tb.V1[u], tb.V2[u])))
        c1 = tb.base1 + sum((v[0] for v in tb.V1[u]), _ZERO)
        c2 = tb.base2 + sum((v[0] for v in tb.V2[u]), _ZERO)
        const.append(_affine(c1, c2))
    flat = [p for row in gain for p in row] + const
    if any(len(p) > 2 for p in flat):   # not affine: the plain polynomial sums
        return ThetaTables(tb.infosets, tuple(gain), tuple(const))
    L, ints = _integer_form(flat)
    n = len(tb.infosets)
    gain_int = tuple(tuple(ints[u * n:(u + 1) * n]) for u in range(len(ROWS)))
    return ThetaTables(tb.infosets, tuple(gain), tuple(const), L, gain_int, tuple(ints[len(ROWS) * n:]))


def pdet(M: list[list[Poly]]) -> Poly:
    """Determinant of a small square matrix of polynomials (Laplace expansion, n ≤ 5)."""
    n = len(M)
    if n == 0:
        return poly(1)
    if n == 1:
        return M[0][0]
    out: Poly = ()
    for j in range(n):
        if not M[0][j]:
            continue
        minor = [row[:j] + row[j + 1:] for row in M[1:]]
        term = pmul(M[0][j], pdet(minor))
        out = padd(out, term) if j % 2 == 0 else psub(out, term)
    return out


def cramer(M: list[list[Poly]], rhs: list[Poly]) -> tuple[list[Poly], Poly]:
    """Solve M z = rhs over Q(θ): numerators N_i and the common denominator D = det M."""
    D = pdet(M)
    nums = []
    for i in range(len(M)):
        Mi = [row[:i] + [r] + row[i + 1:] for row, r in zip(M, rhs)]
        nums.append(pdet(Mi))
    return nums, D


def psign(p: Poly, theta) -> int:
    """Exact sign of p at a rational θ."""
    v = peval(p, theta)
    return (v > 0) - (v < 0)


def sign_changes(p: Poly) -> tuple:
    """Real roots in (0, 1) of odd multiplicity (where p changes sign), exact, increasing.

    Memoised (pure in ``p``): the θ-sweep asks about the same certificate polynomial on
    about half of its calls (the same Banker gain or team-row condition in neighbouring
    segments)."""
    if len(p) <= 1:
        return ()
    return _sign_changes(p)


@lru_cache(maxsize=1 << 16)
def _sign_changes(p: Poly) -> tuple:
    f = int_poly(p)
    out = []
    for fac, mult in f.factor()[1]:
        if mult % 2 == 1 and fac.degree() >= 1:
            out.extend(real_roots(fac, Fraction(0), Fraction(1)))
    return tuple(out)


def nearest_ends(polys, theta0: Fraction) -> tuple[object, object, list]:
    """(lo, hi): the sign changes of the given polynomials nearest to θ₀ on each side
    (0 and 1 when none), and the polynomials responsible for each end."""
    lo, hi = Fraction(0), Fraction(1)
    lo_who: list = []
    hi_who: list = []
    for tag, p in polys:
        for r in sign_changes(p):
            c = compare_numbers(r, theta0)
            if c < 0:
                k = compare_numbers(r, lo)
                if k > 0:
                    lo, lo_who = r, [tag]
                elif k == 0:
                    lo_who.append(tag)
            elif c > 0:
                k = compare_numbers(r, hi)
                if k < 0:
                    hi, hi_who = r, [tag]
                elif k == 0:
                    hi_who.append(tag)
            else:
                raise ZeroDivisionError(f"theta0 = {theta0} is a root of a certificate polynomial ({tag})")
    return lo, hi, [lo_who, hi_who]


def scale_sign(p: Poly, s: int) -> Poly:
    """s·p for s = ±1."""
    return p if s > 0 else pscale(p, -1)
