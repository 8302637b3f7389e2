"""Zero-sum (constant-sum) game trees: the value and optimal behaviour strategies by one
exact LP on the sequence form (Koller, Megiddo and von Stengel 1994; von Stengel 1996).

Player 1 maximizes the payoff player 2 can hold him to:

    max q_0   subject to   E x = e,  x ≥ 0,   Fᵀ q − Aᵀ x ≤ 0,   q free

(q = q⁺ − q⁻ for :func:`gamekit.lp.solve_lp`, whose answer is certified by its primal–dual
certificate). The duals of the rows ``Fᵀ q − Aᵀ x ≤ 0`` are an optimal realization plan y
of player 2. The pair (x, y) is then checked by the exact best-response test of
:mod:`gamekit.extensive.certify`, and the value equals player 1's payoff.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core.errors import CertificationError, GameError
from gamekit.extensive.certify import certify_plans
from gamekit.extensive.game import ExtensiveGame
from gamekit.extensive.sequence_form import sequence_form

__all__ = ["solve_zerosum"]


def solve_zerosum(game: ExtensiveGame):
    """Value and optimal behaviour strategies of a constant-sum game tree (module doc).

    Parameters
    ----------
    game : ExtensiveGame
        A game whose two payoffs have the same sum at every leaf.

    Returns
    -------
    ExtensiveSolution
        One certified equilibrium (a pair of optimal strategies); ``certificate["value"]``
        is player 1's value.

    Raises
    ------
    GameError
        The game is not constant-sum.
    CertificationError
        An internal check failed.

    Examples
    --------
    >>> from gamekit.extensive.game import ExtensiveGame, Leaf, Move
    >>> g = ExtensiveGame.from_tree(Move(1, "p", {"H": Move(2, "q", {"h": Leaf(1, -1), "t": Leaf(-1, 1)}),
    ...                                           "T": Move(2, "q", {"h": Leaf(-1, 1), "t": Leaf(1, -1)})}))
    >>> r = solve_zerosum(g)
    >>> r.certificate["value"], [str(p) for p in r[0].row[0]]
    (Fraction(0, 1), ['1/2', '1/2'])
    """
    from gamekit.extensive.solve import ExtensiveSolution
    from gamekit.lp.simplex import solve_lp

    if not game.is_constant_sum():
        raise GameError("method 'zerosum' needs a constant-sum game (the two payoffs have the same sum at "
                        "every leaf); use method 'lemke'")
    sf = sequence_form(game)
    n1, n2 = sf.sizes
    E = sf.constraint_rows(1)
    Frows = sf.constraint_rows(2)
    k2 = len(Frows)
    nvar = n1 + 2 * k2  # x, q+, q-
    c = [Fraction(0)] * nvar
    c[n1] = Fraction(1)
    c[n1 + k2] = Fraction(-1)
    A_eq = []
    for row in E:
        r = [Fraction(0)] * nvar
        for q, v in row.items():
            r[q] = Fraction(v)
        A_eq.append(r)
    b_eq = [Fraction(1)] + [Fraction(0)] * (len(E) - 1)
    A_ub = [[Fraction(0)] * nvar for _ in range(n2)]
    for h, frow in enumerate(Frows):
        for t, coef in frow.items():
            A_ub[t][n1 + h] += coef
            A_ub[t][n1 + k2 + h] -= coef
    for (s1, s2), a in sf.A.items():
        A_ub[s2][s1] -= a
    res = solve_lp(c, A_ub, [Fraction(0)] * n2, A_eq, b_eq, maximize=True)
    if res.status != "optimal" or res.x is None or res.duals_ub is None or res.value is None:
        raise CertificationError(f"zero-sum LP of an extensive game: status {res.status}")
    x = tuple(res.x[:n1])
    y = tuple(res.duals_ub)
    eq = certify_plans(sf, x, y, "zero-sum optimal strategies")
    if eq.payoffs[0] != res.value:
        raise CertificationError("zero-sum LP: the value is not player 1's payoff")
    cert = {"value": res.value, "lp": res.method, "pivots": res.pivots, "sequences": [n1, n2],
            "test": "LP certificate and exact best response in behaviour strategies"}
    return ExtensiveSolution(game, "zerosum", (eq,), cert)
