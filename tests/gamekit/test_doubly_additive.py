"""Doubly additive games (gamekit.doubly_additive): model, conversions, exact enumeration.

The enumeration is checked against independent solvers on the materialized 2^m × 2^n
bimatrix game. Correspondence used (module doc of gamekit.doubly_additive.game): a mixed
profile (σ, τ) induces behaviour (x, y) with x_h = Σ_{S∋h} σ_S; the expected payoff of (σ, τ)
is U(x, y), so (σ, τ) is an equilibrium iff (x, y) is. Hence the strongest statements:

* the behaviour profile induced by every extreme equilibrium of the materialized game is
  an equilibrium and lies in one of our reported maximal Nash subsets;
* every extreme behaviour equilibrium we report is induced by some extreme mixed
  equilibrium (the preimage of a maximal Nash subset is a maximal Nash subset of the
  materialized game, and a linear image's vertices are images of vertices);
* the product mixed profile of every equilibrium we report is an equilibrium;
* `unique` agrees.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pygambit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import AdditiveGame, GameError, TooLargeError
from gamekit.doubly_additive import (
    BilinearForm,
    DoublyAdditiveBuilder,
    DoublyAdditiveGame,
    index_of_subset,
    solve_doubly_additive,
    subset_of_index,
)
from gamekit.exact import box_polytope_vertices
from gamekit.kernel.linalg import solve_exact

F = Fraction


# -- helpers -------------------------------------------------------------------------------
@st.composite
def games(draw, max_m=3, max_n=3):
    """Small integer doubly additive games; narrow ranges and many zeros make ties common."""
    m = draw(st.integers(1, max_m))
    n = draw(st.integers(1, max_n))
    hi = draw(st.sampled_from([1, 2, 9]))
    zero = draw(st.sampled_from([0.0, 0.4, 0.7]))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_game(random.Random(seed), m, n, hi, zero)


def random_game(rng: random.Random, m: int, n: int, hi: int, zero: float) -> DoublyAdditiveGame:
    def v() -> int:
        return 0 if rng.random() < zero else rng.randint(-hi, hi)

    def form():
        return (v(), [v() for _ in range(m)], [v() for _ in range(n)],
                [[v() for _ in range(n)] for _ in range(m)])

    return DoublyAdditiveGame(m, n, form(), form())


def gambit_extreme(bg: gamekit.BimatrixGame) -> set:
    g = pygambit.Game.from_arrays(np.array([list(r) for r in bg.A], dtype=object),
                                  np.array([list(r) for r in bg.B], dtype=object))
    res = pygambit.nash.enummixed_solve(g, rational=True)
    p1, p2 = g.players
    return {(tuple(F(e[s]) for s in p1.strategies), tuple(F(e[s]) for s in p2.strategies))
            for e in res.equilibria}


def check_against_mixed(game: DoublyAdditiveGame, mixed: set) -> None:
    sol = solve_doubly_additive(game)
    bg = game.materialize()
    ours = {(e.x, e.y) for e in sol.equilibria}
    induced = {game.behaviour_of_mixed(r, c) for r, c in mixed}
    assert ours <= induced, f"not induced by any extreme mixed equilibrium: {ours - induced}"
    for x, y in induced:
        assert game.is_equilibrium(x, y)
        assert sol.subset_of(x, y) is not None, f"{(x, y)} is in no reported Nash subset"
    for x, y in ours:
        assert gamekit.is_equilibrium(bg, *game.product_mixed(x, y))
    assert sol.unique == (len(induced) == 1)


def subset_h_vertices(game: DoublyAdditiveGame, labels_own: str, labels_other: str, form, own_dim):
    """Vertices of {v ∈ [0,1]^k : v fixed by own labels; other's gains ≤/≥/= 0 by labels}."""
    E, e, A, b = [], [], [], []
    for h, lab in enumerate(labels_own):
        if lab != "*":
            E.append([F(int(k == h)) for k in range(own_dim)])
            e.append(F(int(lab)))
    for l, lab in enumerate(labels_other):
        const, row = form(l)
        if lab == "*":
            E.append(row)
            e.append(-const)
        elif lab == "0":
            A.append(row)
            b.append(-const)
        else:
            A.append([-v for v in row])
            b.append(const)
    return set(box_polytope_vertices(own_dim, E, e, A, b))


# -- hand-checked examples -----------------------------------------------------------------
def test_matching_pennies_unique_mixed():
    # U_I = x + y − 2xy: f = 1 − 2y; U_II = −U_I: g = 2x − 1
    g = DoublyAdditiveGame(["h"], ["l"], (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    sol = solve_doubly_additive(g)
    assert sol.unique
    e = sol.equilibria[0]
    assert (e.x, e.y, e.payoffs) == ((F(1, 2),), (F(1, 2),), (F(1, 2), F(-1, 2)))
    assert sol.to_json()["equilibria"][0] == {"row": {"h": "1/2"}, "col": {"l": "1/2"},
                                              "payoffs": ["1/2", "-1/2"]}


def test_continuum_one_component_three_subsets():
    # player II indifferent everywhere; player I: U_I = x(2y − 1)
    g = DoublyAdditiveGame(1, 1, (0, [-1], [0], [[2]]), (0, [0], [0], [[0]]))
    sol = solve_doubly_additive(g)
    pts = [(e.x[0], e.y[0]) for e in sol.equilibria]
    assert pts == [(0, 0), (0, F(1, 2)), (1, F(1, 2)), (1, 1)]
    assert not sol.unique
    assert len(sol.components) == 1 and len(sol.subsets) == 3
    shapes = sorted((s.x_vertices, s.y_vertices) for s in sol.subsets)
    assert shapes == sorted([
        (((F(0),),), ((F(0),), (F(1, 2),))),
        (((F(0),), (F(1),)), ((F(1, 2),),)),
        (((F(1),),), ((F(1, 2),), (F(1),))),
    ])
    assert ("II", "0") in sol.certificate.always_indifferent
    assert sol.contains([F(1, 3)], [F(1, 2)]) and not sol.contains([F(1, 3)], [F(1, 3)])


def test_coordination_three_components():
    # both: U = xy + (1−x)(1−y) = 1 − x − y + 2xy
    g = DoublyAdditiveGame(1, 1, (1, [-1], [-1], [[2]]), (1, [-1], [-1], [[2]]))
    sol = solve_doubly_additive(g)
    assert [(e.x, e.y) for e in sol.equilibria] == [((0,), (0,)), ((F(1, 2),), (F(1, 2),)),
                                                    ((1,), (1,))]
    assert len(sol.components) == 3


def test_iterated_dominance_prunes_then_solves():
    # 3 active sets and 300 sets where player II's gain has a strict sign on the whole box
    rng = random.Random(7)
    m, n = 2, 303
    CII = [[0] * n for _ in range(m)]
    bII = [0] * n
    for l in range(n):
        co = [rng.randint(-5, 5) for _ in range(m)]
        for h in range(m):
            CII[h][l] = co[h]
        lo, hi = sum(min(0, c) for c in co), sum(max(0, c) for c in co)
        bII[l] = -rng.randint(lo, hi) if l < 3 else (-lo + 1 if l % 2 else -hi - 1)
    CI = [[-CII[h][l] for l in range(n)] for h in range(m)]
    g = DoublyAdditiveGame(m, n, (0, [F(-1, 2)] * m, [0] * n, CI), (0, [0] * m, bII, CII))
    sol = solve_doubly_additive(g)
    pruned_II = [p for p in sol.certificate.pruned if p[0] == "II"]
    assert len(pruned_II) >= 300
    # every equilibrium plays the forced move, and the enumeration agrees with brute force
    forced = {int(lab): v for who, lab, v, _ in sol.certificate.pruned if who == "II"}
    for e in sol.equilibria:
        assert all(e.y[l] == v for l, v in forced.items())
    ref = solve_doubly_additive(g, subdivide=False, search="columns")
    assert [(e.x, e.y) for e in sol.equilibria] == [(e.x, e.y) for e in ref.equilibria]


# -- cross-checks against the materialized bimatrix game -------------------------------------
@settings(max_examples=60, deadline=None, derandomize=True)
@given(games())
def test_matches_pygambit_enummixed(game):
    check_against_mixed(game, gambit_extreme(game.materialize()))


@settings(max_examples=30, deadline=None, derandomize=True)
@given(games())
def test_matches_gamekit_solve_all(game):
    res = gamekit.bimatrix.solve_result(game.materialize(), method="all")
    check_against_mixed(game, {(e.row, e.col) for e in res.equilibria})


@pytest.mark.slow
@settings(max_examples=20, deadline=None, derandomize=True)
@given(games(max_m=4, max_n=3))
def test_matches_pygambit_larger(game):
    check_against_mixed(game, gambit_extreme(game.materialize()))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(games(max_m=1, max_n=5))
def test_one_row_set_matches_foster(game):
    """m = 1 is an additive 2×2ⁿ bimatrix game: Lemma 2 (gamekit.additive.foster) must agree."""
    from gamekit.additive.foster import solve_additive

    ref = solve_additive(game.to_additive())
    theirs = {((e.row[1],), e.draw) for e in ref.equilibria}
    ours = {(e.x, e.y) for e in solve_doubly_additive(game).equilibria}
    assert ours == theirs


# -- properties of the enumeration ------------------------------------------------------------
@settings(max_examples=60, deadline=None, derandomize=True)
@given(games())
def test_search_variants_agree_and_subsets_are_exact(game):
    sol = solve_doubly_additive(game)
    for kw in ({"subdivide": False}, {"search": "columns"}, {"search": "rows", "leaf_systems": 1}):
        other = solve_doubly_additive(game, **kw)
        assert [(e.x, e.y) for e in other.equilibria] == [(e.x, e.y) for e in sol.equilibria]
    m, n = game.m, game.n
    for s in sol.subsets:
        # the label description of each maximal Nash subset has exactly the reported vertices
        xv = subset_h_vertices(game, s.row_labels, s.col_labels,
                               lambda l: (game.II.b[l], [game.II.C[h][l] for h in range(m)]), m)
        yv = subset_h_vertices(game, s.col_labels, s.row_labels,
                               lambda h: (game.I.a[h], list(game.I.C[h])), n)
        assert xv == set(s.x_vertices) and yv == set(s.y_vertices)
        for x, y in product(s.x_vertices, s.y_vertices):
            assert game.is_equilibrium(x, y)
    # every extreme equilibrium is in a subset and in exactly one component
    for k, _e in enumerate(sol.equilibria):
        assert sum(k in c.equilibria for c in sol.components) == 1
        assert any(k in s.equilibria for s in sol.subsets)
    assert sol.equilibria, "every finite game has an equilibrium"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(games(), st.integers(0, 2**32 - 1))
def test_transpose_swaps_equilibria(game, seed):
    a = {(e.x, e.y) for e in solve_doubly_additive(game).equilibria}
    b = {(e.y, e.x) for e in solve_doubly_additive(game.transpose()).equilibria}
    assert a == b


# -- model: payoffs, builder, conversions ------------------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(games())
def test_materialize_matches_pure_payoffs(game):
    bg = game.materialize()
    for u, t in product(range(1 << game.m), range(1 << game.n)):
        S, T = subset_of_index(u, game.m), subset_of_index(t, game.n)
        assert (bg.A[u][t], bg.B[u][t]) == game.pure_payoffs(S, T)
        assert index_of_subset(S, game.m) == u
    # expected payoff of the product profile equals the bilinear form (formula (1))
    rng = random.Random(game.m * 7 + game.n)
    x = [F(rng.randint(0, 4), 4) for _ in range(game.m)]
    y = [F(rng.randint(0, 3), 3) for _ in range(game.n)]
    assert bg.payoffs(*game.product_mixed(x, y)) == game.payoffs(x, y)
    assert game.behaviour_of_mixed(*game.product_mixed(x, y)) == (tuple(x), tuple(y))


def test_bit_orders_and_labels():
    assert subset_of_index(19, 5) == {0, 3, 4}  # 10011₂: the paper's Model B3 strategy 19
    assert subset_of_index(19, 5, "lsb") == {0, 1, 4}
    g = DoublyAdditiveGame(["05", "14"], ["a"], (0, [1, 2], [0], [[0], [0]]),
                           (0, [0, 0], [1], [[0], [0]]))
    bg = g.materialize(moves=("S", "D"))
    assert bg.row_labels == ("SS", "SD", "DS", "DD") and bg.col_labels == ("S", "D")
    assert bg.A[2][0] == 1  # DS: move 1 at "05" only
    with pytest.raises(GameError, match="bit_order"):
        g.materialize(bit_order="big")


@settings(max_examples=30, deadline=None, derandomize=True)
@given(games(), st.sampled_from(["msb", "lsb"]))
def test_additive_round_trip(game, order):
    ag = game.to_additive(order)
    assert ag.m == 1 << game.m and ag.n == game.n
    back = DoublyAdditiveGame.from_additive(ag, list(game.row_sets), bit_order=order)
    assert back == game
    for u in range(ag.m):
        S = subset_of_index(u, game.m, order)
        T = {0} if game.n else set()
        assert (ag.a(u, T), ag.b(u, T)) == game.pure_payoffs(S, T)


def test_from_additive_rejects_non_additive_rows():
    # rows ∅, {0}, {1}, {0,1}: player II's gain at l is 0, 1, 1, 3 — not affine in the bits
    ag = AdditiveGame(["00", "01", "10", "11"], ["l"], [0, 0, 0, 0],
                      [[(0, 0)], [(0, 1)], [(0, 1)], [(0, 3)]],
                      a_base=[0] * 4, a_move=[[(0, 0)]] * 4)
    with pytest.raises(GameError, match="not additive in player I's information sets.*'l'"):
        DoublyAdditiveGame.from_additive(ag, ["p", "q"])
    with pytest.raises(GameError, match="has 4 rows, but 3 player I information sets"):
        DoublyAdditiveGame.from_additive(ag, ["p", "q", "r"])
    # a callable player I payoff is checked exhaustively
    ag2 = AdditiveGame(["0", "1"], ["l", "k"], [0, 0], [[(0, 1), (0, 0)], [(0, 2), (1, 0)]],
                       a_func=lambda u, T: F(len(T) ** 2))
    with pytest.raises(GameError, match="not additive in player II's sets"):
        DoublyAdditiveGame.from_additive(ag2, ["h"])
    ag3 = AdditiveGame(["0", "1"], ["l", "k"], [0, 0], [[(0, 1), (0, 0)], [(0, 2), (1, 0)]],
                       a_func=lambda u, T: F(u + 3 * len(T)))
    g3 = DoublyAdditiveGame.from_additive(ag3, ["h"])
    assert g3.pure_payoffs([0], [0, 1]) == (F(7), F(2))


def test_builder_matches_event_sum():
    rng = random.Random(3)
    rows, cols = ["A", "B"], ["u", "v", "w"]
    events = []
    for _ in range(40):
        r = rng.choice([None, ("A", 0), ("A", 1), ("B", 0), ("B", 1)])
        c = rng.choice([None, ("u", 0), ("v", 1), ("w", 0), ("w", 1), (1, 0)])
        events.append((F(rng.randint(1, 9), 97), rng.randint(-3, 3), rng.randint(-3, 3), r, c))
    bld = DoublyAdditiveBuilder(rows, cols)
    for w, p1, p2, r, c in events:
        bld.add(w, p1, p2, row=r, col=c)
    g = bld.build()

    def happens(spec, labels, chosen):
        if spec is None:
            return True
        i = spec[0] if isinstance(spec[0], int) else labels.index(spec[0])
        return (i in chosen) == bool(spec[1])

    for S, T in product([set(), {0}, {1}, {0, 1}], [set(), {0}, {2}, {0, 1, 2}]):
        want = [F(0), F(0)]
        for w, p1, p2, r, c in events:
            if happens(r, rows, S) and happens(c, cols, T):
                want[0] += w * p1
                want[1] += w * p2
        assert g.pure_payoffs(S, T) == tuple(want)
    with pytest.raises(GameError, match="unknown player II information set"):
        bld.add(1, 0, 0, col=("zz", 1))
    with pytest.raises(GameError, match="move must be 0 or 1"):
        bld.add(1, 0, 0, row=("A", 2))


# -- validation and limits -------------------------------------------------------------------
def test_bad_input_errors():
    ok = (0, [0], [0], [[0]])
    with pytest.raises(GameError, match="player I row coefficients a has 2 entries"):
        DoublyAdditiveGame(1, 1, (0, [0, 0], [0], [[0]]), ok)
    with pytest.raises(GameError, match="interaction matrix C must have 1 rows"):
        DoublyAdditiveGame(1, 1, ok, (0, [0], [0], []))
    with pytest.raises(GameError, match="distinct"):
        DoublyAdditiveGame(["a", "a"], 1, (0, [0, 0], [0], [[0], [0]]), (0, [0, 0], [0], [[0], [0]]))
    with pytest.raises(GameError, match="not a number"):
        DoublyAdditiveGame(1, 1, ("x", [0], [0], [[0]]), ok)
    g = DoublyAdditiveGame(1, 1, ok, ok)
    with pytest.raises(GameError, match=r"not in \[0, 1\]"):
        g.payoffs([F(3, 2)], [0])
    with pytest.raises(GameError, match="search must be"):
        solve_doubly_additive(g, search="diagonal")
    with pytest.raises(TooLargeError, match="2\\^20 payoff cells"):
        DoublyAdditiveGame(10, 10, (0, [0] * 10, [0] * 10, [[0] * 10] * 10),
                           (0, [0] * 10, [0] * 10, [[0] * 10] * 10)).materialize()
    assert BilinearForm.of({"c": 1, "a": [2], "b": [3], "C": [[4]]}, 1, 1, "I").value([1], [1]) == 10


def test_regret_is_exact():
    g = DoublyAdditiveGame(1, 1, (0, [1], [1], [[-2]]), (0, [-1], [-1], [[2]]))
    assert g.regret([F(1, 2)], [F(1, 2)]) == (0, 0)
    # against y = 0, f = 1 > 0: regret of x = 1/4 is 1 − 1/4
    assert g.regret([F(1, 4)], [0])[0] == F(3, 4)


# -- exact polytope routines ----------------------------------------------------------------
@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 3), st.integers(0, 2), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_box_polytope_vertices_brute_force(k, n_eq, n_le, seed):
    rng = random.Random(seed)
    E = [[F(rng.randint(-2, 2)) for _ in range(k)] for _ in range(n_eq)]
    e = [F(rng.randint(-2, 2)) for _ in range(n_eq)]
    A = [[F(rng.randint(-2, 2)) for _ in range(k)] for _ in range(n_le)]
    b = [F(rng.randint(-1, 3)) for _ in range(n_le)]
    got = set(box_polytope_vertices(k, E, e, A, b))
    # brute force: every k-subset of all constraints, taken as equalities
    rows = [(r, v) for r, v in zip(E, e)] + [(r, v) for r, v in zip(A, b)]
    rows += [([F(int(j == i)) for j in range(k)], F(c)) for i in range(k) for c in (0, 1)]
    want = set()
    for combo in combinations(rows, k):
        z = _solve([r for r, _ in combo], [v for _, v in combo])
        if z is None:
            continue
        if all(0 <= t <= 1 for t in z) and all(sum(a * t for a, t in zip(r, z)) == v for r, v in zip(E, e)) \
                and all(sum(a * t for a, t in zip(r, z)) <= v for r, v in zip(A, b)):
            want.add(z)
    assert got == want


def _solve(M, r):
    n = len(M)
    A = [list(row) + [v] for row, v in zip(M, r)]
    for c in range(n):
        p = next((i for i in range(c, n) if A[i][c] != 0), None)
        if p is None:
            return None
        A[c], A[p] = A[p], A[c]
        for i in range(n):
            if i != c and A[i][c]:
                f = A[i][c] / A[c][c]
                A[i] = [a - f * b for a, b in zip(A[i], A[c])]
    return tuple(A[i][n] / A[i][i] for i in range(n))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.integers(1, 5), st.integers(0, 2**32 - 1))
def test_solve_exact_matches_fraction_elimination(n, seed):
    rng = random.Random(seed)
    M = [[rng.randint(-3, 3) for _ in range(n)] for _ in range(n)]
    r = [rng.randint(-5, 5) for _ in range(n)]
    want = _solve([[F(v) for v in row] for row in M], [F(v) for v in r])
    got = solve_exact(M, r)
    assert (None if got is None else tuple(got)) == want


# -- the subdivision search on larger games ---------------------------------------------------
def crossing_game(rng: random.Random, m: int, n: int) -> DoublyAdditiveGame:
    """Every gain hyperplane of player II crosses [0,1]^m; player I's gains change sign."""
    CII = [[rng.randint(-50, 50) for _ in range(n)] for _ in range(m)]
    bII = []
    for l in range(n):
        lo = sum(min(0, CII[h][l]) for h in range(m))
        hi = sum(max(0, CII[h][l]) for h in range(m))
        bII.append(-rng.randint(lo, hi))
    CI = [[-CII[h][l] + rng.randint(-5, 5) for l in range(n)] for h in range(m)]
    aI = [-sum(CI[h]) // 2 + rng.randint(-20, 20) for h in range(m)]
    return DoublyAdditiveGame(m, n, (0, aI, [0] * n, CI), (0, [0] * m, bII, CII))


@pytest.mark.parametrize("m, n, seed", [(4, 14, 2), (4, 14, 13), (4, 14, 5), (4, 30, 3), (4, 30, 17)])
@pytest.mark.parametrize("leaf", [1, 32])
def test_subdivision_matches_brute_force(m, n, seed, leaf):
    """Deep subdivision must find exactly the brute-force equilibria. The seeds include games
    where a vertex solved in one leaf box lies in another (it must then be judged with the
    data of its own box — an earlier version lost equilibria there)."""
    g = crossing_game(random.Random(seed), m, n)
    sol = solve_doubly_additive(g, leaf_systems=leaf)
    ref = solve_doubly_additive(g, subdivide=False)
    assert sol.certificate.regions > 1
    assert sol.equilibria, "every finite game has an equilibrium"
    assert [(e.x, e.y) for e in sol.equilibria] == [(e.x, e.y) for e in ref.equilibria]


@pytest.mark.slow
def test_large_crossing_games_have_equilibria():
    """n = 200 and 500 with nothing prunable: the search must still find an equilibrium
    (existence is guaranteed), and every one it reports is exact."""
    for n, seed in ((200, 1200), (500, 1500)):
        g = crossing_game(random.Random(seed), 5, n)
        sol = solve_doubly_additive(g)
        assert sol.equilibria
        for e in sol.equilibria:
            assert g.is_equilibrium(e.x, e.y)
