"""The reverse-search float step (gamekit.kernel.reverse_search) of the certified search.

Checked facts: on random and degenerate polytopes the reverse search finds exactly the
bases of the breadth-first reference search (each once); its tree is a spanning tree with
``parent[i] < i`` in which each basis is its parent with one exchange; and every recorded
parent is the exact simplex parent — Bland's rule (smallest-index variable with negative
reduced cost of min Σz) and the lexicographic ratio test, in exact integer arithmetic
(:class:`gamekit.kernel.pivot.Dictionary`) — with the slack basis the only basis without
a negative reduced cost. Method "all" on the reverse-search path agrees with lrsnash.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.kernel import certified_polytope, search_driver
from gamekit.kernel.pivot import Dictionary
from gamekit.kernel.search_state import FloatSearchFailed


def _search(M, how: str, levels: int = 64):
    """(arrays, count, stopped) of a float search; stopped "float" when it failed."""
    try:
        if how == "reverse":
            return search_driver.reverse_search(M, None, None, None, levels=levels)
        from oracles.bfs_search import bfs_search

        return bfs_search(M, None, None, None)
    except FloatSearchFailed:
        return None, 0, "float"


def _masks(arrays, count) -> list[int]:
    """The basic sets of bases 0..count-1 (``arrays``: anything with ``lo`` and ``hi``)."""
    return [int(a) | (int(b) << 64) for a, b in zip(arrays.lo[:count].tolist(), arrays.hi[:count].tolist())]


def _bland_parent(dic: Dictionary) -> int | None:
    """Exact parent of the dictionary's basis (mask) for min Σz, or None at the optimum.
    Reduced cost of nonbasic ν_c times D: D·[ν_c structural] − Σ_{basic z rows} T[r][c+1]."""
    d = dic.d
    best = None
    for c, v in enumerate(dic.nonbasic):
        red = (dic.D if v < d else 0) - sum(dic.T[r][c + 1] for r, b in enumerate(dic.basic) if b < d)
        if red < 0 and (best is None or v < dic.nonbasic[best]):
            best = c
    if best is None:
        return None
    r = dic.leaving_row(best)
    return dic.basis_key() ^ (1 << dic.basic[r]) ^ (1 << dic.nonbasic[best])


def _check_tree_is_the_exact_simplex_tree(M) -> bool:
    """False on float trouble (allowed: the exact search takes over), else checks the tree."""
    arrays, count, stopped = _search(M, "reverse")
    if stopped:
        return False
    masks = _masks(arrays, count)
    parent, enter, leave = arrays.parent, arrays.enter, arrays.leave
    dics = [Dictionary(M)]
    assert _bland_parent(dics[0]) is None  # the slack basis is optimal
    for i in range(1, count):
        assert parent[i] < i
        dic = dics[parent[i]].copy()
        dic.pivot(dic.basic.index(int(leave[i])), dic.nonbasic.index(int(enter[i])))
        assert dic.basis_key() == masks[i]
        assert _bland_parent(dic) == masks[parent[i]]
        dics.append(dic)
    return True


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(1, 5), st.data())
def test_reverse_search_finds_the_bases_of_the_breadth_first_search(k, d, hi, data):
    M = [[data.draw(st.integers(1, hi)) for _ in range(d)] for _ in range(k)]
    rs, rcount, rstop = _search(M, "reverse")
    bfs, bcount, bstop = _search(M, "bfs")
    assume(not rstop and not bstop)  # float trouble is allowed (the exact search takes over)
    got = _masks(rs, rcount)
    assert len(set(got)) == rcount  # no basis visited twice
    assert set(got) == set(_masks(bfs, bcount))


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(1, 4), st.data())
def test_reverse_search_tree_is_the_exact_simplex_tree_property(k, d, hi, data):
    assume(_check_tree_is_the_exact_simplex_tree([[data.draw(st.integers(1, hi)) for _ in range(d)] for _ in range(k)]))


@pytest.mark.parametrize("seed,k,d,hi", [(1, 7, 7, 99), (2, 7, 6, 2), (3, 6, 8, 1), (4, 8, 8, 3)])
def test_reverse_search_tree_is_the_exact_simplex_tree(seed, k, d, hi):
    rng = random.Random(seed)
    assert _check_tree_is_the_exact_simplex_tree([[rng.randint(1, hi + 1) for _ in range(d)] for _ in range(k)])


@pytest.mark.parametrize("seed,n,hi", [(1, 10, 99), (2, 10, 2), (3, 9, 1), (4, 11, 99), (5, 11, 2)])
def test_reverse_search_equals_breadth_first_on_larger_polytopes(seed, n, hi):
    rng = random.Random(seed)
    M = [[rng.randint(1, hi + 1) for _ in range(n)] for _ in range(n + seed % 3)]
    rs, rcount, rstop = _search(M, "reverse")
    bfs, bcount, bstop = _search(M, "bfs")
    assert not rstop and not bstop
    got = _masks(rs, rcount)
    assert len(set(got)) == rcount and set(got) == set(_masks(bfs, bcount))
    cb = certified_polytope.search_bases(M)
    assert cb is not None and cb.complete and len(cb.lo) == rcount


def test_reverse_search_stack_grows():
    """A stack of two levels must grow to the tree's depth; same bases."""
    rng = random.Random(9)
    M = [[rng.randint(1, 100) for _ in range(8)] for _ in range(8)]
    rs, rcount, _ = _search(M, "reverse", levels=2)
    bfs, bcount, _ = _search(M, "bfs")
    assert set(_masks(rs, rcount)) == set(_masks(bfs, bcount))


