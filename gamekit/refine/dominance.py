"""Weak dominance by mixed strategies, decided by exact LPs, with a witness either way.

For a player with payoff matrix ``M`` (own strategies × opponent strategies) and a set
``S`` of own pure strategies, exactly one of the following holds (van Damme 1991,
Lemma 3.2.1; an LP duality / separating-hyperplane argument):

* some *completely mixed* opponent strategy q has every strategy in S as a best response
  (then every x with supp(x) ⊆ S is undominated: a weakly dominating x' would do strictly
  better against the strictly positive q);
* the strategy x_S that mixes S uniformly is weakly dominated by a mixed strategy x'
  (x'M ≥ x_S M componentwise, with a strict inequality somewhere).

Both alternatives are found by exact LPs (:func:`gamekit.lp.simplex.solve_lp`) and the
witness is re-checked in rational arithmetic before it is returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from gamekit.core.errors import CertificationError, GameError
from gamekit.core.game import BimatrixGame
from gamekit.core.numbers import fmt
from gamekit.lp.simplex import solve_lp

__all__ = ["Player", "Verdict", "payoff_matrix", "support_witness", "dominator", "verdict"]

Player = Literal["row", "column"]
Matrix = list[list[Fraction]]
_ZERO = Fraction(0)


@dataclass(frozen=True)
class Verdict:
    """Whether a strategy of ``player`` is weakly dominated, with the exact witness.

    ``undominated``: True when ``witness`` is a completely mixed opponent strategy to which
    every pure strategy in the support of ``strategy`` is a best response; False when
    ``witness`` is a mixed strategy of ``player`` that weakly dominates ``strategy``.

    Examples
    --------
    >>> from gamekit import BimatrixGame
    >>> g = BimatrixGame([[1, 0], [0, 0]], [[1, 0], [0, 0]])
    >>> verdict(g, "row", [Fraction(0), Fraction(1)])  # row 2 is weakly dominated by row 1
    Verdict(player='row', strategy=(Fraction(0, 1), Fraction(1, 1)), undominated=False, witness=(Fraction(1, 1), Fraction(0, 1)))
    >>> verdict(g, "row", [Fraction(1), Fraction(0)]).undominated
    True
    """

    player: Player
    strategy: tuple[Fraction, ...]
    undominated: bool
    witness: tuple[Fraction, ...]

    def to_json(self) -> dict:
        key = "best_response_to" if self.undominated else "dominated_by"
        return {"player": self.player, "strategy": [fmt(v) for v in self.strategy],
                "undominated": self.undominated, key: [fmt(v) for v in self.witness]}


def payoff_matrix(game: BimatrixGame, player: Player) -> Matrix:
    """The payoffs of ``player``: own strategies as rows, the opponent's as columns."""
    if player == "row":
        return [list(r) for r in game.A]
    if player == "column":
        return [list(c) for c in zip(*game.B)]
    raise GameError(f"player must be 'row' or 'column', got {player!r}")


def _mv(M: Matrix, q: Sequence[Fraction]) -> list[Fraction]:
    return [sum((a * b for a, b in zip(r, q) if b), _ZERO) for r in M]


def _vm(x: Sequence[Fraction], M: Matrix) -> list[Fraction]:
    out = [_ZERO] * len(M[0])
    for xi, r in zip(x, M):
        if xi:
            out = [o + xi * a for o, a in zip(out, r)]
    return out


def is_best_response_witness(M: Matrix, S: frozenset[int], q: Sequence[Fraction]) -> bool:
    """Exact check: q is a completely mixed distribution and every s in S maximizes (Mq)_s."""
    if any(v <= 0 for v in q) or sum(q) != 1 or len(q) != len(M[0]):
        return False
    u = _mv(M, q)
    best = max(u)
    return all(u[s] == best for s in S)


def is_dominator(M: Matrix, x: Sequence[Fraction], xd: Sequence[Fraction]) -> bool:
    """Exact check: ``xd`` is a distribution with xd·M ≥ x·M componentwise, ≠ somewhere."""
    if any(v < 0 for v in xd) or sum(xd) != 1:
        return False
    a, b = _vm(xd, M), _vm(x, M)
    return all(p >= r for p, r in zip(a, b)) and any(p > r for p, r in zip(a, b))


