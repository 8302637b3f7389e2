"""Rigorous floating-point bounds: batched verified solution of small linear systems.

Everything here uses only IEEE-754 binary64 arithmetic with round-to-nearest (numpy's
default) and the standard model of Higham, *Accuracy and Stability of Numerical
Algorithms* (2nd ed., 2002), §2.2: fl(a op b) = (a op b)(1 + δ) + η with |δ| ≤ u = 2⁻⁵³,
|η| ≤ 2⁻¹⁰⁷⁵ (η only for products in the subnormal range, δη = 0), and its consequence
for sums and dot products of length k in *any* order, Higham Lemma 3.1 / eq. (3.5):

    |fl(Σ a_i b_i) − Σ a_i b_i| ≤ γ_k Σ |a_i b_i| (+ k·2⁻¹⁰⁷⁵),   γ_k = k u / (1 − k u).

The results are *bounds*, not estimates: a caller may reject something on them.

:func:`inflate` turns a float-computed non-negative quantity into an upper bound of its
exact value; :func:`verified_solve` encloses the solutions of a batch of square systems
with uncertain data (the a-posteriori bound below); :func:`to_float` converts exact
rationals with a recorded error.

**Verified solve** (the classical a-posteriori bound, e.g. Rump, *Verification methods*,
Acta Numerica 19 (2010), Thm 10.2 with the identity below): let R be any matrix (here a
float approximate inverse of M̂) and x̂ any vector. For every M, b with |M − M̂| ≤ dM and
|b − b̂| ≤ db (entrywise), if α ≥ ‖I − RM‖∞ and α < 1 then RM is non-singular (Neumann
series), hence so is M, and x = M⁻¹b satisfies

    x − x̂ = (RM)⁻¹ R (b − M x̂),   so   ‖x − x̂‖∞ ≤ ‖ |R| ρ ‖∞ / (1 − α),

for any ρ ≥ |b − M x̂|. Both α and ρ are bounded from computed quantities:
|I − RM| ≤ |I − fl(RM̂)| + γ_s |R||M̂| + |R| dM and
|b − Mx̂| ≤ |fl(b̂ − M̂x̂)| + γ_{s+1}(|b̂| + |M̂||x̂|) + db + dM |x̂|.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

__all__ = ["U", "ETA", "gamma", "inflate", "to_float", "verified_solve"]

#: Unit roundoff of binary64 with round-to-nearest.
U = 2.0 ** -53
#: Absolute slack added once per bound: covers the underflow terms η of any computation
#: here (each ≤ 2⁻¹⁰⁷⁵, far fewer than 2⁷⁰ of them per bound) and is itself a normal float.
ETA = 2.0 ** -1000


def gamma(k: int) -> float:
    """An upper bound of γ_k = k u / (1 − k u) (Higham eq. (3.8)), valid for k u ≤ 0.009:
    there 1/(1 − k u) < 1.01, and the two roundings of ``1.01 * k * U`` cost < 3u relative."""
    if k * U > 0.009:
        raise ValueError("gamma: k too large for the static bound")
    return 1.01 * k * U


def inflate(q, k: int):
    """Upper bound of a non-negative quantity q whose float value q̂ was computed from exact
    non-negative terms with at most k roundings along any path: q̂ ≥ (1 − γ_k) q
    (every term carries its own factor 1 + θ, |θ| ≤ γ_k, Higham Lemma 3.1), so
    q ≤ q̂ / (1 − γ_k) ≤ q̂ · (1 + 3(k+2)u)(1 − u) ≤ fl(q̂ · fl(1 + 4(k+2)u))."""
    return q * (1.0 + 4 * (k + 2) * U)


def to_float(values, shape=None) -> tuple[np.ndarray, np.ndarray]:
    """Correctly rounded binary64 values of exact rationals (``float`` of an int / Fraction
    is correctly rounded in CPython) and their error bound u|v̂| + ETA (subnormals included).
    Raises OverflowError beyond the float range (callers then skip the float step)."""
    v = np.array([float(Fraction(x)) for x in values], dtype=float)
    if shape is not None:
        v = v.reshape(shape)
    if not np.isfinite(v).all():
        raise OverflowError("value outside the binary64 range")
    return v, U * np.abs(v) + ETA


def _batched_inverse(M: np.ndarray) -> np.ndarray:
    """Float approximate inverses; singular or non-finite matrices get the identity (any R
    is allowed by the bound: a bad R only makes α ≥ 1, i.e. undecided)."""
    s = M.shape[-1]
    with np.errstate(all="ignore"):
        det = np.linalg.det(M) if len(M) else np.zeros(0)
        ok = np.isfinite(det) & (det != 0) & np.isfinite(M).all(axis=(1, 2))
        safe = np.where(ok[:, None, None], M, np.eye(s))
        try:
            return np.linalg.inv(safe)
        except np.linalg.LinAlgError:  # det ≠ 0 in floats, yet LAPACK found an exact zero pivot
            out = np.broadcast_to(np.eye(s), safe.shape).copy()
            for i, A in enumerate(safe):
                try:
                    out[i] = np.linalg.inv(A)
                except np.linalg.LinAlgError:
                    pass
            return out


def verified_solve(M: np.ndarray, b: np.ndarray, dM=0.0, db=0.0) -> tuple[np.ndarray, np.ndarray]:
    """Enclose the solutions of N square systems with uncertain data.

    ``M``: N×s×s, ``b``: N×s (float centres); ``dM``, ``db``: entrywise error bounds of the
    true data (broadcastable; 0 when exact). Returns (x̂, rad), x̂: N×s, rad: N, such that
    for every true system (|M − M̂| ≤ dM, |b − b̂| ≤ db) with rad[i] finite, M is
    non-singular and ‖M⁻¹b − x̂‖∞ ≤ rad[i] (module docstring); rad = ∞ when undecided
    (α ≥ 1/2, non-finite values). Cost O(N s³), all numpy.
    """
    N, s = b.shape
    if N == 0:
        return np.zeros((0, s)), np.zeros(0)
    eye = np.eye(s)
    with np.errstate(all="ignore"):
        R = _batched_inverse(M)
        x = np.einsum("nij,nj->ni", R, b)
        absR, absM = np.abs(R), np.abs(M)
        dM = np.broadcast_to(dM, M.shape)
        db = np.broadcast_to(db, b.shape)
        # α ≥ ‖I − RM‖∞: |I − fl(RM̂)| (one more rounding) + γ_s|R||M̂| + |R| dM
        C = np.abs(eye - R @ M)
        alpha_rows = C + gamma(s + 1) * (absR @ absM) + absR @ dM + ETA
        alpha = inflate(alpha_rows.sum(axis=2).max(axis=1), 2 * s + 4)
        # ρ ≥ |b − Mx̂|
        r = np.abs(b - np.einsum("nij,nj->ni", M, x))
        ax = np.abs(x)
        rho = r + gamma(s + 2) * (np.abs(b) + np.einsum("nij,nj->ni", absM, ax)) + db \
            + np.einsum("nij,nj->ni", dM, ax) + ETA
        num = inflate(np.einsum("nij,nj->ni", absR, inflate(rho, 2 * s + 6)).max(axis=1), s + 2)
        den = 1.0 - alpha            # ≤ (1 − α)(1 + u): one rounding, plus one for the division
        rad = inflate(num / den, 2)
        ok = (alpha < 0.5) & np.isfinite(rad) & np.isfinite(x).all(axis=1)
    return x, np.where(ok, rad, np.inf)
