"""Method "all": every extreme equilibrium of the sequence form, checked against "all" on the
reduced normal form (every extreme sequence-form equilibrium is the image of an extreme
equilibrium of the reduced form, since the map mixed strategy -> realization plan is linear and
onto and Nash subsets map onto Nash subsets) and against pygambit's equilibria."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest

import gamekit
from gamekit.extensive.sequence_form import reduced_normal_form, sequence_form
from tests.extensive.test_efg import PERFECT
from tests.extensive.trees import random_tree

F = Fraction
SMALL = [p for p in PERFECT if "fig6_2" not in p.name]  # fig6_2 takes ~15 s: benchmarks only


def _images(g) -> set[tuple]:
    """Realization-plan pairs of the extreme equilibria of the reduced normal form."""
    nf, rows, cols = reduced_normal_form(g)
    sf = sequence_form(g)
    out = set()
    for e in gamekit.solve(nf, "all"):
        x = [F(0)] * sf.sizes[0]
        y = [F(0)] * sf.sizes[1]
        for p, strat in zip(e.row, rows):
            for q in strat:
                x[q] += p
        for p, strat in zip(e.col, cols):
            for q in strat:
                y[q] += p
        out.add((tuple(x), tuple(y)))
    return out


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.stem)
def test_catalog_all_is_certified_contains_lemke_and_pygambit(path: Path):
    g = gamekit.read_efg(path)
    r = gamekit.solve(g, "all")
    assert r.complete and r.method == "all" and len(r) >= 1 and all(gamekit.is_certified(e) for e in r)
    plans = {e.plans for e in r}
    assert gamekit.solve(g)[0].plans in plans
    assert plans <= _images(g)
    # pygambit's lcp equilibrium is among ours as realization plans
    pg = gbt.read_efg(str(path))
    sf = sequence_form(g)
    for pe in gbt.nash.lcp_solve(pg, rational=True).equilibria:
        beh = [[tuple(F(str(pe[a])) for a in h.actions) for h in p.infosets] for p in list(pg.players)]
        from gamekit.extensive.sequence_form import plan_from_behaviour

        assert (plan_from_behaviour(sf, 1, beh[0]), plan_from_behaviour(sf, 2, beh[1])) in plans


@pytest.mark.parametrize("seed", range(12))
def test_random_trees_all_are_images_of_reduced_form_extreme_equilibria(seed):
    g = random_tree(seed, max_depth=3, max_moves=3)
    r = gamekit.solve(g, "all")
    assert r.complete and len(r) >= 1
    assert {e.plans for e in r} <= _images(g)
    assert r.unique == (len(r) == 1)
