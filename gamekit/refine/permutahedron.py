"""One proper equilibrium of every bimatrix game, exactly: Lemke's algorithm on the game
over Myerson's ε-permutahedra, in their facet description, with a symbolic ε
(``docs/refinements.md``).

Construction. For ε > 0 let W(ε) = 1 + ε + … + ε^(m−1) and, for 1 ≤ k ≤ m, let w(k) be the
sum of the k smallest of the weights 1, ε, …, ε^(m−1) (w(k) = ε^(m−k) + … + ε^(m−1),
w(m) = W). Player I's ε-permutahedron (scaled by W, which changes no best response) is

    Π = {x : Σᵢ xᵢ = W, Σ_{i∈S} xᵢ ≥ w(|S|) for every nonempty S ⊂ {1..m}},

the convex hull of the m! points v_π = (ε^π(s))ₛ, π an ordering (Rado 1952: f(S) = w(|S|)
is supermodular, since w has increasing increments, and Π is the base polytope of f,
whose vertices are the greedy points v_π). Let G(ε) be the game in which I chooses
x ∈ Π_m, II chooses y ∈ Π_n, with payoffs xᵀA y and xᵀB y.

Lemma. If (x, y) is a Nash equilibrium of G(ε), then x/W, y/W are completely mixed and
ε-proper. *Proof.* Every point of Π has xᵢ ≥ w(1) > 0. x maximizes xᵀc, c = A y, over Π,
so it is a convex combination of maximizing vertices v_π; by the rearrangement inequality a
maximizing π puts t before s whenever c_s < c_t, so v_π(s) ≤ ε v_π(t); averaging, x_s ≤ ε x_t.
Same for II. ∎ (The game of orderings, whose strategies are the m! vertices, has the same
equilibrium strategies x = Σ α_π v_π: that was gamekit's first construction, now the test
oracle ``tests/oracles/proper_orderings.py``.)

LCP. Subtract max A + 1 from A (max B + 1 from B): on Π_m × Π_n this changes every payoff
by the constant c·W_m W_n, and makes all payoffs negative. Then I's best-response LP
max xᵀ(A y) over Π equals the LP over P = {x ≥ 0 : Σ_{i∈S} xᵢ ≥ w(|S|), S ≠ ∅} (the
constraint Σ xᵢ ≥ W included): P = Π + ℝ₊^m (the contrapolymatroid of the supermodular f),
and a strictly negative objective is maximized only on Π. So, with E the 2^m − 1 subset
rows and e = (w(|S|))_S, the equilibria are the solutions of the sequence-form LCP of
Koller, Megiddo and von Stengel (1996) with strategy sets {x ≥ 0 : E x ≥ e},
{y ≥ 0 : F y ≥ f}, solved by :func:`gamekit.kernel.sequence_lcp.lemke_sequence_lcp` (exact,
lexicographic degeneracy resolution, sparse integer rows). Only the right-hand sides depend
on ε: they are integer polynomials, stored as their value at 2ᵏ (Kronecker substitution,
2ᵏ above 4H⁴, H the Hadamard bound of the LCP's matrix: see :func:`_packing`), whose
sign near 0⁺ is that of the lowest coefficient; ties in ε are broken by the lexicographic
perturbation, infinitely smaller. The same finitely many sign tests decide every step for
all ε in some (0, ε₀), so x(ε), y(ε) (rational in ε) solve G(ε) for all those ε.

Certificate, checked exactly and independently of how it was found: polynomials
N_s(ε) (s a row), M_t(ε) (t a column) with x(ε) = N(ε)/Σ N(ε), y(ε) = M(ε)/Σ M(ε), such
that every N_s and M_t is positive for small ε > 0 and, for all s, t,
Σⱼ (A_sj − A_tj) M_j(ε) < 0 ⇒ ε N_t(ε) − N_s(ε) ≥ 0 near 0⁺ (and likewise for II) — the
definition of ε-proper profiles. Their limit at ε = 0 (the lowest coefficients) is then
a proper equilibrium (Myerson's definition), and it is re-checked to be a Nash equilibrium.

Size: 2^m + 2^n − 2 constraints (Sørensen, EC 2012, gives a polynomial-size LCP; this one
is exponential but small for the games gamekit targets); m, n ≤ :data:`MAX_STRATEGIES`, a
:class:`GameError` beyond.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import gcd
from typing import Any

from gamekit.core.equilibrium import Equilibrium, is_equilibrium
from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import common_denominator, fmt
from gamekit.kernel.sequence_lcp import lemke_sequence_lcp

__all__ = ["MAX_STRATEGIES", "ALL_LABELS_UP_TO", "labels_to_follow", "ProperCertificate", "lexicographic_proper", "check_proper_certificate"]

#: largest number of strategies of either player that :func:`lexicographic_proper` accepts
#: (2^m + 2^n − 2 constraints; measured in docs/refinements.md)
MAX_STRATEGIES = 10
#: up to this many strategies in all (m + n), :func:`~gamekit.refine.proper.proper_equilibria`
#: follows every label (covering vector) while an extreme equilibrium is undecided
ALL_LABELS_UP_TO = 10

IntPoly = tuple[int, ...]  # integer coefficients, lowest degree first, no trailing zeros


# --- integer polynomials -----------------------------------------------------------------

def _trim(c: list[int]) -> IntPoly:
    while c and c[-1] == 0:
        c.pop()
    return tuple(c)


def _padd(p: IntPoly, q: IntPoly) -> IntPoly:
    n = max(len(p), len(q))
    return _trim([(p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0) for i in range(n)])


def _pscale_shift(p: IntPoly, c: int, k: int) -> IntPoly:
    """c · εᵏ · p."""
    return _trim([0] * k + [c * a for a in p]) if p and c else ()


def _psign(p: IntPoly) -> int:
    """Sign of p(ε) for all small ε > 0."""
    for a in p:
        if a:
            return 1 if a > 0 else -1
    return 0


def _porder(p: IntPoly) -> int:
    return next((i for i, a in enumerate(p) if a), -1)


# --- Kronecker-packed polynomials: p stored as p(2^k) ------------------------------------

@dataclass(frozen=True)
class _Packing:
    bits: int

    def pack(self, p: IntPoly) -> int:
        v = 0
        for a in reversed(p):
            v = (v << self.bits) + a
        return v

    def sign(self, v: int) -> int:
        """Sign near 0⁺ of the packed polynomial v: its lowest nonzero balanced digit."""
        if v == 0:
            return 0
        idx = ((v & -v).bit_length() - 1) // self.bits
        d = (v >> (idx * self.bits)) & ((1 << self.bits) - 1)
        return 1 if d < (1 << (self.bits - 1)) else -1

    def content(self, v: int) -> int:
        """The gcd of the packed polynomial's coefficients."""
        g = 0
        for a in self.unpack(v):
            g = gcd(g, a)
        return g

    def unpack(self, v: int) -> IntPoly:
        out: list[int] = []
        mask, half = (1 << self.bits) - 1, 1 << (self.bits - 1)
        while v:
            d = v & mask
            if d >= half:
                d -= 1 << self.bits
            out.append(d)
            v = (v - d) >> self.bits
        return _trim(out)


