"""Unit and property tests of the solver modules (no external solver involved).

Independent references used here: brute-force vertex enumeration (all bases), exact
Fraction linear algebra, networkx clique enumeration, invariances of Nash equilibria
(positive affine payoff changes, permutations, transposition) and the
Lemke–Howson parity theorem (a nondegenerate game has an odd number of equilibria).
"""

from __future__ import annotations

import random
from fractions import Fraction as F
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles.two_polytopes import extreme_equilibria_pairs

import gamekit
from gamekit import BimatrixGame, GameError, is_equilibrium
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.two_by_n import envelope_candidates
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria, is_nondegenerate
from gamekit.kernel.graphs import maximal_bicliques
from gamekit.kernel.linalg import solve_exact
from gamekit.kernel.pivot import Dictionary
from gamekit.kernel.polytope import enumerate_vertices

SETTINGS = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


SIZES = st.integers(2, 5)
RANGES = st.sampled_from([1, 3, 99])


@st.composite
def games(draw, rows=SIZES, cols=SIZES, hi=RANGES):
    m, n, top = draw(rows), draw(cols), draw(hi)
    cell = st.integers(0, top)
    A = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    B = draw(st.lists(st.lists(cell, min_size=n, max_size=n), min_size=m, max_size=m))
    return BimatrixGame(A, B)


def profiles(res) -> set:
    return {(e.row, e.col) for e in res.equilibria}


# -- errors and options ---------------------------------------------------------------------


def test_unknown_method_names_the_valid_ones():
    g = BimatrixGame([[1]], [[1]])
    with pytest.raises(GameError, match="unknown method 'lrs'.*all, vertex_enumeration, lemke_howson, support_enumeration, pure"):
        gamekit.solve(g, method="lrs")


def test_bad_options_and_inputs():
    g = BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    with pytest.raises(GameError, match="unknown option 'tol' for method 'all'"):
        gamekit.solve(g, tol=1e-9)
    with pytest.raises(GameError, match="max_iter must be a positive integer"):
        gamekit.solve(g, method="lemke_howson", max_iter=0)
    with pytest.raises(GameError, match="expects a game of a known kind .*BimatrixGame"):
        gamekit.solve([[1, 0], [0, 1]])


def test_max_iter_limits_pivoting():
    rng = random.Random(3)
    A = [[rng.randint(0, 99) for _ in range(6)] for _ in range(6)]
    B = [[rng.randint(0, 99) for _ in range(6)] for _ in range(6)]
    g = BimatrixGame(A, B)
    with pytest.raises(GameError, match="exceeded max_iter=5"):
        gamekit.solve(g, method="vertex_enumeration", max_iter=5)
    with pytest.raises(GameError, match="exceeded max_iter=5"):
        gamekit.solve(g, method="all", strategy="exact", max_iter=5)
    with pytest.raises(GameError, match="Lemke-Howson found no equilibrium within max_iter=1"):
        gamekit.solve(g, method="lemke_howson", max_iter=1)
    assert profiles(gamekit.bimatrix.solve_result(g, "all", strategy="exact", max_iter=10_000)) == profiles(
        gamekit.bimatrix.solve_result(g, "all")
    )


def test_parameters_are_frozen_picklable_and_in_the_json():
    import pickle

    g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    res = gamekit.bimatrix.solve_result(g, "all", strategy="exact")
    with pytest.raises(TypeError):
        res.parameters["strategy"] = "one_sided"  # type: ignore[index]
    again = pickle.loads(pickle.dumps(res))
    assert again == res and again.parameters == res.parameters
    js = res.to_json()["parameters"]
    assert js["strategy"] == js["requested"] == js["ran"] == "exact" and js["fallbacks"] == []
    lh = gamekit.bimatrix.solve_result(g, "lemke_howson").to_json()["parameters"]
    assert set(lh["label_to_equilibrium"]) == {"0", "1", "2", "3"}  # JSON object keys are strings


