"""The index of every connected component of the Nash equilibria of a bimatrix game.

Definitions and theorems used
-----------------------------
* Shapley (1974): a nondegenerate equilibrium (x, y) with supports I, J (|I| = |J| = k)
  of a game with *positive* payoffs has index (−1)^(k+1) · sign det A_IJ · sign det B_IJ;
  the indices of the equilibria of a nondegenerate game sum to +1.
* The index of a component C of the equilibrium set of any game G (degree-theoretic;
  Ritzberger 1994, Demichelis–Germano 2000, Balthasar 2009) is the sum of the indices
  of the equilibria near C of any nondegenerate game close enough to G.

Method. G(ε) = (A + ε P, B + ε Q) with pseudo-random integer P, Q and a symbolic ε > 0
("all sufficiently small ε", :mod:`gamekit.refine.polyeps`). Every determinant is a
polynomial in ε, so each claim below holds for all small ε > 0 and is decided exactly:

1. G(ε) is nondegenerate: for every I and J with |J| = |I| + 1, det[B_IJᵀ | −1] ≢ 0 (no
   strategy with support in I has k + 1 equal-payoff replies), and the same for A;
   if this fails for a perturbation, the next seed is tried.
2. Its equilibria are the equal-size support pairs whose Cramer solutions are positive on
   the supports and strictly worse off them (signs of polynomials); each is a branch
   (x(ε), y(ε)) of rational functions, with an exact limit (x(0), y(0)) — a Nash
   equilibrium of G (checked), in exactly one connected component of the Nash set
   (membership by an exact LP in the maximal Nash subsets of ``solve(g, "all")``).
3. ind(C) = Σ of the Shapley indices of the branches whose limit is in C; Σ_C ind(C) = +1
   is asserted (a :class:`CertificationError` otherwise).

Essentiality (payoff perturbations, Wu Wen-Tsün & Jiang Jia-He 1962). ``essential`` is
``True`` when ind(C) ≠ 0 (a nonzero local degree forces an equilibrium near C in every
nearby game — the index is *sufficient*, not necessary: Hauk & Hurkens 2002 give an
essential component of index 0); ``False`` when no branch of G(ε) converges into C (then
G(ε) → G has no equilibrium near C: a witness that C is not essential); ``None``
(undecided) when ind(C) = 0 but branches of opposite index converge into C.
Kohlberg–Mertens stability is not decided.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb, lcm
from typing import Any

from gamekit.bimatrix.solve import SolveResult, solve_result
from gamekit.core.equilibrium import Equilibrium, is_equilibrium
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.game import BimatrixGame
from gamekit.lp.simplex import solve_lp
from gamekit.refine import polyeps as pe

__all__ = ["ComponentIndex", "IndexReport", "component_indices", "MAX_SUPPORT_PAIRS"]

#: Budget on the support pairs examined (enumeration and nondegeneracy test together).
MAX_SUPPORT_PAIRS = 200_000

_ONE = Fraction(1)


@dataclass(frozen=True)
class ComponentIndex:
    """One connected component of the Nash set, with its index.

    ``connected`` numbers it as in :class:`~gamekit.bimatrix.solve.Component`;
    ``subsets`` are the maximal Nash subsets it is the union of (positions in
    ``SolveResult.components``); ``equilibria`` its extreme equilibria; ``index`` the index;
    ``branches`` how many equilibria of the perturbed game converge into it;
    ``essential`` True / False / None (undecided), see :mod:`gamekit.refine.index`.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> rep = component_indices(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> c = rep.components[1]  # the mixed equilibrium of the battle of the sexes
    >>> c.equilibria[0].row, c.index, c.essential
    ((Fraction(3, 5), Fraction(2, 5)), -1, True)
    """

    connected: int
    subsets: tuple[int, ...]
    equilibria: tuple[Equilibrium, ...]
    index: int
    branches: int
    essential: bool | None
    perfect: tuple[Equilibrium, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"equilibria": [e.to_json() for e in self.equilibria], "index": str(self.index),
                "perfect": [e.to_json() for e in self.perfect], "essential": self.essential,
                "branches": self.branches, "subsets": list(self.subsets)}


@dataclass(frozen=True)
class IndexReport:
    """The indices of all connected components, and the perturbation that decided them.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> rep = component_indices(BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]]))
    >>> [c.index for c in rep.components], sum(c.index for c in rep.components)
    ([1, -1, 1], 1)
    """

    components: tuple[ComponentIndex, ...]
    seed: int
    perturbed_equilibria: int
    game: BimatrixGame | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"components": [c.to_json() for c in self.components],
                "perturbation": {"seed": self.seed, "equilibria": self.perturbed_equilibria,
                                 "theorem": "sum of Shapley indices of the equilibria of a generic "
                                            "perturbation (A + eP, B + eQ), e -> 0+, converging into "
                                            "each component"}}


def _integer_shifted(M: tuple[tuple[Fraction, ...], ...]) -> list[list[int]]:
    """Positive integer matrix with the same best responses: L·M − min + 1."""
    L = 1
    for r in M:
        for v in r:
            L = lcm(L, v.denominator)
    ints = [[int(v * L) for v in r] for r in M]
    lo = min(min(r) for r in ints)
    return [[v - lo + 1 for v in r] for r in ints]


def _perturbation(m: int, n: int, rng: random.Random) -> list[list[int]]:
    return [[rng.randint(-(2**20), 2**20) for _ in range(n)] for _ in range(m)]


def _nondegenerate(M0: list[list[int]], M1: list[list[int]]) -> bool:
    """For M = M0 + εM1 (own strategies × opponent's, opponent mixes over rows of the
    transposed view): no mixed strategy of the *column* side with support I (|I| = k) has
    k + 1 columns of equal payoff. Here M0[i][j] is the payoff of column j against row i."""
    m, n = len(M0), len(M0[0])
    for k in range(1, min(m, n - 1) + 1):
        for I in combinations(range(m), k):
            for J in combinations(range(n), k + 1):
                A0 = [[M0[i][j] for i in I] + [-1] for j in J]
                A1 = [[M1[i][j] for i in I] + [0] for j in J]
                if not pe.det_linear_nonzero(A0, A1):
                    return False
    return True


def _solve_side(M0: list[list[int]], M1: list[list[int]], I: tuple[int, ...], J: tuple[int, ...]):
    """Cramer solution of Σ_{j∈J} M(ε)_ij z_j = u (i ∈ I), Σ z = 1, as polynomials:
    (D, [D_j], D_u) with z_j = D_j / D, u = D_u / D."""
    k = len(I)
    S0 = [[M0[i][j] for j in J] + [-1] for i in I] + [[1] * k + [0]]
    S1 = [[M1[i][j] for j in J] + [0] for i in I] + [[0] * (k + 1)]
    D = pe.det_linear(S0, S1)
    if not D:
        return None
    nums = []
    for c in range(k + 1):
        T0 = [r[:c] + [1 if ri == k else 0] + r[c + 1:] for ri, r in enumerate(S0)]
        T1 = [r[:c] + [0] + r[c + 1:] for r in S1]
        nums.append(pe.det_linear(T0, T1))
    return D, nums[:k], nums[k]


def _may_branch(M0: list[list[int]], I: tuple[int, ...], J: tuple[int, ...]) -> bool:
    """Exact prefilter at ε = 0: False when a value that is nonzero at ε = 0 already has the
    wrong sign (then it keeps it for all small ε); True when undecided or consistent."""
    k = len(I)
    S0 = [[M0[i][j] for j in J] + [-1] for i in I] + [[1] * k + [0]]
    D = pe.det_int(S0)
    if D == 0:
        return True
    nums = [pe.det_int([r[:c] + [1 if ri == k else 0] + r[c + 1:] for ri, r in enumerate(S0)])
            for c in range(k + 1)]
    if any(v * D < 0 for v in nums[:k]):
        return False
    return not any((sum(M0[i][j] * v for j, v in zip(J, nums[:k])) - nums[k]) * D > 0
                   for i in range(len(M0)) if i not in I)


def _branch(M0, M1, I, J, sol) -> bool:
    """Positive on J and strictly below the payoff off I, for all small ε > 0."""
    D, Dz, Du = sol
    sD = pe.sign(D)
    if any(pe.sign(d) * sD <= 0 for d in Dz):
        return False
    for i in range(len(M0)):
        if i in I:
            continue
        s: pe.Poly = ()
        for j, d in zip(J, Dz):
            s = pe.add(s, pe.mul((Fraction(M0[i][j]), Fraction(M1[i][j])), d))
        diff = pe.sign(pe.sub(s, Du)) * sD
        if diff == 0:
            raise CertificationError("a nondegenerate perturbed game has a tie off the support")
        if diff > 0:
            return False
    return True


def _limit(D: pe.Poly, Dz: list[pe.Poly], J: tuple[int, ...], size: int) -> tuple[Fraction, ...]:
    d = pe.order(D)
    out = [Fraction(0)] * size
    for j, p in zip(J, Dz):
        if 0 <= pe.order(p) < d:
            raise CertificationError("a perturbed equilibrium branch is unbounded")
        out[j] = pe.leading(p, d) / D[d]
    return tuple(out)


def _in_hull(point: tuple[Fraction, ...], vertices: list[tuple[Fraction, ...]]) -> bool:
    if point in vertices:
        return True
    k = len(vertices)
    A_eq = [[v[i] for v in vertices] for i in range(len(point))] + [[_ONE] * k]
    res = solve_lp([Fraction(0)] * k, A_eq=A_eq, b_eq=list(point) + [_ONE])
    return res.status == "optimal"


def _pairs_budget(m: int, n: int) -> int:
    s = sum(comb(m, k) * comb(n, k) for k in range(1, min(m, n) + 1))
    s += sum(comb(m, k) * comb(n, k + 1) for k in range(1, min(m, n - 1) + 1))
    s += sum(comb(n, k) * comb(m, k + 1) for k in range(1, min(n, m - 1) + 1))
    return s


Branch = tuple[tuple[Fraction, ...], tuple[Fraction, ...], int]


def _generic_direction(A0: list[list[int]], B0: list[list[int]], seed: int,
                       tries: int) -> tuple[int, list[list[int]], list[list[int]]]:
    """Step 1: the first seed whose pseudo-random direction (P, Q) makes (A0 + εP, B0 + εQ)
    nondegenerate for all small ε > 0 (module doc, (1)); (seed, P, Q)."""
    m, n = len(A0), len(A0[0])
    A0t = [list(c) for c in zip(*A0)]
    for s in range(seed, seed + tries):
        rng = random.Random(s)
        P, Q = _perturbation(m, n, rng), _perturbation(m, n, rng)
        Pt = [list(c) for c in zip(*P)]
        # player I's payoffs, seen from player II's mixtures (rows of Aᵀ) and vice versa
        if _nondegenerate(A0t, Pt) and _nondegenerate(B0, Q):
            return s, P, Q
    raise CertificationError(f"no generic perturbation found in {tries} tries")


def _perturbed_branches(game: BimatrixGame, A0: list[list[int]], B0: list[list[int]],
                        P: list[list[int]], Q: list[list[int]]) -> list[Branch]:
    """Step 2: every equilibrium of the perturbed game (equal-size supports), as (limit row
    strategy, limit column strategy, index); the indices are checked to sum to +1."""
    m, n = game.shape
    B0t, Qt = [list(c) for c in zip(*B0)], [list(c) for c in zip(*Q)]
    branches: list[Branch] = []
    for k in range(1, min(m, n) + 1):
        for I in combinations(range(m), k):
            for J in combinations(range(n), k):
                if not (_may_branch(A0, I, J) and _may_branch(B0t, J, I)):
                    continue
                ys = _solve_side(A0, P, I, J)
                if ys is None or not _branch(A0, P, I, J, ys):
                    continue
                xs = _solve_side(B0t, Qt, J, I)
                if xs is None or not _branch(B0t, Qt, J, I, xs):
                    continue
                dA = pe.sign(pe.det_linear([[A0[i][j] for j in J] for i in I], [[P[i][j] for j in J] for i in I]))
                dB = pe.sign(pe.det_linear([[B0[i][j] for j in J] for i in I], [[Q[i][j] for j in J] for i in I]))
                if dA == 0 or dB == 0:
                    raise CertificationError("singular payoff block at a nondegenerate equilibrium")
                x0, y0 = _limit(xs[0], xs[1], I, m), _limit(ys[0], ys[1], J, n)
                if not is_equilibrium(game, x0, y0):
                    raise CertificationError("a limit of perturbed equilibria is not a Nash equilibrium")
                branches.append((x0, y0, (-1) ** (k + 1) * dA * dB))
    if sum(b[2] for b in branches) != 1:
        raise CertificationError("the indices of a nondegenerate game do not sum to +1")
    return branches


def _branch_totals(nash: SolveResult, branches: list[Branch]) -> tuple[dict[int, int], dict[int, int]]:
    """Step 3: per connected component, the sum of the indices of the branches converging
    into it and their number (exact LP membership in a maximal Nash subset)."""
    comps = nash.components or ()
    conn = sorted({c.connected for c in comps})
    totals, counts = {c: 0 for c in conn}, {c: 0 for c in conn}
    for x0, y0, idx in branches:
        where = [c.connected for c in comps
                 if _in_hull(x0, [nash.row_vertices[i] for i in c.rows])
                 and _in_hull(y0, [nash.col_vertices[j] for j in c.cols])]
        if not where:
            raise CertificationError("a limit of perturbed equilibria lies in no Nash subset")
        totals[where[0]] += idx
        counts[where[0]] += 1
    return totals, counts


def _component_reports(game: BimatrixGame, nash: SolveResult, totals: dict[int, int], counts: dict[int, int],
                       perfect: bool) -> list[ComponentIndex]:
    """Step 4: one :class:`ComponentIndex` per connected component (its extreme equilibria,
    index, essential verdict and, when asked, its extreme perfect equilibria)."""
    comps = nash.components or ()
    rix = {v: i for i, v in enumerate(nash.row_vertices)}
    perfect_eqs: tuple[Equilibrium, ...] = ()
    if perfect:
        from gamekit.refine.perfect import perfect_equilibria

        perfect_eqs = perfect_equilibria(game, nash).equilibria
    out = []
    for c in sorted(totals):
        subsets = tuple(k for k, s in enumerate(comps) if s.connected == c)
        rows = {i for k in subsets for i in comps[k].rows}
        eqs = tuple(e for e in nash.equilibria if rix[e.row] in rows and any(
            rix[e.row] in comps[k].rows and e.col in [nash.col_vertices[j] for j in comps[k].cols]
            for k in subsets))
        ess = True if totals[c] != 0 else (False if counts[c] == 0 else None)
        out.append(ComponentIndex(c, subsets, eqs, totals[c], counts[c], ess,
                                  tuple(e for e in perfect_eqs if e in eqs)))
    return out


def component_indices(game: BimatrixGame, nash: SolveResult | None = None, *, perfect: bool = True,
                      seed: int = 0, tries: int = 5) -> IndexReport:
    """The index of every connected component of the Nash equilibria of ``game``.

    Parameters
    ----------
    game : BimatrixGame
        The game.
    nash : SolveResult, optional
        ``solve_result(game, "all")`` if already computed.
    perfect : bool
        Also list the extreme perfect equilibria of every component
        (:func:`~gamekit.refine.perfect.perfect_equilibria`).
    seed : int
        First seed of the pseudo-random perturbation direction (the answer does not
        depend on it; the report says which seed was used).
    tries : int
        How many directions to try before giving up on finding a generic one.

    Returns
    -------
    IndexReport
        One :class:`ComponentIndex` per connected component; the indices sum to +1.

    Raises
    ------
    TooLargeError
        If more than :data:`MAX_SUPPORT_PAIRS` support pairs would be examined.
    CertificationError
        If no generic direction is found or an exact check fails.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 1]])    # coordination: +1, -1, +1
    >>> [c.index for c in component_indices(g).components]
    [1, -1, 1]
    """
    if not isinstance(game, BimatrixGame):
        raise GameError(f"component indices need a BimatrixGame, got {type(game).__name__}")
    m, n = game.shape
    if _pairs_budget(m, n) > MAX_SUPPORT_PAIRS:
        raise TooLargeError(f"{m}x{n}: the index computation examines more than "
                            f"{MAX_SUPPORT_PAIRS} support pairs")
    if nash is None:
        nash = solve_result(game, "all")
    if not nash.complete or nash.components is None:
        raise GameError("component_indices needs the complete 'all' result")
    A0, B0 = _integer_shifted(game.A), _integer_shifted(game.B)
    used, P, Q = _generic_direction(A0, B0, seed, tries)
    branches = _perturbed_branches(game, A0, B0, P, Q)
    totals, counts = _branch_totals(nash, branches)
    out = _component_reports(game, nash, totals, counts, perfect)
    if sum(ci.index for ci in out) != 1:
        raise CertificationError("component indices do not sum to +1")
    return IndexReport(tuple(out), used, len(branches), game)
