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


@pytest.mark.parametrize("seed", range(24))
def test_components_match_the_reduced_normal_form_and_subsets_are_equilibria(seed):
    """The connected components of the sequence-form equilibria correspond one-to-one to those
    of the reduced normal form (the map mixed strategy -> realization plan is linear, onto the
    equilibria, with convex fibres), so their numbers agree; and the barycentre of every
    maximal Nash subset is an equilibrium (the exact certifier), while adding any other
    extreme plan to a subset breaks it. Small payoff ranges make continua likely."""
    from gamekit.extensive.certify import certify_plans

    g = random_tree(seed, max_depth=3, max_moves=2, payoff_range=1 + seed % 3)
    r = gamekit.solve(g, "all")
    nf, _, _ = reduced_normal_form(g)
    assert r.connected_components == gamekit.solve(nf, "all").connected_components
    sf = sequence_form(g)
    eqs = {e.plans for e in r}

    def mean(vs):
        return tuple(sum(c, F(0)) / len(vs) for c in zip(*vs))

    for c in r.components:
        xs = [r.row_vertices[i] for i in c.rows]
        ys = [r.col_vertices[j] for j in c.cols]
        assert all((x, y) in eqs for x in xs for y in ys)
        certify_plans(sf, mean(xs), mean(ys))  # raises if not an equilibrium
        for i, x in enumerate(r.row_vertices):  # maximal: no further row vertex fits
            if i not in c.rows:
                assert not all((x, y) in eqs for y in ys)
    js = r.to_json()
    assert len(js["components"]) == len(r.components) and len(js["row_vertices"]) == len(r.row_vertices)


def test_other_methods_have_no_components():
    g = random_tree(1, max_depth=3)
    r = gamekit.solve(g, "lemke")
    assert r.components is None and r.connected_components is None and r.to_json()["components"] is None