def test_max_iter_never_changes_the_algorithm():
    """max_iter bounds the exact search's pivots: with any other strategy (auto included) and
    with the methods that do not pivot it is a GameError, not a silent switch."""
    g = BimatrixGame([[3, 0, 1], [0, 2, 1], [1, 1, 1]], [[2, 0, 1], [0, 3, 1], [1, 0, 2]])
    for strategy in ("auto", "envelope_2xn", "one_sided", "two_sided"):
        with pytest.raises(GameError, match="max_iter bounds the pivots of strategy 'exact' only"):
            gamekit.solve(g, method="all", strategy=strategy, max_iter=100)
    for method in ("pure", "support_enumeration"):
        with pytest.raises(GameError, match=f"unknown option 'max_iter' for method '{method}'"):
            gamekit.solve(g, method=method, max_iter=100)
    with pytest.raises(GameError, match="option strategy is for methods 'all' and 'lemke_howson'"):
        gamekit.solve(g, method="pure", strategy="exact")
    with pytest.raises(GameError, match="unknown strategy 'lrs'"):
        gamekit.solve(g, strategy="lrs")
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(GameError, match="threads must be a positive integer"):
            gamekit.solve(g, threads=bad)


# -- the integer tableau and the vertex enumeration ------------------------------------------


def test_integer_pivoting_matches_fraction_dictionary():
    """After random lexicographic pivots, T/D equals B⁻¹[b | N] computed with Fractions."""
    rng = random.Random(7)
    for _ in range(20):
        k, d = rng.randint(1, 5), rng.randint(1, 5)
        M = [[rng.randint(1, 9) for _ in range(d)] for _ in range(k)]
        dic = Dictionary(M)
        for _ in range(6):
            c = rng.randrange(d)
            r = dic.leaving_row(c)
            dic.pivot(r, c)
            full = [row + [1 if i == t else 0 for t in range(k)] for i, row in enumerate(M)]
            basis_cols = [[full[i][v] for v in dic.basic] for i in range(k)]
            for r2 in range(k):
                for c2, v in enumerate(dic.nonbasic):
                    col = [full[i][v] for i in range(k)]
                    sol = solve_exact(basis_cols, col)
                    assert F(dic.T[r2][c2 + 1], dic.D) == sol[r2]
            rhs = solve_exact(basis_cols, [1] * k)
            assert [F(dic.T[r2][0], dic.D) for r2 in range(k)] == rhs
            assert all(v >= 0 for v in rhs)  # stays feasible


def brute_force_vertices(M) -> set:
    """Vertices of {z ≥ 0, Mz ≤ 1} by trying every set of d tight constraints."""
    k, d = len(M), len(M[0])
    rows = [[F(int(t == s)) for s in range(d)] for t in range(d)] + [list(map(F, r)) for r in M]
    rhs = [F(0)] * d + [F(1)] * k
    out = set()
    for S in combinations(range(d + k), d):
        z = solve_exact([rows[t] for t in S], [rhs[t] for t in S])
        if z is None:
            continue
        if all(v >= 0 for v in z) and all(sum(a * b for a, b in zip(r, z)) <= 1 for r in M):
            out.add(tuple(z))
    return out


@SETTINGS
@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from([1, 2, 9]), st.randoms(use_true_random=False))
def test_vertex_enumeration_equals_brute_force(k, d, hi, rnd):
    M = [[rnd.randint(1, hi + 1) for _ in range(d)] for _ in range(k)]
    got = {tuple(F(v, vert.den) for v in vert.nums) for vert in enumerate_vertices(M)}
    assert got == brute_force_vertices(M)
    # labels are exactly the tight constraints
    for vert in enumerate_vertices(M):
        z = [F(v, vert.den) for v in vert.nums]
        tight = {t for t in range(d) if z[t] == 0} | {
            d + r for r in range(k) if sum(a * b for a, b in zip(M[r], z)) == 1
        }
        assert tight == {t for t in range(d + k) if vert.labels >> t & 1}


# -- invariances and structure ------------------------------------------------------------


