"""Additive games with one row: player II best-responds at every information set."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from gamekit.additive.behaviour import behaviour_to_mixture, payoffs
from gamekit.additive.game import AdditiveGame
from gamekit.additive.solution import AdditiveEquilibrium, AdditiveSolution, EquilibriumCell
from gamekit.core.errors import TooLargeError

__all__ = ["solve_one_row"]

_ZERO = Fraction(0)
_ONE = Fraction(1)


def solve_one_row(game: AdditiveGame, max_vertices: int) -> AdditiveSolution:
    """m = 1: player II best-responds; equilibria are the vertices of his best-response face."""
    G = game.b_gains(0)
    ones = [l for l in range(game.n) if G[l] > 0]
    free = [l for l in range(game.n) if G[l] == 0]
    if len(free) > 62 or (1 << len(free)) > max_vertices:
        raise TooLargeError(f"player II is indifferent at {len(free)} information sets: 2^{len(free)} extreme equilibria")
    base = [_ZERO] * game.n
    for l in ones:
        base[l] = _ONE
    verts = []
    for bits in product((_ZERO, _ONE), repeat=len(free)):
        y = list(base)
        for l, v in zip(free, bits):
            y[l] = v
        yt = tuple(y)
        mix = behaviour_to_mixture(yt)
        verts.append(AdditiveEquilibrium((_ONE,), yt, payoffs(game, (_ONE,), mixture=mix), mix))
    cell = EquilibriumCell("face", _ONE, _ONE, tuple(free), "any", tuple(verts), tuple(base))
    unique = len(verts) == 1
    return AdditiveSolution(game, tuple(verts), (cell,), ((0,),), unique, unique, None, "trivial")
