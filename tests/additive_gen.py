"""Shared generators and reference solvers for the additive-game tests.

Random additive games come in styles chosen to hit every degenerate case of Foster's
algorithm: ``generic`` (weights in −9..9), ``ties`` (weights in {−1, 0, 1}: many equal
breakpoints, G₀ = G₁ = 0 sets and a_0 = a_1 ties) and ``directions`` (gains drawn from a
few directions (G₀, G₁) times positive multipliers, so several p(l) coincide exactly,
including the always-indifferent direction (0, 0)).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from gamekit.additive.game import AdditiveGame
from games.baccara.reproduce.paper_data import A_UNIT, B_UNIT, LABELS16, PAPER_AT16, PAPER_BT16

F = Fraction

DIRECTIONS = [(-1, 1), (-2, 1), (1, -1), (1, -2), (0, 1), (-1, 0), (1, 1), (-1, -1), (0, 0), (2, -2)]


@st.composite
def additive_games(draw, n_min: int = 1, n_max: int = 6, styles=("generic", "ties", "directions"),
                   rows: int = 2, a_func: bool = False):
    n = draw(st.integers(n_min, n_max))
    style = draw(st.sampled_from(styles))
    small = st.integers(-1, 1)
    vals = st.integers(-9, 9) if style == "generic" else small
    b_base = [draw(vals) for _ in range(rows)]
    if style == "directions":
        b_move = [[None] * n for _ in range(rows)]
        for l in range(n):
            d = draw(st.sampled_from(DIRECTIONS))
            k = draw(st.integers(1, 3))
            for u in range(rows):
                w0 = draw(small)
                g = d[u % 2] * k + (draw(small) if u >= 2 else 0)
                b_move[u][l] = (w0, w0 + g)
    else:
        b_move = [[(draw(vals), draw(vals)) for _ in range(n)] for _ in range(rows)]
    labels = [f"i{l}" for l in range(n)]
    names = [f"r{u}" for u in range(rows)]
    if a_func:
        table = draw(st.lists(vals, min_size=rows << n, max_size=rows << n))

        def payoff(u: int, T: frozenset[int], table=tuple(table), n=n) -> Fraction:
            code = sum(1 << l for l in T)
            return F(table[(u << n) | code])

        return AdditiveGame(names, labels, b_base, b_move, a_func=payoff)
    a_base = [draw(vals) for _ in range(rows)]
    a_move = [[(draw(vals), draw(vals)) for _ in range(n)] for _ in range(rows)]
    return AdditiveGame(names, labels, b_base, b_move, a_base=a_base, a_move=a_move)


def gambit_extreme(game) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
    """All extreme equilibria of an explicit BimatrixGame by pygambit's enummixed (rational)."""
    import pygambit

    g = pygambit.Game.from_arrays(np.array(game.A, dtype=object), np.array(game.B, dtype=object))
    res = pygambit.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    return [
        (tuple(Fraction(eq[s]) for s in p1.strategies), tuple(Fraction(eq[s]) for s in p2.strategies))
        for eq in res.equilibria
    ]


def gamekit_extreme(game) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
    """All extreme equilibria by ``gamekit.bimatrix.solve_result(method="all")``."""
    from gamekit.bimatrix.solve import solve_result

    res = solve_result(game, method="all")
    return [(e.row, e.col) for e in res.equilibria]


# --- the first paper's Model A1 2×16 game (Ethier & Lee, casino baccara bimatrix, Section 2)
# Columns 0..15 = Banker's moves on (3,9), (4,1), (5,4), (6,∅) as S/D strings, first most
# significant; rows = Player stands / draws on 5. The paper's values live in
# games.baccara.reproduce.paper_data (typed once).
A1_LABELS = LABELS16


def a1_matrices(alpha: Fraction) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
    """(A, B_α) as 2×16 matrices (rows: S on 5, D on 5)."""
    A = [[PAPER_AT16[j][u] * A_UNIT for j in range(16)] for u in range(2)]
    B = [[(PAPER_BT16[j][u][0] - PAPER_BT16[j][u][1] * alpha) * B_UNIT for j in range(16)] for u in range(2)]
    return A, B
