"""The certified float-search path of method "all" (float search, exact certificate).

Checked facts: the exactly verified bases give the same vertices (labels and exact
coordinates) as the exact breadth-first search; method "all" returns the same
equilibria as the exact reference method and as lrsnash / pygambit; the completeness
certificate rejects an incomplete or wrong candidate set, and the solver then falls back
to the exact search with the same answer; budgets stop cleanly with certified partial
results and bounded memory. The exact vertex vectors by modular Cramer numerators + CRT
equal the fraction-free solve; the label matching is exactly the complete-labeling
relation (brute force); the one-batch integer certification gives the same ordered result
as the profile path and rejects a wrong pair; two threads find the same bases as one.
"""

from __future__ import annotations

import random
import subprocess
import tracemalloc
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import gamekit
from gamekit.bimatrix import certified_enumeration
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.solve import solve_result
from gamekit.core.errors import GameError, SearchBudgetExceeded
from gamekit.kernel import certified_polytope
from gamekit.kernel.certified_polytope import basis_point, search_bases
from gamekit.kernel.polytope import enumerate_vertices

BAYES = Path(__file__).parents[1] / "big_games" / "bayes2a_reduced.nfg"


def _matrix(rng: random.Random, k: int, d: int, hi: int) -> list[list[int]]:
    return [[rng.randint(1, hi + 1) for _ in range(d)] for _ in range(k)]


def _game(seed: int, m: int, n: int, hi: int) -> gamekit.BimatrixGame:
    rng = random.Random(seed)
    A = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    B = [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]
    return gamekit.BimatrixGame(A, B)


def _as_set(res) -> set:
    return {(e.row, e.col) for e in res}


@pytest.mark.parametrize("seed", range(8))
def test_verified_bases_give_the_exact_vertices(seed):
    rng = random.Random(seed)
    k, d = rng.randint(3, 9), rng.randint(3, 9)
    M = _matrix(rng, k, d, rng.choice([1, 2, 99]))
    cb = search_bases(M)
    assert cb is not None and cb.complete
    exact = {v.labels: v for v in enumerate_vertices(M)}
    labels, reps = cb.vertices()
    got = {int(lo) | (int(hi) << 64): int(i) for (lo, hi), i in zip(labels, reps)}
    assert set(got) == set(exact)
    for lab, i in got.items():
        nums, den = basis_point(M, cb.basic_sets([i])[0])
        v = exact[lab]
        assert all(a * v.den == b * den for a, b in zip(nums, v.nums))


@pytest.mark.parametrize("strategy", ["one_sided", "two_sided"])
@pytest.mark.parametrize("seed,size,hi", [(s, 6 + s % 4, (2, 99)[s % 2]) for s in range(10)])
def test_all_agrees_with_the_exact_reference(seed, size, hi, strategy):
    g = _game(seed, size, size + seed % 3, hi)
    fast = solve_result(g, "all", strategy=strategy)
    assert fast.parameters["strategy"] == strategy and fast.parameters["ran"] != "exact"
    exact = solve_result(g, "vertex_enumeration")
    assert _as_set(fast) == _as_set(exact)
    # the batch certification (VertexPairs) gives the same ordered result as the profile path
    assert fast.equilibria == exact.equilibria
    assert (fast.row_vertices, fast.col_vertices, fast.components) == (
        exact.row_vertices, exact.col_vertices, exact.components)
    for e in fast:
        assert gamekit.is_equilibrium(g, e.row, e.col)


@pytest.mark.parametrize("seed", range(6))
def test_vertex_vectors_are_the_exact_vertices(seed):
    """Each vector v of ``basis_vectors`` is a positive multiple of its basis's vertex z:
    v ≥ 0, v_j = 0 off the basic structural variables, and the rows whose slack is
    nonbasic are tight at v — (Mv)_i equal to one positive c — the others at most c
    (so z = v/c ∈ {z ≥ 0, Mz ≤ 1}), checked in integers; payoffs up to 2⁶⁰·(10⁶) (long
    numerators, as for rational games): both arithmetics of ``basis_vectors`` (the
    residues for small payoffs, FLINT for long ones)."""
    rng = random.Random(40 + seed)
    k, d = rng.randint(3, 9), rng.randint(3, 9)
    M = _matrix(rng, k, d, rng.choice([1, 2, 99, 10**6]))
    if seed % 2:
        M = [[a * 2**60 + rng.randint(0, 2**60) for a in row] for row in M]
    cb = search_bases(M)
    _, reps = cb.vertices()
    reps = [int(i) for i in reps[1:]]  # all but the origin (the slack basis comes first)
    got = certified_polytope.basis_vectors(M, cb, reps)
    for i, v in zip(reps, got):
        basis = {int(b) for b in cb.basic_sets([i])[0]}
        assert min(v) >= 0 and sum(v) > 0
        assert all(v[j] == 0 for j in range(d) if j not in basis)
        Mv = [sum(a * b for a, b in zip(row, v)) for row in M]
        tight = {Mv[r] for r in range(k) if d + r not in basis}
        assert len(tight) == 1 and (c := tight.pop()) > 0
        assert max(Mv) == c