def _l1(p: IntPoly) -> int:
    return sum(abs(a) for a in p)


# --- the facet LCP ----------------------------------------------------------------------

def _integer_matrix(M: tuple[tuple[Fraction, ...], ...]) -> list[list[int]]:
    d = common_denominator(v for row in M for v in row)
    return [[int(v * d) for v in row] for row in M]


def _facets(m: int) -> tuple[list[dict[int, int]], list[IntPoly]]:
    """Rows Σ_{i∈S} xᵢ ≥ w(|S|) for every nonempty S (module doc), by size then lexicographically."""
    rows: list[dict[int, int]] = []
    rhs: list[IntPoly] = []
    for k in range(1, m + 1):
        w = tuple([0] * (m - k) + [1] * k)  # ε^(m−k) + … + ε^(m−1)
        for S in combinations(range(m), k):
            rows.append({i: 1 for i in S})
            rhs.append(w)
    return rows, rhs


def _negative(M: list[list[int]]) -> dict[tuple[int, int], Fraction]:
    c = max(max(r) for r in M) + 1
    return {(i, j): Fraction(v - c) for i, r in enumerate(M) for j, v in enumerate(r)}


def _packing(A: dict[tuple[int, int], Fraction], B: dict[tuple[int, int], Fraction], m: int, n: int,
             E: list[dict[int, int]], e: list[IntPoly], F: list[dict[int, int]], f: list[IntPoly]) -> _Packing:
    """Digits wide enough for 2H⁴, H the Hadamard bound (product of column L1 norms) of the
    LCP's matrix [M | d | q] (see :func:`sequence_lcp_rows`): a tableau row is a multiple
    j·r of a primitive row r of minors (entries ≤ H) with j ≤ its denominator ≤ H, so
    stored coefficients are ≤ H², and a ratio-test cross product is ≤ 2H⁴."""
    col = [0] * (m + n + len(E) + len(F))
    for (_i, j), a in A.items():
        col[m + j] += abs(int(a))
    for (i, _j), b in B.items():
        col[i] += abs(int(b))
    for h, row in enumerate(E):
        col[m + n + h] += len(row)
        for i in row:
            col[i] += 1
    for h, row in enumerate(F):
        col[m + n + len(E) + h] += len(row)
        for j in row:
            col[m + j] += 1
    bound = 2 * len(col) * (sum(_l1(p) for p in e) + sum(_l1(p) for p in f) + 1)  # cover and rhs
    for c in col:
        bound *= max(c, 1)
    return _Packing(4 * bound.bit_length() + 8)