@SETTINGS
@given(games(), st.integers(1, 7), st.integers(-5, 5), st.randoms(use_true_random=False))
def test_invariances(g, scale, shift, rnd):
    base = profiles(gamekit.bimatrix.solve_result(g, "all"))
    # positive affine change of player I's payoffs only, with fractions
    A2 = [[F(a, scale) + shift for a in row] for row in g.A]
    assert profiles(gamekit.bimatrix.solve_result(BimatrixGame(A2, g.B), "all")) == base
    # transposition swaps the roles
    t = profiles(gamekit.bimatrix.solve_result(g.transpose(), "all"))
    assert t == {(y, x) for x, y in base}
    # permuting rows and columns permutes the equilibria
    pr = list(range(g.m))
    pc = list(range(g.n))
    rnd.shuffle(pr)
    rnd.shuffle(pc)
    gp = BimatrixGame([[g.A[i][j] for j in pc] for i in pr], [[g.B[i][j] for j in pc] for i in pr])
    perm = {(tuple(x[i] for i in pr), tuple(y[j] for j in pc)) for x, y in base}
    assert profiles(gamekit.bimatrix.solve_result(gp, "all")) == perm


@SETTINGS
@given(games())
def test_canonical_order_and_vertices(g):
    res = gamekit.bimatrix.solve_result(g, "all")
    keys = [(tuple(-p for p in e.row), tuple(-p for p in e.col)) for e in res.equilibria]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert list(res.row_vertices) == sorted(set(res.row_vertices), key=lambda v: tuple(-p for p in v))
    assert {e.row for e in res.equilibria} == set(res.row_vertices)
    assert {e.col for e in res.equilibria} == set(res.col_vertices)
    # the dominance step changes nothing
    assert profiles(gamekit.bimatrix.solve_result(g, "all", eliminate_dominated=False)) == profiles(res)


@SETTINGS
@given(games(hi=st.sampled_from([1, 2])))
def test_components_are_maximal_nash_subsets(g):
    res = gamekit.bimatrix.solve_result(g, "all")
    X, Y = res.row_vertices, res.col_vertices
    edges = {(X.index(e.row), Y.index(e.col)) for e in res.equilibria}
    # same bicliques as networkx maximal cliques of the graph with both sides completed
    G = nx.Graph()
    G.add_edges_from(((("r", r), ("c", c)) for r, c in edges))
    G.add_edges_from(((("r", a), ("r", b)) for a, b in combinations(range(len(X)), 2)))
    G.add_edges_from(((("c", a), ("c", b)) for a, b in combinations(range(len(Y)), 2)))
    cliques = set()
    for q in nx.find_cliques(G):
        rows = tuple(sorted(i for s, i in q if s == "r"))
        cols = tuple(sorted(i for s, i in q if s == "c"))
        if rows and cols:
            cliques.add((rows, cols))
    assert {(c.rows, c.cols) for c in res.components} == cliques
    for c in res.components:
        # product of hulls: the barycentres of both sides form an equilibrium
        x = tuple(sum(X[i][k] for i in c.rows) / len(c.rows) for k in range(g.m))
        y = tuple(sum(Y[j][k] for j in c.cols) / len(c.cols) for k in range(g.n))
        assert is_equilibrium(g, x, y)
    # every extreme equilibrium lies in some component
    assert all(any(r in c.rows and k in c.cols for c in res.components) for r, k in edges)


def test_maximal_bicliques_small_graph():
    #  r0 - c0, c1 ; r1 - c1, c2 ; r2 - c1
    edges = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1)]
    assert maximal_bicliques(edges) == [((0,), (0, 1)), ((0, 1, 2), (1,)), ((1,), (1, 2))]


@SETTINGS
@given(games(hi=st.just(99)))
def test_lemke_howson_parity(g):
    """Nondegenerate games have an odd number of equilibria; LH finds a subset."""
    res = gamekit.bimatrix.solve_result(g, "all")
    lh = gamekit.bimatrix.solve_result(g, "lemke_howson")
    assert profiles(lh) <= profiles(res)
    if is_nondegenerate(integer_game(g)):
        assert len(res.equilibria) % 2 == 1
        assert profiles(gamekit.bimatrix.solve_result(g, "support_enumeration")) == profiles(res)