@pytest.mark.needs_tool("lrsnash")
@pytest.mark.parametrize("seed,n,hi", [(21, 9, 99), (22, 9, 2), (23, 10, 1)])
def test_all_on_the_reverse_search_path_agrees_with_lrsnash(seed, n, hi):
    from test_certified_enumeration import _as_set, _game, _lrsnash

    g = _game(seed, n, n, hi)
    for strategy in ("one_sided", "two_sided"):
        res = gamekit.bimatrix.solve_result(g, method="all", eliminate_dominated=False, strategy=strategy)
        assert res.parameters["ran"] in ("one_sided", "two_sided")  # no fallback to the exact search
        assert _as_set(res) == _lrsnash(g)


def test_budget_on_the_reverse_search_keeps_a_subtree():
    """A basis budget stops the depth-first search with a prefix closed under parent."""
    rng = random.Random(4)
    M = [[rng.randint(1, 100) for _ in range(9)] for _ in range(9)]
    arrays, count, stopped = search_driver.reverse_search(M, 50, None, None)
    assert stopped == "bases" and count == 50
    assert (arrays.parent[1:count] < np.arange(1, count)).all()


def _vertex_labels(cb) -> set[int]:
    labels, _ = cb.vertices()
    return {int(a) | (int(b) << 64) for a, b in labels.tolist()}


@pytest.mark.parametrize("depth", [1, 3])
@pytest.mark.parametrize("seed,k,d,hi", [(1, 10, 10, 99), (2, 11, 9, 2), (3, 9, 12, 99), (4, 12, 12, 1)])
def test_two_threads_find_the_same_bases(depth, seed, k, d, hi):
    """Subtrees shared out between two threads (frontier jobs, donations, adopted
    ancestors): the same set of bases and the same exact labels as one thread."""
    rng = random.Random(seed)
    M = [[rng.randint(1, hi + 1) for _ in range(d)] for _ in range(k)]
    one = certified_polytope.search_bases(M)
    two = certified_polytope.search_bases(M, threads=2, frontier_depth=depth)
    assert one.complete and two.complete
    assert set(_masks(two, len(two.lo))) == set(_masks(one, len(one.lo)))
    assert len(two.lo) == len(one.lo)  # no basis stored twice
    assert _vertex_labels(two) == _vertex_labels(one)


