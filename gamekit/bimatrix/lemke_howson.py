"""Lemke–Howson with exact integer pivoting and the lexicographic rule.

The algorithm follows a path of almost completely labeled vertex pairs of P × Q
(labels as in :mod:`gamekit.bimatrix.vertex_enumeration`) from the artificial equilibrium
(0, 0), dropping one label k ∈ {0, …, m+n−1}: the variable with label k enters; the
variable that leaves carries a label which is now duplicate, so its complement in the
other polytope enters next, until the leaving variable has label k (Lemke & Howson 1964;
von Stengel, *Computing equilibria for two-person games*, Handbook of Game Theory 3
(2002), the Lemke–Howson algorithm and integer pivoting). Both systems are kept as
fraction-free dictionaries and the minimum-ratio test is lexicographic, so the method
terminates on degenerate games too; the end point is a lexico-feasible completely
labeled basis, whose basic solution is an extreme equilibrium.

Two strategies (:mod:`gamekit.bimatrix.lh_policy`) follow that path. ``exact`` pivots the
integer dictionaries all the way (:func:`exact_path`). ``float_path`` follows it in
binary64 (:mod:`gamekit.kernel.float_lemke_howson`, compiled). Either way only the final
pair of bases is used, and every end point passes one exact check before it is kept —
:func:`certified_endpoint`: each basis is solved exactly in integers (the basic variables
from the tight constraints), and the pair is accepted only if both basic solutions are
feasible (x ≥ 0, B'ᵀx ≤ 1, y ≥ 0, A'y ≤ 1) and completely labeled (every label i has
x_i = 0 or (A'y)_i = 1, every m + j has y_j = 0 or (B'ᵀx)_j = 1), all in exact integer
arithmetic — then (x/Σx, y/Σy) is an equilibrium, and an extreme one since x and y are
basic solutions (vertices of P and Q). :func:`certified_equilibria` turns the certified
:class:`Endpoint` objects into sealed :class:`~gamekit.core.equilibrium.Equilibrium`
objects (no second check: the first one was the exact Nash condition).

The float path and the check of its end are one compiled call per label
(:func:`gamekit.kernel.lh_endpoint.float_path_end`, whose check is
:func:`gamekit.kernel.lh_endpoint.end_check`: multi-modular exact solve, certificate in
exact multi-word integers with a proved int64 bound) when the supports have at most
:data:`gamekit.kernel.lh_endpoint.MODULAR_MAX_K` strategies and the payoffs are below
about 2³⁰/k; otherwise by FLINT's solver and the byte-limb kernel, or Python integers
for payoffs beyond int64. The exact path's end is checked in Python integers (nothing
compiled for small games). A label whose float path fails (pivot limit, an unbounded
ray, or an end point that fails the exact check) is recomputed by the exact path and
reported as a fallback.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from gamekit.bimatrix.intgame import IntGame, Profile, Sparse, dense, sparse_id, sparse_key
from gamekit.bimatrix.lh_policy import LHConcrete, LHStrategy, choose_lh_strategy
from gamekit.core.certify import seal as _seal
from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.kernel.linalg import solve_int
from gamekit.kernel.pivot import Dictionary

__all__ = ["LemkeHowsonLimit", "LHRun", "Endpoint", "exact_path", "lemke_howson_all", "certified_endpoint",
           "certified_equilibria", "float_matrices", "CERTIFICATE"]

DEFAULT_MAX_ITER = 100_000


class LemkeHowsonLimit(GameError):
    """The path from one label did not end within ``max_iter`` pivots (a user-set bound)."""


def exact_path(ig: IntGame, label: int, max_iter: int = DEFAULT_MAX_ITER) -> tuple[list[int], list[int]]:
    """The final pair of bases of the path from ``label``, by exact integer pivoting.

    Labels 0..m-1 are the rows, m..m+n-1 the columns. Returns the basic variables of P
    (x_i and slacks m + j) and of Q (y_j and slacks n + i), which
    :func:`certified_endpoint` then certifies. Raises :class:`LemkeHowsonLimit` when
    ``max_iter`` pivots do not reach an equilibrium, :class:`CertificationError` on an
    unbounded ray (impossible for the positive payoffs of :class:`IntGame`).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> exact_path(integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])), 0)
    ([0, 3], [0, 3])
    """
    m, n = ig.m, ig.n
    if not 0 <= label < m + n:
        raise GameError(f"Lemke-Howson label must be in 0..{m + n - 1}, got {label}")
    # P: variables x_i (label i) and slacks r_j (label m+j); constraints B'^T x <= 1.
    P = Dictionary([list(col) for col in zip(*ig.B)])
    # Q: variables y_j (local j, label m+j) and slacks s_i (local n+i, label i).
    Q = Dictionary([list(row) for row in ig.A])

    def q_label(v: int) -> int:
        return m + v if v < n else v - n

    def q_var(lab: int) -> int:
        return lab - m if lab >= m else n + lab

    in_p = label < m
    # Dropping a row label i lets x_i enter in P; a column label m+j lets y_j enter in Q.
    cur, entering = (P, label) if in_p else (Q, q_var(label))
    for _ in range(max_iter):
        c = cur.nonbasic.index(entering)
        r = cur.leaving_row(c)
        if r < 0:  # pragma: no cover - bounded polytopes
            raise CertificationError("Lemke-Howson: unbounded ray (payoffs not positive)")
        leaving = cur.basic[r]
        cur.pivot(r, c)
        lab = leaving if cur is P else q_label(leaving)
        if lab == label:
            return sorted(P.basic), sorted(Q.basic)
        if cur is P:
            cur, entering = Q, q_var(lab)
        else:
            cur, entering = P, lab
    raise LemkeHowsonLimit(f"Lemke-Howson from label {label} exceeded max_iter={max_iter} pivots")


class Endpoint(NamedTuple):
    """A certified end of a Lemke–Howson path (made only by :func:`certified_endpoint`).

    ``x = xn / Σ xn`` on the rows ``sx`` and ``y = yn / Σ yn`` on the columns ``sy``
    (positive integers, increasing indices); ``z = xn / dx`` is the vertex of P and
    ``w = yn / dy`` that of Q (lowest terms: equal vertices give equal fields), so
    ``max_j (B'ᵀxn)_j = dx`` and ``max_i (A'yn)_i = dy`` (checked). A named tuple (immutable,
    hashable, cheap to make: one per label).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))  # A' = A + 1, B' = B + 1
    >>> end = certified_endpoint(ig, [0, 3], [0, 3])
    >>> end.sx, end.xn, end.dx, end.sy, end.yn, end.dy   # z = (1/3, 0), w = (1/4, 0)
    ((0,), (1,), 3, (0,), (1,), 4)
    >>> end.payoffs(ig)
    (Fraction(3, 1), Fraction(2, 1))
    """

    sx: tuple[int, ...]
    xn: tuple[int, ...]
    dx: int
    sy: tuple[int, ...]
    yn: tuple[int, ...]
    dy: int

    def profile(self) -> Profile:
        """The equilibrium as sparse probabilities."""
        return _distribution(self.sx, self.xn), _distribution(self.sy, self.yn)

    def payoffs(self, ig: IntGame) -> tuple[Fraction, Fraction]:
        """The payoffs in the original game: player I earns ``dy / Σ yn`` in
        ``A' = La·A + shift_a`` (every row of x's support attains ``max_i (A'yn)_i = dy``),
        player II ``dx / Σ xn`` in B'."""
        sy, sx = sum(self.yn), sum(self.xn)
        return Fraction(self.dy - ig.shift_a * sy, ig.La * sy), Fraction(self.dx - ig.shift_b * sx, ig.Lb * sx)


CERTIFICATE = "exact best response (bimatrix, integer)"
"""How an :class:`Endpoint`'s equilibrium was checked (its seal, :func:`gamekit.core.certify.seal`)."""


def _system(
    G: Sequence[Sequence[int]], G64: Any, d: int, basic: Sequence[int], kernels: bool
) -> tuple[Any, tuple[int, ...], int] | None:
    """``(S, nums, den)``: the basic solution ``z_S = nums / den`` (``z = 0`` off ``S``) of
    the basis ``basic`` of ``{z ≥ 0 : G z ≤ 1}`` (G: one row per constraint, ``d``
    variables, slacks ``d + t``), the tight rows solved exactly
    (:func:`gamekit.kernel.linalg.solve_int`, FLINT). None when ``basic`` is not a basis,
    is singular, or its solution has a negative entry; the other rows are the caller's.
    With ``kernels`` (and int64 ``G64``) the system is cut out by the compiled
    :func:`gamekit.kernel.lh_endpoint.basis_system`, else in Python."""
    if kernels and G64 is not None:
        from gamekit.kernel.lh_endpoint import basis_system

        ok, S, _, M64 = basis_system(G64, np.asarray(basic, dtype=np.int64), d)
        if not ok:
            return None
        M = M64.tolist()
    else:
        rows = len(G)
        if len(basic) != rows or len(set(basic)) != rows or not all(0 <= v < d + rows for v in basic):
            return None
        S = sorted(v for v in basic if v < d)
        slack = {v - d for v in basic if v >= d}
        M = [[G[t][i] for i in S] for t in range(rows) if t not in slack]
    if not len(S):
        return None
    sol = solve_int(M, [1] * len(S))
    if sol is None or any(v < 0 for v in sol[0]):
        return None
    return S, sol[0], sol[1]


def _rows_certified(
    G: Sequence[Sequence[int]], G64: Any, gmax: int, S: Any, nums: Sequence[int], den: int, must: Any, kernels: bool
) -> bool:
    """Exactly: ``Σ_{j∈S} G[i][j]·nums_j ≤ den`` for every row ``i`` and ``= den`` for the
    rows ``must``. Compiled limb arithmetic (:func:`gamekit.kernel.lh_endpoint.rows_certified`,
    whose docstring proves the int64 bound) when ``kernels``, ``G64`` is given and
    ``bitlen(gmax·|S|) ≤ 54``; Python integers otherwise."""
    k = len(nums)
    wb = min(7, (62 - (gmax * k).bit_length()) // 8) if kernels and G64 is not None else 0
    if wb >= 1:
        from gamekit.kernel.lh_endpoint import rows_certified

        bits = max(den.bit_length(), max(v.bit_length() for v in nums))
        L = -(-bits // (8 * wb))
        nb = L * wb
        buf = np.frombuffer(b"".join([v.to_bytes(nb, "little") for v in nums] + [den.to_bytes(nb, "little")]),
                            dtype=np.uint8)
        return bool(rows_certified(G64, S, buf, wb, L, must))
    idx = [int(j) for j in S]
    vals = [sum(map(operator.mul, [row[j] for j in idx], nums)) for row in G]
    return max(vals) <= den and all(vals[i] == den for i in must)


def certified_endpoint(
    ig: IntGame, basic_p: Sequence[int], basic_q: Sequence[int], kernels: bool = False
) -> Endpoint | None:
    """The extreme equilibrium whose bases are ``basic_p`` (of P, variables x_i and slacks
    m + j) and ``basic_q`` (of Q, variables y_j and slacks n + i), checked exactly; None if
    a basis is singular or infeasible or the pair is not completely labeled.

    Each basis is solved exactly (x = a/D on its basic variables, y = b/E); then, in
    integers, (A'b)_i ≤ E on every row with equality where a_i > 0, and (B'ᵀa)_j ≤ D on
    every column with equality where b_j > 0: feasibility in P and Q plus
    complementarity — the exact Nash condition of (a/Σa, b/Σb). With ``kernels`` the int64
    work runs in compiled kernels (:mod:`gamekit.kernel.lh_endpoint`: exact limb
    arithmetic with a proved bound); without, in Python integers (same answer; nothing is
    compiled).

    Parameters
    ----------
    ig : IntGame
        The game in positive integers.
    basic_p, basic_q : sequence of int
        The two bases.
    kernels : bool
        Use the compiled kernels (default False).

    Returns
    -------
    Endpoint or None
        The certified end point, or None when the pair fails the check.

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> certified_endpoint(ig, [0, 3], [0, 3]).profile()  # x = e_0, column 0 tight; y = e_0, row 0 tight
    (((0, Fraction(1, 1)),), ((0, Fraction(1, 1)),))
    >>> certified_endpoint(ig, [0, 1], [0, 3]) is None
    True
    """
    if kernels and ig.arrays is not None:  # the whole check in one compiled call when its sizes allow
        from gamekit.kernel.lh_endpoint import MODULAR_MAX_K, PRIMES, end_check

        A64, Bt64, amax, bmax = ig.arrays
        check = end_check(Bt64, A64, bmax, amax, np.asarray(basic_p, dtype=np.int64),
                          np.asarray(basic_q, dtype=np.int64), PRIMES, MODULAR_MAX_K)
        return _from_check(ig, check, basic_p, basic_q)
    return _checked_elsewise(ig, basic_p, basic_q, kernels)


def _from_check(ig: IntGame, check: tuple[Any, ...], basic_p: Sequence[int], basic_q: Sequence[int]) -> Endpoint | None:
    """The :class:`Endpoint` of the bases ``basic_p``, ``basic_q`` given the answer ``check``
    = ``(status, Sx, Xl, Sy, Yl)`` of :func:`gamekit.kernel.lh_endpoint.end_check` on them:
    the certified point, None when rejected, and when the sizes were beyond that kernel
    (TOO_LARGE) the check by FLINT's solver and the byte-limb kernel."""
    from gamekit.kernel.lh_endpoint import CERTIFIED, REJECTED

    status, Sx, Xl, Sy, Yl = check
    if status == CERTIFIED:
        xn, dx = _from_limbs(Xl)
        yn, dy = _from_limbs(Yl)
        return _endpoint(Sx.tolist(), xn, dx, Sy.tolist(), yn, dy)
    if status == REJECTED:
        return None
    return _checked_elsewise(ig, basic_p, basic_q, True)  # TOO_LARGE: a long support or large entries


def _checked_elsewise(ig: IntGame, basic_p: Sequence[int], basic_q: Sequence[int], kernels: bool) -> Endpoint | None:
    """:func:`certified_endpoint` without :func:`~gamekit.kernel.lh_endpoint.end_check`: each
    basis solved by FLINT (:func:`_system`), the rows compared by the byte-limb kernel when
    ``kernels`` and int64 arrays allow, in Python integers otherwise."""
    arr = ig.arrays
    A64, Bt64, amax, bmax = arr if arr is not None else (None, None, 0, 0)
    A, Bt = ig.A, ig.columns_of_b
    px = _system(Bt, Bt64, ig.m, basic_p, kernels)
    qy = None if px is None else _system(A, A64, ig.n, basic_q, kernels)
    if px is None or qy is None:
        return None
    Sx, xn, dx = px
    Sy, yn, dy = qy
    # Q: A'y ≤ 1 with equality on x's support (labels i); P: B'ᵀx ≤ 1, equality on y's.
    if not _rows_certified(A, A64, amax, Sy, yn, dy, _positive(Sx, xn), kernels):
        return None
    if not _rows_certified(Bt, Bt64, bmax, Sx, xn, dx, _positive(Sy, yn), kernels):
        return None
    return _endpoint([int(i) for i in Sx], xn, dx, [int(j) for j in Sy], yn, dy)


def _endpoint(Sx: list[int], xn: Sequence[int], dx: int, Sy: list[int], yn: Sequence[int], dy: int) -> Endpoint:
    """The :class:`Endpoint`, zero numerators (degenerate basic variables) dropped: the
    same vertex reached through different bases gives the same (equal, hashable) value."""
    if all(xn) and all(yn):
        return Endpoint(tuple(Sx), tuple(xn), dx, tuple(Sy), tuple(yn), dy)
    x = [(i, v) for i, v in zip(Sx, xn) if v]
    y = [(j, v) for j, v in zip(Sy, yn) if v]
    return Endpoint(tuple(i for i, _ in x), tuple(v for _, v in x), dx, tuple(j for j, _ in y),
                    tuple(v for _, v in y), dy)


def _from_limbs(limbs: Any) -> tuple[tuple[int, ...], int]:
    """``(nums, den)`` in lowest terms from the 32-bit limbs of
    :func:`gamekit.kernel.lh_endpoint.end_check` (rows: numerators, then the denominator)."""
    return _from_limb_array(limbs.ravel(), limbs.shape[1])


def _from_limb_array(limbs: Any, L: int) -> tuple[tuple[int, ...], int]:
    """``(nums, den)`` in lowest terms from an int64 array of 32-bit limbs, ``L`` per number
    (least significant first), the numbers one after another: numerators, then the
    denominator.

    Examples
    --------
    >>> _from_limb_array(np.array([6, 0, 0, 1, 2, 0]), 2)   # 6, 2³², 2 → 3, 2³¹, 1
    ((3, 2147483648), 1)
    """
    if L == 1:  # every value below 2³² (short supports, small payoffs)
        vals = limbs.tolist()
    elif L == 2:  # below 2⁶⁴: one unsigned 64-bit value each
        u = limbs.astype(np.uint64)
        vals = (u[0::2] | (u[1::2] << np.uint64(32))).tolist()
    else:
        raw = limbs.astype("<u4").tobytes()
        nb = 4 * L
        vals = [int.from_bytes(raw[i:i + nb], "little") for i in range(0, len(raw), nb)]
    g = math.gcd(*vals)
    if g != 1:
        vals = [v // g for v in vals]
    return tuple(vals[:-1]), vals[-1]


def _positive(S: Any, nums: Sequence[int]) -> Any:
    """The indices of ``S`` whose numerator is positive (``S`` itself when all are)."""
    if all(nums):
        return S
    keep = [i for i, v in zip(S, nums) if v]
    return np.asarray(keep, dtype=np.int64) if isinstance(S, np.ndarray) else keep


def _distribution(S: Sequence[int], nums: Sequence[int]) -> Sparse:
    """``nums / Σ nums`` on the indices ``S`` (increasing), zeros dropped."""
    s = sum(nums)
    return tuple([(i, Fraction(v, s)) for i, v in zip(S, nums) if v])


def _dense(S: Sequence[int], nums: Sequence[int], size: int) -> tuple[Fraction, ...]:
    """``nums / Σ nums`` on the indices ``S``, as a full probability tuple of ``size``
    (= :func:`~gamekit.bimatrix.intgame.dense` of :func:`_distribution`)."""
    s = sum(nums)
    out = [_ZERO] * size
    for i, v in zip(S, nums):
        out[i] = Fraction(v, s)
    return tuple(out)


_ZERO = Fraction(0)


def float_matrices(ig: IntGame) -> tuple[Any, Any]:
    """``(B'ᵀ, A')`` as C-contiguous float64 arrays, each divided by the power of two
    ``2^bitlen(max entry)``: entries in (0, 1), exactly (a power-of-two scaling is exact
    below 2⁵³; larger entries are rounded once). A positive scaling of M in
    {z ≥ 0, Mz ≤ 1} keeps every basis, and it makes the float path's tie tolerance (relative
    to max(|ratio|, 1)) independent of the payoffs' magnitude: unscaled, payoffs of 10⁶ made
    ratios of 10⁻⁶ and distinct ratios within 10⁻⁹ of each other were taken for ties.

    Computed once per :class:`IntGame` and shared between calls: the kernel only reads
    them, and nothing computed from them is trusted (the end is certified exactly).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import IntGame
    >>> P, Q = float_matrices(IntGame(((1, 2), (3, 4)), ((5, 6), (7, 8))))
    >>> P.tolist(), Q.tolist()  # B'ᵀ / 16, A' / 8
    ([[0.3125, 0.4375], [0.375, 0.5]], [[0.125, 0.25], [0.375, 0.5]])
    """
    memo = ig.__dict__
    out = memo.get("_lh_float_matrices")
    if out is None:
        arr = ig.arrays

        def conv(M: Sequence[Sequence[int]]) -> Any:
            scale = 1 << max(map(max, M)).bit_length()
            return np.array([[v / scale for v in row] for row in M], dtype=np.float64)

        if arr is not None and max(arr[2], arr[3]) < 1 << 53:
            out = (arr[1] * 2.0 ** -arr[3].bit_length(), arr[0] * 2.0 ** -arr[2].bit_length())  # new arrays
        else:
            out = conv(ig.columns_of_b), conv(ig.A)
        memo["_lh_float_matrices"] = out
    return out


@dataclass
class LHRun:
    """What :func:`lemke_howson_all` did: the distinct certified end points (first found
    first), the end point of each successful label (an index into ``endpoints``), labels
    that hit ``max_iter``, the strategy that ran, fallbacks
    (``"label k: float_path -> exact: reason"``) and the pivots of the float paths."""

    endpoints: list[Endpoint]
    per_label: dict[int, int]
    failed: list[int]
    ran: LHConcrete
    fallbacks: list[str] = field(default_factory=list)
    pivots: int = 0


def lemke_howson_all(
    ig: IntGame,
    max_iter: int = DEFAULT_MAX_ITER,
    strategy: LHStrategy = "auto",
    labels: Sequence[int] | None = None,
) -> LHRun:
    """Run from every label (or from ``labels``) with ``strategy`` (``"auto"``:
    :func:`gamekit.bimatrix.lh_policy.choose_lh_strategy`); every end point is certified
    by :func:`certified_endpoint` before it is kept.

    Raises
    ------
    CertificationError
        The end of an exact path fails the check (a bug, never expected).

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> run = lemke_howson_all(ig, strategy="exact")
    >>> len(run.endpoints), run.per_label, run.ran
    (2, {0: 0, 1: 1, 2: 0, 3: 1}, 'exact')
    """
    ran: LHConcrete = choose_lh_strategy(ig.m, ig.n) if strategy == "auto" else strategy
    run = LHRun([], {}, [], ran)
    found: dict[Endpoint, int] = {}
    float_end = None
    if ran == "float_path":
        float_end = _float_path_end(ig)
    for label in range(ig.m + ig.n) if labels is None else labels:
        end: Endpoint | None = None
        if float_end is not None:
            end, reason, piv = float_end(label, max_iter)
            run.pivots += piv
            if end is None:
                run.fallbacks.append(f"label {label}: float_path -> exact: {reason}")
        if end is None:
            try:
                bp, bq = exact_path(ig, label, max_iter)
            except LemkeHowsonLimit:  # only the pivot bound; a failed check must propagate
                run.failed.append(label)
                continue
            end = certified_endpoint(ig, bp, bq, kernels=float_end is not None)
            if end is None:
                raise CertificationError(f"Lemke-Howson: the exact path from label {label} ends at bases "
                                         "that fail the exact check")
        run.per_label[label] = found.setdefault(end, len(found))
    run.endpoints = list(found)
    return run


@functools.cache
def _float_kernels() -> Any:
    """The compiled modules of the float path (numba: imported on first use, not with
    this module); cached, as the six ``from … import`` statements cost ≈ 2 µs a call."""
    from gamekit.kernel import float_lemke_howson, lh_endpoint

    return float_lemke_howson, lh_endpoint


def _float_path_end(ig: IntGame) -> Any:
    """``step(label, max_iter) -> (endpoint or None, reason, pivots)``: the float path from
    ``label`` and the exact check of its end (:func:`certified_endpoint`'s), one compiled
    call per label when the game has int64 arrays
    (:func:`gamekit.kernel.lh_endpoint.float_path_end`), else the float path then
    :func:`certified_endpoint`. ``reason`` says why there is no end point."""
    flh, lhe = _float_kernels()
    if not lhe.float_path_end.overloads:  # neither compiled nor loaded in this process yet (a dict: cheap)
        from gamekit.kernel.compile_notice import notice_if_compiling

        notice_if_compiling(flh.KERNELS + lhe.KERNELS)
    MP, MQ = float_matrices(ig)
    arr = ig.arrays
    m, n = ig.m, ig.n
    H = lhe.HEADER

    def step(label: int, max_iter: int) -> tuple[Endpoint | None, str, int]:
        if arr is None:  # payoffs beyond int64: the float path, then the check in Python integers
            status, bp, bq, piv = flh.lh_float_path(MP, MQ, label, max_iter)
            piv = int(piv)
            end = certified_endpoint(ig, bp, bq, kernels=True) if status == flh.DONE else None
        else:
            out = lhe.float_path_end(MP, MQ, label, max_iter, arr[1], arr[0], arr[3], arr[2], lhe.PRIMES,
                                     lhe.MODULAR_MAX_K)
            status, piv, check, kx, ky, Lx, Ly = out[:H].tolist()
            end = None
            if check == lhe.CERTIFIED:
                o = H + n + m
                Sx, Sy = out[o:o + kx].tolist(), out[o + kx:o + kx + ky].tolist()
                o += kx + ky
                xn, dx = _from_limb_array(out[o:o + (kx + 1) * Lx], Lx)
                yn, dy = _from_limb_array(out[o + (kx + 1) * Lx:], Ly)
                end = _endpoint(Sx, xn, dx, Sy, yn, dy)
            elif check == lhe.TOO_LARGE:  # a long support or large entries: FLINT and the byte limbs
                end = _checked_elsewise(ig, out[H:H + n].tolist(), out[H + n:H + n + m].tolist(), True)
        if status != flh.DONE:
            return None, "pivot limit" if piv >= max_iter else "no leaving variable (float trouble)", piv
        return end, "the final bases fail the exact check", piv

    return step


def certified_equilibria(
    ig: IntGame, run: LHRun
) -> tuple[list[Equilibrium], list[tuple[Fraction, ...]], list[tuple[Fraction, ...]], list[tuple[int, int]],
           dict[int, int]]:
    """The equilibria of ``run`` (each end point was certified by :func:`certified_endpoint`;
    sealed here) in the canonical order — by row strategy, then column strategy
    (:func:`gamekit.bimatrix.intgame.sparse_key`) —, the distinct row and column strategies
    (dense, canonical order), each equilibrium's pair of their indices, and the position of
    each label's equilibrium.

    Examples
    --------
    >>> from gamekit.bimatrix.intgame import integer_game
    >>> from gamekit.core.game import BimatrixGame
    >>> ig = integer_game(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> eqs, rows, cols, edges, where = certified_equilibria(ig, lemke_howson_all(ig, strategy="exact"))
    >>> [e.row for e in eqs], edges, where
    ([(Fraction(1, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 1))], [(0, 0), (1, 1)], {0: 0, 1: 1, 2: 0, 3: 1})
    """
    m, n = ig.m, ig.n
    if len(run.endpoints) == 1:  # one label's run: no ordering, no sparse forms
        end = run.endpoints[0]
        row, col = _dense(end.sx, end.xn, m), _dense(end.sy, end.yn, n)
        eq = _seal(Equilibrium(row, col, end.payoffs(ig)), CERTIFICATE)
        return [eq], [row], [col], [(0, 0)], dict.fromkeys(run.per_label, 0)
    profs = [e.profile() for e in run.endpoints]
    xs = sorted({sparse_id(x): x for x, _ in profs}.values(), key=sparse_key)
    ys = sorted({sparse_id(y): y for _, y in profs}.values(), key=sparse_key)
    rix = {sparse_id(x): r for r, x in enumerate(xs)}
    cix = {sparse_id(y): c for c, y in enumerate(ys)}
    pairs = [(rix[sparse_id(x)], cix[sparse_id(y)]) for x, y in profs]
    order = sorted(range(len(profs)), key=pairs.__getitem__)
    xd, yd = [dense(x, m) for x in xs], [dense(y, n) for y in ys]
    eqs = [_seal(Equilibrium(xd[pairs[i][0]], yd[pairs[i][1]], run.endpoints[i].payoffs(ig)), CERTIFICATE)
           for i in order]
    pos = {i: r for r, i in enumerate(order)}
    return eqs, xd, yd, [pairs[i] for i in order], {lab: pos[i] for lab, i in run.per_label.items()}