@SETTINGS
@given(games())
def test_support_enumeration_float_filter_loses_nothing(g):
    """The float filter only saves time: it finds exactly what the exact-only loop finds."""
    assert profiles(gamekit.bimatrix.solve_result(g, "support_enumeration")) == profiles(
        gamekit.bimatrix.solve_result(g, "support_enumeration", use_floats=False)
    )


# -- 2×N upper envelope ------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, derandomize=True)
@given(games(rows=st.just(2), cols=st.integers(10, 40), hi=st.sampled_from([1, 3, 9])))
def test_two_by_n_equals_vertex_enumeration(g):
    up = gamekit.bimatrix.solve_result(g, "all", eliminate_dominated=False)
    assert up.parameters["strategy"] == "envelope_2xn"
    assert profiles(up) == profiles(gamekit.bimatrix.solve_result(g, "vertex_enumeration"))


def test_envelope_candidates_concurrent_lines():
    """Lines 2-2p, 2p, 1 meet at p = 1/2 where the flat one only touches the envelope;
    line 3 (1/2 + 0p) never does."""
    B0 = [2, 0, 1, F(1, 2)]
    B1 = [0, 2, 1, F(1, 2)]
    ig = integer_game(BimatrixGame([[0] * 4] * 2, [B0, B1]))
    cands = envelope_candidates(list(ig.B[0]), list(ig.B[1]))
    assert cands == [(0, [0]), (F(1, 2), [0, 1, 2]), (1, [1])]


def test_large_two_by_n_is_certified():
    rng = random.Random(11)
    n = 1500
    A = [[rng.randint(0, 99) for _ in range(n)] for _ in range(2)]
    B = [[rng.randint(0, 99) for _ in range(n)] for _ in range(2)]
    g = BimatrixGame(A, B)
    res = gamekit.bimatrix.solve_result(g, "all")
    assert res.equilibria
    for e in res.equilibria:
        assert is_equilibrium(g, e.row, e.col)


def test_to_json_shape():
    g = BimatrixGame([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    js = gamekit.bimatrix.solve_result(g).to_json()
    assert js["complete"] is True and js["method"] == "all"
    assert js["equilibria"][1] == {"row": ["3/5", "2/5"], "col": ["2/5", "3/5"], "payoffs": ["6/5", "6/5"]}
    assert js["components"][0] == {"rows": [0], "cols": [0], "connected": 0}


@SETTINGS
@given(games(rows=st.integers(1, 6), cols=st.integers(1, 9), hi=st.sampled_from([1, 2, 3, 99])))
def test_face_method_equals_two_polytope_matching(g):
    """The one-polytope method (partners from faces of Q) finds exactly the completely
    labeled vertex pairs of P × Q."""
    ig = integer_game(g)
    assert set(extreme_equilibria(ig)) == set(extreme_equilibria_pairs(ig))


def test_rectangular_game_uses_the_small_polytope():
    """3×300 (payoffs 0..20, many ties): only the 3-dimensional polytope is enumerated
    (Q has far too many vertices); the answer equals the one on the dominance-reduced
    game and is certified exactly (is_equilibrium on every 10th equilibrium, to keep the
    Fraction check's time down)."""
    rng = random.Random(5)
    A = [[rng.randint(0, 20) for _ in range(300)] for _ in range(3)]
    B = [[rng.randint(0, 20) for _ in range(300)] for _ in range(3)]
    g = BimatrixGame(A, B)
    res = gamekit.bimatrix.solve_result(g, "all", eliminate_dominated=False)
    assert res.parameters["strategy"] == "exact"
    assert len(res.equilibria) > 100
    assert profiles(res) == profiles(gamekit.bimatrix.solve_result(g, "all"))
    for e in res.equilibria[::10]:
        assert is_equilibrium(g, e.row, e.col)
