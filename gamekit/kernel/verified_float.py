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

__all__ = ["U", "ETA", "gamma", "inflate", "to_float", "verified_solve", "signed_cofactors", "box_from_cofactors"]

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
        finite = np.isfinite(M).all(axis=(1, 2))
        safe = M if finite.all() else np.where(finite[:, None, None], M, np.eye(s))
        try:
            return np.linalg.inv(safe)
        except np.linalg.LinAlgError:  # some singular in floats: replace them, then one at a time
            det = np.linalg.det(safe)
            safe = np.where(((det != 0) & np.isfinite(det))[:, None, None], safe, np.eye(s))
        try:
            return np.linalg.inv(safe)
        except np.linalg.LinAlgError:
            out = np.broadcast_to(np.eye(s), safe.shape).copy()
            for i, A in enumerate(safe):
                try:
                    out[i] = np.linalg.inv(A)
                except np.linalg.LinAlgError:
                    pass
            return out


def _mv(A: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Batched matrix–vector product."""
    return (A @ v[..., None])[..., 0]


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
        x = _mv(R, b)
        absR, absM = np.abs(R), np.abs(M)
        dM = np.broadcast_to(dM, M.shape)
        db = np.broadcast_to(db, b.shape)
        # α ≥ ‖I − RM‖∞: |I − fl(RM̂)| (one more rounding) + γ_s|R||M̂| + |R| dM
        C = np.abs(eye - R @ M)
        alpha_rows = C + gamma(s + 1) * (absR @ absM) + absR @ dM + ETA
        alpha = inflate(alpha_rows.sum(axis=2).max(axis=1), 2 * s + 4)
        # ρ ≥ |b − Mx̂|
        r = np.abs(b - _mv(M, x))
        ax = np.abs(x)
        rho = r + gamma(s + 2) * (np.abs(b) + _mv(absM, ax)) + db + _mv(dM, ax) + ETA
        num = inflate(_mv(absR, inflate(rho, 2 * s + 6)).max(axis=1), s + 2)
        den = 1.0 - alpha            # ≤ (1 − α)(1 + u): one rounding, plus one for the division
        rad = inflate(num / den, 2)
        ok = (alpha < 0.5) & np.isfinite(rad) & np.isfinite(x).all(axis=1)
    return x, np.where(ok, rad, np.inf)


def _laplace_levels(F: np.ndarray):
    """All maximal minors of the first r rows, r = 1…k, by Laplace expansion along row r:
    D[C] = Σ_t (−1)^{r−1+t} F[r−1, C_t] D[C ∖ C_t] and the same with |·| and + (P[C], the
    permanent of |F| on those rows and columns). Keys: sorted column tuples."""
    k, s = F.shape[1], F.shape[2]
    D: dict[tuple[int, ...], np.ndarray] = {(j,): F[:, 0, j] for j in range(s)}
    P: dict[tuple[int, ...], np.ndarray] = {(j,): np.abs(F[:, 0, j]) for j in range(s)}
    A = np.abs(F)
    from itertools import combinations

    for r in range(2, k + 1):
        D2: dict[tuple[int, ...], np.ndarray] = {}
        P2: dict[tuple[int, ...], np.ndarray] = {}
        for C in combinations(range(s), r):
            d = p = None
            for t, j in enumerate(C):
                sub = C[:t] + C[t + 1:]
                term = F[:, r - 1, j] * D[sub]
                d = (term if (r - 1 + t) % 2 == 0 else -term) if d is None else \
                    (d + term if (r - 1 + t) % 2 == 0 else d - term)
                pt = A[:, r - 1, j] * P[sub]
                p = pt if p is None else p + pt
            assert d is not None and p is not None  # C has r >= 2 elements: the loop ran
            D2[C], P2[C] = d, p
        D, P = D2, P2
    return D, P


#: From this many columns on, ``compiled=True`` runs the expansion with numba.
COMPILED_FROM = 4


def _cofactors_and_permanents(F: np.ndarray, compiled: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """c_d = (−1)^d det(F without column d) and p_d = per(|F| without column d), by the
    same Laplace recursion in numpy or (``compiled`` and s ≥ ``COMPILED_FROM``) numba."""
    s = F.shape[2]
    if compiled and s >= COMPILED_FROM and len(F):
        try:
            from gamekit.kernel.cofactor_kernels import laplace_cofactors
        except ImportError:  # pragma: no cover - numba is a dependency
            pass
        else:
            return laplace_cofactors(np.ascontiguousarray(F))
    D, P = _laplace_levels(F)
    c = np.stack([D[tuple(j for j in range(s) if j != d)] * (1 if d % 2 == 0 else -1)
                  for d in range(s)], axis=1)
    p = np.stack([P[tuple(j for j in range(s) if j != d)] for d in range(s)], axis=1)
    return c, p


def signed_cofactors(F: np.ndarray, exact_data: bool, row_norms=None, compiled: bool = False
                     ) -> tuple[np.ndarray, np.ndarray]:
    """The generalized cross product of k = s−1 rows, c_d = (−1)^d det(F without column d)
    (so F c = 0, and x = c / Σc solves F x = 0, Σx = 1), with rigorous error bounds.

    ``F``: N×k×s floats. If ``exact_data``, F̂ holds the true (integer) entries exactly;
    otherwise every true entry is within u|F̂| + ETA of F̂. Returns (ĉ, β): |c_d − ĉ_d| ≤ β_d.

    Bound (static filter, cf. Shewchuk 1997): evaluating a k×k determinant by Laplace
    expansion along the last row, with exact data, has error ≤ γ_{δ_k} per(|F|), δ_1 = 0,
    δ_k = δ_{k−1} + k (induction: a product adds one rounding, the sum of k terms k − 1,
    and γ_a + γ_b + γ_aγ_b ≤ γ_{a+b}, Higham Lemma 3.3; |det| ≤ per(|F|)). Inexact data
    perturb each product of k entries by a factor (1 + θ_k): γ_{δ_k + k} (plus a tiny
    absolute term for subnormals). With integer data and Π_r ‖F_r‖₁ < 2⁵³ (``row_norms``:
    N×k, the rows' 1-norms), every intermediate value is an integer of magnitude below
    2⁵³, so the evaluation is exact and β = 0 (certified zeros). ``compiled``: run the
    expansion with numba (:mod:`gamekit.kernel.cofactor_kernels`, same operations in the
    same order; worth its import only for large batches).
    """
    k = F.shape[1]
    with np.errstate(all="ignore"):
        c, p = _cofactors_and_permanents(F, compiled)
        delta = k * (k + 1) // 2 - 1
        g = gamma(delta) if exact_data else gamma(delta + k)
        beta = inflate(g * p + (0.0 if exact_data else 2.0 ** -900), delta + 2)
        if exact_data and row_norms is not None:
            small = np.prod(row_norms, axis=1) < 2.0 ** 52
            beta = np.where(small[:, None], 0.0, beta)
        beta = np.where(np.isfinite(beta) & np.isfinite(c), beta, np.inf)
    return c, beta


def box_from_cofactors(c: np.ndarray, beta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x̂ and r with ‖x − x̂‖∞ ≤ r for x = c / Σc, c all of one strict sign (|c_d − ĉ_d| ≤ β_d,
    ĉ_d of that sign beyond β_d); r = ∞ when not decided.

    With c > 0 (else negate, exactly), σ = Σc, σ̂ = fl(Σĉ): |σ − σ̂| ≤ Δ = Σβ + γ_s Σĉ,
    σ ≥ σ_lo = σ̂ − Δ > 0, and |x_d − ĉ_d/σ̂| ≤ β_d/σ + ĉ_d Δ/(σ σ̂) ≤ (β_d + 1.01 Δ)/σ_lo
    (ĉ_d ≤ σ̂(1 + γ_s)); the final division adds u·x̂_d ≤ 1.01u.
    """
    s = c.shape[1]
    with np.errstate(all="ignore"):
        sign = np.where(c[:, :1] < 0, -1.0, 1.0)
        cc = c * sign
        sig = cc.sum(axis=1)
        delta = inflate(beta.sum(axis=1) + gamma(s + 1) * sig, 2 * s + 4)
        lo = (sig - delta) * (1.0 - 4 * U)      # ≤ σ̂ − Δ despite two roundings
        x = cc / sig[:, None]
        rad = inflate((beta.max(axis=1) + 1.01 * delta) / lo + 2.02 * U, 6)
        ok = (lo > 0) & np.isfinite(rad)
    return x, np.where(ok, rad, np.inf)
