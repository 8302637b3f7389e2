"""Component indices (issue #24): the sum is +1 on every fixture game and on random
degenerate games; the answer does not depend on the perturbation; nondegenerate games
agree with Shapley's determinant formula; textbook values."""

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit import BimatrixGame, GameError
from gamekit.refine.index import component_indices

F = Fraction
GAMES = Path(__file__).resolve().parents[1] / "games"
FIXTURES = sorted(GAMES.glob("*.nfg")) + sorted((GAMES / "refine").glob("*.nfg")) + sorted(
    (Path(gamekit.__file__).parent / "examples").glob("*.nfg"))


def det(M):
    M = [[F(v) for v in r] for r in M]
    n, d = len(M), F(1)
    for k in range(n):
        p = next((r for r in range(k, n) if M[r][k]), None)
        if p is None:
            return F(0)
        if p != k:
            M[k], M[p] = M[p], M[k]
            d = -d
        d *= M[k][k]
        for r in range(k + 1, n):
            f = M[r][k] / M[k][k]
            M[r] = [a - f * b for a, b in zip(M[r], M[k])]
    return d


def shapley_index(g, e):
    """(−1)^(k+1) sign det A_IJ sign det B_IJ with payoffs made positive (Shapley 1974)."""
    I = [i for i, p in enumerate(e.row) if p]
    J = [j for j, p in enumerate(e.col) if p]
    assert len(I) == len(J)
    lo = min(min(min(r) for r in g.A), min(min(r) for r in g.B)) - 1
    dA = det([[g.A[i][j] - lo for j in J] for i in I])
    dB = det([[g.B[i][j] - lo for j in J] for i in I])
    return (-1) ** (len(I) + 1) * (1 if dA * dB > 0 else -1)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_indices_sum_to_one_and_do_not_depend_on_the_perturbation(path):
    g = gamekit.read_nfg(path)
    r = component_indices(g)
    assert sum(c.index for c in r.components) == 1
    nash = gamekit.solve(g)
    assert len(r.components) == nash.connected_components
    listed = [(e.row, e.col) for c in r.components for e in c.equilibria]
    assert sorted(listed) == sorted((e.row, e.col) for e in nash)
    other = component_indices(g, seed=11)
    assert [c.index for c in other.components] == [c.index for c in r.components]
    for c in r.components:
        assert c.essential is (True if c.index else (False if c.branches == 0 else None))


