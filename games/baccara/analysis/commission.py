"""Chemin de fer as a game affine in the commission α, and formulas in the deck count d.

Ethier & Lee, *Baccara chemin de fer II*, section 3. Banker's payoff (15) is
sgn(x) − α·1(x > 0), so every weighted term of Banker is W⁰ + α·W¹ (W⁰ = (W − L)/D,
W¹ = −W/D, :attr:`~games.baccara.models.tables.ModelTables.banker_affine`) while Player's terms do
not depend on α. :func:`affine_game` packs this as a
:class:`gamekit.parametric.AffineAdditiveGame`; :func:`solve_alpha_range` runs the parametric
Foster analysis on it (curves, intersections, Tables 2–4, every equilibrium for every α).

Model B counts are polynomials of degree ≤ 6 in d (:mod:`games.baccara.models.counts`), so the
quantities the paper states "for all d" — a best-response-discontinuity curve p(l)(α, d)
(equation (26) for l = ((0,6),∅)) and the equalizing probability q(d) of a Banker strategy
(equations (27)–(36)) — are rational functions of (α, d). :func:`curve_in_d` and
:func:`equalizing_in_d` derive them symbolically (sympy) from the integer polynomial tables:
"Foster's algorithm with a variable d" for one fixed pattern.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from gamekit.core import GameError
from gamekit.parametric import AffineAdditiveGame, ParametricSolution, solve_parametric
from games.baccara.models.counts import LOSS, WIN
from games.baccara.models.tables import aggregated_polynomials, model_tables, parse_model

__all__ = [
    "PARAMETRIC_MODELS",
    "affine_game",
    "solve_alpha_range",
    "symbols",
    "curve_in_d",
    "equalizing_in_d",
    "player_advantage_in_d",
]

#: Models with two Player strategies (the parametric layer needs a 2 × 2ⁿ game).
PARAMETRIC_MODELS = ("A1", "A2", "B1", "B2")


def affine_game(model: str, decks: object = 6) -> AffineAdditiveGame:
    """Model ``model`` (A1, A2, B1, B2) with ``decks`` decks as a game affine in α.

    Banker's weights are W⁰ + αW¹ (paper II, eq. (15)), Player's constant. ``decks`` is
    ignored by Model A. Raises :class:`GameError` for Models A3/B3 (32 Player strategies).
    """
    name = parse_model(model)
    if name not in PARAMETRIC_MODELS:
        raise GameError(
            f"Model {name} has 32 Player strategies; the parametric analysis in alpha needs "
            f"two (Models {', '.join(PARAMETRIC_MODELS)})"
        )
    t = model_tables(name, decks)
    (_, _), (b1, m1) = t.banker_affine
    d = f", d={t.decks}" if t.decks is not None else ""
    return AffineAdditiveGame.from_slope(t.game(0), b1, m1, title=f"Model {name}{d}")


def solve_alpha_range(model: str, decks: object = 6, lo=0, hi=Fraction(1, 10)) -> ParametricSolution:
    """Every Nash equilibrium of ``model`` for every commission α ∈ [lo, hi], exactly."""
    return solve_parametric(affine_game(model, decks), lo, hi)


# -- formulas in d (Model B) -------------------------------------------------------------------
@cache
def _poly_tables(model: str):
    name = parse_model(model)
    if name[0] != "B" or name not in PARAMETRIC_MODELS:
        raise GameError(f"formulas in d need Model B1 or B2, not {name}")
    natural, move = aggregated_polynomials("B", int(name[1]))
    return model_tables(name, 1).infosets, move


def symbols():
    """The sympy symbols (alpha, d) used by the formulas in d (d is declared positive)."""
    import sympy

    return sympy.Symbol("alpha"), sympy.Symbol("d", positive=True)


def _sym(coeffs):
    d = symbols()[1]
    return sum(int(c) * d**e for e, c in enumerate(coeffs))


def curve_in_d(model: str, label: str):
    """p(l)(α, d) = G_0(l)/(G_0(l) − G_1(l)) as a sympy expression in ``alpha`` and ``d``.

    G_u(l) ∝ [(1 − α)W − L]_{u,l,draw} − [(1 − α)W − L]_{u,l,stand}, with the counts W, L
    polynomials in d (common denominator (52d)_6, which cancels).
    """
    import sympy

    infosets, move = _poly_tables(model)
    if label not in infosets:
        raise GameError(f"unknown information set {label!r} for Model {model}")
    l = infosets.index(label)
    a = symbols()[0]

    def gain(u: int):
        w = [_sym(move[u, l, v, WIN]) for v in (0, 1)]
        lo = [_sym(move[u, l, v, LOSS]) for v in (0, 1)]
        return ((1 - a) * w[1] - lo[1]) - ((1 - a) * w[0] - lo[0])

    g0, g1 = gain(0), gain(1)
    return sympy.factor(sympy.cancel(g0 / (g0 - g1)))


def player_advantage_in_d(model: str, moves: dict[str, int]):
    """D(T)·(52d)_6 = Σ_l [(L − W)_{1,l,T_l} − (L − W)_{0,l,T_l}]: Player's gain from drawing on
    5 (row 1 over row 0) against Banker's pure strategy T, as a polynomial in d.

    ``moves`` maps every Banker information set to 0 (stand) or 1 (draw).
    """
    infosets, move = _poly_tables(model)
    if set(moves) != set(infosets):
        missing = sorted(set(infosets) - set(moves))[:3]
        raise GameError(f"a Banker pure strategy needs a move at all {len(infosets)} sets (missing {missing})")
    import numpy as np

    T = np.array([int(moves[s]) for s in infosets])
    idx = np.arange(len(infosets))
    diff = move[:, idx, T, LOSS, :] - move[:, idx, T, WIN, :]  # (m, n, deg+1)
    return _sym((diff[1] - diff[0]).sum(axis=0))


def equalizing_in_d(model: str, moves: dict[str, int], mixed: str):
    """Banker's equalizing probability q(d) of drawing at ``mixed`` (Lemma 2(c)), all else as in
    ``moves``: q = D(T₀)/(D(T₀) − D(T₁)) with T₀/T₁ standing/drawing at ``mixed``."""
    import sympy

    t0 = dict(moves, **{mixed: 0})
    t1 = dict(moves, **{mixed: 1})
    D0 = player_advantage_in_d(model, t0)
    D1 = player_advantage_in_d(model, t1)
    return sympy.factor(sympy.cancel(D0 / (D0 - D1)))
