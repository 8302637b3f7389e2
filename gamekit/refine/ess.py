"""Evolutionarily stable strategies of symmetric bimatrix games (B = Aᵀ), exactly.

Definition (Maynard Smith–Price). x is an ESS iff for every mutant y ≠ x either
yᵀAx < xᵀAx, or yᵀAx = xᵀAx and yᵀAy < xᵀAy.

Criterion decided (Haigh 1975; Abakuks 1980; Bomze 1992). Let (x, x) be a symmetric Nash
equilibrium, S = supp(x), E ⊇ S the pure best replies to x, f(y) = (y − x)ᵀA(y − x). A
mutant y is a best reply to x iff supp(y) ⊆ E, and then xᵀAy − yᵀAy = −f(y) (because
(y − x)ᵀAx = 0). Since f(x + tz) = t² f(x + z), x is an ESS iff f < 0 on the facets
Δ(E ∖ {i}), i ∈ S, of Δ(E) that avoid x (every ray from x in Δ(E) leaves it through one).

Finite procedure. The maximum of the quadratic f over those facets is attained at a point
y* whose smallest face Δ(K) (K ⊆ E, S ⊄ K) contains it in its relative interior, where it
is a critical point of f on aff Δ(K): ((A + Aᵀ)(y − x))_K = λ·1, Σ y_K = 1. If that
linear system is singular, f is constant along its solution line through y*, which
reaches a smaller face; so the maximum is the largest f(y) over the faces K whose system
has a unique solution y with y_K > 0. Hence ESS ⇔ f(y) < 0 at every such y. Each "no"
comes with a mutant y (exact check of the definition: yᵀAx = xᵀAx, xᵀAy ≤ yᵀAy).

All ESS. An ESS x is the unique solution of A_SS x_S = v·1, Σ x_S = 1 (a second solution
y near x on that affine set has supp(y) ⊆ S and xᵀAy = yᵀAy = v(y), contradicting
stability), so the candidates are found by solving one such nonsingular system per
support S ⊆ {1..n}; exponential in n (at most :data:`MAX_STRATEGIES` strategies).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from gamekit.core.equilibrium import Equilibrium
from gamekit.core.errors import CertificationError, GameError, TooLargeError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt, to_fraction
from gamekit.core.result import ResultSequence

__all__ = ["ESSVerdict", "ESSResult", "is_ess", "ess_verdict", "ess", "MAX_STRATEGIES"]

#: Largest number of strategies for the support enumeration of :func:`ess`.
MAX_STRATEGIES = 14

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class ESSVerdict:
    """Whether ``strategy`` is an ESS. ``mutant`` invades it when it is not (None when it
    is an ESS); ``faces`` is the number of critical-point systems examined."""

    strategy: tuple[Fraction, ...]
    ess: bool
    mutant: tuple[Fraction, ...] | None
    faces: int

    def to_json(self) -> dict[str, Any]:
        return {"strategy": [fmt(v) for v in self.strategy], "ess": self.ess,
                "mutant": None if self.mutant is None else [fmt(v) for v in self.mutant],
                "faces_checked": self.faces}


def _matrix(game: BimatrixGame) -> list[list[Fraction]]:
    if not isinstance(game, BimatrixGame):
        raise GameError(f"ESS needs a BimatrixGame, got {type(game).__name__}")
    m, n = game.shape
    if m != n or any(game.B[i][j] != game.A[j][i] for i in range(n) for j in range(n)):
        raise GameError("ESS needs a symmetric game (square, B = A transposed)")
    return [list(r) for r in game.A]


def _bil(y: Sequence[Fraction], A: list[list[Fraction]], x: Sequence[Fraction]) -> Fraction:
    return sum((yi * sum((a * xj for a, xj in zip(r, x) if xj), _ZERO) for yi, r in zip(y, A) if yi), _ZERO)


def _solve(M: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """Unique solution of the square system M z = b, or None if M is singular."""
    n = len(M)
    a = [r[:] + [v] for r, v in zip(M, b)]
    for k in range(n):
        p = next((r for r in range(k, n) if a[r][k]), None)
        if p is None:
            return None
        a[k], a[p] = a[p], a[k]
        piv = a[k][k]
        a[k] = [v / piv for v in a[k]]
        for r in range(n):
            if r != k and a[r][k]:
                f = a[r][k]
                a[r] = [u - f * v for u, v in zip(a[r], a[k])]
    return [a[r][n] for r in range(n)]


def _invades(A: list[list[Fraction]], x: Sequence[Fraction], y: Sequence[Fraction]) -> bool:
    """Exact definition: y ≠ x does at least as well as x against x, and, if equally well,
    at least as well as x against y."""
    if tuple(y) == tuple(x):
        return False
    a, b = _bil(y, A, x), _bil(x, A, x)
    return a > b or (a == b and _bil(x, A, y) <= _bil(y, A, y))


def ess_verdict(game: BimatrixGame, strategy: Sequence) -> ESSVerdict:
    """Decide exactly whether ``strategy`` is an evolutionarily stable strategy.

    Parameters
    ----------
    game : BimatrixGame
        A symmetric game (B = Aᵀ).
    strategy : sequence
        A mixed strategy (exact numbers).

    Returns
    -------
    ESSVerdict
        ``ess`` and, when False, an invading ``mutant`` (checked against the definition).

    Raises
    ------
    GameError
        If the game is not symmetric or ``strategy`` is not a distribution.
    CertificationError
        If a mutant found fails the exact check of the definition (a bug).

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> hd = BimatrixGame([[-1, 4], [0, 2]], [[-1, 0], [4, 2]])    # hawk-dove, V=4, C=6
    >>> ess_verdict(hd, ["2/3", "1/3"]).ess, ess_verdict(hd, [1, 0]).mutant
    (True, (Fraction(0, 1), Fraction(1, 1)))
    """
    A = _matrix(game)
    n = len(A)
    x = tuple(to_fraction(v, "strategy entry") for v in strategy)
    if len(x) != n or any(v < 0 for v in x) or sum(x) != 1:
        raise GameError("not a mixed strategy of the symmetric game")
    Ax = [sum((a * xj for a, xj in zip(r, x)), _ZERO) for r in A]
    best = max(Ax)
    S = {i for i in range(n) if x[i]}
    if any(Ax[i] != best for i in S):  # not a symmetric equilibrium: a better pure reply invades
        k = Ax.index(best)
        y = tuple(_ONE if j == k else _ZERO for j in range(n))
        return _no(A, x, y, 0)
    E = [i for i in range(n) if Ax[i] == best]
    Sym = [[A[i][j] + A[j][i] for j in range(n)] for i in range(n)]
    faces = 0
    for size in range(1, len(E) + 1):
        for K in combinations(E, size):
            if S <= set(K):
                continue
            faces += 1
            # ((A + Aᵀ)(y − x))_K = λ·1, Σ y_K = 1  in unknowns (y_K, λ)
            M = [[Sym[i][j] for j in K] + [-_ONE] for i in K] + [[_ONE] * size + [_ZERO]]
            rhs = [sum((Sym[i][j] * x[j] for j in range(n) if x[j]), _ZERO) for i in K] + [_ONE]
            z = _solve(M, rhs)
            if z is None or any(v <= 0 for v in z[:size]):
                continue
            ym = [_ZERO] * n
            for i, v in zip(K, z):
                ym[i] = v
            d = [yi - xi for yi, xi in zip(ym, x)]
            if _bil(d, A, d) >= 0:
                return _no(A, x, tuple(ym), faces)
    return ESSVerdict(x, True, None, faces)


def _no(A: list[list[Fraction]], x: tuple[Fraction, ...], y: tuple[Fraction, ...], faces: int) -> ESSVerdict:
    if not _invades(A, x, y):
        raise CertificationError("ESS test: the mutant found does not invade")
    return ESSVerdict(x, False, y, faces)


def is_ess(game: BimatrixGame, strategy: Sequence) -> bool:
    """True iff ``strategy`` is an ESS of the symmetric ``game`` (see :func:`ess_verdict`).

    Parameters
    ----------
    game : BimatrixGame
        A symmetric game.
    strategy : sequence
        A mixed strategy.

    Returns
    -------
    bool

    Raises
    ------
    GameError
        If the game is not symmetric or the strategy is malformed.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> rps = BimatrixGame([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]])
    >>> is_ess(rps, ["1/3", "1/3", "1/3"])     # neutrally stable only
    False
    """
    return ess_verdict(game, strategy).ess


@dataclass(frozen=True, eq=False)
class ESSResult(ResultSequence):
    """All ESS of a symmetric game, as symmetric equilibria (x, x); the SolverResult protocol.

    ``certificate``: the verdict on every symmetric-equilibrium candidate examined.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> r = ess(BimatrixGame([[0, 3], [1, 2]], [[0, 1], [3, 2]]))  # hawk-dove
    >>> r.method, r.unique, r[0].row
    ('ess', True, (Fraction(1, 2), Fraction(1, 2)))
    """

    game: BimatrixGame
    equilibria: tuple[Equilibrium, ...]
    verdicts: tuple[ESSVerdict, ...]
    method: str = "ess"
    complete: bool = True
    components: None = None

    @property
    def unique(self) -> bool:
        return len(self.equilibria) == 1

    @property
    def strategies(self) -> tuple[tuple[Fraction, ...], ...]:
        return tuple(e.row for e in self.equilibria)

    @property
    def certificate(self) -> dict[str, Any]:
        return {"criterion": "Haigh/Bomze: f(y) = (y-x)^T A (y-x) < 0 on the faces of the best-reply "
                             "simplex avoiding x (critical points enumerated exactly)",
                "candidates": [v.to_json() for v in self.verdicts]}

    def to_json(self) -> dict[str, Any]:
        return {"rows": self.game.m, "cols": self.game.n, "method": self.method, "complete": True,
                "ess": [[fmt(v) for v in e.row] for e in self.equilibria],
                "equilibria": [e.to_json() for e in self.equilibria], "unique": self.unique,
                "certificate": self.certificate}


def ess(game: BimatrixGame) -> ESSResult:
    """Every evolutionarily stable strategy of the symmetric ``game``, exactly.

    Parameters
    ----------
    game : BimatrixGame
        A symmetric game (B = Aᵀ) with at most :data:`MAX_STRATEGIES` strategies.

    Returns
    -------
    ESSResult
        The ESS as certified symmetric equilibria (x, x), and the verdict on every
        symmetric-equilibrium candidate (one per support with a nonsingular system).

    Raises
    ------
    GameError
        If the game is not symmetric.
    TooLargeError
        If it has more than :data:`MAX_STRATEGIES` strategies.

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> coord = BimatrixGame([[2, 0], [0, 1]], [[2, 0], [0, 1]])
    >>> [tuple(map(str, x)) for x in ess(coord).strategies]
    [('1', '0'), ('0', '1')]
    """
    A = _matrix(game)
    n = len(A)
    if n > MAX_STRATEGIES:
        raise TooLargeError(f"ESS support enumeration is limited to {MAX_STRATEGIES} strategies, got {n}")
    verdicts = []
    for size in range(1, n + 1):
        for S in combinations(range(n), size):
            M = [[A[i][j] for j in S] + [-_ONE] for i in S] + [[_ONE] * size + [_ZERO]]
            z = _solve(M, [_ZERO] * size + [_ONE])
            if z is None or any(v <= 0 for v in z[:size]):
                continue
            x = [_ZERO] * n
            for i, v in zip(S, z):
                x[i] = v
            Ax = [sum((a * xj for a, xj in zip(r, x)), _ZERO) for r in A]
            if max(Ax) != z[size]:
                continue  # not a symmetric equilibrium
            verdicts.append(ess_verdict(game, x))
    eqs = tuple(Equilibrium.from_strategies(game, v.strategy, v.strategy) for v in verdicts if v.ess)
    return ESSResult(game, eqs, tuple(verdicts))
