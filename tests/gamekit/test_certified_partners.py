"""One certified polytope + partners (gamekit.bimatrix.certified_partners, kernel.partner_filter).

Checked facts: the one-sided method (lrsnash's) returns exactly the extreme equilibria of
the two-polytope method and of the exact reference path, on nondegenerate and degenerate
games, square and not; the compiled float filter never discards a vertex whose partner
exists (every NO_PARTNER verdict is confirmed by the exact integer solve), also when it
reads payoffs of hundreds of bits rounded (``partner_floats``); the face enumeration of
degenerate vertices agrees with the exact reference; agreement with lrsnash; games with
rational payoffs (the benchmark family, denominators up to 10⁴ and 10⁸) stay on the
one-sided path and agree with the two-polytope method.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix.certified_partners import _point, _support
from gamekit.bimatrix.solve import solve_result
from gamekit.kernel.certified_polytope import search_bases


def _game(seed: int, m: int, n: int, hi: int) -> gamekit.BimatrixGame:
    rng = random.Random(seed)
    return gamekit.BimatrixGame([[rng.randint(0, hi) for _ in range(n)] for _ in range(m)],
                                [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)])


def _both_ways(g):
    out = {}
    for one in (True, False):
        res = solve_result(g, "all", eliminate_dominated=False, strategy="one_sided" if one else "two_sided")
        assert res.parameters["ran"] in ("one_sided", "two_sided")  # the certified search, no exact fallback
        out[one] = ({(e.row, e.col) for e in res}, res.parameters["bases"])
    return out


@pytest.mark.parametrize("seed,m,n,hi", [(1, 9, 9, 99), (2, 8, 11, 99), (3, 11, 8, 99), (4, 10, 10, 99),
                                         (5, 9, 9, 9), (6, 12, 12, 99)])
def test_one_sided_equals_two_polytopes(seed, m, n, hi):
    out = _both_ways(_game(seed, m, n, hi))
    assert out[True][0] == out[False][0]
    assert 0 in out[True][1]  # only one polytope was searched


@settings(max_examples=15, deadline=None)
@given(st.integers(6, 8), st.integers(6, 8), st.sampled_from([3, 5, 99]), st.integers(0, 10**6))
def test_one_sided_equals_the_exact_reference_property(m, n, hi, seed):
    g = _game(seed, m, n, hi)
    expected = {(e.row, e.col) for e in solve_result(g, "vertex_enumeration")}
    res = solve_result(g, "all", eliminate_dominated=False, strategy="one_sided")
    assert {(e.row, e.col) for e in res} == expected


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 7), st.integers(3, 7), st.sampled_from([3, 20, 99]), st.integers(0, 10**6))
def test_float_filter_discards_only_proven_non_partners(d, k, hi, seed):
    """Every NO_PARTNER verdict agrees with the exact solve (no partner in Q)."""
    from gamekit.kernel.partner_filter import NO_PARTNER, partner_status

    rng = random.Random(seed)
    M = [[rng.randint(1, hi) for _ in range(d)] for _ in range(k)]
    N = [[rng.randint(1, hi) for _ in range(k)] for _ in range(d)]
    cb = search_bases(M)
    assume(cb is not None)
    lab, _ = cb.vertices()
    status = partner_status(np.ascontiguousarray(lab), np.array(N, dtype=float), d, k, np.empty(len(lab), np.int8))
    for v in np.nonzero(status == NO_PARTNER)[0].tolist():
        S, J = _support(lab[v, 0], lab[v, 1], d, k)
        assert _point(N, S, J) is None


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 7), st.integers(3, 7), st.sampled_from([54, 60, 120, 300, 890]), st.integers(0, 10**6))
def test_float_filter_on_rounded_payoffs_discards_only_proven_non_partners(d, k, bits, seed):
    """N with entries of 54…890 bits, read as N·2⁻ᵉ rounded: every NO_PARTNER verdict
    agrees with the exact solve, and the vertex of an equilibrium of the game (M, N) is
    kept for the exact solve."""
    from gamekit.bimatrix.certified_partners import partner_floats
    from gamekit.kernel.partner_filter import (
        CANDIDATE,
        DEGENERATE,
        NO_PARTNER,
        UNDECIDED,
        partner_status,
    )

    rng = random.Random(seed)
    M = [[rng.randint(1, 10**6) for _ in range(d)] for _ in range(k)]
    N = [[rng.randint(2 ** (bits - 8), 2**bits) for _ in range(k)] for _ in range(d)]
    N[0][0] = rng.randint(1, 2**bits)  # entries of any size next to each other
    cb = search_bases(M)
    assume(cb is not None)
    lab, _ = cb.vertices()
    floats = partner_floats(N)
    assert floats is not None and floats[1]  # rounded
    status = partner_status(np.ascontiguousarray(lab), floats[0], d, k, np.empty(len(lab), np.int8), True)
    for v in np.nonzero(status == NO_PARTNER)[0].tolist():
        S, J = _support(lab[v, 0], lab[v, 1], d, k)
        assert _point(N, S, J) is None
    assume(not (status == DEGENERATE).any())
    kept = np.nonzero((status == CANDIDATE) | (status == UNDECIDED))[0].tolist()
    # the game (M, N) has an equilibrium; its vertex of P is nondegenerate, so it was kept
    assert any(isinstance(_point(N, *_support(lab[v, 0], lab[v, 1], d, k)), tuple) for v in kept)


def test_partner_floats_refuses_entries_of_900_bits():
    from gamekit.bimatrix.certified_partners import partner_floats

    assert partner_floats([[2**899 - 1, 1]]) is not None
    assert partner_floats([[2**899, 1]]) is None


@pytest.mark.parametrize("seed,n,den", [(0, 8, 10**4), (1, 8, 10**8), (2, 9, 10**8), (3, 10, 10**4)])
def test_rational_payoffs_stay_one_sided(seed, n, den):
    """The benchmark's rational family: ``auto`` runs one_sided (the column-reduced payoffs
    have hundreds of bits; the filter reads them rounded), without a fallback, and finds
    the equilibria of the two-polytope method."""
    from benchmarks.bench_families import rational_game

    g = gamekit.BimatrixGame(*rational_game(seed, n, den))
    res = solve_result(g, "all")
    assert res.parameters["ran"] == "one_sided" and not res.parameters["fallbacks"]
    assert res.parameters["column_reduction"]
    two = solve_result(g, "all", strategy="two_sided")
    assert {(e.row, e.col) for e in res} == {(e.row, e.col) for e in two}
    assert [e.payoffs for e in res] == [e.payoffs for e in two]


def test_degenerate_vertices_and_singular_systems_are_solved_exactly():
    """Games with a few degenerate vertices (payoffs 0..9) stay on the one-sided path and
    agree with the two-polytope method."""
    hits = 0
    for seed in range(6):
        out = _both_ways(_game(100 + seed, 9, 9, 9))
        assert out[True][0] == out[False][0]
        hits += 0 in out[True][1]
    assert hits >= 3


@pytest.mark.needs_tool("lrsnash")
@pytest.mark.parametrize("seed,m,n", [(31, 10, 10), (32, 9, 12), (33, 12, 9)])
def test_one_sided_agrees_with_lrsnash(seed, m, n):
    from test_certified_enumeration import _lrsnash

    g = _game(seed, m, n, 99)
    assert {(e.row, e.col) for e in gamekit.solve(g, method="all")} == _lrsnash(g)


def test_float_filter_in_two_threads_gives_the_same_verdicts():
    from gamekit.bimatrix import certified_partners
    from gamekit.kernel.partner_filter import partner_status

    rng = random.Random(17)
    M = [[rng.randint(1, 99) for _ in range(9)] for _ in range(9)]
    N = np.array([[rng.randint(1, 99) for _ in range(9)] for _ in range(9)], dtype=float)
    lab = np.ascontiguousarray(search_bases(M).vertices()[0])
    one = partner_status(lab, N, 9, 9, np.empty(len(lab), np.int8))
    assert (certified_partners._statuses(lab, N, 9, 9, threads=2) == one).all()


def test_large_excess_is_handled_by_face_enumeration_without_the_other_polytope():
    """Payoffs in {0, 1, 2}: degenerate vertices with large excess used to send one_sided to
    the two-polytope matching; their faces are now enumerated directly, so the other polytope
    is not searched (0 bases) and the equilibria are the same."""
    g = _game(1, 9, 9, 2)
    expected = {(e.row, e.col) for e in solve_result(g, "vertex_enumeration")}
    res = solve_result(g, "all", eliminate_dominated=False, strategy="one_sided")
    assert res.parameters["strategy"] == "one_sided" and res.parameters["ran"] == "one_sided"
    assert not res.parameters["fallbacks"]
    assert 0 in res.parameters["bases"]  # one polytope only
    assert {(e.row, e.col) for e in res} == expected