def _facet_lemke(A: list[list[int]], B: list[list[int]], label: int) -> tuple[tuple[IntPoly, ...], tuple[IntPoly, ...]]:
    """x(ε), y(ε) of an equilibrium of G(ε) (module doc) as integer polynomial vectors
    (up to a positive factor each), by Lemke's algorithm with ``label``'s covering vector."""
    m, n = len(A), len(A[0])
    An, Bn = _negative(A), _negative(B)
    E, e = _facets(m)
    F, f = _facets(n)
    pk = _packing(An, Bn, m, n, E, e, F, f)
    cover = {label: 2} if label >= 0 else None  # rows 0..m−1: x, m..m+n−1: y
    xs, ys, _ = lemke_sequence_lcp(m, n, An, Bn, E, [pk.pack(p) for p in e], F, [pk.pack(p) for p in f],
                                   ring=pk, cover=cover)
    return _decode(xs, pk), _decode(ys, pk)


def _decode(vals: list[tuple[int, int]], pk: _Packing) -> tuple[IntPoly, ...]:
    """Polynomials N with N_s ∝ num_s/den_s, divided by their common power of ε and content."""
    L = 1
    for _, d in vals:
        L = L * d // gcd(L, d)
    out = [tuple(a * (L // d) for a in pk.unpack(v)) for v, d in vals]
    k = min((_porder(p) for p in out if p), default=0)
    g = 0
    for p in out:
        for a in p:
            g = gcd(g, a)
    g = g or 1
    return tuple(tuple(a // g for a in p[k:]) for p in out)

# --- the certificate ----------------------------------------------------------------------

@dataclass(frozen=True)
class ProperCertificate:
    """x(ε) = N(ε)/Σ N(ε), y(ε) = M(ε)/Σ M(ε) (``row_poly`` = N, ``col_poly`` = M: integer
    coefficients, lowest degree first), completely mixed and ε-proper for all small ε > 0;
    ``row``, ``col`` their limits at ε = 0 (a proper equilibrium).

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> c = lexicographic_proper(BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]]))
    >>> c.row, c.col, c.row_poly
    ((Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(0, 1)), ((1,), (0, 1)))
    """

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    row_poly: tuple[IntPoly, ...]
    col_poly: tuple[IntPoly, ...]

    def to_json(self) -> dict[str, Any]:
        return {"row": [fmt(v) for v in self.row], "col": [fmt(v) for v in self.col],
                "row_eps": [[str(a) for a in p] for p in self.row_poly],
                "col_eps": [[str(a) for a in p] for p in self.col_poly],
                "form": "x_s(eps) = row_eps[s](eps) / sum_k row_eps[k](eps), coefficients lowest degree first"}


def _eps_proper(M: list[list[int]], own: tuple[IntPoly, ...], other: tuple[IntPoly, ...]) -> bool:
    """Every own N_s > 0 near 0⁺, and (M·other)_s < (M·other)_t ⇒ N_s ≤ ε N_t near 0⁺."""
    if any(_psign(p) <= 0 for p in own):
        return False
    pay = []
    for row in M:
        v: IntPoly = ()
        for a, q in zip(row, other):
            v = _padd(v, _pscale_shift(q, a, 0))
        pay.append(v)
    for s in range(len(M)):
        for t in range(len(M)):
            if s != t and _psign(_padd(pay[s], _pscale_shift(pay[t], -1, 0))) < 0:
                if _psign(_padd(_pscale_shift(own[t], 1, 1), _pscale_shift(own[s], -1, 0))) < 0:
                    return False
    return True


def _limit(ps: tuple[IntPoly, ...]) -> tuple[Fraction, ...]:
    k = min(_porder(p) for p in ps)
    lead = [p[k] if k < len(p) else 0 for p in ps]
    total = sum(lead)
    return tuple(Fraction(a, total) for a in lead)


def check_proper_certificate(game: BimatrixGame, cert: ProperCertificate) -> bool:
    """Exact check of a :class:`ProperCertificate`: both polynomial vectors are positive
    and ε-proper near 0⁺, their limits are ``row``/``col``, and that is a Nash equilibrium.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    cert : ProperCertificate
        The claimed certificate.

    Returns
    -------
    bool
        True when the certificate proves that (cert.row, cert.col) is proper.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])
    >>> check_proper_certificate(g, lexicographic_proper(g))
    True
    >>> check_proper_certificate(g, ProperCertificate((0, 1), (0, 1), ((0, 1), (1,)), ((0, 1), (1,))))
    False
    """
    A = _integer_matrix(game.A)
    Bt = _integer_matrix(tuple(zip(*game.B)))
    if len(cert.row_poly) != game.m or len(cert.col_poly) != game.n:
        return False
    if not (_eps_proper(A, cert.row_poly, cert.col_poly) and _eps_proper(Bt, cert.col_poly, cert.row_poly)):
        return False
    if _limit(cert.row_poly) != tuple(cert.row) or _limit(cert.col_poly) != tuple(cert.col):
        return False
    return is_equilibrium(game, cert.row, cert.col)


def lexicographic_proper(game: BimatrixGame, label: int = -1) -> ProperCertificate:
    """A proper equilibrium of ``game`` with its ε-proper certificate (module doc).

    Parameters
    ----------
    game : BimatrixGame
        The game; m, n ≤ :data:`MAX_STRATEGIES`.
    label : int
        Which covering vector Lemke's algorithm uses: −1 all ones; a pure strategy k
        (0 … m − 1 for player I, m … m + n − 1 for player II) doubles its entry.
        Different labels can end at different proper equilibria.

    Returns
    -------
    ProperCertificate
        Checked by :func:`check_proper_certificate` before it is returned.

    Raises
    ------
    GameError
        If the game is not a BimatrixGame, has too many strategies, or ``label`` is out of range.
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
    if max(game.m, game.n) > MAX_STRATEGIES:
        raise GameError(f"the lexicographic proper construction needs at most {MAX_STRATEGIES} strategies "
                        f"per player (2^m + 2^n constraints); this game is {game.m}x{game.n}")
    if not -1 <= label < game.m + game.n:
        raise GameError(f"label must be in -1..{game.m + game.n - 1}, got {label}")
    N, Mv = _facet_lemke(_integer_matrix(game.A), _integer_matrix(game.B), label)
    cert = ProperCertificate(_limit(N), _limit(Mv), N, Mv)
    if not check_proper_certificate(game, cert):
        raise CertificationError("the lexicographic proper certificate fails its exact check")
    return cert


def labels_to_follow(m: int, n: int) -> range:
    """The policy: which labels ``proper_equilibria`` may follow for an m × n game
    (−1 and every pure strategy up to :data:`ALL_LABELS_UP_TO` strategies in all,
    −1 only up to :data:`MAX_STRATEGIES` per player, none beyond).

    Parameters
    ----------
    m, n : int
        The numbers of strategies.

    Returns
    -------
    range
        The labels, in the order to try them.

    Examples
    --------
    >>> labels_to_follow(3, 3), labels_to_follow(6, 6), labels_to_follow(2, 11)
    (range(-1, 6), range(-1, 0), range(0, 0))
    """
    if max(m, n) > MAX_STRATEGIES:
        return range(0)
    return range(-1, m + n) if m + n <= ALL_LABELS_UP_TO else range(-1, 0)


def as_equilibrium(game: BimatrixGame, cert: ProperCertificate) -> Equilibrium:
    """The certified limit as an :class:`~gamekit.core.equilibrium.Equilibrium`."""
    return Equilibrium.from_strategies(game, cert.row, cert.col)
