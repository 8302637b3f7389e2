"""Test oracle (gamekit's first proper construction, replaced by the facet LCP of
:mod:`gamekit.refine.permutahedron`): Lemke–Howson on the game of orderings with a symbolic ε.

Construction. For ε > 0 let w(ε) = (1, ε, …, ε^(m−1)). For an ordering π of player I's m
strategies (π(s) = the position of s, 0 = first) let v_π(ε) = (ε^π(s))ₛ. The convex hull of
the v_π is Myerson's ε-permutahedron (scaled by Σₖ εᵏ). Let G(ε) be the finite game in
which each player chooses an *ordering* of his strategies, with payoffs
U_I(π, σ) = v_πᵀ A v_σ and U_II(π, σ) = v_πᵀ B v_σ (m! × n! strategies). Then:

Lemma (Myerson 1978; Yamamoto 1993). If (α, β) is a Nash equilibrium of G(ε), then
x(ε) = Σ_π α_π v_π / Σₖ εᵏ and y(ε) likewise are completely mixed and ε-proper.
*Proof.* Every v_π has all coordinates ≥ ε^(m−1) > 0. Against β, U_I(π, β) = v_πᵀ(A y) up
to a positive factor, so α is supported on orderings π maximizing v_πᵀ c with c = A y(ε);
by the rearrangement inequality such a π puts t before s whenever c_s < c_t, so
v_π(s) = ε^π(s) ≤ ε · ε^π(t) = ε v_π(t). Averaging over α: x_s ≤ ε x_t. Same for II. ∎

G(ε) is solved by the Lemke–Howson algorithm with the lexicographic ratio test over the
ordered field ℚ(ε), ε → 0⁺ (a polynomial's sign is the sign of its lowest coefficient).
Integer pivoting keeps every tableau entry a polynomial with integer coefficients (a
minor of the initial tableau), and each polynomial p is stored as the integer p(2ᵏ)
(Kronecker substitution) with 2ᵏ larger than twice every coefficient of any product of
two minors (a Hadamard bound), so that the pivots are plain integer arithmetic and the
coefficients are read back as balanced base-2ᵏ digits. The same finitely many sign tests
decide every step for all ε in some (0, ε₀), so the basis found is an equilibrium of
G(ε) for all those ε, and α(ε), β(ε) are rational functions of ε.

Certificate, checked exactly and independently of how it was found: polynomials
N_s(ε) (s a row), M_t(ε) (t a column) with x(ε) = N(ε)/Σ N(ε), y(ε) = M(ε)/Σ M(ε), such
that every N_s and M_t is positive for small ε > 0 and, for all s, t,
Σⱼ (A_sj − A_tj) M_j(ε) < 0 ⇒ ε N_t(ε) − N_s(ε) ≥ 0 near 0⁺ (and likewise for II) — the
definition of ε-proper profiles. Their limit at ε = 0 (the lowest coefficients) is then
a proper equilibrium (Myerson's definition), and it is re-checked to be a Nash equilibrium.

Size: m! + n! orderings, at most :data:`MAX_ORDERINGS` (a :class:`GameError` beyond).
Sørensen (EC 2012) computes the same object in polynomial size, by Lemke's algorithm on an
LCP over the ε-permutahedron; this module trades that for a short, checkable construction.
"""

from __future__ import annotations

from itertools import permutations
from math import factorial

from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.refine.permutahedron import (  # the shared polynomial helpers; only the search differs
    IntPoly,
    ProperCertificate,
    _integer_matrix,
    _l1,
    _limit,
    _Packing,
    _padd,
    _porder,
    _pscale_shift,
    _trim,
    check_proper_certificate,
)

__all__ = ["MAX_ORDERINGS", "lexicographic_proper"]

#: largest m! + n! (orderings of both players) that :func:`lexicographic_proper` accepts
#: (measured: a 3x5 game, 126 orderings, takes ~3 s; a 4x5 game, 144, minutes)
MAX_ORDERINGS = 126