@pytest.mark.parametrize("seed", range(6))
def test_label_matching_is_the_complete_labeling_relation(seed):
    """match_pairs (hash lookup + bitsets) = every pair (x ≠ 0, y ≠ 0) whose labels cover all."""
    from gamekit.bimatrix.label_match import match_pairs, q_to_global

    rng = random.Random(seed)
    m, n = rng.randint(3, 8), rng.randint(3, 8)
    ig = integer_game(_game(seed, m, n, rng.choice([1, 2, 99])))
    cp = search_bases([list(c) for c in zip(*ig.B)])
    cq = search_bases([list(r) for r in ig.A])
    P = np.ascontiguousarray(cp.vertices()[0])
    Q = q_to_global(np.ascontiguousarray(cq.vertices()[0]), m, n)
    got = {tuple(r) for r in match_pairs(P, Q, m, n).tolist()}
    lab = [int(lo) | (int(hi) << 64) for lo, hi in P.tolist()], [int(lo) | (int(hi) << 64) for lo, hi in Q.tolist()]
    rows, cols, full = (1 << m) - 1, ((1 << n) - 1) << m, (1 << (m + n)) - 1
    want = {(p, q) for p, a in enumerate(lab[0]) for q, b in enumerate(lab[1])
            if a & rows != rows and b & cols != cols and a | b == full}
    assert got == want


def test_batch_certification_rejects_a_wrong_pair(monkeypatch):
    from gamekit.bimatrix import certified_enumeration
    from gamekit.bimatrix.certified_enumeration import CertifiedRun
    from gamekit.bimatrix.vertex_pairs import VertexPairs, certify_pairs
    from gamekit.core.errors import CertificationError

    g = gamekit.read_nfg(Path(__file__).parents[1] / "games" / "prisoners_dilemma.nfg")
    ig = integer_game(g)
    with pytest.raises(CertificationError):
        certify_pairs(ig, VertexPairs([(1, 1)], [(1, 0)], [(0, 0)]), "test")
    g3 = gamekit.BimatrixGame([[0, 2, 0], [2, 0, 0], [0, 0, 1]], [[0, 2, 0], [2, 0, 0], [0, 0, 1]])
    wrong = CertifiedRun(VertexPairs([(1, 0, 0)], [(1, 0, 0)], [(0, 0)]), "two_sided")  # not an equilibrium
    # enumerate_all imports the certified search when it runs it: replaced in its own module
    monkeypatch.setattr(certified_enumeration, "extreme_equilibria_certified", lambda *a, **k: wrong)
    with pytest.raises(CertificationError):
        solve_result(g3, "all", eliminate_dominated=False, strategy="two_sided")


@pytest.mark.parametrize("strategy", ["one_sided", "two_sided"])
def test_two_threads_give_the_same_bases(strategy):
    g = _game(21, 7, 7, 2)
    one = solve_result(g, "all", strategy=strategy, threads=1)
    two = solve_result(g, "all", strategy=strategy, threads=2)
    assert (one.parameters["threads"], two.parameters["threads"]) == (1, 2)
    assert two.parameters["bases"] == one.parameters["bases"]
    assert two.equilibria == one.equilibria


def _lrsnash(g) -> set:
    A = [[int(v) for v in r] for r in g.A]
    B = [[int(v) for v in r] for r in g.B]
    m, n = len(A), len(A[0])
    text = f"{m} {n}\n\n" + "\n".join(" ".join(map(str, r)) for r in A)
    text += "\n\n" + "\n".join(" ".join(map(str, r)) for r in B) + "\n"
    out = subprocess.run(["lrsnash", "/dev/stdin"], input=text, capture_output=True, text=True,
                         check=True).stdout
    profiles, xs, ys = set(), [], []
    for line in out.splitlines() + [""]:
        parts = line.split()
        if parts and parts[0] == "2":
            if xs:
                profiles |= {(x, y) for x in xs for y in ys}
                xs, ys = [], []
            ys.append(tuple(Fraction(v) for v in parts[1 : n + 1]))
        elif parts and parts[0] == "1":
            xs.append(tuple(Fraction(v) for v in parts[1 : m + 1]))
        elif not parts and xs:
            profiles |= {(x, y) for x in xs for y in ys}
            xs, ys = [], []
    return profiles


@pytest.mark.needs_tool("lrsnash")
@pytest.mark.parametrize("seed,hi", [(1, 99), (2, 2), (3, 2), (4, 99)])
def test_all_agrees_with_lrsnash(seed, hi):
    g = _game(100 + seed, 8, 8, hi)
    assert _as_set(gamekit.solve(g, method="all")) == _lrsnash(g)


