"""The m-row additive solver (gamekit.additive.many_rows) against the materialized game.

Checked facts, on random small games with many ties (m = 3…5, n ≤ 6; weights in
{−1, 0, 1} or {0, 1} give fully degenerate games; ``tied_games`` adds all-zero gain
columns, identical rows and proportional gain vectors on purpose), against the explicit
m×2ⁿ game solved by gamekit (``method="all"``), pygambit (``enummixed``, rational) and
lrsnash (lrslib, exact):

* the extreme row strategies are exactly those of the explicit game's extreme equilibria
  (gamekit's vertex enumeration and pygambit's enummixed, rational);
* every extreme equilibrium we report is the behaviour image of an explicit extreme one;
* every explicit extreme equilibrium's image lies in the convex hull of our extreme
  equilibria with the same row strategy (exact LP);
* each reported equilibrium passes the exact compact Nash test; components partition them;
* the components agree: the marginal map is a bijection between the connected components
  of the explicit and the behaviour equilibrium sets (two mixtures with the same marginal
  and support in the best responses are joined by a segment of equilibria, since player
  I's payoff depends on the marginal only), so the partitions of the extreme row
  strategies by component are equal;
* the product lemma of ``gamekit.additive.y_faces``: Y(x) = P_C × [0,1]^F has the same
  vertices as the unsplit polytope, and the face certificate agrees with the pairwise test.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamekit.additive.behaviour import is_additive_equilibrium, mixed_to_behaviour
from gamekit.additive.foster import solve_additive
from gamekit.additive.game import AdditiveGame
from gamekit.additive.many_rows import arrangement_vertices, solve_many_rows
from gamekit.additive.reduction import materialize, materialized_columns
from gamekit.additive.y_faces import certify_face, y_face
from gamekit.core.errors import GameError, TooLargeError
from gamekit.exact.polytope import box_polytope_vertices
from gamekit.lp.simplex import solve_lp
from tests.additive_gen import gambit_extreme, gamekit_extreme

F = Fraction


@st.composite
def many_row_games(draw, m_min: int = 3, m_max: int = 5, n_max: int = 5):
    m = draw(st.integers(m_min, m_max))
    n = draw(st.integers(1, n_max))
    vals = draw(st.sampled_from([(-1, 0, 1), (0, 1), tuple(range(-5, 6))]))
    v = st.sampled_from(vals)
    b_base = [draw(v) for _ in range(m)]
    b_move = [[(draw(v), draw(v)) for _ in range(n)] for _ in range(m)]
    a_base = [draw(v) for _ in range(m)]
    a_move = [[(draw(v), draw(v)) for _ in range(n)] for _ in range(m)]
    return AdditiveGame([f"r{u}" for u in range(m)], [f"i{l}" for l in range(n)],
                        b_base, b_move, a_base=a_base, a_move=a_move)


@st.composite
def tied_games(draw, m_min: int = 3, m_max: int = 5, n_max: int = 4):
    """Games built to be degenerate: some gain columns all zero (player II always
    indifferent), some rows identical to another row (in both payoffs), some gain vectors
    positive or negative multiples of another (one hyperplane, several sets)."""
    m = draw(st.integers(m_min, m_max))
    n = draw(st.integers(1, n_max))
    v = st.integers(-2, 2)
    gains = []
    for l in range(n):
        kind = draw(st.sampled_from(["zero", "free", "multiple"] if l else ["zero", "free"]))
        if kind == "zero":
            gains.append([0] * m)
        elif kind == "free":
            gains.append([draw(v) for _ in range(m)])
        else:
            k = draw(st.sampled_from([-2, -1, 1, 2, 3]))
            gains.append([k * g for g in gains[draw(st.integers(0, l - 1))]])
    a_gain = [[draw(v) for _ in range(n)] for _ in range(m)]
    a_base = [draw(v) for _ in range(m)]
    for u in range(1, m):
        if draw(st.booleans()):  # row u copies an earlier row in both players' payoffs
            w = draw(st.integers(0, u - 1))
            for l in range(n):
                gains[l][u] = gains[l][w]
            a_gain[u], a_base[u] = list(a_gain[w]), a_base[w]
    b_move = [[(0, gains[l][u]) for l in range(n)] for u in range(m)]
    a_move = [[(0, a_gain[u][l]) for l in range(n)] for u in range(m)]
    return AdditiveGame([f"r{u}" for u in range(m)], [f"i{l}" for l in range(n)],
                        [0] * m, b_move, a_base=a_base, a_move=a_move)


def lrsnash_extreme(game) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
    """All extreme equilibria by lrsnash (lrslib): groups of '2 y… v' lines then
    '1 x… v' lines, each group a product of extreme equilibria."""
    m, n = len(game.A), len(game.A[0])
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.txt"
        rows = lambda M: "\n".join(" ".join(str(F(v)) for v in r) for r in M)  # noqa: E731
        path.write_text(f"{m} {n}\n\n{rows(game.A)}\n\n{rows(game.B)}\n")
        out = subprocess.run([LRSNASH, str(path)], capture_output=True, text=True, check=True).stdout
    pairs, xs, ys = [], [], []
    for line in out.splitlines() + [""]:
        parts = line.split()
        if parts[:1] == ["2"]:
            if xs:
                pairs += [(x, y) for x in xs for y in ys]
                xs, ys = [], []
            ys.append(tuple(F(t) for t in parts[1:n + 1]))
        elif parts[:1] == ["1"]:
            xs.append(tuple(F(t) for t in parts[1:m + 1]))
        elif not parts and xs:
            pairs += [(x, y) for x in xs for y in ys]
            xs, ys = [], []
    return pairs


LRSNASH = shutil.which("lrsnash") or "/usr/bin/lrsnash"
needs_lrs = pytest.mark.needs_tool("lrsnash")


def row_partition(pairs) -> set[frozenset]:
    """Extreme row strategies grouped by connected component of the bipartite graph of
    extreme equilibria (x joined to y): union–find, independent of gamekit.kernel.graphs."""
    parent: dict = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            a = parent[a]
        return a

    for x, y in pairs:
        parent[find(("x", x))] = find(("y", y))
    groups: dict = {}
    for x, _ in pairs:
        groups.setdefault(find(("x", x)), set()).add(x)
    return {frozenset(g) for g in groups.values()}


def in_hull(point: tuple[Fraction, ...], pts: list[tuple[Fraction, ...]]) -> bool:
    """Exact LP: is point a convex combination of pts?"""
    k = len(pts)
    A_eq = [[p[i] for p in pts] for i in range(len(point))] + [[1] * k]
    b_eq = list(point) + [1]
    return solve_lp([0] * k, A_eq=A_eq, b_eq=b_eq).status == "optimal"


def images(g: AdditiveGame, explicit) -> set:
    cols = materialized_columns(g, reduce=False)
    return {(tuple(r), mixed_to_behaviour(c, cols, g.n)) for r, c in explicit}


def check_against(g: AdditiveGame, explicit) -> None:
    sol = solve_many_rows(g)
    ours = {(e.row, e.draw) for e in sol.equilibria}
    imgs = images(g, explicit)
    assert {x for x, _ in ours} == {x for x, _ in imgs}
    assert ours <= imgs
    for x, y in imgs:
        assert in_hull(y, [yy for xx, yy in ours if xx == x])
    for e in sol.equilibria:
        assert is_additive_equilibrium(g, e.row, e.draw)
    assert sorted(i for c in sol.components for i in c) == list(range(len(sol.equilibria)))
    assert sol.unique == (len(imgs) == 1)
    ours_parts = {frozenset(sol.equilibria[k].row for k in comp) for comp in sol.components}
    assert ours_parts == row_partition(explicit)


@given(many_row_games())
@settings(max_examples=60, deadline=None, derandomize=True)
def test_matches_gamekit_vertex_enumeration(g):
    check_against(g, gamekit_extreme(materialize(g, reduce=False)))


@given(many_row_games(m_max=4, n_max=3))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_matches_pygambit_enummixed(g):
    explicit = gambit_extreme(materialize(g, reduce=False))
    assume(explicit)
    check_against(g, explicit)


@given(many_row_games(m_min=3, m_max=3, n_max=6))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_solve_additive_dispatches_to_the_arrangement(g):
    sol = solve_additive(g)
    assert sol.method == "arrangement"
    assert {(e.row, e.draw) for e in sol.equilibria} == {(e.row, e.draw) for e in solve_many_rows(g).equilibria}


def test_fully_degenerate_game_is_one_component():
    """All payoffs zero: every (x, y) is an equilibrium; the extreme ones are the
    m pure rows times the 2ⁿ corners of the cube, one maximal Nash subset."""
    m, n = 3, 2
    zero = [[(0, 0)] * n for _ in range(m)]
    g = AdditiveGame(["a", "b", "c"], ["i", "j"], [0] * m, zero, a_base=[0] * m, a_move=zero)
    sol = solve_many_rows(g)
    assert len(sol.equilibria) == m * 2**n
    assert len(sol.subsets) == 1 and len(sol.components) == 1
    assert sol.is_continuum and not sol.unique


def test_rock_paper_scissors_as_an_additive_game():
    """RPS with player II's three columns encoded by two information sets is not
    additive; instead: a 3×2 game (n = 1) with a unique mixed equilibrium, checked by hand.
    Rows u = 0, 1, 2; II's move 1 gains (1, −1, 0)·weights; I's payoffs make II mix ½."""
    g = AdditiveGame(["a", "b", "c"], ["i"], [0, 0, 0], [[(0, 1)], [(0, -1)], [(0, -1)]],
                     a_base=[0, 0, 0], a_move=[[(1, 0)], [(0, 1)], [(0, 0)]])
    sol = solve_many_rows(g)
    assert [(e.row, e.draw) for e in sol.equilibria] == [((F(1, 2), F(1, 2), F(0)), (F(1, 2),))]
    assert sol.unique


def test_arrangement_vertices_of_three_lines():
    """Lines x0 = x1, x1 = x2, x0 = x2 meet at the barycentre only."""
    G = [(F(1), F(-1), F(0)), (F(0), F(1), F(-1)), (F(1), F(0), F(-1))]
    assert arrangement_vertices(G, (0, 1, 2)) == [(F(1, 3), F(1, 3), F(1, 3))]
    assert arrangement_vertices(G, (0, 1)) == [(F(1, 2), F(1, 2), F(0))]


def test_needs_additive_player_one():
    g = AdditiveGame(["a", "b", "c"], ["i"], [0, 0, 0], [[(0, 1)]] * 3, a_func=lambda u, T: F(u))
    with pytest.raises(GameError):
        solve_many_rows(g)
    assert solve_additive(g).method == "enumeration"  # the explicit path still serves a_func


@given(many_row_games(m_min=8, m_max=8, n_max=3))
@settings(max_examples=8, deadline=None, derandomize=True)
def test_eight_rows_match_vertex_enumeration(g):
    check_against(g, gamekit_extreme(materialize(g, reduce=False)))


@given(tied_games())
@settings(max_examples=30, deadline=None, derandomize=True)
def test_tied_games_match_gamekit_vertex_enumeration(g):
    check_against(g, gamekit_extreme(materialize(g, reduce=False)))


@given(tied_games(n_max=3))
@settings(max_examples=20, deadline=None, derandomize=True)
def test_tied_games_match_pygambit_enummixed(g):
    explicit = gambit_extreme(materialize(g, reduce=False))
    assume(explicit)
    check_against(g, explicit)


@needs_lrs
@given(tied_games(n_max=3))
@settings(max_examples=20, deadline=None, derandomize=True)
def test_tied_games_match_lrsnash(g):
    explicit = lrsnash_extreme(materialize(g, reduce=False))
    assume(explicit)
    check_against(g, explicit)


@needs_lrs
@given(many_row_games(m_max=4, n_max=3))
@settings(max_examples=15, deadline=None, derandomize=True)
def test_matches_lrsnash(g):
    explicit = lrsnash_extreme(materialize(g, reduce=False))
    assume(explicit)
    check_against(g, explicit)


@pytest.mark.slow
@needs_lrs
@given(tied_games(m_max=5, n_max=5))
@settings(max_examples=30, deadline=None, derandomize=True)
def test_bigger_tied_games_match_all_three_oracles(g):
    explicit = materialize(g, reduce=False)
    check_against(g, gamekit_extreme(explicit))
    check_against(g, lrsnash_extreme(explicit))
    check_against(g, gambit_extreme(explicit))


@given(st.one_of(tied_games(n_max=5), many_row_games(n_max=5)))
@settings(max_examples=20, deadline=None, derandomize=True)
def test_product_lemma_keeps_the_vertices(g):
    """y_face's split Y(x) = P_C × [0,1]^F lists exactly the vertices of the unsplit
    polytope (box_polytope_vertices on all of K), and the face certificate agrees with
    the exact pairwise test on every corner."""
    sol = solve_many_rows(g)
    for x in sol.row_vertices:
        face = y_face(g, x)
        assume(face is not None)
        n, m = g.n, g.m
        K = list(face.indifferent)
        S = [u for u in range(m) if x[u]]
        A = [g.a_gains(u) for u in range(m)]
        c = [g.a_const(u) + sum(A[u][l] for l in range(n) if face.base[l]) for u in range(m)]
        E = [[A[u][l] - A[S[0]][l] for l in K] for u in S[1:]]
        e = [c[S[0]] - c[u] for u in S[1:]]
        Ai = [[A[w][l] - A[S[0]][l] for l in K] for w in range(m) if w not in S]
        bi = [c[S[0]] - c[w] for w in range(m) if w not in S]
        whole = set(box_polytope_vertices(len(K), E, e, Ai, bi))
        assert {tuple(y[l] for l in K) for y in face.vertices()} == whole
        assert face.count == len(whole)
        for cv in face.core_vertices:
            corners_ok = all(is_additive_equilibrium(g, x, y) for y in face.vertices())
            assert certify_face(g, face, cv) == corners_ok


def _free_cube_game(k: int) -> AdditiveGame:
    """Row 0 leaves player II indifferent at k sets and strictly prefers move 1 elsewhere;
    rows 1, 2 are strictly worse for player I whatever player II does. So the equilibria
    are (row 0, any y on the k free sets): 2^k extreme ones, one maximal Nash subset."""
    n = k + 1
    b_move = [[(0, 0)] * k + [(0, 1)], [(0, 1)] * n, [(0, -1)] * n]
    a_move = [[(0, 1)] * n, [(0, 0)] * n, [(0, 0)] * n]
    return AdditiveGame(["a", "b", "c"], [f"i{l}" for l in range(n)], [0] * 3, b_move,
                        a_base=[n + 1, 0, 0], a_move=a_move)


def test_free_cube_is_written_down_without_enumerating_it():
    g = _free_cube_game(10)
    sol = solve_many_rows(g)
    assert len(sol.equilibria) == 2**10
    assert sol.row_vertices == ((F(1), F(0), F(0)),)
    assert len(sol.subsets) == 1 and len(sol.components) == 1
    assert sol.stats["free_sets_max"] == 10
    assert all(e.draw[10] == 1 for e in sol.equilibria)
    # player I's payoff: a_base + Σ y_l = 12 + Σ y_l (every set has weight 1 in row 0)
    assert {e.payoffs[0] - sum(e.draw) for e in sol.equilibria} == {F(12)}
    for e in sol.equilibria[:: 97]:
        assert is_additive_equilibrium(g, e.row, e.draw)


def test_too_many_extreme_equilibria_refused_from_the_count():
    """2^20 extreme equilibria: refused before any is written down (no DD on 20 dims)."""
    with pytest.raises(TooLargeError, match="1048576 extreme equilibria"):
        solve_many_rows(_free_cube_game(20))


@pytest.mark.parametrize("m, n, kind", [(3, 40, "all cutting"), (4, 24, "all cutting")])
def test_float_filter_drops_no_equilibrium(m, n, kind):
    """The float search step (candidate inside the face, Y(x) ≠ ∅) only discards: with it
    switched off (every candidate solved exactly) the solution is the same."""
    from benchmarks.bench_many_rows import make_game

    g = make_game(m, n, kind, seed=n)
    with_floats = solve_many_rows(g)
    exact = solve_many_rows(g, candidate_filter="exact")
    assert [(e.row, e.draw) for e in exact.equilibria] == [(e.row, e.draw) for e in with_floats.equilibria]
    assert exact.stats["exact_checks"] > with_floats.stats["exact_checks"]  # the filter did act


# -- the certified float step (gamekit.additive.vertex_filter, gamekit.kernel.verified_float) --
def _exact_solution(M: list[list[int]], b: list[int]) -> list[Fraction] | None:
    from gamekit.kernel.linalg import solve_exact

    return solve_exact(M, b)


def _in_box(exact, xhat, rad) -> bool:
    return all(abs(v - F(float(c))) <= F(float(rad)) for v, c in zip(exact, xhat))


_magnitude = st.sampled_from([1, 10, 2**26, 2**53 + 1, 10**18, 10**40, 10**120])


@st.composite
def int_systems(draw):
    """Square integer systems, often nearly singular (a row = k·another + a tiny change)
    and with entries from 1 to 10^120 (beyond 2^53: float conversion rounds)."""
    s = draw(st.integers(1, 5))
    big = draw(_magnitude)
    M = [[draw(st.integers(-big, big)) for _ in range(s)] for _ in range(s)]
    if s > 1 and draw(st.booleans()):
        k, i = draw(st.integers(-3, 3)), draw(st.integers(0, s - 1))
        M[1] = [k * v for v in M[0]]
        M[1][i] += draw(st.integers(-1, 1))
    b = [draw(st.integers(-big, big)) for _ in range(s)]
    return M, b


@settings(max_examples=300, deadline=None)
@given(int_systems())
def test_verified_solve_encloses_the_exact_solution(sys_):
    """Whenever verified_solve decides (finite radius), M is non-singular and the exact
    rational solution lies in the box x̂ ± r (checked in Fractions)."""
    import numpy as np

    from gamekit.kernel.verified_float import to_float, verified_solve

    M, b = sys_
    s = len(M)
    Mf, dM = to_float([v for row in M for v in row], (s, s))
    bf, db = to_float(b)
    x, rad = verified_solve(Mf[None], bf[None], dM[None], db[None])
    exact = _exact_solution(M, b)
    if np.isfinite(rad[0]):
        assert exact is not None
        assert _in_box(exact, x[0], rad[0])
    assume(np.isfinite(rad[0]))


def _tricky_forms(rng, k: int, big: int) -> tuple[list[tuple[int, int, int]], tuple[Fraction, ...]]:
    """k integer forms of a 3-simplex through p = (P₀, 1, P₂)/ΣP with P₀, P₂ ≈ big: every
    form is p × r (cross product, r random ≈ big), so it cuts the open face, all k lines
    meet at p (a degenerate multiple point), and p's middle coordinate ≈ 1/big is far
    below the float error of a naive solve (entries ≈ big², x̂ off by ≈ 10⁻¹⁶)."""
    P = (rng.randint(big, 2 * big), 1, rng.randint(big, 2 * big))
    forms = []
    for _ in range(k):
        r = [rng.randint(-big, big) for _ in range(3)]
        forms.append((P[1] * r[2] - P[2] * r[1], P[2] * r[0] - P[0] * r[2], P[0] * r[1] - P[1] * r[0]))
    tot = sum(P)
    return forms, tuple(F(v, tot) for v in P)


def _game_from_forms(rng, forms, big_a: int) -> AdditiveGame:
    """Additive 3×2ⁿ game with b_gains(u)[l] = forms[l][u] and random player I weights
    (entries up to big_a: huge/small magnitudes in player I's systems too)."""
    n = len(forms)
    b_move = [[(0, forms[l][u]) for l in range(n)] for u in range(3)]
    a_move = [[(rng.randint(-big_a, big_a), rng.randint(-big_a, big_a)) for _ in range(n)] for _ in range(3)]
    return AdditiveGame(["a", "b", "c"], [f"i{l}" for l in range(n)], [0] * 3, b_move,
                        a_base=[rng.randint(-big_a, big_a) for _ in range(3)], a_move=a_move)


@pytest.mark.parametrize("seed, big", [(1, 10**18), (2, 10**18), (3, 2**60), (4, 10**40)])
def test_float_step_keeps_near_degenerate_vertices(seed, big):
    """Adversarial integer data: 8 lines through one point p whose middle coordinate is
    ≈ 10⁻¹⁸…10⁻⁴⁰, plus 16 random lines with entries ≈ 10³⁶…10⁸⁰ (above 200 candidates,
    so the float step runs). The certified step gives exactly the exact-only vertex set,
    which contains p; on such data a plain float sign test is at the mercy of rounding."""
    import random

    rng = random.Random(seed)
    forms, p = _tricky_forms(rng, 8, big)
    forms += [tuple(rng.randint(-big * big, big * big) for _ in range(3)) for _ in range(16)]
    S = (0, 1, 2)
    exact = arrangement_vertices(forms, S, candidate_filter="exact")
    for screening in ("auto", "numpy", "compiled"):
        assert arrangement_vertices(forms, S, candidate_filter=screening) == exact
    assert p in exact


@pytest.mark.parametrize("seed, big, big_a", [(5, 10**18, 10**18), (6, 2**60, 3), (7, 10**30, 10**25)])
def test_float_step_on_adversarial_games(seed, big, big_a):
    """Whole games built on the near-degenerate forms above, player I's weights huge or
    tiny: filter on ≡ filter off (every candidate solved exactly)."""
    import random

    rng = random.Random(seed)
    forms, _ = _tricky_forms(rng, 8, big)
    forms += [tuple(rng.randint(-big, big) for _ in range(3)) for _ in range(16)]
    g = _game_from_forms(rng, forms, big_a)
    with_floats = solve_many_rows(g)
    exact = solve_many_rows(g, candidate_filter="exact")
    assert [(e.row, e.draw) for e in exact.equilibria] == [(e.row, e.draw) for e in with_floats.equilibria]


@pytest.mark.parametrize("m, n, seed, kind", [(3, 40, 40, "all cutting"), (4, 24, 24, "all cutting"),
                                              (4, 300, 4300, "baccara-like")])
@pytest.mark.parametrize("exact_tables", [True, False])
def test_every_float_rejection_is_proved_exactly(m, n, seed, kind, exact_tables):
    """Candidate by candidate, on the solver's own path (``_surviving_candidates``, both the
    exact small-integer y-filter and the bounded one): every discarded candidate either is
    no vertex of the open face (exact solve: singular or some x_u ≤ 0) or has Y(x) = ∅
    (y_face in exact arithmetic)."""
    import math
    from itertools import combinations

    from benchmarks.bench_many_rows import make_game
    from gamekit.additive.many_rows import _cutting_hyperplanes, _surviving_candidates
    from gamekit.additive.reduction import forced_moves
    from gamekit.additive.vertex_filter import float_tables
    from gamekit.additive.y_faces import int_tables
    from gamekit.kernel.linalg import solve_int

    red = forced_moves(make_game(m, n, kind, seed=seed)).reduced
    it = int_tables(red)
    tables = float_tables(red, it if exact_tables else None)
    not_vertex = empty = 0
    for S in [tuple(range(m)), tuple(range(m - 1))]:
        hyper = _cutting_hyperplanes(it.G, S)
        ints = [list(f) for f, _ in hyper]
        s = len(S)
        total = math.comb(len(ints), s - 1)
        passed = set(_surviving_candidates(ints, hyper, S, lambda: tables, max(total, 200)))
        for c in combinations(range(len(ints)), s - 1):
            if c in passed:
                continue
            sol = solve_int([ints[h] for h in c] + [[1] * s], [0] * (s - 1) + [1])
            if sol is None or not all(v > 0 for v in sol[0]):
                not_vertex += 1
                continue
            x = [F(0)] * m
            for u, v in zip(S, sol[0]):
                x[u] = F(v, sol[1])
            assert y_face(red, x) is None
            empty += 1
    assert not_vertex > 0 and empty > 0


@st.composite
def int_forms(draw):
    """k = s−1 integer rows of length s (s ≤ 6), small (exact float path) or huge."""
    s = draw(st.integers(2, 6))
    big = draw(_magnitude)
    rows = [[draw(st.integers(-big, big)) for _ in range(s)] for _ in range(s - 1)]
    if s > 2 and draw(st.booleans()):  # a dependent pair: cofactors exactly 0
        rows[1] = [2 * v for v in rows[0]]
    return rows


def _exact_cofactors(rows: list[list[int]]) -> list[int]:
    import sympy

    s = len(rows[0])
    return [(-1) ** d * int(sympy.Matrix([[r[j] for j in range(s) if j != d] for r in rows]).det())
            if s > 1 else 1 for d in range(s)]


@settings(max_examples=300, deadline=None)
@given(int_forms())
def test_signed_cofactors_bound_the_exact_minors(rows):
    """|c_d − ĉ_d| ≤ β_d for the exact integer cofactors (sympy), on the exact path (ints
    below 2⁵³; β = 0 certifies zeros) and on the scaled path (huge ints); the box from
    the cofactors encloses x = c/Σc when it decides."""
    import numpy as np

    from gamekit.additive.vertex_filter import form_matrix
    from gamekit.kernel.verified_float import box_from_cofactors, signed_cofactors

    exact = _exact_cofactors(rows)
    small = max(abs(v) for r in rows for v in r).bit_length() <= 53
    if small:
        Fm = np.array(rows, dtype=float)[None]
        norms = np.array([[float(sum(abs(v) for v in r)) for r in rows]])
        c, beta = signed_cofactors(Fm, True, norms)
        scale = 1
    else:
        Fm, _ = form_matrix(rows)
        c, beta = signed_cofactors(Fm[None], False)
        scale = 1
        for r in rows:
            scale *= 1 << max(abs(v) for v in r).bit_length()
    for cd, bd, ed in zip(c[0], beta[0], exact):
        if np.isfinite(bd):
            assert abs(F(float(cd)) - F(ed, scale)) <= F(float(bd))
    same_sign = all(v > 0 for v in exact) or all(v < 0 for v in exact)
    if same_sign and (np.abs(c[0]) > beta[0]).all():
        x, rad = box_from_cofactors(c, beta)
        tot = sum(exact)
        if np.isfinite(rad[0]):
            assert all(abs(F(float(xv)) - F(e, tot)) <= F(float(rad[0])) for xv, e in zip(x[0], exact))


@pytest.mark.parametrize("H", [0, 1, 2, 3, 5, 17, 60])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_candidate_combinations_are_all_subsets_in_order(H, k, monkeypatch):
    """The numpy-built candidate lists (k ≤ 3) are exactly itertools.combinations, in
    order, also across chunk boundaries (chunk shrunk to 7)."""
    from itertools import combinations

    import gamekit.additive.vertex_filter as vf

    monkeypatch.setattr(vf, "CHUNK", 7)
    got = [tuple(r) for b in vf._combos(H, k) for r in b.tolist()]
    assert got == list(combinations(range(H), k))
    assert all(len(b) <= 7 for b in vf._combos(H, k))


@settings(max_examples=60, deadline=None)
@given(tied_games(), st.data())
def test_integer_nash_test_agrees_with_the_fraction_one(g, data):
    """y_faces.certified_payoffs (integer arithmetic) ≡ behaviour.is_additive_equilibrium
    + behaviour.payoffs, on the extreme equilibria and on perturbed (mostly non-) equilibria."""
    from gamekit.additive.behaviour import payoffs
    from gamekit.additive.y_faces import certified_payoffs, int_tables

    it = int_tables(g)
    sol = solve_many_rows(g)
    pairs = [(e.row, e.draw) for e in sol.equilibria[:5]]
    for _ in range(5):
        x = data.draw(st.lists(st.integers(0, 3), min_size=g.m, max_size=g.m).filter(any))
        y = data.draw(st.lists(st.sampled_from([F(0), F(1), F(1, 2), F(1, 3)]), min_size=g.n, max_size=g.n))
        pairs.append((tuple(F(v, sum(x)) for v in x), tuple(y)))
    for x, y in pairs:
        got = certified_payoffs(g, it, x, y)
        if is_additive_equilibrium(g, x, y):
            assert got == payoffs(g, x, y)
        else:
            assert got is None


@pytest.mark.parametrize("s", [2, 3, 4, 5, 6, 7, 8])
def test_compiled_cofactors_are_the_numpy_ones_bit_for_bit(s):
    """The numba Laplace expansion performs the numpy recursion's operations in the same
    order: identical floats (so the same error bound applies), on integers and on reals."""
    import numpy as np

    from gamekit.kernel.cofactor_kernels import laplace_cofactors
    from gamekit.kernel.verified_float import _laplace_levels

    rng = np.random.default_rng(s)
    for Fm in (rng.integers(-60, 60, size=(200, s - 1, s)).astype(float), rng.standard_normal((200, s - 1, s))):
        D, P = _laplace_levels(Fm)
        full = tuple(range(s))
        c = np.stack([D[full[:d] + full[d + 1:]] * (1 if d % 2 == 0 else -1) for d in range(s)], axis=1)
        p = np.stack([P[full[:d] + full[d + 1:]] for d in range(s)], axis=1)
        c2, p2 = laplace_cofactors(Fm)
        assert np.array_equal(c, c2) and np.array_equal(p, p2)


def test_compiled_sign_loop_is_the_numpy_one():
    """Test 2's compiled sign/payoff loop gives the numpy version's exact integers, and the
    solver with every face compiled gives the answer of the float-free solver."""
    import numpy as np

    import gamekit.additive.vertex_filter as vf
    from benchmarks.bench_many_rows import make_game

    rng = np.random.default_rng(5)
    C = rng.integers(1, 10**6, size=(500, 4)).astype(float)
    GS = rng.integers(-1000, 1000, size=(60, 4)).astype(float)
    GS[:5] = 0.0  # some zero forms: exact zeros counted
    f = vf.FaceTables(np.arange(60), GS, rng.integers(-9, 9, size=(3, 60)).astype(float), np.zeros(3))
    a, b = vf._zeros_and_payoffs(C, f, compiled=False), vf._zeros_and_payoffs(C, f, compiled=True)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    g = make_game(4, 24, "all cutting", seed=24)
    on = solve_many_rows(g, candidate_filter="compiled")  # every face compiled
    off = solve_many_rows(g, candidate_filter="exact")  # no float step at all
    assert [(e.row, e.draw) for e in on.equilibria] == [(e.row, e.draw) for e in off.equilibria]
    assert on.stats["exact_checks"] < off.stats["exact_checks"]