def test_two_threads_certificate_rejects_missing_bases():
    rng = random.Random(8)
    M = [[rng.randint(1, 100) for _ in range(10)] for _ in range(10)]
    assert certified_polytope.search_bases(M, threads=2).complete
    assert certified_polytope.search_bases(M, threads=2, drop=1) is None


def test_two_threads_budget_stops_with_verified_bases():
    rng = random.Random(6)
    M = [[rng.randint(1, 100) for _ in range(11)] for _ in range(11)]
    cb = certified_polytope.search_bases(M, max_bases=500, threads=2)
    # never more than the budget; the union can fall a few bases short of it, because the
    # ancestors a worker adopts count against the shared budget but are stored once
    assert not cb.complete and cb.stopped == "bases" and len(cb.lo) == len(cb.labels)
    assert 0 < len(cb.lo) <= 500
    full = certified_polytope.search_bases(M)
    assert set(_masks(cb, len(cb.lo))) <= set(_masks(full, len(full.lo)))


@settings(max_examples=120, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.integers(0, 10**6))
def test_all_columns_ratio_test_equals_lex_leave(k, d, seed):
    """The branch-free ratio test of all columns at once (``_min_ratios`` + ``_leave_row``)
    returns for every column exactly the row of the sequential lexicographic ratio test
    ``float_search.lex_leave`` — on tableaux with many ties (small integer entries, with or
    without zero right-hand sides: both branches of ``_min_ratios``) and on generic ones."""
    from gamekit.kernel import reverse_search as rs
    from gamekit.kernel.float_search import lex_leave

    rng = np.random.default_rng(seed)
    W = d + k + 1
    ties_likely = seed % 2 == 0
    T = rng.integers(-3, 4, (k, W)).astype(float) if ties_likely else rng.normal(size=(k, W))
    T[:, -1] = rng.integers(seed % 4 // 2, 3, k) if ties_likely else np.abs(T[:, -1])  # {0,1,2} or {1,2}
    assume((T[:, :-1] > 1e-9).any())
    T /= 3.0
    Q, lim, cnt, arg = rs._ratio_work(k, W)
    rs._min_ratios(T, 1e-9, Q, lim, cnt, arg)
    ties = np.empty(k, np.int64)
    for c in range(W - 1):
        assert rs._leave_row(T, c, k, d, 1e-9, ties, lim, cnt, arg) == lex_leave(T, c, k, d, 1e-9, ties)


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


class _Kernel:
    """A stand-in for a numba dispatcher: compiled or not in this process, with or
    without a fresh disk-cache index."""

    def __init__(self, compiled: bool, cached: bool) -> None:
        self.signatures = ["sig"] if compiled else []
        index = {"key": "entry"} if cached else {}

        class _File:
            def _load_index(self):
                return index

        class _Cache:
            _cache_file = _File()

        self._cache = _Cache()


def test_compile_notice_only_on_a_terminal_and_only_when_compiling(monkeypatch):
    from gamekit.kernel import compile_notice as cn
    from gamekit.kernel.reverse_search import _rs_loop

    monkeypatch.setattr(cn, "_shown", False)
    cold = [_Kernel(False, True), _Kernel(False, False)]
    pipe = _Tty(False)
    assert not cn.notice_if_compiling(cold, pipe) and pipe.text == ""  # not a terminal: silent
    term = _Tty(True)
    assert not cn.notice_if_compiling([_Kernel(True, False), _Kernel(False, True)], term) and term.text == ""
    assert cn.notice_if_compiling(cold, term) and term.text == cn.MESSAGE + "\n"
    assert not cn.notice_if_compiling(cold, term) and term.text == cn.MESSAGE + "\n"  # once per process
    certified_polytope.search_bases([[1, 2], [2, 1]])  # compiled or loaded now
    assert cn.kernels_cached([_rs_loop, object()])  # in this process / no disk cache: no notice