def test_all_agrees_with_pygambit_on_a_degenerate_game():
    pygambit = pytest.importorskip("pygambit")

    g = _game(7, 6, 6, 2)
    gg = pygambit.Game.from_arrays(np.array(g.A, dtype=object), np.array(g.B, dtype=object))
    res = pygambit.nash.enummixed_solve(gg, rational=True)
    p1, p2 = gg.players
    theirs = {(tuple(Fraction(eq[s]) for s in p1.strategies), tuple(Fraction(eq[s]) for s in p2.strategies))
              for eq in res.equilibria}
    for strategy in ("auto", "exact", "one_sided", "two_sided"):
        assert _as_set(gamekit.solve(g, method="all", strategy=strategy)) == theirs


def test_certificate_rejects_a_candidate_set_with_missing_bases():
    M = _matrix(random.Random(3), 7, 7, 2)
    assert search_bases(M).complete
    assert search_bases(M, drop=1) is None  # not closed under adjacency: exact search instead


def test_certificate_rejects_a_basis_that_is_not_lexico_feasible(monkeypatch):
    from oracles import bfs_kernel  # imported before the patches: it binds lex_leave at import
    from oracles.bfs_search import bfs_bases

    from gamekit.kernel import float_search, reverse_search

    real = float_search.lex_leave.py_func

    def wrong_row(T, c, k, d, tol, ties):  # a ratio test that takes the last eligible row
        r = real(T, c, k, d, tol, ties)
        rows = [i for i in range(k) if T[i, c] > tol]
        return rows[-1] if rows else r

    monkeypatch.setattr(float_search, "lex_leave", wrong_row)
    monkeypatch.setattr(bfs_kernel, "lex_leave", wrong_row)
    monkeypatch.setattr(bfs_kernel, "bfs_chunk", bfs_kernel.bfs_chunk.py_func)
    monkeypatch.setattr(reverse_search, "lex_leave", wrong_row)
    monkeypatch.setattr(reverse_search, "_leave_row", lambda T, c, k, d, tol, ties, *_: wrong_row(T, c, k, d, tol, ties))
    for name in ("_expand", "_expand_level", "_rs_loop"):
        monkeypatch.setattr(reverse_search, name, getattr(reverse_search, name).py_func)
    M = _matrix(random.Random(5), 5, 5, 99)
    assert search_bases(M) is None
    assert bfs_bases(M) is None  # the breadth-first reference: same exact steps, same verdict


@pytest.mark.parametrize("strategy", ["one_sided", "two_sided"])
def test_solver_falls_back_to_the_exact_search(monkeypatch, strategy):
    g = _game(11, 7, 7, 2)
    expected = _as_set(solve_result(g, "vertex_enumeration"))
    real = certified_polytope.search_bases
    monkeypatch.setattr(certified_polytope, "search_bases", lambda *a, **k: real(*a, **k, drop=2))
    res = solve_result(g, "all", eliminate_dominated=False, strategy=strategy)
    assert res.parameters["strategy"] == strategy and res.parameters["ran"] == "exact"
    assert res.parameters["fallbacks"] == (f"{strategy} -> exact: the float search failed its exact certificate",)
    assert _as_set(res) == expected and res.complete


def test_budget_on_the_bayes2a_reduced_normal_form_stops_cleanly():
    g = gamekit.read_nfg(BAYES)
    assert (g.m, g.n) == (64, 64)
    tracemalloc.start()
    with pytest.raises(SearchBudgetExceeded) as info:
        gamekit.solve(g, method="all", max_vertices=300)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert isinstance(info.value, GameError)
    assert "max_vertices=300" in str(info.value) and "not complete" in str(info.value)
    assert peak < 64 * 2**20  # a few hundred bases: megabytes, not gigabytes
    for e in info.value.partial:
        assert e.is_certified and gamekit.is_equilibrium(g, e.row, e.col)


def test_time_budget_stops_cleanly_with_certified_partial_results():
    g = _game(4, 12, 12, 2)
    full = _as_set(gamekit.solve(g, method="all"))
    with pytest.raises(SearchBudgetExceeded) as info:
        gamekit.solve(g, method="all", max_seconds=1e-9)
    assert "max_seconds" in str(info.value)
    assert {(e.row, e.col) for e in info.value.partial} <= full


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10"])
def test_max_vertices_is_validated(bad):
    with pytest.raises(GameError, match="max_vertices"):
        gamekit.solve(_game(1, 3, 3, 9), method="all", max_vertices=bad)


