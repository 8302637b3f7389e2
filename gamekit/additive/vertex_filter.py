"""Certified float search step of the m-row solver: discard arrangement-vertex candidates
that provably carry no equilibrium, in vectorized float64 with rigorous error bounds.

A candidate of the S-face (:mod:`gamekit.additive.many_rows`) is a set of |S|−1 distinct
cutting hyperplanes, i.e. the square system

    M x = e_s,   rows 1…s−1: the primitive integer forms (restricted to S), row s: Σ x = 1.

Two tests, each a *proof* or no decision (never a heuristic margin):

1. **x in the open face.** x = c / Σc, c the generalized cross product of the chosen
   forms; for s ≤ ``COFACTORS_UP_TO`` its entries come with static error bounds, or
   exactly for small integers (:func:`gamekit.kernel.verified_float.signed_cofactors`):
   two certified opposite signs or a certified zero drop the candidate, one certified
   strict sign keeps it with a box x̂ ± r. For larger s with forms beyond 2⁵³,
   :func:`gamekit.kernel.verified_float.verified_solve` encloses x = M⁻¹e_s in a box
   (and proves M non-singular): dropped iff some x̂_i < −r, kept iff every x̂_i > r.
   Otherwise (x on the face's boundary, singular or ill-conditioned M) the candidate goes
   to the exact stage.
2. **Y(x) = ∅** (generic candidates only). When each chosen hyperplane carries a single
   information set, no set vanishes on the whole face, and every other form g_l(x) has a
   certified sign (|ĝ_l| > its bound), then K(x) is exactly the s−1 chosen sets, the face
   F(x) is known, and player I's indifference E y_K = e is a square system with exactly
   known data up to recorded conversion/rounding errors. If it is provably non-singular,
   Y(x) ⊆ {its unique solution y}; the candidate is dropped iff that y provably leaves
   [0,1] or some unused row w provably does better (a_w(y) − a_{u₀}(y) > its bound).
   With exact c and small integer tables (:func:`y_filter_exact`) all of this is exact
   integer arithmetic carried in float64 (magnitudes checked below 2⁵³).

Every bound is derived in ``docs/many-rows.md`` ("Why the float step is safe") from
Higham's model (:mod:`gamekit.kernel.verified_float`); numpy and the tables here are only
ever used to *discard*; every survivor is recomputed exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, combinations, islice

import numpy as np

from gamekit.additive.game import AdditiveGame
from gamekit.additive.y_faces import IntTables
from gamekit.kernel.verified_float import (
    ETA,
    U,
    box_from_cofactors,
    gamma,
    inflate,
    signed_cofactors,
    to_float,
    verified_solve,
)

__all__ = ["form_matrix", "candidate_blocks", "FloatTables", "ExactTables", "exact_tables", "float_tables",
           "FaceTables", "face_tables", "y_filter", "y_filter_exact", "use_compiled"]

#: Candidates per numpy batch.
CHUNK = 25_000
#: Work (candidates of a face × 2ˢ for test 1, × cutting sets for test 2) from which the
#: numba loops pay for loading the compiled kernels into the process.
COMPILED_WORK = 50_000_000


def use_compiled(work: int) -> bool:
    """True when the compiled loops should run: from :data:`COMPILED_WORK` on (a function
    of the work only, not of what the process has imported)."""
    return work >= COMPILED_WORK
#: Largest face size s solved by cofactors (cost O(s·2ˢ)) when the forms exceed 2⁵³;
#: beyond, verified solves (O(s³)). Forms below 2⁵³ always use (compiled) cofactors.
COFACTORS_UP_TO = 6


def form_matrix(ints: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The integer forms as float rows scaled by exact powers of two (max entry in [½, 1]:
    scaling a row of M x = e_s with right-hand side 0 leaves x unchanged), correctly
    rounded (int / int is correctly rounded in CPython, even for huge ints), with their
    error bound u|v̂| + ETA."""
    rows = []
    for f in ints:
        e = max(abs(v) for v in f).bit_length()
        rows.append([v / (1 << e) for v in f])
    F = np.array(rows, dtype=float).reshape(len(ints), -1)
    return F, U * np.abs(F) + ETA


