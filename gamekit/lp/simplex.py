"""Exact linear programming over the rationals.

Solves

    minimize (or maximize)  cᵀx   subject to   A_ub x ≤ b_ub,   A_eq x = b_eq,   x ≥ 0

with every datum an exact rational (:class:`fractions.Fraction`). The answer is always
exact and always comes with a certificate that is re-checked in rational arithmetic
before it is returned:

* ``optimal``: a primal solution x, a dual solution y (y_ub ≤ 0 for a minimization) with
  ``c − A_ubᵀ y_ub − A_eqᵀ y_eq ≥ 0`` and ``cᵀx = b_ubᵀ y_ub + b_eqᵀ y_eq`` (strong duality,
  hence complementary slackness);
* ``infeasible``: a Farkas vector y with ``y_ub ≤ 0``, ``A_ubᵀ y_ub + A_eqᵀ y_eq ≤ 0`` and
  ``b_ubᵀ y_ub + b_eqᵀ y_eq > 0``;
* ``unbounded``: a feasible x and a ray d ≥ 0 with ``A_ub d ≤ 0``, ``A_eq d = 0``, ``cᵀd < 0``
  (``> 0`` when maximizing).

How it is computed
------------------
1. *Float search step (optional).* scipy's HiGHS dual simplex solves a float copy of
   the problem. Its solution and reduced costs rank the columns of the standard form
   ``[A_ub I; A_eq 0]``; the first m columns independent in floating point form a basis,
   which python-flint re-solves exactly (B x_B = b, Bᵀy = c_B). If x_B ≥ 0 and every
   reduced cost has the right sign, that basis is optimal — verified, not trusted.
   Otherwise the ranked columns are pivoted greedily into an exact tableau and, if that
   basis is primal feasible, the exact primal simplex continues from it.
2. *Exact simplex (fallback and default for small problems).* Two-phase primal simplex
   on a fraction-free integer tableau (Bareiss-style integer pivoting: every entry is
   an integer and the common denominator is the basis determinant), with Dantzig's
   rule and a permanent switch to Bland's rule after a run of degenerate pivots, so it
   always terminates.

Duals are reported as *shadow prices*, ``∂ value / ∂ b``: for a minimization the duals of
``≤`` rows are ≤ 0, for a maximization they are ≥ 0 (scipy's ``marginals`` convention).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gamekit.core.errors import CertificationError, GameError, LPIterationLimit
from gamekit.core.numbers import common_denominator, to_fraction
from gamekit.kernel.pivot import fraction_free_pivot

__all__ = ["LPResult", "LPIterationLimit", "solve_lp", "verify_lp"]

#: Below this many tableau entries (rows × columns) the exact simplex is run directly;
#: above it HiGHS locates the basis first. Chosen by measurement (see docs/architecture.md).
FLOAT_THRESHOLD = 2000

DEFAULT_MAX_ITER = 100_000


@dataclass(frozen=True)
class LPResult:
    """Exact result of :func:`solve_lp`.

    Attributes
    ----------
    status: ``"optimal"``, ``"infeasible"`` or ``"unbounded"``.
    x: optimal solution (``optimal``) or a feasible point (``unbounded``), else None.
    value: optimal objective value cᵀx (``optimal`` only).
    duals_ub, duals_eq: shadow prices ∂value/∂b of the ``≤`` and ``=`` rows (``optimal``).
    reduced_costs: c − Aᵀy for the variables x (``optimal``); ≥ 0 when minimizing.
    ray: improving direction d (``unbounded``).
    farkas: (y_ub, y_eq) proving infeasibility (``infeasible``).
    basis: indices of the basic columns of ``[A_ub I; A_eq 0]`` (x first, then slacks).
    method: ``"float-basis"`` when HiGHS's basis was verified/repaired exactly,
        ``"simplex"`` when the exact two-phase simplex ran from scratch.
    pivots: number of exact pivots performed (excluding installing the float basis).

    Examples
    --------
    >>> r = solve_lp([1, 1], [[-1, -2]], [-2])  # min x0 + x1  s.t.  x0 + 2 x1 >= 2
    >>> r.status, r.x, r.value, r.duals_ub
    ('optimal', (Fraction(0, 1), Fraction(1, 1)), Fraction(1, 1), (Fraction(-1, 2),))
    """

    status: str
    x: tuple[Fraction, ...] | None = None
    value: Fraction | None = None
    duals_ub: tuple[Fraction, ...] | None = None
    duals_eq: tuple[Fraction, ...] | None = None
    reduced_costs: tuple[Fraction, ...] | None = None
    ray: tuple[Fraction, ...] | None = None
    farkas: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None = None
    basis: tuple[int, ...] | None = None
    method: str = "simplex"
    pivots: int = 0

    @property
    def optimal(self) -> bool:
        return self.status == "optimal"

    @property
    def duals(self) -> tuple[Fraction, ...] | None:
        """Shadow prices of all rows: the ``≤`` rows first, then the ``=`` rows."""
        if self.duals_ub is None or self.duals_eq is None:
            return None
        return self.duals_ub + self.duals_eq


# ---------------------------------------------------------------------------------------
# input handling
# ---------------------------------------------------------------------------------------


def _matrix(M: object, n: int, name: str) -> list[list[Fraction]]:
    if M is None:
        return []
    if hasattr(M, "tolist") and not isinstance(M, (list, tuple)):
        M = M.tolist()
    if not isinstance(M, Sequence) or isinstance(M, (str, bytes)):
        raise GameError(f"{name} must be a list of rows")
    out = []
    for i, row in enumerate(M):
        if hasattr(row, "tolist") and not isinstance(row, (list, tuple)):
            row = row.tolist()
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)):
            raise GameError(f"{name} row {i} is not a list of numbers")
        if len(row) != n:
            raise GameError(f"{name} row {i} has {len(row)} entries, expected {n} (the length of c)")
        out.append([to_fraction(v, f"{name}[{i}][{j}]") for j, v in enumerate(row)])
    return out


def _vector(v: object, k: int, name: str) -> list[Fraction]:
    if v is None:
        if k:
            raise GameError(f"{name} is missing")
        return []
    if hasattr(v, "tolist") and not isinstance(v, (list, tuple)):
        v = v.tolist()
    if not isinstance(v, Sequence) or isinstance(v, (str, bytes)):
        raise GameError(f"{name} must be a list of numbers")
    if len(v) != k:
        raise GameError(f"{name} has {len(v)} entries, expected {k}")
    return [to_fraction(x, f"{name}[{i}]") for i, x in enumerate(v)]


# ---------------------------------------------------------------------------------------
# fraction-free tableau
# ---------------------------------------------------------------------------------------


class _Tableau:
    """Integer tableau ``M / D`` of the scaled standard form ``[Â | I | b̂]``.

    Columns 0..N−1 are the real variables (x, then scaled slacks), N..N+m−1 the
    *markers* (identity columns: phase-1 artificials; they hold D·B⁻¹ and never enter),
    column N+m the right-hand side. Row m is the objective row (D·L·reduced costs, its
    last entry −D·L·z). D > 0 is the current basis determinant (up to scaling).
    """

    __slots__ = ("M", "D", "basis", "m", "N", "pivots", "max_iter")

    def __init__(self, rows: list[list[int]], N: int, basis: list[int], max_iter: int) -> None:
        self.M = rows
        self.m = len(rows)
        self.N = N
        self.D = 1
        self.basis = basis
        self.pivots = 0
        self.max_iter = max_iter

    def pivot(self, r: int, s: int) -> None:
        """Integer pivot on ``(r, s)`` (:func:`gamekit.kernel.pivot.fraction_free_pivot`);
        a negative pivot negates every row so that ``D`` stays positive."""
        M = self.M
        p = fraction_free_pivot(M, r, s, self.D)
        if p < 0:
            for i in range(len(M)):
                M[i] = [-x for x in M[i]]
            p = -p
        self.D = p
        self.basis[r] = s

    def set_objective(self, cost: Sequence[int]) -> None:
        """Install the objective row for integer costs of the real columns (markers cost 0)."""
        m, N, D = self.m, self.N, self.D
        width = N + m + 1
        obj = [0] * width
        for j in range(N):
            obj[j] = cost[j] * D
        for i in range(m):
            b = self.basis[i]
            cb = cost[b] if b < N else 0
            if cb:
                row = self.M[i]
                obj = [o - cb * x for o, x in zip(obj, row)]
        if len(self.M) > m:
            self.M[m] = obj
        else:
            self.M.append(obj)

    def run(self, allowed: int) -> int | None:
        """Primal simplex on the current objective row; columns < ``allowed`` may enter.

        Returns None at optimality, or the entering column proving unboundedness.
        """
        M, m = self.M, self.m
        rhs = self.N + m
        obj = M[m]
        bland = False
        degenerate_run = 0
        while True:
            s = -1
            if bland:
                for j in range(allowed):
                    if obj[j] < 0:
                        s = j
                        break
            else:
                best = 0
                for j in range(allowed):
                    if obj[j] < best:
                        best = obj[j]
                        s = j
            if s < 0:
                return None
            r = -1
            num = den = 0
            for i in range(m):
                a = M[i][s]
                if a > 0:
                    bi = M[i][rhs]
                    if r < 0:
                        r, num, den = i, bi, a
                        continue
                    lhs, rgt = bi * den, num * a
                    if lhs < rgt or (lhs == rgt and self.basis[i] < self.basis[r]):
                        r, num, den = i, bi, a
            if r < 0:
                return s
            if self.pivots >= self.max_iter:
                raise LPIterationLimit(f"exact simplex stopped after max_iter={self.max_iter} pivots")
            if num == 0:
                degenerate_run += 1
                if degenerate_run > 50:
                    bland = True
            else:
                degenerate_run = 0
            self.pivot(r, s)
            self.pivots += 1
            obj = M[m]

    def values(self) -> list[Fraction]:
        """Values of the real columns at the current basic solution."""
        N, m, D = self.N, self.m, self.D
        out = [Fraction(0)] * N
        for i, b in enumerate(self.basis):
            if b < N:
                out[b] = Fraction(self.M[i][N + m], D)
        return out


# ---------------------------------------------------------------------------------------
# the solver
# ---------------------------------------------------------------------------------------


class _Problem:
    """The standard form of the problem, scaled to integers row by row."""

    def __init__(self, c, Aub, bub, Aeq, beq) -> None:
        self.n = len(c)
        self.k = len(Aub)
        self.q = len(Aeq)
        self.m = self.k + self.q
        self.N = self.n + self.k
        self.c = c
        self.Aub, self.bub, self.Aeq, self.beq = Aub, bub, Aeq, beq
        self.Lc = common_denominator(c)
        self.cost = [int(v * self.Lc) for v in c] + [0] * self.k
        # row scales s_i = σ_i L_i with σ_i = sign so that the scaled rhs is ≥ 0
        self.scale: list[int] = []
        self.sigma: list[int] = []
        self.rows: list[list[int]] = []
        for i in range(self.m):
            a, b = (Aub[i], bub[i]) if i < self.k else (Aeq[i - self.k], beq[i - self.k])
            L = common_denominator(list(a) + [b])
            sig = -1 if b < 0 else 1
            s = sig * L
            self.scale.append(s)
            self.sigma.append(sig)
            row = [int(v * s) for v in a] + [0] * self.k + [0] * self.m + [int(b * s)]
            if i < self.k:
                row[self.n + i] = sig  # scaled slack t_i = L_i · slack_i
            row[self.N + i] = 1  # marker
            self.rows.append(row)

    def tableau(self, max_iter: int) -> _Tableau:
        return _Tableau([list(r) for r in self.rows], self.N, [self.N + i for i in range(self.m)], max_iter)

    # -- reading results off a tableau ---------------------------------------------------
    def duals_from(self, T: _Tableau, objective_scale: int) -> list[Fraction]:
        """y_r = s_r · y'_r where y'_r = −obj[marker_r] / (scale · D) (phase-2 costs 0)."""
        obj = T.M[T.m]
        out = []
        for r in range(self.m):
            yprime = Fraction(-obj[self.N + r], objective_scale * T.D)
            out.append(yprime * self.scale[r])
        return out


def _phase1(P: _Problem, max_iter: int) -> tuple[_Tableau, list[Fraction] | None]:
    """Two-phase simplex, phase 1. Returns the tableau and, if infeasible, y (Farkas)."""
    T = P.tableau(max_iter)
    art = []
    for i in range(P.m):
        if i < P.k and P.sigma[i] == 1:
            T.basis[i] = P.n + i  # the slack column equals the marker column
        else:
            art.append(i)
    width = P.N + P.m + 1
    obj = [0] * width
    for i in art:
        obj = [o - x for o, x in zip(obj, T.M[i])]
        obj[P.N + i] += 1  # artificial cost 1 minus its own row's 1
    T.M.append(obj)
    T.run(P.N)
    if T.M[T.m][width - 1] != 0:
        # y'_r = cost_r − obj[marker_r]/D ; cost_r = 1 on artificial rows
        arts = set(art)
        y = []
        for r in range(P.m):
            yprime = (1 if r in arts else 0) - Fraction(T.M[T.m][P.N + r], T.D)
            y.append(yprime * P.scale[r])
        return T, y
    # drive basic artificials (at level 0) out of the basis where possible
    for i in range(P.m):
        if T.basis[i] >= P.N:
            row = T.M[i]
            for j in range(P.N):
                if row[j] != 0:
                    T.pivot(i, j)
                    break
    return T, None


def _highs_order(P: _Problem) -> list[int] | None:
    """Columns of the standard form ranked by HiGHS's optimal solution: basic-looking first.

    Returns None when HiGHS fails or does not report an optimum (the exact simplex then
    decides the status).
    """
    try:
        import numpy as np
        from scipy.optimize import linprog
    except ImportError:  # pragma: no cover - scipy is a dependency
        return None
    try:
        c = np.array([float(v) for v in P.c])
        Aub = np.array([[float(v) for v in r] for r in P.Aub]) if P.k else None
        bub = np.array([float(v) for v in P.bub]) if P.k else None
        Aeq = np.array([[float(v) for v in r] for r in P.Aeq]) if P.q else None
        beq = np.array([float(v) for v in P.beq]) if P.q else None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = linprog(c, A_ub=Aub, b_ub=bub, A_eq=Aeq, b_eq=beq, bounds=(0, None), method="highs-ds")
    except (OverflowError, ValueError):
        return None
    if res.status != 0 or res.x is None:
        return None
    vals = list(res.x)
    rc = list(res.lower.marginals) if getattr(res, "lower", None) is not None else [0.0] * P.n
    if P.k:
        vals += list(res.slack)
        rc += [-float(y) for y in res.ineqlin.marginals]
    scale = max([1.0] + [abs(v) for v in vals])
    tol = 1e-9 * scale
    return sorted(
        range(P.N),
        key=lambda j: (0, -vals[j]) if vals[j] > tol else ((1, abs(rc[j])) if abs(rc[j]) <= 1e-9 else (2, rc[j])),
    )


def _direct_basis(P: _Problem, order: list[int]) -> tuple[list[int], list[Fraction], list[Fraction]] | None:
    """Re-solve the basis HiGHS points at exactly and check optimality, without a tableau.

    The first m columns of ``order`` that are independent in floating point form the
    basis B; python-flint solves B x_B = b̂ and Bᵀŷ = ĉ_B exactly, and the basis is accepted
    when x_B ≥ 0 and every reduced cost ĉ_j − Â_jᵀŷ ≥ 0. Returns (basis, values of the real
    columns, y′) or None (then the tableau route repairs the basis).
    """
    try:
        import flint
        import numpy as np
    except ImportError:  # pragma: no cover - python-flint is a dependency
        return None
    m, N = P.m, P.N
    try:
        S = np.array([[float(v) for v in row[:N]] for row in P.rows])
    except OverflowError:
        return None
    chosen: list[int] = []
    Q = np.zeros((m, 0))
    for j in order:
        v = S[:, j]
        nv = float(np.linalg.norm(v))
        if nv == 0.0 or not np.isfinite(nv):
            continue
        r = v - Q @ (Q.T @ v)
        nr = float(np.linalg.norm(r))
        if nr > 1e-9 * nv:
            Q = np.column_stack([Q, r / nr])
            chosen.append(j)
            if len(chosen) == m:
                break
    if len(chosen) < m:
        return None
    Bm = flint.fmpq_mat(m, m, [P.rows[i][j] for i in range(m) for j in chosen])
    rhs = flint.fmpq_mat(m, 1, [row[N + m] for row in P.rows])
    try:
        xB = Bm.solve(rhs)
    except ZeroDivisionError:
        return None
    if any(xB[i, 0] < 0 for i in range(m)):
        return None
    yhat = Bm.transpose().solve(flint.fmpq_mat(m, 1, [P.cost[j] for j in chosen]))
    A = flint.fmpq_mat(m, N, [v for row in P.rows for v in row[:N]])
    aty = A.transpose() * yhat
    if any(P.cost[j] < aty[j, 0] for j in range(N)):
        return None

    def frac(q) -> Fraction:
        return Fraction(int(q.p), int(q.q))

    vals = [Fraction(0)] * N
    for i, j in enumerate(chosen):
        vals[j] = frac(xB[i, 0])
    yprime = [frac(yhat[i, 0]) / P.Lc for i in range(m)]
    return chosen, vals, yprime


def _install(P: _Problem, order: list[int], max_iter: int) -> _Tableau | None:
    """Pivot the columns of ``order`` greedily into an exact tableau until they form a
    basis; None unless that basis is primal feasible."""
    T = P.tableau(max_iter)
    open_rows = set(range(P.m))
    for j in order:
        if not open_rows:
            break
        best = -1
        for i in open_rows:
            a = T.M[i][j]
            if a != 0 and (best < 0 or abs(a) > abs(T.M[best][j])):
                best = i
        if best >= 0:
            T.pivot(best, j)
            open_rows.discard(best)
    rhs = P.N + P.m
    for i in range(P.m):
        if T.M[i][rhs] < 0:
            return None
        if T.basis[i] >= P.N and T.M[i][rhs] != 0:
            return None
    return T


def solve_lp(
    c: Sequence,
    A_ub: object = None,
    b_ub: object = None,
    A_eq: object = None,
    b_eq: object = None,
    maximize: bool = False,
    *,
    float_basis: bool | None = None,
    max_iter: int = DEFAULT_MAX_ITER,
) -> LPResult:
    """Solve ``min/max cᵀx  s.t.  A_ub x ≤ b_ub, A_eq x = b_eq, x ≥ 0`` exactly.

    Parameters
    ----------
    c, A_ub, b_ub, A_eq, b_eq : sequences of numbers
        Problem data: ints, Fractions, ``"p/q"`` strings or finite floats (taken exactly),
        as nested lists or numpy arrays. Omitted constraint blocks mean "no such rows".
    maximize : bool
        Maximize instead of minimize.
    float_basis : bool, optional
        Use scipy's HiGHS to locate the optimal basis first (True), never (False), or
        only for problems with more than ``FLOAT_THRESHOLD`` tableau entries (None).
    max_iter : int
        Limit on exact simplex pivots.

    Returns
    -------
    LPResult
        The status with its certificate (optimal point and duals, unbounded ray, or Farkas
        multipliers), verified exactly by :func:`verify_lp`.

    Raises
    ------
    GameError
        When the data is malformed (shapes, non-numbers).
    LPIterationLimit
        When the exact simplex needs more than ``max_iter`` pivots.

    Examples
    --------
    >>> r = solve_lp([3, 2], [[1, 1], [1, 0]], [4, 3], maximize=True)
    >>> r.status, r.x, r.value
    ('optimal', (Fraction(3, 1), Fraction(1, 1)), Fraction(11, 1))
    >>> solve_lp([1], [[1]], [-1]).status  # x <= -1 with x >= 0
    'infeasible'
    """
    data = _read_problem(c, A_ub, b_ub, A_eq, b_eq, maximize)
    if max_iter < 1:
        raise GameError("max_iter must be positive")
    cvec, Aub, bub, Aeq, beq, _ = data
    P = _Problem([-v for v in cvec] if maximize else cvec, Aub, bub, Aeq, beq)
    use_float = float_basis if float_basis is not None else (P.m * (P.N + P.m) > FLOAT_THRESHOLD)
    T, method = None, "simplex"
    if use_float and P.m > 0:
        start = _float_start(P, data, max_iter)
        if isinstance(start, LPResult):
            return start
        if start is not None:
            T, method = start, "float-basis"
    if T is None:
        T, farkas = _phase1(P, max_iter)
        if farkas is not None:
            res = LPResult("infeasible", farkas=(tuple(farkas[: P.k]), tuple(farkas[P.k :])),
                           method=method, pivots=T.pivots)
            verify_lp(res, *data)
            return res
        T.set_objective(P.cost)
    return _phase2(P, T, data, method)


def _read_problem(c, A_ub, b_ub, A_eq, b_eq, maximize: bool) -> tuple:
    """Validated problem data (c, A_ub, b_ub, A_eq, b_eq, maximize) as Fractions."""
    if hasattr(c, "tolist") and not isinstance(c, (list, tuple)):
        c = c.tolist()
    if not isinstance(c, Sequence) or isinstance(c, (str, bytes)) or len(c) == 0:
        raise GameError("c must be a non-empty list of numbers")
    cvec = [to_fraction(v, f"c[{j}]") for j, v in enumerate(c)]
    n = len(cvec)
    Aub = _matrix(A_ub, n, "A_ub")
    bub = _vector(b_ub, len(Aub), "b_ub")
    Aeq = _matrix(A_eq, n, "A_eq")
    beq = _vector(b_eq, len(Aeq), "b_eq")
    if A_ub is None and b_ub is not None and len(b_ub) > 0:
        raise GameError("b_ub given without A_ub")
    if A_eq is None and b_eq is not None and len(b_eq) > 0:
        raise GameError("b_eq given without A_eq")
    return cvec, Aub, bub, Aeq, beq, maximize


def _float_start(P: _Problem, data: tuple, max_iter: int):
    """The float search step: HiGHS's basis, re-solved exactly. Returns a verified optimal
    :class:`LPResult` when the basis is optimal as it stands, a tableau to polish with the
    exact simplex when its columns can be installed, or None (start from scratch)."""
    order = _highs_order(P)
    if order is None:
        return None
    direct = _direct_basis(P, order)
    if direct is not None:
        basis, vals, yprime = direct
        y = [yp * s for yp, s in zip(yprime, P.scale)]
        return _optimal(P, data, vals[: len(data[0])], y, tuple(sorted(basis)), "float-basis", 0)
    T = _install(P, order, max_iter)
    if T is not None:
        T.set_objective(P.cost)
    return T


def _phase2(P: _Problem, T, data: tuple, method: str) -> LPResult:
    """Run the exact simplex from a feasible tableau: an optimal or an unbounded result."""
    n = len(data[0])
    entering = T.run(P.N)
    vals = T.values()
    x = tuple(vals[:n])
    basis = tuple(sorted(b for b in T.basis if b < P.N))
    if entering is None:
        return _optimal(P, data, list(x), P.duals_from(T, P.Lc), basis, method, T.pivots)
    d = [Fraction(0)] * P.N
    d[entering] = Fraction(1)
    for i, b in enumerate(T.basis):
        if b < P.N:
            d[b] = Fraction(-T.M[i][entering], T.D)
    res = LPResult("unbounded", x=x, ray=tuple(d[:n]), basis=basis, method=method, pivots=T.pivots)
    verify_lp(res, *data)
    return res

def _optimal(P: _Problem, data: tuple, x: list[Fraction], y: list[Fraction], basis: tuple[int, ...],
             method: str, pivots: int) -> LPResult:
    """Assemble (and verify) an optimal result from x and the duals y of the min problem."""
    cvec, Aub, bub, Aeq, beq, maximize = data
    n = len(cvec)
    if maximize:
        y = [-v for v in y]
    y_ub, y_eq = tuple(y[: P.k]), tuple(y[P.k :])
    value = sum((cj * xj for cj, xj in zip(cvec, x) if xj), Fraction(0))
    rcost = tuple(
        cvec[j]
        - sum((Aub[i][j] * y_ub[i] for i in range(P.k) if y_ub[i]), Fraction(0))
        - sum((Aeq[i][j] * y_eq[i] for i in range(P.q) if y_eq[i]), Fraction(0))
        for j in range(n)
    )
    res = LPResult("optimal", x=tuple(x), value=value, duals_ub=y_ub, duals_eq=y_eq,
                   reduced_costs=rcost, basis=basis, method=method, pivots=pivots)
    verify_lp(res, *data)
    return res


# ---------------------------------------------------------------------------------------
# certificates
# ---------------------------------------------------------------------------------------


def _dot(u: Sequence[Fraction], v: Sequence[Fraction]) -> Fraction:
    return sum((a * b for a, b in zip(u, v) if a and b), Fraction(0))


def _rowsT(A: list[list[Fraction]], y: Sequence[Fraction], n: int) -> list[Fraction]:
    out = [Fraction(0)] * n
    for row, yi in zip(A, y):
        if yi:
            for j, a in enumerate(row):
                if a:
                    out[j] += a * yi
    return out


def verify_lp(
    res: LPResult,
    c: Sequence,
    A_ub: Sequence | None,
    b_ub: Sequence | None,
    A_eq: Sequence | None,
    b_eq: Sequence | None,
    maximize: bool = False,
) -> None:
    """Check ``res``'s certificate exactly against the data; raise :class:`CertificationError` if wrong.

    This is what makes :func:`solve_lp`'s answers trustworthy: the float step and the
    pivoting may be arbitrarily wrong, the returned result is still checked here.

    Parameters
    ----------
    res : LPResult
        The claimed result.
    c, A_ub, b_ub, A_eq, b_eq : sequences of numbers
        The problem data, as given to :func:`solve_lp`.
    maximize : bool
        Whether the problem maximizes.

    Raises
    ------
    CertificationError
        When the certificate does not prove the claimed status and value.

    Examples
    --------
    >>> c, A, b = [1, 1], [[-1, -2]], [-2]
    >>> verify_lp(solve_lp(c, A, b), c, A, b, None, None)  # passes
    >>> verify_lp(LPResult("optimal", x=(Fraction(2), Fraction(0)), value=Fraction(2),
    ...                    duals_ub=(Fraction(-1),), duals_eq=()), c, A, b, None, None)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.CertificationError: ...
    """
    data = _LPData(
        [to_fraction(v) for v in c],
        [[to_fraction(v) for v in r] for r in (A_ub or [])],
        [to_fraction(v) for v in (b_ub or [])],
        [[to_fraction(v) for v in r] for r in (A_eq or [])],
        [to_fraction(v) for v in (b_eq or [])],
        -1 if maximize else 1,  # work with the minimization of sgn·c
    )
    check = _STATUS_CHECKS.get(res.status)
    if check is None:
        raise CertificationError(f"unknown LP status {res.status!r}")
    check(res, data)


@dataclass(frozen=True)
class _LPData:
    """The problem data as Fractions, and the sign turning it into a minimization."""

    c: list[Fraction]
    Aub: list[list[Fraction]]
    bub: list[Fraction]
    Aeq: list[list[Fraction]]
    beq: list[Fraction]
    sgn: int

    def primal_feasible(self, x: Sequence[Fraction]) -> bool:
        return (
            len(x) == len(self.c)
            and all(v >= 0 for v in x)
            and all(_dot(r, x) <= b for r, b in zip(self.Aub, self.bub))
            and all(_dot(r, x) == b for r, b in zip(self.Aeq, self.beq))
        )

    def aty(self, yub: Sequence[Fraction], yeq: Sequence[Fraction]) -> list[Fraction]:
        n = len(self.c)
        return [a + b for a, b in zip(_rowsT(self.Aub, yub, n), _rowsT(self.Aeq, yeq, n))]


def _check_optimal(res: LPResult, d: _LPData) -> None:
    if res.x is None or res.duals_ub is None or res.duals_eq is None:
        raise CertificationError("LP certificate: an optimal result lacks x or its duals")
    if not d.primal_feasible(res.x):
        raise CertificationError("LP certificate: x is not feasible")
    yub: Sequence[Fraction] = [d.sgn * v for v in res.duals_ub]
    yeq: Sequence[Fraction] = [d.sgn * v for v in res.duals_eq]
    if any(v > 0 for v in yub):
        raise CertificationError("LP certificate: a dual of a <= row has the wrong sign")
    if any(d.sgn * cj - v < 0 for cj, v in zip(d.c, d.aty(yub, yeq))):
        raise CertificationError("LP certificate: the dual is not feasible")
    if d.sgn * _dot(d.c, res.x) != _dot(d.bub, yub) + _dot(d.beq, yeq):
        raise CertificationError("LP certificate: primal and dual values differ")
    if res.value != _dot(d.c, res.x):
        raise CertificationError("LP certificate: value is not c.x")


def _check_infeasible(res: LPResult, d: _LPData) -> None:
    if res.farkas is None:
        raise CertificationError("LP certificate: an infeasible result lacks its Farkas multipliers")
    yub, yeq = res.farkas
    if any(v > 0 for v in yub):
        raise CertificationError("Farkas certificate: a <= row multiplier is positive")
    if any(v > 0 for v in d.aty(yub, yeq)) or _dot(d.bub, yub) + _dot(d.beq, yeq) <= 0:
        raise CertificationError("Farkas certificate does not prove infeasibility")


def _check_unbounded(res: LPResult, d: _LPData) -> None:
    if res.x is None or res.ray is None:
        raise CertificationError("LP certificate: an unbounded result lacks x or its ray")
    ray = res.ray
    if not d.primal_feasible(res.x):
        raise CertificationError("unboundedness certificate: x is not feasible")
    if any(v < 0 for v in ray) or any(_dot(r, ray) > 0 for r in d.Aub) or any(_dot(r, ray) != 0 for r in d.Aeq):
        raise CertificationError("unboundedness certificate: the ray leaves the feasible set")
    if d.sgn * _dot(d.c, ray) >= 0:
        raise CertificationError("unboundedness certificate: the ray does not improve the objective")


_STATUS_CHECKS = {"optimal": _check_optimal, "infeasible": _check_infeasible, "unbounded": _check_unbounded}