def test_small_games_stay_on_the_exact_path():
    from gamekit.bimatrix.policy import CERTIFIED_MIN_SIZE, PayoffStats, choose_strategy

    g = _game(2, CERTIFIED_MIN_SIZE - 1, 9, 99)
    assert solve_result(g, "all", eliminate_dominated=False).parameters["strategy"] == "exact"
    big = _game(2, 70, 70, 99)  # more than 128 strategies in all: exact, and the certified ones refuse
    with pytest.raises(GameError, match="at most 128 strategies"):
        solve_result(big, "all", strategy="one_sided", eliminate_dominated=False)
    assert choose_strategy(PayoffStats(70, 70, 100, 100)) == "exact"


def test_integer_game_shift_does_not_change_bases():
    """Scaling the float search's columns (A / max A) leaves the verified set unchanged."""
    g = _game(9, 6, 6, 99)
    ig = integer_game(g)
    M = [list(r) for r in ig.A]
    a, b = search_bases(M), search_bases([[3 * v for v in r] for r in M])
    assert a.complete and b.complete
    assert {tuple(r) for r in a.labels.tolist()} == {tuple(r) for r in b.labels.tolist()}


def test_cli_budget_is_one_error_line(tmp_path, capsys):
    from gamekit.cli import main

    path = tmp_path / "g.nfg"
    gamekit.write_nfg(_game(4, 12, 12, 2), path)
    code = main(["solve", str(path), "--max-vertices", "5"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "max_vertices=5" in lines[0]


from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(1, 4), st.data())
def test_certified_bases_match_the_exact_search_property(k, d, hi, data):
    """Any small positive integer matrix: the certified vertex labels are the exact ones."""
    M = [[data.draw(st.integers(1, hi)) for _ in range(d)] for _ in range(k)]
    cb = search_bases(M)
    assume(cb is not None)  # a float failure is allowed (the caller then searches exactly)
    labels, _ = cb.vertices()
    got = {int(lo) | (int(hi_) << 64) for lo, hi_ in labels.tolist()}
    assert cb.complete and got == {v.labels for v in enumerate_vertices(M)}


def test_memory_guard_stops_cleanly_without_a_budget(monkeypatch):
    """Without max_vertices the stored bases are still bounded (by the memory guard)."""
    assert certified_enumeration.memory_guard(20, 20) >= 10**6
    monkeypatch.setattr(certified_enumeration, "memory_guard", lambda m, n: 40)
    with pytest.raises(SearchBudgetExceeded, match="memory guard of 40 bases") as info:
        solve_result(_game(5, 9, 9, 99), "all", strategy="one_sided")
    for e in info.value.partial:
        assert gamekit.is_equilibrium(_game(5, 9, 9, 99), e.row, e.col)


def test_search_memory_is_a_few_dozen_bytes_per_basis():
    """The stored bases take about bytes_per_basis(d) each (a basis is its bitmask): the
    traced peak of a search stays within 3x that, array doubling included."""
    rng = random.Random(12)
    M = _matrix(rng, 12, 12, 99)
    search_bases(M)  # compiled kernels loaded outside the measurement
    tracemalloc.start()
    cb = search_bases(M)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    count = len(cb.lo)
    assert cb.complete and count > 3000
    assert peak <= 3 * certified_polytope.bytes_per_basis(12) * count + 64 * 1024


@pytest.mark.parametrize("seed", range(5))
def test_connected_components_agree_with_networkx(seed):
    """The union–find components of the equilibrium graph = networkx's (the oracle)."""
    import networkx as nx

    from gamekit.kernel.graphs import connected_components

    rng = random.Random(seed)
    edges = {(rng.randrange(12), rng.randrange(12)) for _ in range(rng.randint(1, 30))}
    g = nx.Graph()
    g.add_edges_from((("r", r), ("c", c)) for r, c in edges)
    want = sorted((tuple(sorted(i for s, i in comp if s == "r")), tuple(sorted(i for s, i in comp if s == "c")))
                  for comp in nx.connected_components(g))
    assert connected_components(edges) == want


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 10 ** 40), min_size=3, max_size=3).filter(lambda v: sum(v) > 0),
                min_size=1, max_size=12), st.booleans())
def test_canonical_order_is_decreasing_probabilities(vs, small):
    """Both ways of ordering the strategies (integer keys over a small common denominator,
    cross-multiplication otherwise) give the order of the Fractions ``v / Σv``, decreasing."""
    from gamekit.bimatrix.vertex_pairs import _canonical, primitive

    V = list(dict.fromkeys(primitive(tuple(v if not small else [a % 7 for a in v])) for v in vs
                           if sum(v if not small else [a % 7 for a in v]) > 0))
    assume(V)
    dist = [tuple(Fraction(a, sum(v)) for a in v) for v in V]
    assume(len(set(dist)) == len(dist))
    got = [dist[i] for i in _canonical(V)]
    assert got == sorted(dist, reverse=True)
