"""Additive games with more than two rows: Lemma 1, materialization, the explicit solver."""

from __future__ import annotations

from gamekit.additive.behaviour import (
    behaviour_to_mixture,
    mixed_to_mixture,
    mixture_to_behaviour,
    payoffs,
)
from gamekit.additive.game import AdditiveGame
from gamekit.additive.solution import AdditiveEquilibrium, AdditiveSolution, FosterCertificate
from gamekit.core.errors import GameError

__all__ = ["solve_by_enumeration"]


def solve_by_enumeration(game: AdditiveGame, limit: int) -> AdditiveSolution:
    """m > 2: Lemma 1, materialize the reduced game, enumerate its extreme equilibria."""
    from gamekit.additive.reduction import forced_moves, materialize, materialized_columns

    try:
        from gamekit.bimatrix.solve import solve_result
    except ImportError as exc:  # pragma: no cover - depends on the explicit solver
        raise GameError("solving additive games with more than 2 rows needs gamekit.bimatrix.solve") from exc
    red = forced_moves(game)
    explicit = materialize(game, limit=limit, reduce=True)
    columns = materialized_columns(game, limit=limit, reduce=True)
    res = solve_result(explicit, method="all")
    seen: dict[tuple, AdditiveEquilibrium] = {}
    additive = game.a_move is not None
    for e in res.equilibria:
        mix = mixed_to_mixture(e.col, columns)
        y = mixture_to_behaviour(mix, game.n)
        if additive:
            mix = behaviour_to_mixture(y)
        eq = AdditiveEquilibrium(tuple(e.row), y, payoffs(game, e.row, mixture=mix), mix)
        key = (eq.row, eq.draw) if additive else (eq.row, frozenset(eq.mixture))
        seen.setdefault(key, eq)
    eqs = tuple(sorted(seen.values(), key=lambda e: (e.row, e.draw)))
    unique = len(eqs) == 1 and bool(res.complete)
    unique_mixed = unique and len(res.equilibria) == 1
    # a continuum in behaviour strategies: a maximal Nash subset with two distinct images
    continuum = False
    for comp in res.components or []:
        images = set()
        for i in comp.rows:
            for j in comp.cols:
                col = mixed_to_mixture(res.col_vertices[j], columns)
                img = mixture_to_behaviour(col, game.n) if additive else frozenset(col)
                images.add((res.row_vertices[i], img))
        continuum = continuum or len(images) > 1
    notes = (f"Lemma 1 kept {red.n_free} of {game.n} information sets; "
             f"solved the explicit {game.m}x{1 << red.n_free} game by vertex enumeration",)
    cert = FosterCertificate(game.n, {"forced_0": len(red.forced_0), "forced_1": len(red.forced_1), "free": red.n_free},
                             (), (), (), {}, False, notes)
    return AdditiveSolution(game, eqs, (), (), unique, unique_mixed, cert, "enumeration",
                            complete=bool(res.complete), continuum=continuum)