def _orderings_payoffs(M: list[list[int]], P1: list[tuple[int, ...]], P2: list[tuple[int, ...]]) -> list[list[IntPoly]]:
    """U(π, σ) = Σ M_st ε^(π(s)+σ(t)), plus a constant making every constant term ≥ 1."""
    shift = 1 - min(min(r) for r in M)
    out = []
    for pi in P1:
        row = []
        for sg in P2:
            c = [0] * (len(pi) + len(sg) - 1)
            for s, a in enumerate(pi):
                for t, b in enumerate(sg):
                    c[a + b] += M[s][t]
            c[0] += shift
            row.append(_trim(c))
        out.append(row)
    return out


class _Tableau:
    """Integer-pivoting tableau over packed polynomials: rows of [variables | rhs];
    ``basis[r]`` = the label of the variable basic in row r; ``slack`` = the labels of
    the initial basis in column order (for the lexicographic ratio test)."""

    def __init__(self, rows: list[list[int]], basis: list[int], pk: _Packing) -> None:
        self.T, self.basis, self.slack, self.pk, self.det = rows, basis, list(basis), pk, 1

    def pivot_in(self, col: int) -> int:
        """Enter variable ``col`` (lexicographic minimum ratio); return the leaving label."""
        T, sign = self.T, self.pk.sign
        cand = [r for r in range(len(T)) if sign(T[r][col]) > 0]
        if not cand:
            raise CertificationError("Lemke–Howson on the game of orderings: unbounded ray")
        keys = [-1] + self.slack  # rhs, then the initial basis columns
        best = cand[0]
        for r in cand[1:]:
            for k in keys:
                d = sign(T[r][k] * T[best][col] - T[best][k] * T[r][col])
                if d:
                    if d < 0:
                        best = r
                    break
            else:
                raise CertificationError("lexicographic ratio test found two equal rows")
        p, piv, old = best, T[best][col], self.det
        prow = T[p]
        for r in range(len(T)):
            if r != p:
                f = T[r][col]
                if f:
                    T[r] = [(piv * a - f * b) // old for a, b in zip(T[r], prow)]
                elif piv != old:
                    T[r] = [(piv * a) // old for a in T[r]]
        self.det = piv
        leaving = self.basis[p]
        self.basis[p] = col
        return leaving

    def values(self, labels: range) -> list[int]:
        """Packed numerators (common denominator ``det``) of the variables ``labels``."""
        out = {b: self.T[r][-1] for r, b in enumerate(self.basis)}
        return [out.get(lab, 0) for lab in labels]


def _lemke_howson(U1: list[list[IntPoly]], U2: list[list[IntPoly]], missing: int) -> tuple[list[IntPoly], list[IntPoly]]:
    """An equilibrium of the bimatrix game (U1, U2) over ℚ(ε) at the end of the path that
    drops label ``missing``: numerators of the two unnormalized strategies (polynomials)."""
    M, N = len(U1), len(U1[0])
    bound = 1
    for row in U1:
        bound *= sum(_l1(p) for p in row) + 2
    b2 = 1
    for j in range(N):
        b2 *= sum(_l1(U2[i][j]) for i in range(M)) + 2
    bound = max(bound, b2)
    pk = _Packing(2 * bound.bit_length() + 4)
    # Q: r_i + Σ_j U1[i][j] y_j = 1 (labels i for r, M + j for y); P: s_j + Σ_i U2[i][j] x_i = 1
    Q = [[1 if c == i else 0 for c in range(M)] + [pk.pack(U1[i][j]) for j in range(N)] + [1] for i in range(M)]
    P = [[pk.pack(U2[i][j]) for i in range(M)] + [1 if c == j else 0 for c in range(N)] + [1] for j in range(N)]
    tq, tp = _Tableau(Q, list(range(M)), pk), _Tableau(P, [M + j for j in range(N)], pk)
    enter, tab = missing, (tp if missing < M else tq)  # x_missing enters P, or y enters Q
    for _ in range(10 ** 6):
        leaving = tab.pivot_in(enter)
        if leaving == missing:
            break
        tab = tq if tab is tp else tp
        enter = leaving
    else:  # pragma: no cover - Lemke–Howson terminates (lexicographic rule)
        raise CertificationError("Lemke–Howson did not terminate")
    xs = [pk.unpack(v) for v in tp.values(range(M))]
    ys = [pk.unpack(v) for v in tq.values(range(M, M + N))]
    return xs, ys


# --- the certificate ----------------------------------------------------------------------

def _combine(weights: list[IntPoly], orders: list[tuple[int, ...]], size: int) -> tuple[IntPoly, ...]:
    """N_s = Σ_π weight_π ε^π(s), divided by the common power of ε and integer content."""
    out: list[IntPoly] = [() for _ in range(size)]
    for w, pi in zip(weights, orders):
        if w:
            for s in range(size):
                out[s] = _padd(out[s], _pscale_shift(w, 1, pi[s]))
    k = min((_porder(p) for p in out if p), default=0)
    from math import gcd
    g = 0
    for p in out:
        for a in p:
            g = gcd(g, a)
    g = g or 1
    return tuple(tuple(a // g for a in p[k:]) for p in out)


def lexicographic_proper(game: BimatrixGame, label: int = 0) -> ProperCertificate:
    """A proper equilibrium of ``game`` with its ε-proper certificate (module doc).

    Parameters
    ----------
    game : BimatrixGame
        The game; m! + n! ≤ :data:`MAX_ORDERINGS`.
    label : int
        The label dropped to start the Lemke–Howson path: an ordering of player I
        (0 … m! − 1, in lexicographic order of the permutations) or of player II
        (m! … m! + n! − 1). Different labels can end at different proper equilibria.

    Returns
    -------
    ProperCertificate
        Checked by :func:`check_proper_certificate` before it is returned.

    Raises
    ------
    GameError
        If the game is not a BimatrixGame, has too many orderings, or ``label`` is out of range.
    CertificationError
        If the certificate fails its exact check (an internal error).

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> A = [[1, 0, -9], [0, 0, -7], [-9, -7, -7]]      # Myerson (1978)
    >>> c = lexicographic_proper(BimatrixGame(A, [list(r) for r in zip(*A)]))
    >>> [str(v) for v in c.row], [str(v) for v in c.col]
    (['1', '0', '0'], ['1', '0', '0'])
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"proper equilibria need a BimatrixGame, got {type(game).__name__}")
    size = factorial(game.m) + factorial(game.n)
    if size > MAX_ORDERINGS:
        raise GameError(f"the lexicographic proper construction needs m! + n! ≤ {MAX_ORDERINGS} "
                        f"orderings; this {game.m}x{game.n} game has {size}")
    if not 0 <= label < size:
        raise GameError(f"label must be in 0..{size - 1}, got {label}")
    P1, P2 = list(permutations(range(game.m))), list(permutations(range(game.n)))
    A = _integer_matrix(game.A)
    B = _integer_matrix(game.B)
    U1 = _orderings_payoffs(A, P1, P2)
    Bt = [list(r) for r in zip(*B)]
    U2t = _orderings_payoffs(Bt, P2, P1)  # U2t[σ][π] = v_σᵀ Bᵀ v_π
    U2 = [[U2t[j][i] for j in range(len(P2))] for i in range(len(P1))]
    alpha, beta = _lemke_howson(U1, U2, label)
    N, Mv = _combine(alpha, P1, game.m), _combine(beta, P2, game.n)
    cert = ProperCertificate(_limit(N), _limit(Mv), N, Mv)
    if not check_proper_certificate(game, cert):
        raise CertificationError("the lexicographic proper certificate fails its exact check")
    return cert
