"""Correlated (and independent) cooperative equilibria of banque on a θ-segment, exact.

Solve the team game exactly at a rational θ₀ (``gamekit.additive.many_rows``), read the
structure of each extreme equilibrium (x, y) and continue it in θ:

* team strategy x: support S, Banker's indifferent sets K = {l : g_l(x) = 0}; x solves
  Σ_{u∈S} x_u = 1, g_l(x, θ) = Σ_u x_u G_u(l)(θ) = 0 (l ∈ K) — a square system of
  polynomial entries (rank |S| at θ₀), so x_u(θ) = N_u(θ)/D(θ) (Cramer). The remaining
  K-equations must vanish identically (checked, else θ₀ is moved).
* value v(θ) = Σ_u x_u(θ) b_u(P) with P = {l : g_l(x) > 0} (Banker's best reply; the sets
  of K contribute g_l = 0).
* Banker's y: y_l fixed (0/1) off F = {l ∈ K : 0 < y_l < 1}; on F it solves
  b_u(y, θ) = v(θ) for the team's best replies u ∈ B (rank |F| at θ₀).

The certificate on the segment — x_u > 0 (u ∈ S), sign g_l(x(θ), θ) kept (l ∉ K),
0 < y_l < 1 (l ∈ F), b_u(y(θ), θ) > v(θ) (u ∉ B) — consists of polynomial numerators;
the segment ends at their nearest sign changes (:func:`theta_poly.nearest_ends`). Inside,
(x(θ), y(θ)) is a saddle point: Banker best-responds (signs) and the team too (its support
lies in its best replies). The **independent** cooperative equilibrium exists at θ iff
an optimal x is a product, x_SS·x_DD = x_SD·x_DS: on a segment with a unique x this is the
polynomial q = N_SS·N_DD − N_SD·N_DS — identically 0 (exists on the whole segment) or
vanishing at isolated roots only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from gamekit.additive import solve_many_rows
from gamekit.exact import (
    Poly,
    RationalFunction,
    int_poly,
    padd,
    pdot,
    peval,
    pmul,
    psub,
    real_roots,
)
from games.baccara.banque.model import ROWS, team_game
from games.baccara.banque.theta_poly import cramer, nearest_ends, theta_tables

__all__ = ["CorrelatedPiece", "Degenerate", "correlated_piece"]

_ZERO, _ONE = Fraction(0), Fraction(1)


class Degenerate(Exception):
    """θ₀ is not generic for the structure read there (move θ₀)."""


@dataclass
class CorrelatedPiece:
    """One θ-segment (lo, hi) of the correlated solution, with its formulas.

    ``team``: x_u(θ) per row; ``p1``/``p2``: marginal draw probabilities at 5; ``mixed``:
    Banker's mixing probability per set; ``draws``: sets where Banker draws; ``value``:
    Banker's expected payoff v(θ); ``product``: x_SS·x_DD − x_SD·x_DS (0 iff independent
    exists); ``ends_by``: which certificate inequalities end the segment (lo, hi).
    """

    lo: object
    hi: object
    sample: Fraction
    team: tuple[RationalFunction, ...]
    p1: RationalFunction
    p2: RationalFunction
    mixed: dict
    draws: tuple[str, ...]
    value: RationalFunction
    product: RationalFunction
    ends_by: list = field(default_factory=list)
    extra: list = field(default_factory=list)   # further extreme equilibria (same segment)

    @property
    def independent_everywhere(self) -> bool:
        return not self.product.num

    def profile_at(self, theta: Fraction, labels: tuple[str, ...]) -> tuple[tuple, tuple]:
        """The segment's formulas at a rational θ: team x and Banker's full behaviour y
        (draw where the segment's pattern draws, the mixed sets' formulas elsewhere)."""
        x = tuple(f(theta) for f in self.team)
        draws = set(self.draws)
        y = tuple(self.mixed[lab](theta) if lab in self.mixed else (_ONE if lab in draws else _ZERO)
                  for lab in labels)
        return x, y

    def independent_points(self) -> list:
        """θ inside (lo, hi) where the product condition holds (when not identically)."""
        if self.independent_everywhere:
            return []
        from gamekit.exact import compare_numbers

        rs = real_roots(int_poly(self.product.num), Fraction(0), Fraction(1))
        return [r for r in rs if compare_numbers(self.lo, r) < 0 < compare_numbers(self.hi, r)]


def _independent_rows(rows: list[list[Poly]], theta0: Fraction, want: int) -> list[int]:
    """Indices of ``want`` rows of the polynomial matrix that are independent at θ₀."""
    chosen: list[int] = []
    basis: list[list[Fraction]] = []
    for i, r in enumerate(rows):
        v = [peval(p, theta0) for p in r]
        for b in basis:
            piv = next(k for k, c in enumerate(b) if c)
            if v[piv]:
                f = v[piv] / b[piv]
                v = [a - f * c for a, c in zip(v, b)]
        if any(v):
            basis.append(v)
            chosen.append(i)
            if len(chosen) == want:
                break
    if len(chosen) < want:
        raise Degenerate("rank deficient structure at theta0")
    return chosen


def _x_system(T, S: list[int], K: list[int], theta0: Fraction):
    """x_u(θ) = N_u/D for u ∈ S (module docstring)."""
    rows = [[(_ONE,) for _ in S]] + [[T.gain[u][l] for u in S] for l in K]
    rhs = [(_ONE,)] + [() for _ in K]
    idx = _independent_rows(rows, theta0, len(S))
    nums, D = cramer([rows[i] for i in idx], [rhs[i] for i in idx])
    N = [()] * 4
    for u, n in zip(S, nums):
        N[u] = n
    for l in K:
        if _g_num(T, N, l):
            raise Degenerate(f"set {T.infosets[l]} is indifferent at theta0 only")
    return N, D


def _g_num(T, N: list[Poly], l: int) -> Poly:
    return pdot((N[u], T.gain[u][l]) for u in range(4) if N[u])


def _y_system(T, y: tuple, F: list[int], B: list[int], Vn: Poly, D: Poly, theta0: Fraction):
    """y_l(θ) = Ny_l/Dy on F from b_u(y) = v (u ∈ B); also A_u (the fixed part of b_u)."""
    ones = [l for l, v in enumerate(y) if v == 1 and l not in set(F)]
    A = [T.payoff(u, ones) for u in range(4)]
    if not F:
        return {}, (_ONE,), A
    rows = [[pmul(D, T.gain[u][l]) for l in F] for u in B]
    rhs = [psub(Vn, pmul(D, A[u])) for u in B]
    idx = _independent_rows(rows, theta0, len(F))
    nums, Dy = cramer([rows[i] for i in idx], [rhs[i] for i in idx])
    for i, u in enumerate(B):
        if i in idx:
            continue
        chk = psub(padd(pmul(Dy, pmul(D, A[u])), pdot(zip(nums, rows[i]))), pmul(Dy, Vn))
        if chk:
            raise Degenerate("a team row is a best reply at theta0 only")
    return dict(zip(F, nums)), Dy, A


def _pair(T, x, y, theta0: Fraction):
    """Formulas and certificate polynomials of one extreme equilibrium (x, y)."""
    n = len(T.infosets)
    S = [u for u in range(4) if x[u]]
    g0 = [sum((x[u] * peval(T.gain[u][l], theta0) for u in S), _ZERO) for l in range(n)]
    K = [l for l in range(n) if g0[l] == 0]
    N, D = _x_system(T, S, K, theta0)
    P = [l for l in range(n) if g0[l] > 0]
    Vn = pdot((N[u], T.payoff(u, P)) for u in S)
    b0 = [peval(T.payoff(u, [l for l in range(n) if y[l] == 1]), theta0) for u in range(4)]
    for u in range(4):   # add the mixed sets' part
        b0[u] += sum((y[l] * peval(T.gain[u][l], theta0) for l in K if 0 < y[l] < 1), _ZERO)
    v0 = min(b0)
    B = [u for u in range(4) if b0[u] == v0]
    F = [l for l in K if 0 < y[l] < 1]
    Ny, Dy, A = _y_system(T, y, F, B, Vn, D, theta0)
    conds = [("denominator of x", D), ("denominator of y", Dy)]
    conds += [(f"x_{ROWS[u]} > 0", N[u]) for u in S]
    conds += [(f"Banker's gain at {T.infosets[l]}", _g_num(T, N, l)) for l in range(n) if l not in set(K)]
    conds += [(f"y at {T.infosets[l]} > 0", Ny[l]) for l in F]
    conds += [(f"y at {T.infosets[l]} < 1", psub(Dy, Ny[l])) for l in F]
    for u in range(4):
        if u not in B:
            bu = padd(pmul(Dy, A[u]), pdot((Ny[l], T.gain[u][l]) for l in F))
            conds.append((f"team row {ROWS[u]} worse", psub(pmul(D, bu), pmul(Dy, Vn))))
    form = {
        "team": tuple(RationalFunction(N[u] or (), D) for u in range(4)),
        "mixed": {T.infosets[l]: RationalFunction(Ny[l], Dy) for l in F},
        "draws": tuple(T.infosets[l] for l in range(n) if y[l] == 1 and l not in set(F)),
        "value": RationalFunction(Vn, D),
        "product": RationalFunction(psub(pmul(N[0] or (), N[3] or ()), pmul(N[1] or (), N[2] or ())), pmul(D, D)),
    }
    return form, conds


def _float_guess(T, theta0: Fraction):
    """Search step: the team LP in floats (HiGHS) → guessed support S and mixed sets F."""
    import numpy as np
    from scipy.optimize import linprog

    n = len(T.infosets)
    t = float(theta0)

    def val(p):
        return sum(float(c) * t ** k for k, c in enumerate(p))

    G = np.array([[val(T.gain[u][l]) for l in range(n)] for u in range(4)])
    c = np.concatenate([[val(T.const[u]) for u in range(4)], np.ones(n)])
    A = np.hstack([G.T, -np.eye(n)])
    res = linprog(c, A_ub=A, b_ub=np.zeros(n), A_eq=[[1.0] * 4 + [0.0] * n], b_eq=[1.0],
                  bounds=[(0, None)] * (4 + n), method="highs")
    if res.status != 0:
        return None
    y = -res.ineqlin.marginals
    S = [u for u in range(4) if res.x[u] > 1e-9]
    F = [l for l in range(n) if 1e-9 < y[l] < 1 - 1e-9]
    return S, F


def _certified_guess(T, theta0: Fraction):
    """An exact equilibrium (x, y) from the guessed structure, when the structure is generic
    and every inequality holds strictly at θ₀ — then it is the unique equilibrium: with
    K = F and B = S, the square systems g_l(x) = 0 (l ∈ F), Σx = 1 and b_u(y) = v (u ∈ S)
    fix X* and Y* (X* = {x : supp x ⊆ B(y*), y* ∈ BR(x)}, Y* likewise). None otherwise."""
    guess = _float_guess(T, theta0)
    if guess is None:
        return None
    S, F = guess
    if len(F) != len(S) - 1:
        return None
    try:
        N, D = _x_system(T, S, F, theta0)
    except Degenerate:
        return None
    d0 = peval(D, theta0)
    x = [peval(N[u], theta0) / d0 if N[u] else _ZERO for u in range(4)]
    if any(x[u] <= 0 for u in S):
        return None
    n = len(T.infosets)
    g0 = [sum((x[u] * peval(T.gain[u][l], theta0) for u in S), _ZERO) for l in range(n)]
    if [l for l in range(n) if g0[l] == 0] != F:
        return None
    P = [l for l in range(n) if g0[l] > 0]
    b = [peval(T.payoff(u, P), theta0) for u in range(4)]
    v = sum((x[u] * b[u] for u in S), _ZERO)
    G0 = [[peval(T.gain[u][l], theta0) for l in F] for u in range(4)]
    ys = _solve_exact([G0[u] for u in S], [v - b[u] for u in S]) if F else []
    if ys is None or any(not 0 < yl < 1 for yl in ys):
        return None
    y = [_ONE if g0[l] > 0 else _ZERO for l in range(n)]
    for l, yl in zip(F, ys):
        y[l] = yl
    if any(b[u] + sum((yl * G0[u][k] for k, yl in enumerate(ys)), _ZERO) <= v for u in range(4) if u not in S):
        return None
    return tuple(x), tuple(y)


def _solve_exact(M: list[list[Fraction]], rhs: list[Fraction]):
    """The unique solution of a consistent system with one more equation than unknowns
    (drop each equation in turn until the rest is nonsingular), or None."""
    from gamekit.kernel import solve_exact

    for drop in range(len(M)):
        sub = [r for i, r in enumerate(M) if i != drop]
        z = solve_exact(sub, [b for i, b in enumerate(rhs) if i != drop])
        if z is None:
            continue
        if all(sum((a * zi for a, zi in zip(r, z)), _ZERO) == b for r, b in zip(M, rhs)):
            return z
        return None
    return None


def correlated_piece(theta0: Fraction, decks: int | None = None) -> CorrelatedPiece:
    """The θ-segment through θ₀ of the correlated solution (raises :class:`Degenerate`).

    The structure is guessed by a float LP and certified exactly (:func:`_certified_guess`);
    when that fails (non-generic structure) all extreme equilibria come from the exact
    m-row solver."""
    T = theta_tables(decks)
    eqs = _certified_guess(T, theta0)
    if eqs is not None:
        pairs = [eqs]
    else:
        sol = solve_many_rows(team_game(theta0, decks))
        pairs = [(e.row, e.draw) for e in sol.equilibria]
    forms, conds = [], []
    for x, y in pairs:
        f, c = _pair(T, x, y, theta0)
        forms.append(f)
        conds.extend(c)
    try:
        lo, hi, who = nearest_ends([(t, p) for t, p in conds if p], theta0)
    except ZeroDivisionError as exc:
        raise Degenerate(str(exc)) from exc
    f = forms[0]
    x = f["team"]
    return CorrelatedPiece(lo, hi, theta0, x, x[2] + x[3], x[1] + x[3], f["mixed"], f["draws"],
                           f["value"], f["product"], who, forms[1:])

