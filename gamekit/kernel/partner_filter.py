"""Partners of the vertices of one polytope in the other, decided by rigorous float bounds.

For a vertex z of ``P = {z ∈ R^d : z ≥ 0, M z ≤ 1}`` (M k×d) with exact tight-label set L
(bit i < d: ``z_i = 0``; bit d + j: row j of M tight), let S = {i < d : i ∉ L} (the support
of z) and J = {j < k : d + j ∈ L}. The points w of the partner polytope
``Q = {w ∈ R^k : w ≥ 0, N w ≤ 1}`` (N d×k) that carry every label z lacks are those with
``(N w)_i = 1`` for i ∈ S and ``w_j = 0`` for j ∉ J. When z is nondegenerate
(|L| = d, i.e. |S| = |J|) and ``N[S, J]`` is nonsingular there is exactly one such point,
``w_J = N[S, J]⁻¹·1``, and (z, w) is a completely labeled pair — an extreme equilibrium —
iff w ∈ Q: ``w_J ≥ 0`` and ``(N w)_i ≤ 1`` for i ∉ S (the method of lrsnash: enumerate one
polytope, solve for the partners; Avis, Rosenberg, Savani & von Stengel, Economic Theory
42 (2010), §4).

:func:`partner_status` encloses ``w_J`` with :mod:`gamekit.kernel.verified_float`'s
a-posteriori bound (Rump, Acta Numerica 19 (2010), Thm 10.2), compiled and one system at a
time, and *proves* w ∉ Q when an enclosure lies outside (a component surely negative or a
row surely above 1; Higham's γ bounds for every float dot product). Everything not proven
infeasible is left to an exact integer check by the caller, so a float error can only cost
time.

The data N is either exact (integers below 2⁵³) or, with ``rounded``, the correctly rounded
binary64 values N̂ of exact numbers N (e.g. large integers scaled by a power of 2, which
changes neither the partners nor whether they lie in Q: ``(N/2^e)(2^e w) = N w``), so that
``|N − N̂| ≤ u|N̂|`` entrywise (u = 2⁻⁵³; normal range). The bound then gains that term:
``|I − RM| ≤ |I − fl(RM̂)| + (γ_s + u)|R||M̂|``, ``|1 − My| ≤ |fl(1 − M̂y)| + (γ_{s+1} + u)(1 + |M̂||y|)``
and, for a row outside, ``|(Nw)_i − fl(N̂y)_i| ≤ (γ_s + u)Σ|N̂y| + rad·(1 + u)Σ|N̂|``; since
γ_j + u ≤ γ_{j+1} (and the inflation factors of :func:`_infl` grow by 4u per step), the
kernel uses each γ and inflation one step higher (``extra`` = 1).
This module imports numba: import it lazily.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["partner_status", "ORIGIN", "NO_PARTNER", "CANDIDATE", "DEGENERATE", "UNDECIDED"]

ORIGIN, NO_PARTNER, CANDIDATE, DEGENERATE, UNDECIDED = -1, 0, 1, 2, 3
_U = 2.0 ** -53
_ETA = 2.0 ** -1000


@njit(cache=True, nogil=True, inline="always")
def _gam(k):
    """γ_k upper bound (verified_float.gamma; k·u ≤ 0.009 here: k ≤ 128)."""
    return 1.01 * k * _U


@njit(cache=True, nogil=True, inline="always")
def _infl(q, k):
    """Upper bound of a non-negative quantity computed with ≤ k roundings (verified_float.inflate)."""
    return q * (1.0 + 4 * (k + 2) * _U)


@njit(cache=True, nogil=True)
def _inverse(G, R, s):
    """Float inverse of the s×s block of G into R (Gauss–Jordan, partial pivoting; G is
    destroyed). Any R is admissible for the bound; False only if a pivot is 0 or not finite."""
    for a in range(s):
        for b in range(s):
            R[a, b] = 1.0 if a == b else 0.0
    for j in range(s):
        p = j
        for i in range(j + 1, s):
            if abs(G[i, j]) > abs(G[p, j]):
                p = i
        piv = G[p, j]
        if piv == 0.0 or not np.isfinite(piv):
            return False
        if p != j:
            for t in range(s):
                G[j, t], G[p, t] = G[p, t], G[j, t]
                R[j, t], R[p, t] = R[p, t], R[j, t]
        inv = 1.0 / piv
        for t in range(s):
            G[j, t] *= inv
            R[j, t] *= inv
        for i in range(s):
            f = G[i, j]
            if i != j and f != 0.0:
                for t in range(s):
                    G[i, t] -= f * G[j, t]
                    R[i, t] -= f * R[j, t]
    return True


@njit(cache=True, nogil=True)
def _enclose(M, R, y, rho, s, extra):
    """``y = R·1`` and a radius ρ with ``‖M⁻¹·1 − y‖∞ ≤ ρ`` (M nonsingular proven), or inf:
    α ≥ ‖I − RM‖∞ and ``ρ ≥ ‖|R|·|1 − My|‖∞ / (1 − α)`` with the γ terms of
    :func:`gamekit.kernel.verified_float.verified_solve`, one step higher for rounded data
    (``extra`` = 1; module docstring)."""
    for a in range(s):
        acc = 0.0
        for b in range(s):
            acc += R[a, b]
        y[a] = acc
    alpha = 0.0
    for a in range(s):
        row = 0.0
        for b in range(s):
            acc = 0.0
            mag = 0.0
            for t in range(s):
                acc += R[a, t] * M[t, b]
                mag += abs(R[a, t] * M[t, b])
            row += abs((1.0 if a == b else 0.0) - acc) + _gam(s + 1 + extra) * mag + _ETA
        alpha = max(alpha, row)
    alpha = _infl(alpha, 2 * s + 4)
    if not alpha < 0.5:
        return np.inf
    for b in range(s):
        acc = 0.0
        mag = 0.0
        for t in range(s):
            acc += M[b, t] * y[t]
            mag += abs(M[b, t] * y[t])
        rho[b] = _infl(abs(1.0 - acc) + _gam(s + 2 + extra) * (1.0 + mag) + _ETA, 2 * s + 6)
    num = 0.0
    for a in range(s):
        acc = 0.0
        for b in range(s):
            acc += abs(R[a, b]) * rho[b]
        num = max(num, acc)
    rad = _infl(_infl(num, s + 2) / (1.0 - alpha), 2)
    return rad if np.isfinite(rad) else np.inf


@njit(cache=True, nogil=True)
def _proven_outside(N, S, J, s, d, y, rad, insupp, extra):
    """w ∉ Q is proven: some ``y_j + rad < 0`` or some row i ∉ S with ``(N w)_i`` surely > 1
    (``extra``: as for :func:`_enclose`)."""
    for a in range(s):
        if y[a] + rad < 0.0:
            return True
    for i in range(d):
        if insupp[i]:
            continue
        t = 0.0
        mag = 0.0
        asum = 0.0
        for a in range(s):
            x = N[i, J[a]]
            t += x * y[a]
            mag += abs(x * y[a])
            asum += abs(x)
        err = _infl(_gam(s + 1 + extra) * _infl(mag, s + 2) + rad * _infl(asum, s + 2 + extra), 4) + _ETA
        if t - err > 1.0:
            return True
    return False


@njit(cache=True, nogil=True)
def partner_status(labels, N, d, k, out, rounded=False):
    """For each vertex v (tight-label masks ``labels[v]``, two words) of P: ``out[v]`` =
    ORIGIN (z = 0), DEGENERATE (|S| ≠ |J|), UNDECIDED (no proof that N[S, J] is
    nonsingular), NO_PARTNER (proven: the unique candidate w lies outside Q) or
    CANDIDATE (check exactly). ``rounded``: N holds the correctly rounded values of exact
    data, not the data itself. See the module docstring."""
    extra = 1 if rounded else 0
    one = np.uint64(1)
    S = np.empty(d, np.int64)
    J = np.empty(k, np.int64)
    G = np.empty((d, d))
    Mx = np.empty((d, d))
    R = np.empty((d, d))
    y = np.empty(d)
    rho = np.empty(d)
    insupp = np.zeros(d, np.bool_)
    for v in range(labels.shape[0]):
        lo = labels[v, 0]
        hi = labels[v, 1]
        ns = 0
        nj = 0
        for i in range(d + k):
            bit = (lo >> np.uint64(i)) & one if i < 64 else (hi >> np.uint64(i - 64)) & one
            if i < d and bit == 0:
                S[ns] = i
                ns += 1
            elif i >= d and bit != 0:
                J[nj] = i - d
                nj += 1
        if ns == 0:
            out[v] = ORIGIN if nj == 0 else DEGENERATE
            continue
        if ns != nj:
            out[v] = DEGENERATE
            continue
        s = ns
        for a in range(s):
            for b in range(s):
                Mx[a, b] = N[S[a], J[b]]
                G[a, b] = Mx[a, b]
        if not _inverse(G, R, s):
            out[v] = UNDECIDED
            continue
        rad = _enclose(Mx, R, y, rho, s, extra)
        if not rad < np.inf:
            out[v] = UNDECIDED
            continue
        for a in range(s):
            insupp[S[a]] = True
        out[v] = NO_PARTNER if _proven_outside(N, S, J, s, d, y, rad, insupp, extra) else CANDIDATE
        for a in range(s):
            insupp[S[a]] = False
    return out