def test_textbook_values():
    coord = BimatrixGame([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    assert [c.index for c in component_indices(coord).components] == [1, -1, 1]
    # von Stengel's degenerate 3x2 game: the segment (T, y), 2/3 <= y1 <= 1, joins an index +1
    # and an index -1 equilibrium of the nondegenerate version: index 0, and a perturbation
    # removes it (not essential); the remaining equilibrium has index +1.
    g = gamekit.read_nfg(GAMES / "von_stengel_degenerate.nfg")
    r = component_indices(g)
    assert [(c.index, c.essential, len(c.equilibria)) for c in r.components] == [(0, False, 2), (1, True, 1)]
    # Gambit's perfect1: the big component has index 0 but two branches of opposite index
    # converge into it: undecided.
    r = component_indices(gamekit.read_nfg(GAMES / "refine" / "perfect1.nfg"))
    assert [(c.index, c.essential, c.branches) for c in r.components] == [(0, None, 2), (1, True, 1)]
    js = r.to_json()
    assert js["components"][1]["index"] == "1" and js["components"][1]["essential"] is True
    assert js["components"][1]["perfect"] == js["components"][1]["equilibria"]


def test_bad_input():
    with pytest.raises(GameError):
        component_indices("not a game")  # type: ignore[arg-type]


def _games(vals, max_m=3, max_n=4):
    return st.integers(2, max_m).flatmap(lambda m: st.integers(2, max_n).flatmap(lambda n: st.tuples(
        st.lists(st.lists(vals, min_size=n, max_size=n), min_size=m, max_size=m),
        st.lists(st.lists(vals, min_size=n, max_size=n), min_size=m, max_size=m))))


@settings(max_examples=30)
@given(_games(st.integers(0, 2)))
def test_random_degenerate_games_sum_to_one(AB):
    g = BimatrixGame(*AB)
    r = component_indices(g, perfect=False)
    assert sum(c.index for c in r.components) == 1
    assert [c.index for c in component_indices(g, perfect=False, seed=5).components] == \
        [c.index for c in r.components]


@settings(max_examples=30)
@given(_games(st.integers(-10**6, 10**6)))
def test_random_nondegenerate_games_match_shapley(AB):
    g = BimatrixGame(*AB)
    nash = gamekit.solve(g)
    # nondegenerate: equal support sizes, isolated equilibria (fails with probability ~0)
    assume(all(sum(1 for p in e.row if p) == sum(1 for p in e.col if p) for e in nash))
    assume(all(len(c.rows) == len(c.cols) == 1 for c in nash.components))
    r = component_indices(g, nash, perfect=False)
    for c in r.components:
        assert len(c.equilibria) == 1
        assert c.index == shapley_index(g, c.equilibria[0])


def _l1_to_hull(p, vertices):
    """L1 distance from p to conv(vertices) (scipy LP, floats: a test oracle only)."""
    import numpy as np
    from scipy.optimize import linprog

    V = np.array([[float(v) for v in vert] for vert in vertices]).T  # d × k
    d, k = V.shape
    # variables: λ (k), s⁺ (d), s⁻ (d);  V λ + s⁺ − s⁻ = p,  Σλ = 1
    A_eq = np.hstack([V, np.eye(d), -np.eye(d)])
    A_eq = np.vstack([A_eq, np.hstack([np.ones(k), np.zeros(2 * d)])])
    b_eq = np.concatenate([[float(v) for v in p], [1.0]])
    c = np.concatenate([np.zeros(k), np.ones(2 * d)])
    res = linprog(c, A_eq=A_eq, b_eq=b_eq, bounds=[(0, None)] * (k + 2 * d), method="highs")
    assert res.status == 0
    return res.fun


@settings(max_examples=15)
@given(_games(st.integers(0, 2)), st.integers(0, 2**32 - 1))
def test_degenerate_indices_against_a_concrete_perturbation(AB, seed):
    """Independent oracle: perturb by ε = 10⁻⁹ in another random direction, solve the
    perturbed game with method "all", sum Shapley's formula over its equilibria nearest to
    each component (L1 distance to the Nash subsets)."""
    import random

    g = BimatrixGame(*AB)
    nash = gamekit.solve(g)
    r = component_indices(g, nash, perfect=False)
    rng = random.Random(seed)
    eps = F(1, 10**9)
    m, n = g.shape
    Ap = [[g.A[i][j] + eps * rng.randint(-1000, 1000) for j in range(n)] for i in range(m)]
    Bp = [[g.B[i][j] + eps * rng.randint(-1000, 1000) for j in range(n)] for i in range(m)]
    gp = BimatrixGame(Ap, Bp)
    pert = gamekit.solve(gp)
    assume(all(sum(1 for p in e.row if p) == sum(1 for p in e.col if p) for e in pert))
    assume(all(len(c.rows) == len(c.cols) == 1 for c in pert.components))
    totals = {c.connected: 0 for c in r.components}
    for e in pert:
        dist = {}
        for c in nash.components:
            d = _l1_to_hull(e.row, [nash.row_vertices[i] for i in c.rows]) + \
                _l1_to_hull(e.col, [nash.col_vertices[j] for j in c.cols])
            dist[c.connected] = min(d, dist.get(c.connected, d))
        best = min(dist, key=dist.get)
        assert dist[best] < 1e-4
        totals[best] += shapley_index(gp, e)
    assert [totals[c.connected] for c in r.components] == [c.index for c in r.components]
