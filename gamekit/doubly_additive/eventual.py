"""Every Nash equilibrium of a doubly additive game with polynomial payoffs, for all large n.

The game (notation of :mod:`.enumeration`): player I chooses x ∈ [0,1]^m, player II
y ∈ [0,1]^p; player I's gain from move 1 at h is f_h(y) = F0_h + Σ_l F_hl y_l, player II's at l
is g_l(x) = G0_l + Σ_h G_lh x_h, and every coefficient is a polynomial in an integer parameter
n and a real parameter α (an element of :func:`gamekit.exact.eventual_field.ring`). (x, y) is
an equilibrium iff y_l = 1 where g_l(x) > 0, y_l = 0 where g_l(x) < 0, and the same for x.

:func:`eventual_equilibria` runs the vertex enumeration of :mod:`.enumeration` **once,
symbolically**, with every comparison answered by :class:`~gamekit.exact.eventual_field.EventualSigns`
(the sign for every large n and every α of an interval). Its result holds for every integer
n ≥ n₀ = ``threshold`` and every α of the interval.

**Why it is complete.** By the vertex theorem of :mod:`.enumeration`, for fixed (n, α) every
extreme point (x*, y*) of a maximal Nash subset has x* a vertex of the arrangement of the
hyperplanes g_l = 0 and the facets of [0,1]^m: x* lies in the relative interior of exactly one
face B_π of the box (π_h ∈ {0, 1, *}; J = the * coordinates, k = |J|), and it is the unique
point of B_π on k hyperplanes T with independent restrictions (Δ_T ≠ 0). The run visits every
face, and for each every k-subset T of the hyperplanes that are *candidates* on the face,
except subsets containing two hyperplanes proved not to meet in the closed face:

* a hyperplane whose sign is strict on every vertex of the closed face, or ≥ 0 / ≤ 0 there and
  nonzero at one vertex, has a strict sign on the open face (an affine function is a convex
  combination of its vertex values with positive weights) — it can be in no T and fixes y_l;
* Q_l = {g_l = 0} ∩ B̄_π is the convex hull of the points where g_l vanishes on edges of the
  face; if g_{l'} has one strict sign at all of them, g_{l'} ≠ 0 on Q_l and l, l' share no
  point of the face — no T contains both.

For each T the vertex is x*_J = N/Δ (Cramer; Δ, N polynomials). It is discarded when Δ ≡ 0
(no vertex: the vertex, if any, is found from an independent T), or when some sign shows x*
outside the open face; otherwise y is fixed where g_l(x*) ≠ 0, free on K = {l : g_l(x*) = 0},
and Y(x*) = {y_K ∈ [0,1]^K : f_h = 0 (h ∈ J), f_h ≥ 0 (π_h = 1), f_h ≤ 0 (π_h = 0)} is
computed; when |K| = k and the k × k matrix (F_hl) (h ∈ J, l ∈ K) is nonsingular, Y(x*) is
one point or empty. A sign that is not constant on the α-interval splits it (per system,
``split`` times); what is still undecided, and any degenerate Y(x*), is reported in
``unresolved`` — the result is a proof only when that list is empty.

**Deciding a system without locating its vertex.** With α an indeterminate, a coordinate
x*_j(n, α) = N_j/Δ may cross the face's boundary along a curve α(n) → α∞ inside the α-piece
(then the signs of N_j, Δ − N_j are not constant on any piece containing α∞, for all large n),
and a Banker sign g_l(x*) may change along such a curve. Three steps decide these systems
without deciding where the curve is; each keeps completeness (it answers "no" only when no
equilibrium has its x-part at this vertex for any (n, α) of the piece):

1. x*_j ∈ (0, 1) needs N_j and Δ − N_j to be nonzero with the sign of Δ, hence of *one* sign. If
   their signs are proved and differ (or one is 0), x* is outside the open face at every (n, α)
   with Δ ≠ 0, whatever the sign of Δ: "no".
2. If Δ's sign is proved but some N_j, Δ − N_j is not, the remaining conditions are still
   decided at x* itself — player II's signs g_l(x*), the reply polytope Y(x*), player I's sign
   conditions — none of which uses that x* lies in the face. If they rule out an equilibrium at
   x* for every (n, α) of the piece, there is none whether or not x* is in the face: "no".
   (The y_l fixed on the whole face enter too: they are right wherever x* lies in the open
   face, and only those (n, α) can carry an equilibrium at this vertex.)
   If they would accept, the system stays undecided (an equilibrium exists wherever x* is).
3. A reply polytope is proved empty through a relaxation: with y_l ∈ [0, 1] free wherever the
   sign of g_l(x*) is undecided (the true y_l is 1, 0 or free, according to the sign at (n, α):
   always in [0, 1]), Y(x*) ⊆ Y_relax, and Y_relax = ∅ is proved by one row alone on the box,
   by exact Fourier–Motzkin elimination, or by a Farkas multiplier (a nonnegative combination
   of player I's conditions that is < 0 on the whole box) found numerically at sample points
   and proved exactly in polynomials (:mod:`.eventual_relax`). The same test is applied to
   Y(x*) itself when a sign in its exact solution is undecided.

**Why one run covers every large n.** Every decision above is the sign of a polynomial in
(n, α), and the oracle's threshold n₀ makes each answer true for every integer n ≥ n₀ and
every α of the interval the decision was made on. At such (n, α) the same enumeration with
exact numbers makes the same decisions, so its output is the symbolic output evaluated there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from gamekit.doubly_additive.eventual_relax import farkas_empty, fourier_motzkin_empty
from gamekit.exact.eventual_field import EventualSigns

__all__ = ["EventualEquilibrium", "EventualResult", "eventual_equilibria", "bareiss_solve"]


def bareiss_solve(A: list[list[Any]], rhs: list[Any]) -> tuple[Any, list[Any]] | None:
    """Solve A·x = rhs over a polynomial ring by Cramer's rule: (Δ, N) with x = N/Δ.

    Fraction-free (Bareiss) elimination with exact divisions; pivots are chosen among entries
    that are not identically zero.

    Parameters
    ----------
    A : list of list
        A square matrix of ring elements (anything with +, −, ×, exact / and ``is_zero``).
    rhs : list
        The right-hand side.

    Returns
    -------
    (Δ, N) or None
        Δ = det A (up to sign, with N adjusted so that N/Δ is the solution), or None when A
        is singular.

    Examples
    --------
    >>> from gamekit.exact.eventual_field import ring
    >>> n, a = ring().gens()
    >>> D, N = bareiss_solve([[n, 1 + 0 * n], [1 + 0 * n, n]], [1 + 0 * n, 0 * n])
    >>> str(D), [str(v) for v in N]
    ('n^2 - 1', ['n', '-1'])
    """
    k = len(A)
    M = [list(row) + [r] for row, r in zip(A, rhs)]
    prev = None
    sign = 1
    for i in range(k):
        piv = next((r for r in range(i, k) if not M[r][i].is_zero()), None)
        if piv is None:
            return None
        if piv != i:
            M[i], M[piv] = M[piv], M[i]
            sign = -sign
        for r in range(i + 1, k):
            for c in range(i + 1, k + 1):
                v = M[i][i] * M[r][c] - M[r][i] * M[i][c]
                M[r][c] = v if prev is None else v / prev
            M[r][i] = M[r][i] * 0
        prev = M[i][i]
    det = M[k - 1][k - 1]
    # back substitution, fraction-free: x_j = N_j / det
    N: list[Any] = [None] * k
    for i in range(k - 1, -1, -1):
        acc = M[i][k] * det
        for j in range(i + 1, k):
            acc = acc - M[i][j] * N[j]
        N[i] = acc / M[i][i]
    if sign < 0:
        det = -det
        N = [-v for v in N]
    return det, N


@dataclass(frozen=True)
class EventualEquilibrium:
    """An extreme equilibrium found by :func:`eventual_equilibria`, valid for all n ≥ n₀ and
    every α of ``interval``: x_h = ``x[h]`` (a pair (numerator, denominator) of polynomials, or
    0/1), y_l likewise."""

    face: tuple[int | None, ...]
    tight: tuple[int, ...]
    x: tuple[Any, ...]
    y: tuple[Any, ...]
    interval: tuple[Fraction, Fraction]


@dataclass
class EventualResult:
    """What :func:`eventual_equilibria` found: the extreme equilibria, the threshold n₀ from which
    the run is valid, what could not be decided, and counts.

    The run is a proof (``proved``) only when nothing is left in ``unresolved``.

    Examples
    --------
    >>> r = EventualResult(threshold=2)
    >>> r.proved, r.equilibria
    (True, [])
    >>> EventualResult(unresolved=["face (0, None)"]).proved
    False
    """

    equilibria: list[EventualEquilibrium] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    threshold: int = 0
    faces: int = 0
    systems: int = 0
    pairs_pruned: int = 0
    signs: int = 0

    @property
    def proved(self) -> bool:
        return not self.unresolved


#: Fourier–Motzkin elimination is tried on at most this many free variables.
_FM_MAX_VARS = 6


def _s(v: int | None, t: int | None) -> int | None:
    return None if v is None or t is None else v * t


class _Run:
    def __init__(self, G0, G, F0, F, oracle: EventualSigns, split: int) -> None:
        self.G0, self.G, self.F0, self.F = G0, G, F0, F
        self.m, self.p = len(F0), len(G0)
        self.oracle, self.split = oracle, split
        self.res = EventualResult()
        self.zero = G0[0] * 0
        self.one = self.zero + 1

    def sign(self, q, iv):
        return self.oracle.sign(q, iv)

    # -- one face -------------------------------------------------------------------------
    def face(self, pi: tuple[int | None, ...]) -> None:
        iv = (self.oracle.a, self.oracle.b)
        J = [h for h, v in enumerate(pi) if v is None]
        k = len(J)
        base, coef = [], []
        for l in range(self.p):
            b0 = self.G0[l]
            for h, v in enumerate(pi):
                if v == 1:
                    b0 = b0 + self.G[l][h]
            base.append(b0)
            coef.append([self.G[l][h] for h in J])
        verts = list(product((0, 1), repeat=k))
        vals = []
        for l in range(self.p):
            row = []
            for vert in verts:
                q = base[l]
                for j, bit in enumerate(vert):
                    if bit:
                        q = q + coef[l][j]
                row.append((q, self.sign(q, iv)))
            vals.append(row)
        fixed: dict[int, int] = {}
        cand: list[int] = []
        for l in range(self.p):
            ss = {s for _q, s in vals[l]}
            if None not in ss and ss <= {0, 1} and 1 in ss:
                fixed[l] = 1
            elif None not in ss and ss <= {0, -1} and -1 in ss:
                fixed[l] = 0
            else:
                cand.append(l)
        adj = self._meet_graph(cand, verts, vals, coef, k, iv) if k >= 2 else None
        self.res.faces += 1
        # k-cliques of candidates
        def rec(start: int, chosen: list[int]) -> None:
            if len(chosen) == k:
                self.system(pi, J, tuple(chosen), base, coef, fixed, cand, iv, self.split)
                return
            for i in range(start, len(cand)):
                l = cand[i]
                if adj is not None and any(c not in adj[l] for c in chosen):
                    continue
                rec(i + 1, chosen + [l])
        rec(0, [])

    def _meet_graph(self, cand, verts, vals, coef, k, iv):
        idx = {v: i for i, v in enumerate(verts)}
        edges = []  # (i0, i1, j)
        for i, v in enumerate(verts):
            for j in range(k):
                if v[j] == 0:
                    w = v[:j] + (1,) + v[j + 1:]
                    edges.append((i, idx[w], j))
        adj: dict[int, set[int]] = {l: set() for l in cand}
        for a_ in range(len(cand)):
            for b_ in range(a_ + 1, len(cand)):
                l1, l2 = cand[a_], cand[b_]
                if self._may_meet(l1, l2, edges, vals, coef, iv) and \
                        self._may_meet(l2, l1, edges, vals, coef, iv):
                    adj[l1].add(l2)
                    adj[l2].add(l1)
                else:
                    self.res.pairs_pruned += 1
        return adj

    def _may_meet(self, l, m, edges, vals, coef, iv) -> bool:
        """False when g_m has one strict sign on Q_l = {g_l = 0} ∩ closed face (proved)."""
        seen: set[int] = set()
        for i, (_q, s) in enumerate(vals[l]):
            if s is None:
                return True
            if s == 0:
                seen.add(vals[m][i][1] if vals[m][i][1] is not None else 2)
        for i0, i1, j in edges:
            s0, s1 = vals[l][i0][1], vals[l][i1][1]
            if s0 * s1 >= 0:
                continue
            A, a = vals[l][i0][0], coef[l][j]
            Am, am = vals[m][i0][0], coef[m][j]
            t = self.sign(Am * a - am * A, iv)
            seen.add(2 if t is None else t * s1)
            if len(seen) > 1 or 2 in seen or 0 in seen:
                return True
        return not (len(seen) == 1 and seen.pop() in (1, -1))

    # -- one system -------------------------------------------------------------------------
    def system(self, pi, J, T, base, coef, fixed, cand, iv, split) -> None:
        self.res.systems += 1
        k = len(J)
        if k:
            sol = bareiss_solve([list(coef[l]) for l in T], [-base[l] for l in T])
            if sol is None:
                return
            D, N = sol
        else:
            D, N = self.one, []
        self._split(pi, J, T, D, N, base, coef, fixed, cand, iv, split, top=True)

    def _split(self, pi, J, T, D, N, base, coef, fixed, cand, iv, split, top=False) -> None:
        a, b = iv
        mid = (a + b) / 2
        for sub in ((iv,) if top else ((a, mid), (mid, b))):
            verdict = self._check(pi, J, T, D, N, base, coef, fixed, cand, sub)
            if verdict == "undecided":
                if split == 0 or sub[0] == sub[1]:
                    self.res.unresolved.append(f"face {pi}, hyperplanes {T}, alpha in {sub}")
                else:
                    self._split(pi, J, T, D, N, base, coef, fixed, cand, sub, split - 1)

    def _relaxed_fails(self, pi, fb, free, iv) -> bool:
        """True when player I's conditions fail for every y with y_l ∈ [0, 1] on ``free`` (a
        relaxation of Y(x*): interval bounds of each f_h over that box)."""
        for h, v in enumerate(pi):
            lo = hi = fb[h]
            for l in free:
                c = self.F[h][l]
                s = self.sign(c, iv)
                if s is None:
                    return False
                if s > 0:
                    hi = hi + c
                elif s < 0:
                    lo = lo + c
            slo, shi = self.sign(lo, iv), self.sign(hi, iv)
            if v != 0 and shi is not None and shi < 0:      # f_h ≥ 0 or = 0 impossible
                return True
            if v != 1 and slo is not None and slo > 0:      # f_h ≤ 0 or = 0 impossible
                return True
        return False

    def _relaxed_empty(self, pi, fb, free, iv) -> bool:
        """True when player I's conditions of the face ``pi`` have no solution y with y_l ∈ [0, 1]
        on ``free`` (and y fixed elsewhere as in ``fb``), proved for every (n, α) of the piece:
        each row alone on the box (:meth:`_relaxed_fails`), then exact Fourier–Motzkin
        elimination (at most six variables), then a Farkas multiplier found at sample points
        and proved exactly (:mod:`.eventual_relax`)."""
        if self._relaxed_fails(pi, fb, free, iv):
            return True

        def sign(q):
            return self.sign(q, iv)

        rows, eq = [], []
        for h, v in enumerate(pi):
            rows.append((fb[h] if v != 0 else -fb[h],
                         {l: (self.F[h][l] if v != 0 else -self.F[h][l]) for l in free}))
            eq.append(v is None)
        if len(free) <= _FM_MAX_VARS:
            ineq = list(rows) + [(-c, {l: -x for l, x in co.items()}) for (c, co), e in zip(rows, eq) if e]
            if fourier_motzkin_empty(sign, ineq, free, self.zero, self.one):
                return True
        return farkas_empty(sign, rows, eq, free, self._samples(iv), bareiss_solve)

    def _samples(self, iv) -> list:
        """Float evaluations at a few (n, α) of the piece (the search points of :func:`farkas_empty`)."""
        n_lo = max(self.oracle.n0 or 0, 100)
        a, b = iv
        pts = [(2 * n_lo, (a + b) / 2), (40 * n_lo, (a + b) / 2), (10 ** 6, (3 * a + b) / 4),
               (10 ** 6, (a + 3 * b) / 4)]

        def at(n: int, al: Fraction):
            return lambda q: float(sum(Fraction(int(c)) * n ** int(i) * al ** int(k)
                                       for (i, k), c in q.to_dict().items()))
        return [at(n, al) for n, al in pts]

    def _check(self, pi, J, T, D, N, base, coef, fixed, cand, iv) -> str:
        """'no' (no equilibrium at this vertex for any (n, α)), 'yes' (recorded) or 'undecided'."""
        sD = self.sign(D, iv)
        verdict = self._x_interior_verdict(J, D, N, sD, iv)
        if sD is None or verdict == "no":
            return "no" if verdict == "no" else "undecided"
        # verdict None: x* is in the open face; "undecided": it may or may not be — the
        # conditions below are then still decided at x*, and a "no" holds wherever x* lies.
        located = verdict is None
        ybr, K, loose = self._y_signs_at_x(J, T, D, N, base, coef, fixed, sD, iv)
        fb = self._fixed_gains(ybr)
        if loose:
            return "no" if self._relaxed_empty(pi, fb, K + loose, iv) else "undecided"
        solved = self._solve_y(pi, J, K, fb, iv, record=located)
        if isinstance(solved, str):
            return self._unless_empty(solved, pi, fb, K, iv)
        E, M, sE = solved
        yv = self._y_values(K, E, M, sE, iv)
        if isinstance(yv, str):
            return self._unless_empty(yv, pi, fb, K, iv)
        verdict = self._x_conditions_verdict(pi, fb, K, E, M, sE, iv)
        if verdict is not None:
            return self._unless_empty(verdict, pi, fb, K, iv)
        if not located:
            return "undecided"
        x = tuple(v if v is not None else (N[J.index(h)] * sD, D * sD) for h, v in enumerate(pi))
        y = tuple(yv.get(l, ybr.get(l)) for l in range(self.p))
        self.res.equilibria.append(EventualEquilibrium(tuple(pi), tuple(T), x, y, iv))
        return "yes"

    def _unless_empty(self, verdict: str, pi, fb, K, iv) -> str:
        """'undecided' becomes 'no' when Y(x*) (player I's conditions with y_K ∈ [0, 1]) is
        proved empty on the piece by :meth:`_relaxed_empty`."""
        if verdict == "undecided" and self._relaxed_empty(pi, fb, K, iv):
            return "no"
        return verdict

    def _x_interior_verdict(self, J, D, N, sD, iv) -> str | None:
        """'no' / 'undecided' when the vertex's free x_h = N_j / D are not decidedly in (0, 1)
        (or D vanishes); None when they all are."""
        undecided = False
        if sD is None:
            undecided = True
        elif sD == 0:
            return "no"
        for j in range(len(J)):
            sN, sR = self.sign(N[j], iv), self.sign(D - N[j], iv)
            if sN is not None and sR is not None and sN * sR <= 0:
                return "no"   # x_j = N/D ∈ (0, 1) needs N, D − N of D's sign, so of one sign
            for q in (sN, sR):
                s = _s(q, sD)
                if s is not None and s <= 0:
                    return "no"
                undecided |= s is None
        return "undecided" if undecided else None

    def _y_signs_at_x(self, J, T, D, N, base, coef, fixed, sD,
                      iv) -> tuple[dict[int, int], list[int], list[int]]:
        """Player II's signs at x*: (best responses ybr where the sign is known, indifferent
        columns K (starting with T), columns ``loose`` whose sign the oracle cannot decide)."""
        ybr: dict[int, int] = {}
        K: list[int] = list(T)
        loose: list[int] = []
        for l in range(self.p):
            if l in T:
                continue
            if l in fixed:
                ybr[l] = fixed[l]
                continue
            q = base[l] * D
            for j in range(len(J)):
                q = q + coef[l][j] * N[j]
            s = _s(self.sign(q, iv), sD)
            if s is None:
                loose.append(l)
            elif s == 0:
                K.append(l)
            else:
                ybr[l] = int(s > 0)
        return ybr, K, loose

    def _fixed_gains(self, ybr: dict[int, int]) -> list:
        """Player I's gains with y fixed where player II's sign is known (ybr), others at 0."""
        fb = []
        for h in range(self.m):
            q = self.F0[h]
            for l, v in ybr.items():
                if v:
                    q = q + self.F[h][l]
            fb.append(q)
        return fb

    def _solve_y(self, pi, J, K, fb, iv, record: bool = True) -> str | tuple[Any, list, int]:
        """Solve player I's indifference equations (rows J) for y on K: (E, M, sign E) with
        y_K = M / E, or a verdict 'no' / 'undecided'. A degenerate Y(x*) is reported in
        ``unresolved`` when ``record`` (x* known to be in the face), else 'undecided'."""
        if len(K) != len(J):
            if len(K) < len(J):
                return "no"   # K contains T, |T| = |J|: not reached
            if not record:
                return "undecided"
            self.res.unresolved.append(f"face {pi}: |K| = {len(K)} > k = {len(J)} (degenerate Y)")
            return "no"
        if not J:
            return self.one, [], 1
        sol = bareiss_solve([[self.F[h][l] for l in K] for h in J], [-fb[h] for h in J])
        if sol is None:
            if not record:
                return "undecided"
            self.res.unresolved.append(f"face {pi}, K = {K}: singular Y system")
            return "no"
        E, M = sol
        sE = self.sign(E, iv)
        if sE is None:
            return "undecided"
        return E, M, sE

    def _y_values(self, K, E, M, sE, iv) -> str | dict[int, Any]:
        """y_l = M_i / E on K as (numerator, denominator) pairs when all lie in [0, 1], else a
        verdict 'no' / 'undecided'."""
        yv: dict[int, Any] = {}
        for i, l in enumerate(K):
            s0, s1 = _s(self.sign(M[i], iv), sE), _s(self.sign(E - M[i], iv), sE)
            if s0 is None or s1 is None:
                return "undecided"
            if s0 < 0 or s1 < 0:
                return "no"
            yv[l] = (M[i] * sE, E * sE)
        return yv

    def _x_conditions_verdict(self, pi, fb, K, E, M, sE, iv) -> str | None:
        """Player I's sign conditions of the face pi at y: a verdict 'no' / 'undecided', or None
        when they all hold."""
        for h, v in enumerate(pi):
            if v is None:
                continue
            q = fb[h] * E
            for i, l in enumerate(K):
                q = q + self.F[h][l] * M[i]
            s = _s(self.sign(q, iv), sE)
            if s is None:
                return "undecided"
            if (v == 1 and s < 0) or (v == 0 and s > 0):
                return "no"
        return None


def eventual_equilibria(G0, G, F0, F, oracle: EventualSigns, split: int = 6,
                        n0: int = 1, progress: bool = False) -> EventualResult:
    """All extreme equilibria of the doubly additive game (G0, G; F0, F) for every integer
    n ≥ ``threshold`` and every α of the oracle's interval (module docstring).

    Parameters
    ----------
    G0, G : list
        Player II's gains: g_l(x) = G0[l] + Σ_h G[l][h]·x_h (ring elements).
    F0, F : list
        Player I's gains: f_h(y) = F0[h] + Σ_l F[h][l]·y_l.
    oracle : EventualSigns
        Decides signs; its record gives the threshold.
    split : int
        How often one system's α-interval may be halved.
    n0 : int
        Smallest n of interest (the threshold is at least n0).
    progress : bool
        Show a progress bar over the faces.

    Returns
    -------
    EventualResult
        ``proved`` is True when nothing was left undecided.

    Examples
    --------
    A 1 × 1 game (one set each): player II draws iff g = n·x − 1 > 0, player I draws iff
    f = 1 − 2y > 0. For n ≥ 2 the only equilibrium is x = 1/n, y = 1/2.

    >>> from fractions import Fraction
    >>> from gamekit.exact.eventual_field import ring
    >>> n, a = ring().gens()
    >>> one = n * 0 + 1
    >>> r = eventual_equilibria([-one], [[n]], [one], [[-2 * one]], EventualSigns(Fraction(0), Fraction(0)))
    >>> r.proved, len(r.equilibria), r.threshold
    (True, 1, 2)
    >>> e = r.equilibria[0]
    >>> [str(v) for v in e.x[0]], [str(v) for v in e.y[0]]
    (['1', 'n'], ['1', '2'])
    """
    run = _Run(G0, G, F0, F, oracle, split)
    faces = list(product((0, 1, None), repeat=run.m))
    faces.sort(key=lambda f: sum(v is None for v in f))
    it: Any = faces
    if progress:
        from rich.progress import track
        it = track(faces, description="faces")
    for pi in it:
        run.face(pi)
    run.res.threshold = oracle.threshold(n0)
    run.res.signs = len(oracle.used)
    return run.res
