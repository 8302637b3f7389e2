"""Lemke on the sequence form: certified, equal to pygambit's lcp_solve, Kuhn poker's -1/18, and
an independent exact check on the reduced normal form over random trees (hypothesis)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pygambit as gbt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.core.equilibrium import is_equilibrium as bimatrix_equilibrium
from gamekit.core.errors import GameError
from gamekit.extensive.lemke import lemke_plans
from gamekit.extensive.sequence_form import reduced_normal_form, sequence_form
from tests.extensive.dense_lemke import lemke_plans as dense_lemke_plans
from tests.extensive.test_efg import PERFECT
from tests.extensive.trees import kuhn_poker, random_tree

F = Fraction


@pytest.mark.parametrize("path", PERFECT, ids=lambda p: p.stem)
def test_catalog_lemke_is_certified_and_equals_pygambit_lcp(path: Path):
    g = gamekit.read_efg(path)
    r = gamekit.solve(g)
    assert r.method == "lemke" and len(r) == 1 and gamekit.is_certified(r[0])
    assert gamekit.is_equilibrium(g, r[0].row, r[0].col)
    pg = gbt.read_efg(str(path))
    pe = gbt.nash.lcp_solve(pg, rational=True).equilibria[0]
    players = list(pg.players)
    assert r[0].payoffs == tuple(F(str(pe.payoff(p))) for p in players)
    theirs = [[tuple(F(str(pe[a])) for a in h.actions) for h in p.infosets] for p in players]
    assert [list(b) for b in r[0].behaviour] == theirs  # the same path: the same behaviour strategies


def test_kuhn_poker_value_is_minus_one_eighteenth():
    r = gamekit.solve(kuhn_poker(), method="lemke")
    assert r[0].payoffs == (F(-1, 18), F(1, 18))


def _mixed_on_reduced_form(g, e):
    """The realization-equivalent mixed strategies of a behaviour profile on the reduced normal form."""
    nf, rows, cols = reduced_normal_form(g)
    sf = sequence_form(g)

    def weight(player, strat):
        p = F(1)
        for q in strat:
            if q:
                s = player - 1
                h = max(k for k, off in enumerate(sf.offsets[s]) if off <= q)
                p *= e.behaviour[s][h][q - sf.offsets[s][h]]
        return p

    return nf, [weight(1, r) for r in rows], [weight(2, c) for c in cols]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_random_trees_lemke_passes_the_reduced_normal_form_test(seed):
    g = random_tree(seed, max_depth=3 + seed % 2, max_moves=3 - seed % 2)  # reduced forms of a few hundred cells
    e = gamekit.solve(g)[0]
    nf, x, y = _mixed_on_reduced_form(g, e)
    assert sum(x) == 1 and sum(y) == 1
    assert bimatrix_equilibrium(nf, x, y)  # independent: the bimatrix test on the reduced form
    assert nf.payoffs(x, y) == e.payoffs


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_sparse_lemke_follows_the_dense_tableaus_path(seed):
    """The sparse tableau and the dense fraction-free oracle take the same lexicographic path:
    the same number of pivots and the same realization plans (degenerate trees included:
    small payoff ranges make ties)."""
    g = random_tree(seed, max_depth=3 + seed % 3, max_moves=3, payoff_range=1 + seed % 4)
    sf = sequence_form(g)
    assert lemke_plans(sf) == dense_lemke_plans(sf)


@pytest.mark.parametrize("path", PERFECT[:8], ids=lambda p: p.stem)
def test_sparse_lemke_equals_dense_on_the_catalog(path: Path):
    sf = sequence_form(gamekit.read_efg(path))
    assert lemke_plans(sf) == dense_lemke_plans(sf)


def test_sparse_lemke_equals_dense_on_kuhn_poker():
    sf = sequence_form(kuhn_poker())
    assert lemke_plans(sf) == dense_lemke_plans(sf)


def test_a_tampered_profile_is_not_certified_and_bad_options_are_errors():
    g = kuhn_poker()
    e = gamekit.solve(g)[0]
    assert gamekit.is_certified(dataclasses.replace(e)) is None
    bad_row = [(F(1), F(0))] * len(e.row)
    assert not gamekit.is_equilibrium(g, bad_row, e.col)
    with pytest.raises(GameError, match="unknown option 'threads'"):
        gamekit.solve(g, threads=2)
    with pytest.raises(GameError, match="unknown method 'pure'"):
        gamekit.solve(g, method="pure")
    with pytest.raises(gamekit.TooLargeError, match="free dimensions"):
        gamekit.solve(g, method="all")  # Kuhn poker: 13 free coordinates, beyond the double description's limit
    with pytest.raises(GameError, match="probability vector"):
        gamekit.is_equilibrium(g, [(F(2), F(-1))] * len(e.row), e.col)


def test_result_protocol_and_json():
    r = gamekit.solve(kuhn_poker())
    assert isinstance(r, gamekit.SolverResult) and r == [r[0]]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.method = "x"  # type: ignore[misc]
    js = r.to_json()
    assert js["method"] == "lemke" and js["equilibria"][0]["payoffs"] == ["-1/18", "1/18"]
    beh = js["equilibria"][0]["behaviour"]["Player 1"]
    assert set(beh) == {"J", "Q", "K", "J-check-bet", "Q-check-bet", "K-check-bet"}
    assert all(sum(F(v) for v in moves.values()) == 1 for moves in beh.values())
    assert js["equilibria"][0]["plans"]["Player 1"]["∅"] == "1"