def _combos(H: int, k: int):
    """All k-subsets of range(H), lexicographic, as int arrays of at most CHUNK rows
    (numpy-built for k ≤ 3: the pairs j < l from one upper-triangle index list, whose
    rows j > i form a contiguous suffix; itertools beyond)."""
    if k > 3 or k < 1:
        flat = chain.from_iterable(combinations(range(H), k))
        while True:
            idx = np.fromiter(islice(flat, CHUNK * k), dtype=np.int64).reshape(-1, k)
            if not len(idx):
                return
            yield idx
        return
    blocks: Iterable[np.ndarray]
    if k == 1:
        blocks = (np.arange(H, dtype=np.int64)[:, None],)
    elif k == 2:
        blocks = (np.stack([np.full(H - 1 - i, i), np.arange(i + 1, H)], axis=1) for i in range(H - 1))
    else:
        J, L = np.triu_indices(H, 1)
        pairs = np.stack([J, L], axis=1).astype(np.int64)
        off = [j * H - j * (j + 1) // 2 for j in range(H + 1)]
        blocks = (np.concatenate([np.full((len(pairs) - off[i + 1], 1), i), pairs[off[i + 1]:]], axis=1)
                  for i in range(H - 2))
    buf, size = [], 0
    for b in blocks:
        buf.append(b)
        size += len(b)
        if size >= CHUNK:
            whole = np.concatenate(buf)
            for a in range(0, len(whole), CHUNK):
                yield whole[a:a + CHUNK]
            buf, size = [], 0
    if size:
        yield np.concatenate(buf)


def candidate_blocks(ints: list[list[int]], s: int, compiled: bool | None = None):
    """Yield (idx, x̂, r, c): idx an array of candidates (rows = s−1 hyperplane indices)
    inside the open face with ‖x − x̂‖∞ ≤ r, and when known exactly also x = c / Σc (c > 0
    integers held exactly in floats; else c = None) — or all None for the undecided ones.
    Candidates proved outside the open face are not yielded (test 1 of the module
    docstring).

    x ∝ c, the generalized cross product of the chosen forms
    (:func:`gamekit.kernel.verified_float.signed_cofactors`, static error bounds; exact
    when the integers are small): x > 0 on S iff all c_d have one strict sign; some
    c_d, c_e of opposite certified signs, or a certified c_d = 0, prove x outside.
    ``compiled``: numba loops (True), numpy (False), or by the work (None: :func:`use_compiled`).
    """
    exact = max(abs(v) for f in ints for v in f).bit_length() <= 53
    if s > COFACTORS_UP_TO and not exact:
        yield from _solve_blocks(ints, s)
        return
    if exact:
        F = np.array(ints, dtype=float).reshape(len(ints), s)
        norms = np.array([float(sum(abs(v) for v in f)) for f in ints])
    else:
        F, _ = form_matrix(ints)
    if compiled is None:
        compiled = use_compiled(math.comb(len(ints), s - 1) << s)
    for idx in _combos(len(ints), s - 1):
        c, beta = signed_cofactors(F[idx], exact, norms[idx] if exact else None, compiled)
        pos, neg = c > beta, c < -beta
        inside = pos.all(axis=1) | neg.all(axis=1)
        outside = (pos.any(axis=1) & neg.any(axis=1)) | ((beta == 0) & (c == 0)).any(axis=1)
        exact_c = inside & (beta == 0).all(axis=1)
        if exact_c.any():
            cc = c[exact_c]
            x, rad = box_from_cofactors(cc, beta[exact_c])
            yield idx[exact_c], x, rad, cc * np.where(cc[:, :1] < 0, -1.0, 1.0)
        inside &= ~exact_c
        if inside.any():
            x, rad = box_from_cofactors(c[inside], beta[inside])
            yield idx[inside], x, rad, None
        rest = ~inside & ~outside & ~exact_c
        if rest.any():
            yield idx[rest], None, None, None


def _solve_blocks(ints: list[list[int]], s: int):
    """:func:`candidate_blocks` for large s: the box from ``verified_solve`` of M x = e_s
    (O(s³) per candidate instead of the O(s·2ˢ) cofactor expansion)."""
    F, dF = form_matrix(ints)
    for idx in _combos(len(ints), s - 1):
        N = len(idx)
        M = np.empty((N, s, s))
        M[:, : s - 1, :] = F[idx]
        M[:, s - 1, :] = 1.0
        dM = np.zeros((N, s, s))
        dM[:, : s - 1, :] = dF[idx]
        b = np.zeros((N, s))
        b[:, s - 1] = 1.0
        x, rad = verified_solve(M, b, dM)
        inside = (x > rad[:, None]).all(axis=1)
        outside = (x < -rad[:, None]).any(axis=1)
        if inside.any():
            yield idx[inside], x[inside], rad[inside], None
        rest = ~inside & ~outside
        if rest.any():
            yield idx[rest], None, None, None


@dataclass(frozen=True)
class FloatTables:
    """The game's tables as floats with entrywise error bounds: ``G`` n×m (G_u(l)),
    ``A`` m×n (A_u(l)), ``c`` m (a_const(u)); ``dG``, ``dA``, ``dc`` the bounds."""

    G: np.ndarray
    dG: np.ndarray
    A: np.ndarray
    dA: np.ndarray
    c: np.ndarray
    dc: np.ndarray
    exact: ExactTables | None = None


@dataclass(frozen=True)
class ExactTables:
    """The integer tables (``y_faces.IntTables``: G n×m, A m×n, a0 m, over common
    denominators) as floats, used only when every sum below stays under 2⁵² in magnitude
    (then float arithmetic on them is exact integer arithmetic). ``BG`` = max|G|,
    ``BA`` = max|A|, ``Bc`` = max_u |a0_u| + Σ_l |A_u(l)|."""

    G: np.ndarray
    A: np.ndarray
    a0: np.ndarray
    BG: float
    BA: float
    Bc: float


def exact_tables(it: IntTables) -> ExactTables | None:
    """:class:`ExactTables`, or None when the integers are too large (Bc ≥ 2⁵⁰ or BG ≥ 2⁵⁰)."""
    m = len(it.a0)
    BG = max((abs(v) for row in it.G for v in row), default=0)
    BA = max((abs(v) for row in it.A for v in row), default=0)
    Bc = max(abs(it.a0[u]) + sum(abs(v) for v in it.A[u]) for u in range(m))
    if max(BG, BA, Bc).bit_length() > 50:
        return None
    n = len(it.G)
    return ExactTables(np.array(it.G, dtype=float).reshape(n, m), np.array(it.A, dtype=float).reshape(m, n),
                       np.array(it.a0, dtype=float), float(BG), float(BA), float(Bc))


def float_tables(game: AdditiveGame, it: IntTables | None = None) -> FloatTables | None:
    """:class:`FloatTables` of ``game`` (with :class:`ExactTables` from ``it`` when given and
    small enough), or None when a value leaves the float range."""
    m, n = game.m, game.n
    try:
        G, dG = to_float([game.b_gains(u)[l] for l in range(n) for u in range(m)], (n, m))
        A, dA = to_float([v for u in range(m) for v in game.a_gains(u)], (m, n))
        c, dc = to_float([game.a_const(u) for u in range(m)])
    except OverflowError:
        return None
    return FloatTables(G, dG, A, dA, c, dc, exact_tables(it) if it is not None else None)


def _signs(t: FloatTables, S: list[int], X: np.ndarray, rad: np.ndarray):
    """Certified signs of g_l(x) = Σ_{u∈S} x_u G_u(l) for ‖x − x̂‖∞ ≤ r:
    |g_l(x) − fl(ĝ_l)| ≤ r Σ_u (|Ĝ_u(l)| + dG) + Σ_u |x̂_u| (dG + γ_s |Ĝ_u(l)|)."""
    GS, dGS = t.G[:, S], t.dG[:, S]
    g = X @ GS.T
    s = len(S)
    err = rad[:, None] * (np.abs(GS) + dGS).sum(axis=1)[None, :] \
        + np.abs(X) @ (dGS + gamma(s + 1) * np.abs(GS)).T + ETA
    err = inflate(err, 2 * s + 6)
    return g > err, g < -err


def _best_rows(t: FloatTables, ones: np.ndarray):
    """c_u = a_const(u) + Σ_{l: g_l > 0} A_u(l) per candidate, with its error bound."""
    n = t.A.shape[1]
    c = t.c[None, :] + ones @ t.A.T
    dc = t.dc[None, :] + ones @ t.dA.T + gamma(n + 2) * (np.abs(t.c)[None, :] + ones @ np.abs(t.A).T) + ETA
    return c, inflate(dc, 2 * n + 6)


def _diff(a, da, b, db):
    """fl(a − b) and a bound on |(a ± da) − (b ± db) − fl(a − b)|."""
    d = a - b
    return d, inflate(da + db + 2 * U * np.abs(d), 3)


def y_filter(t: FloatTables, S: list[int], K: np.ndarray, X: np.ndarray, rad: np.ndarray) -> np.ndarray:
    """Keep-mask over candidates: False only when Y(x) = ∅ is proved (test 2 of the module
    docstring). ``K``: N×(s−1) information sets of the chosen hyperplanes (−1 where a
    hyperplane carries several sets: not generic); ``X``, ``rad``: the boxes of test 1."""
    N = len(X)
    keep = np.ones(N, dtype=bool)
    with np.errstate(all="ignore"):
        pos, neg = _signs(t, S, X, rad)
        rows = np.arange(N)[:, None]
        Kc = np.where(K < 0, 0, K)
        pos[rows, Kc] = False
        neg[rows, Kc] = True            # tied sets: known exactly (g = 0), mark as decided
        generic = (K >= 0).all(axis=1) & (pos | neg).all(axis=1)
        sel = np.nonzero(generic)[0]
        if not len(sel):
            return keep
        Kg = K[sel]
        c, dc = _best_rows(t, pos[sel].astype(float))
        u0, rest = S[0], S[1:]
        AK, dAK = t.A.T[Kg], t.dA.T[Kg]   # N'×(s−1)×m
        E, dE = _diff(np.transpose(AK[:, :, rest], (0, 2, 1)), np.transpose(dAK[:, :, rest], (0, 2, 1)),
                      AK[:, None, :, u0], dAK[:, None, :, u0])
        e, de = _diff(c[:, [u0]], dc[:, [u0]], c[:, rest], dc[:, rest])
        y, ry = verified_solve(E, e, dE, de)
        bad = (y < -ry[:, None]).any(axis=1) | ((y - 1.0) > inflate(ry, 2)[:, None]).any(axis=1)
        out = [w for w in range(t.A.shape[0]) if w not in S]
        if out:
            bad |= _unused_rows_better(c, dc, AK, dAK, u0, out, y, ry)
        keep[sel[bad]] = False
    return keep


def _unused_rows_better(c, dc, AK, dAK, u0: int, out: list[int], y, ry) -> np.ndarray:
    """Per candidate: some unused row w provably beats u₀ at the unique y, i.e.
    D_w = (c_w − c_{u₀}) + Σ_j (A_w − A_{u₀})(K_j) y_j > 0 with
    |D_w − D̂_w| ≤ δc + Σ_j δa_j (|ŷ_j| + r) + r Σ_j |â_j| + γ_s (|d̂| + Σ_j |â_j ŷ_j|)."""
    s1 = y.shape[1]
    dd, ddd = _diff(c[:, out], dc[:, out], c[:, [u0]], dc[:, [u0]])          # N'×|out|
    a, da = _diff(AK[:, :, out], dAK[:, :, out], AK[:, :, [u0]], dAK[:, :, [u0]])  # N'×(s−1)×|out|
    D = dd + np.einsum("njw,nj->nw", a, y)
    ay, r = np.abs(y) + ry[:, None], ry[:, None]
    err = ddd + np.einsum("njw,nj->nw", da, ay) + r * np.abs(a).sum(axis=1) \
        + gamma(s1 + 2) * (np.abs(dd) + np.einsum("njw,nj->nw", np.abs(a), np.abs(y))) + ETA
    err = inflate(err, 2 * s1 + 8)
    return (D > err).any(axis=1)



_EXACT = 2.0 ** 52  # a float sum/product of integers below this (in float) is below 2⁵³: exact


@dataclass(frozen=True)
class FaceTables:
    """:class:`ExactTables` restricted to one S-face: the cutting sets ``cut`` (both signs
    on S) with their forms ``GS`` (|cut|×s) and A columns ``Acut`` (m×|cut|); ``base``:
    a0_u + Σ A_u(l) over the sets positive on the whole open face (constant there)."""

    cut: np.ndarray
    GS: np.ndarray
    Acut: np.ndarray
    base: np.ndarray

    @property
    def AT(self) -> np.ndarray:
        """``Acut`` transposed, contiguous (|cut|×m)."""
        return np.ascontiguousarray(self.Acut.T)


def face_tables(t: ExactTables, S: list[int]) -> FaceTables | None:
    """:class:`FaceTables`, or None when some set's form vanishes on the whole face (then
    |K(x)| > |S| − 1 everywhere: never generic)."""
    GS = t.G[:, S]
    hi, lo = GS.max(axis=1), GS.min(axis=1)
    if ((hi == 0) & (lo == 0)).any():
        return None
    cut = np.nonzero((hi > 0) & (lo < 0))[0]
    pos = (lo >= 0) & (hi > 0)
    return FaceTables(cut, np.ascontiguousarray(GS[cut]), t.A[:, cut], t.a0 + t.A[:, pos].sum(axis=1))


def _zeros_and_payoffs(C: np.ndarray, f: FaceTables, compiled: bool = False):
    """Per candidate: how many cutting sets vanish at x ∝ c, and c_u = base_u + Σ_{g_l>0} A_u(l)
    (numba loop when ``compiled``, else numpy; the same exact integer results)."""
    if compiled:
        try:
            from gamekit.additive.vertex_kernels import zeros_and_payoffs
        except ImportError:  # pragma: no cover - numba is a dependency
            pass
        else:
            return zeros_and_payoffs(np.ascontiguousarray(C), f.GS, f.AT, f.base)
    g = C @ f.GS.T
    return np.count_nonzero(g == 0, axis=1), f.base[None, :] + (g > 0).astype(float) @ f.Acut.T


def y_filter_exact(t: ExactTables, f: FaceTables, S: list[int], C: np.ndarray, K: np.ndarray,
                   compiled: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Test 2 in exact integer arithmetic carried by floats, for x = c / Σc with c > 0
    integer (N×s) and ``K`` the sets of the chosen hyperplanes (N×(s−1), −1 where one
    carries several): (keep, tried) masks; keep is False only when Y(x) = ∅ is proved;
    ``tried`` is False where the signs g_l(x) could not be computed exactly (Σc·BG ≥ 2⁵²:
    the caller may try the bounded :func:`y_filter` there).

    Every quantity is an integer whose magnitude is checked to stay below 2⁵³ before it is
    used (then each float operation is exact): sign g_l(x) = sign Σ_u c_u G_u(l) (bound
    Σc·BG) on the cutting sets (the others have a constant sign on the open face, folded
    into ``f.base``); generic iff exactly s − 1 of them vanish (then they are K);
    c_u = base_u + Σ_{g_l>0} A_u(l) (bound Bc); player I's indifference E y = e is solved
    by the cofactors w of [E | −e]
    (y = w_{<s−1} / w_{s−1}, exact by :func:`signed_cofactors`' small-integer rule), and
    after making d = w_{s−1} > 0: y ∉ [0,1] iff some w_j < 0 or w_j > d; if d = det E = 0
    while some w_j ≠ 0, [E | e] has rank s − 1 > rank E: no solution at all; row w beats u₀
    iff d·(c_w − c_{u₀}) + Σ_j (A_w − A_{u₀})(K_j) w_j > 0 (bound 2Bc·d + 2BA·Σ|w_j|).
    """
    N, s = C.shape
    keep = np.ones(N, dtype=bool)
    with np.errstate(all="ignore"):
        ok = C.sum(axis=1) * t.BG < _EXACT
        nz, cc = _zeros_and_payoffs(C, f, compiled)
        sel = np.nonzero(ok & (nz == s - 1) & (K >= 0).all(axis=1))[0]
        if not len(sel):
            return keep, ok
        K, cc = K[sel], cc[sel]
        u0, rest = S[0], S[1:]
        AK = t.A.T[K]                                                    # N'×(s−1)×m
        W = np.empty((len(sel), s - 1, s))
        W[:, :, : s - 1] = np.transpose(AK[:, :, rest], (0, 2, 1)) - AK[:, None, :, u0]
        W[:, :, s - 1] = cc[:, rest] - cc[:, [u0]]                       # −e
        w, beta = signed_cofactors(W, True, np.abs(W).sum(axis=2), compiled)
        d = w[:, s - 1]
        exact = (beta == 0).all(axis=1)
        decided = exact & (d != 0)
        w = w * np.where(d < 0, -1.0, 1.0)[:, None]
        d, wy = np.abs(d), w[:, : s - 1]
        bad = decided & ((wy < 0).any(axis=1) | (wy > d[:, None]).any(axis=1))
        bad |= exact & (d == 0) & (wy != 0).any(axis=1)   # rank E < rank [E | e]: no solution
        out = [v for v in range(t.A.shape[0]) if v not in S]
        if out:
            a = AK[:, :, out] - AK[:, :, [u0]]                           # N'×(s−1)×|out|
            D = d[:, None] * (cc[:, out] - cc[:, [u0]]) + np.einsum("njw,nj->nw", a, wy)
            small = 2 * t.Bc * d + 2 * t.BA * np.abs(wy).sum(axis=1) < _EXACT
            bad |= decided & small & (D > 0).any(axis=1)
        keep[sel[bad]] = False
    return keep, ok
