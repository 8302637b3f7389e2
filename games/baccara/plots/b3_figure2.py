"""Figure 2 of Ethier & Lee II: Model B3's best-response-discontinuity curves (d = 6).

Player restricted to rows 19 (DSSDD) and 27 (DDSDD) of 0–31, Banker free at the 20
information sets left by Lemma 1 and playing Model B2's moves elsewhere: a 2 × 2²⁰ additive
game affine in α (:func:`games.baccara.reproduce.paper2_b3.verify_game`), analysed by
:func:`gamekit.parametric.solve_parametric`. The paper: seven curves, six intersections.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.core import GameError
from gamekit.parametric import AffineAdditiveGame, ParametricSolution, solve_parametric

__all__ = ["figure2_solution", "figure2_data"]


def figure2_solution(decks: int = 6, alpha_max: Fraction = Fraction(1, 10)) -> ParametricSolution:
    """The parametric Foster analysis of the rows-19/27 game on [0, alpha_max]."""
    from games.baccara.reproduce.paper2_b3 import D6, verify_game

    if decks != D6:
        raise GameError(f"Figure 2 is the paper's d = {D6} construction (rows 19 and 27, Model B2's "
                        f"moves outside the 20 sets); got --decks {decks}")
    g = AffineAdditiveGame.from_endpoints(verify_game(Fraction(0)), verify_game(alpha_max), 0, alpha_max,
                                          title=f"Model B3 (rows 19, 27), d={decks}")
    return solve_parametric(g, 0, alpha_max)


def figure2_data(decks: int = 6, alpha_max: Fraction = Fraction(1, 10), points: int = 401) -> dict:
    """Float samples of the curves (NaN outside [0, 1]) and the intersections, in the shape
    :func:`games.baccara.plots.figures.draw_curves` draws."""
    from games.baccara.plots.figures import COLOURS, OTHER, _grid, paper_label

    sol = figure2_solution(decks, alpha_max)
    xs = _grid(0, alpha_max, points)
    curves = []
    for c in sol.curves:
        ys = []
        for x in xs:
            y = c.formula(x) if c.formula.defined_at(x) else None
            ys.append(float(y) if y is not None and 0 <= y <= 1 else float("nan"))
        card = c.label.partition(":")[2]
        curves.append({"label": c.label, "name": f"p{paper_label(c.label)}", "formula": str(c.formula),
                       "colour": COLOURS.get(card, OTHER), "alpha": [float(x) for x in xs], "p": ys})
    labels = sol.data.labels
    inter = [{"curves": (labels[x.curves[0]], labels[x.curves[1]]), "alpha": float(x.alpha), "p": float(x.p)}
             for x in sol.intersections]
    return {"model": sol.game.title, "exceptional_symbol": "β",
            "heading": "Model B3, Player restricted to DSSDD and DDSDD (his strategies 19 and 27 of 0–31)",
            "ylabel": "p (Player's probability of drawing at (1,4))", "decks": decks, "alpha_max": float(alpha_max), "curves": curves,
            "intersections": inter, "nonunique": [float(c.alpha) for c in sol.nonunique_points]}