def support_witness(M: Matrix, S: frozenset[int]) -> tuple[Fraction, ...] | None:
    """A completely mixed opponent strategy q with S ⊆ argmax Mq, or None if there is none.

    LP: maximize t subject to q_j ≥ t, (M_i − M_s)·q ≤ 0 (s ∈ S, every i), Σq = 1, q ≥ 0;
    a positive optimum gives q. The answer is checked exactly.
    """
    k, n = len(M), len(M[0])
    rows: list[list[Fraction]] = []
    for j in range(n):
        r = [_ZERO] * (n + 1)
        r[j], r[n] = Fraction(-1), Fraction(1)
        rows.append(r)
    for s in sorted(S):
        for i in range(k):
            if i != s:
                rows.append([M[i][j] - M[s][j] for j in range(n)] + [_ZERO])
    c = [_ZERO] * n + [Fraction(1)]
    res = solve_lp(c, rows, [_ZERO] * len(rows), [[Fraction(1)] * n + [_ZERO]], [Fraction(1)], maximize=True)
    if res.status != "optimal" or res.value is None or res.value <= 0 or res.x is None:
        return None
    q = tuple(res.x[:n])
    if not is_best_response_witness(M, S, q):
        raise CertificationError("best-response LP returned a point that fails the exact check")
    return q


def dominator(M: Matrix, x: Sequence[Fraction]) -> tuple[Fraction, ...] | None:
    """A mixed strategy that weakly dominates ``x`` (payoffs ``M``), or None if x is undominated.

    LP: maximize Σ_j (x'M)_j subject to x'M ≥ xM, x' a distribution; an optimum above
    Σ_j (xM)_j gives the dominator, checked exactly.
    """
    k, n = len(M), len(M[0])
    base = _vm(x, M)
    c = [sum(M[i], _ZERO) for i in range(k)]
    A_ub = [[-M[i][j] for i in range(k)] for j in range(n)]
    b_ub = [-v for v in base]
    res = solve_lp(c, A_ub, b_ub, [[Fraction(1)] * k], [Fraction(1)], maximize=True)
    if res.status != "optimal" or res.value is None or res.x is None:
        raise CertificationError(f"domination LP ended {res.status}; it is feasible and bounded")
    if res.value <= sum(base, _ZERO):
        return None
    xd = tuple(res.x)
    if not is_dominator(M, x, xd):
        raise CertificationError("domination LP returned a point that fails the exact check")
    return xd


def verdict(game: BimatrixGame, player: Player, strategy: Sequence[Fraction]) -> Verdict:
    """Decide whether ``strategy`` of ``player`` is weakly dominated (by a mixed strategy).

    Parameters
    ----------
    game : BimatrixGame
        The game.
    player : {"row", "column"}
        Whose strategy.
    strategy : sequence of Fraction
        A mixed strategy of ``player``.

    Returns
    -------
    Verdict
        ``undominated`` and its exact witness (see :class:`Verdict`).

    Raises
    ------
    GameError
        If ``strategy`` is not a probability distribution of the right length.
    CertificationError
        If neither witness is found (impossible by LP duality: a solver bug).

    Examples
    --------
    >>> from gamekit.core.game import BimatrixGame
    >>> g = BimatrixGame([[1, 1], [0, 1]], [[1, 1], [1, 1]])
    >>> verdict(g, "row", [0, 1]).undominated
    False
    >>> verdict(g, "row", [1, 0]).witness
    (Fraction(1, 2), Fraction(1, 2))
    """
    M = payoff_matrix(game, player)
    x = tuple(Fraction(v) for v in strategy)
    if len(x) != len(M) or any(v < 0 for v in x) or sum(x) != 1:
        raise GameError(f"not a mixed strategy of the {player} player: {[fmt(v) for v in x]}")
    S = frozenset(i for i, v in enumerate(x) if v)
    q = support_witness(M, S)
    if q is not None:
        return Verdict(player, x, True, q)
    xd = dominator(M, x)
    if xd is None:
        raise CertificationError("strategy neither dominated nor a best response to a completely mixed strategy")
    return Verdict(player, x, False, xd)
