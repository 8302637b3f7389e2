"""The exact check of every basis (``gamekit.kernel.modular_verify.verify_tree``).

Checked facts: on spanning trees of lexico-feasible bases built by the *exact* search
(``gamekit.kernel.pivot.Dictionary``, Python integers), every label set the kernel returns is
the exact tight set of that basis and the kernel accepts the tree; it returns the same
answer (-1 or the first failing node) and the same labels as the previous kernel
(``tests/oracles/modular_reference.py``, 63-bit integer residues modulo primes < 2³¹) on
random and degenerate matrices, on trees corrupted in every way the float search could
corrupt them (wrong entering or leaving variable, a basis that is not lexico-feasible, a
recorded mask that is not the basis reached) and when a pivot vanishes modulo a prime. The
float64 modular arithmetic is exact at the edges of its range (residues 0, ±(p−1)/2, ±ρ_p,
products and differences of products next to 2⁵³), inverses are inverses, and the Garner
and CRT signs are the signs of the integers, up to ±(Π − 1)/2, for up to 200 primes.
"""

from __future__ import annotations

import random
from collections import deque
from math import prod

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sympy import isprime

from gamekit.kernel.pivot import Dictionary

mv = pytest.importorskip("gamekit.kernel.modular_verify")
mf = pytest.importorskip("gamekit.kernel.modular_float")
from oracles.modular_reference import verify_tree_reference  # noqa: E402

EXTREME_PRIMES = [mv.PRIMES[0], mv.PRIMES[-1]]


def _rho(p: int) -> int:
    return (p + 7) // 2


def _balanced(x: int, p: int) -> int:
    x %= p
    return x - p if 2 * x > p else x


# ----------------------------------------------------------------------------- arithmetic


def test_primes_are_primes_in_the_exact_float_range():
    ps = mv.PRIMES
    assert len(set(ps)) == len(ps) == 200
    assert all(isprime(p) and 2**26 < p < mf.PRIME_BOUND for p in ps)
    assert mf.PRIME_BOUND == 2**27 - 16
    assert 2 * _rho(max(ps)) ** 2 <= 2**53 - 2**27  # the lemma's hypothesis on products


@given(st.lists(st.lists(st.integers(1, 10**12), min_size=1, max_size=6), min_size=1, max_size=6))
@settings(max_examples=40)
def test_choose_primes_covers_twice_the_hadamard_bound(rows):
    d = min(len(r) for r in rows)
    M = [r[:d] for r in rows]
    ps, inv, half = mv.choose_primes(M)
    Pi = prod(int(p) for p in ps)
    assert Pi * Pi > 4 * mv.hadamard_bound_sq(M)
    Pi_less = Pi // int(ps[-1])  # minimal: one prime fewer would not do
    assert Pi_less * Pi_less <= 4 * mv.hadamard_bound_sq(M)
    for j, pj in enumerate(ps):
        for i, pi in enumerate(ps):
            if i != j:
                assert int(inv[j, i]) * int(pj) % int(pi) == 1
    h, radix = 0, 1
    for digit, p in zip(half, ps):
        h += int(digit) * radix
        radix *= int(p)
    assert h == (Pi - 1) // 2
    assert [int(x) for x in half] == [(int(p) - 1) // 2 for p in ps]  # the same digits for every m


def _edge_values(p: int) -> list[int]:
    top = 2**53 - 2**27
    return [0, 1, -1, p, -p, p - 1, 1 - p, (p - 1) // 2, -(p - 1) // 2, _rho(p), -_rho(p),
            _rho(p) ** 2, -_rho(p) ** 2, 2 * _rho(p) ** 2, -2 * _rho(p) ** 2, 2**52, -2**52, top, -top,
            top - 1, 1 - top, (top // p) * p, -(top // p) * p, (top // p) * p + (p - 1) // 2]


def _fused_reduce():
    """``reduce`` compiled as the kernels compile it: FMA contraction allowed."""
    from numba import njit

    @njit(fastmath={"contract"})
    def fused(h, p, pinv):
        return mf.reduce(h, p, pinv)

    return fused


@pytest.mark.parametrize("p", EXTREME_PRIMES)
@pytest.mark.parametrize("fused", [False, True])
def test_reduce_is_exact_at_the_edges(p, fused):
    pinv = 1.0 / p
    red = _fused_reduce() if fused else mf.reduce
    for h in _edge_values(p):
        assert abs(h) <= 2**53 - 2**27 and float(h) == h
        r = red(float(h), float(p), pinv)
        assert r == int(r) and (int(r) - h) % p == 0 and abs(r) <= _rho(p)


@given(st.sampled_from(EXTREME_PRIMES), st.integers(-(2**53 - 2**27), 2**53 - 2**27))
@settings(max_examples=300)
def test_reduce_is_exact(p, h):
    for red in (mf.reduce, FUSED_REDUCE):
        r = red(float(h), float(p), 1.0 / p)
        assert r == int(r) and (int(r) - h) % p == 0 and abs(r) <= _rho(p)


FUSED_REDUCE = _fused_reduce()


@given(st.sampled_from(EXTREME_PRIMES), st.data())
@settings(max_examples=200)
def test_products_of_balanced_residues_are_exact(p, data):
    """mulmod and the pivot's difference of two products, on balanced residues up to ±ρ_p."""
    rho = _rho(p)
    val = st.one_of(st.sampled_from([0, 1, -1, rho, -rho, rho - 1, (p - 1) // 2, -(p - 1) // 2]),
                    st.integers(-rho, rho))
    a, b, x, y = (data.draw(val) for _ in range(4))
    pf, pinv = float(p), 1.0 / p
    r = mf.mulmod(float(a), float(b), pf, pinv)
    assert (int(r) - a * b) % p == 0 and abs(r) <= rho
    r2 = mf.reduce(float(a) * float(b) - float(x) * float(y), pf, pinv)
    assert (int(r2) - (a * b - x * y)) % p == 0 and abs(r2) <= rho


@given(st.lists(st.integers(1, 2**26), min_size=1, max_size=7), st.randoms(use_true_random=False))
@settings(max_examples=60)
def test_invmod_inverts(xs, rnd):
    ps = mv.PRIMES[: len(xs)]
    assume(all(x % p for x, p in zip(xs, ps)))
    pf = np.array(ps, dtype=np.float64)
    D = np.array([_balanced(x * rnd.choice([1, -1]), p) for x, p in zip(xs, ps)], dtype=np.float64)
    out = np.empty(len(ps))
    mf.invmod(D, pf, 1.0 / pf, out)
    for s, p in enumerate(ps):
        assert abs(out[s]) <= _rho(p) and int(out[s]) * int(D[s]) % p == 1


def _float_tables(n_primes: int):
    ps = mv.PRIMES[:n_primes]
    Pi = prod(ps)
    inv = np.zeros((n_primes, n_primes), np.int64)
    for j in range(n_primes):
        for i in range(n_primes):
            if i != j:
                inv[j, i] = pow(ps[j], -1, ps[i])
    half, h = [], (Pi - 1) // 2
    for p in ps:
        half.append(h % p)
        h //= p
    return (ps, Pi, *mv._float_tables(np.array(ps, np.int64), inv, np.array(half, np.int64)))


@given(st.integers(1, 7), st.data())
@settings(max_examples=80)
def test_signs_are_the_signs(n_primes, data):
    """Garner (``sign_one``) and the CRT signs at the edges of the range, with any balanced
    representatives."""
    ps, Pi, pf, pinv, invf, halff, crt = _float_tables(n_primes)
    top = (Pi - 1) // 2
    edge = st.sampled_from([x for x in (0, 1, -1, top, -top, top - 1, -top + 1, ps[0], -ps[0], Pi // ps[-1])
                            if abs(x) <= top])
    Ns = data.draw(st.lists(st.one_of(edge, st.integers(-top, top)), min_size=1, max_size=20))
    n = len(Ns)
    res = np.empty((n_primes, n))
    for i, N in enumerate(Ns):
        for s, p in enumerate(ps):
            x = _balanced(N, p)
            if data.draw(st.booleans()) and abs(x - p if x > 0 else x + p) <= _rho(p):
                x = x - p if x > 0 else x + p  # another balanced representative
            res[s, i] = x
    signs = np.empty(n, np.int64)
    scratch = np.empty(n_primes)
    for i, N in enumerate(Ns):
        assert mf.sign_one(res[:, i].copy(), n_primes, pf, pinv, invf, halff, scratch) == (N > 0) - (N < 0)
        assert mf.crt_sign_one(res[:, i].copy(), n_primes, pf, pinv, invf, halff, crt, scratch) == (N > 0) - (N < 0)
    signs[:] = 7
    ms = np.full(n, n_primes, np.int64)
    mf.crt_signs(res, n, ms, pf, pinv, invf, halff, crt, np.empty(n_primes), scratch, signs)
    assert [int(x) for x in signs] == [(N > 0) - (N < 0) for N in Ns]


@given(st.integers(1, 200), st.data())
@settings(max_examples=60)
def test_crt_signs_are_the_signs_for_up_to_200_primes(n_primes, data):
    """The floating-point CRT sign (one pass; fewer primes for a small value, Garner near
    ±Π/2, where its error bound leaves the sign open) is the sign of every integer in (−Π/2, Π/2): values near 0, near ±Π/2, at
    every scale in between; and ``crt_table`` holds the CRT factors (Π_m/p_s)⁻¹ mod p_s."""
    ps, Pi, pf, pinv, invf, halff, crt = _float_tables(n_primes)
    for m in {1, n_primes // 2 + 1, n_primes}:
        Pm = prod(ps[:m])
        assert all(int(crt[m - 1, s]) * (Pm // p) % p == 1 for s, p in enumerate(ps[:m]))
    top = (Pi - 1) // 2
    bits = st.integers(0, top.bit_length())
    scaled = bits.flatmap(lambda b: st.integers(-min(top, 2**b), min(top, 2**b)))
    edge = st.sampled_from([0, 1, -1, top, -top, top - 1, -top + 1, top // 2, -(top // 2)])
    Ns = data.draw(st.lists(st.one_of(edge, scaled), min_size=1, max_size=12))
    n = len(Ns)
    res = np.array([[_balanced(N, p) for N in Ns] for p in ps], dtype=np.float64)
    signs = np.full(n, 7, np.int64)
    # each integer modulo the fewest primes that hold it, or more (drawn)
    least = [next(m for m in range(1, n_primes + 1) if 2 * abs(N) < prod(ps[:m])) for N in Ns]
    ms = np.array([data.draw(st.integers(m, n_primes)) for m in least], np.int64)
    mf.crt_signs(res, n, ms, pf, pinv, invf, halff, crt, np.empty(n_primes), np.empty(n_primes), signs)
    assert [int(x) for x in signs] == [(N > 0) - (N < 0) for N in Ns]
    for i, N in enumerate(Ns):
        got = mf.crt_sign_one(res[:, i].copy(), int(ms[i]), pf, pinv, invf, halff, crt, np.empty(n_primes))
        assert got == (N > 0) - (N < 0)


# ----------------------------------------------------------------------------- trees


def exact_tree(M: list[list[int]], limit: int | None = None) -> dict:
    """Breadth-first spanning tree of the lexico-feasible bases of {z ≥ 0, Mz ≤ 1} by the
    exact search (Python integers), with each basis's exact tight set; at most ``limit``
    nodes (a prefix of the breadth-first order is a tree too)."""
    start = Dictionary(M)
    d = start.d
    nodes, parent, enter, leave = [start], [0], [0], [0]
    seen = {start.basis_key()}
    queue = deque([0])
    while queue and (limit is None or len(nodes) < limit):
        u = queue.popleft()
        dic = nodes[u]
        key = dic.basis_key()
        for c in range(d):
            r = dic.leaving_row(c)
            nkey = key ^ (1 << dic.basic[r]) ^ (1 << dic.nonbasic[c])
            if nkey in seen or (limit is not None and len(nodes) >= limit):
                continue
            seen.add(nkey)
            nxt = dic.copy()
            nxt.pivot(r, c)
            parent.append(u)
            enter.append(dic.nonbasic[c])
            leave.append(dic.basic[r])
            nodes.append(nxt)
            queue.append(len(nodes) - 1)
    keys = [n.basis_key() for n in nodes]
    mask64 = (1 << 64) - 1
    return {
        "M": M,
        "parent": np.array(parent, np.int32),
        "enter": np.array(enter, np.uint8),
        "leave": np.array(leave, np.uint8),
        "lo": np.array([x & mask64 for x in keys], np.uint64),
        "hi": np.array([x >> 64 for x in keys], np.uint64),
        "tight": [n.tight_mask() for n in nodes],
        "basic": [list(n.basic) for n in nodes],
    }


def run(kernel, tree: dict, *extra) -> tuple[int, list[int]]:
    M = tree["M"]
    ps, inv, half = mv.choose_primes(M)
    Mres = np.stack([np.array([[x % int(p) for x in row] for row in M], dtype=np.int64) for p in ps])
    count = len(tree["parent"])
    labels = np.zeros((count, 2), np.uint64)
    bad = kernel(Mres, ps, inv, half, tree["parent"], tree["enter"], tree["leave"], count,
                 tree["lo"], tree["hi"], labels, *extra)
    return int(bad), [int(a) | (int(b) << 64) for a, b in labels]


def both(tree: dict) -> int:
    """Run the new and the previous kernel; they must agree (answer and labels)."""
    new = run(mv.verify_tree, tree)
    old = run(verify_tree_reference, tree)
    assert new[0] == old[0]
    if new[0] < 0:
        assert new[1] == old[1]
    return new[0]


matrices = st.integers(1, 6).flatmap(lambda k: st.integers(1, 6).flatmap(lambda d: st.sampled_from([1, 2, 3, 99]).flatmap(
    lambda hi: st.lists(st.lists(st.integers(1, hi), min_size=d, max_size=d), min_size=k, max_size=k))))


@given(matrices)
@settings(max_examples=60)
def test_exact_labels_on_exact_trees(M):
    tree = exact_tree(M)
    assert both(tree) == -1
    assert run(mv.verify_tree, tree)[1] == tree["tight"]


@pytest.mark.parametrize("M", [
    [[1] * 5 for _ in range(5)],                                   # one vertex, all ties
    [[3, 1], [1, 3], [2, 2]],                                      # three lines through (1/4, 1/4)
    [[1 + (i + j) % 3 for j in range(6)] for i in range(6)],       # repeated rows and columns
    [[2, 1, 1], [1, 2, 1], [1, 1, 2], [1, 1, 2]],                  # a repeated row
    [[3, 3, 1, 1], [3, 3, 1, 1], [1, 1, 3, 3], [2, 2, 2, 2]],      # repeated rows and columns
])
def test_degenerate_polytopes(M):
    tree = exact_tree(M)
    assert both(tree) == -1
    labels = run(mv.verify_tree, tree)[1]
    assert labels == tree["tight"]
    d = len(M[0])
    assert any(bin(t).count("1") > d for t in labels)  # the lexicographic tie-break ran


def test_more_than_64_variables():
    rng = random.Random(7)
    M = [[rng.randint(1, 50) for _ in range(30)] for _ in range(40)]
    tree = exact_tree(M, limit=150)
    assert both(tree) == -1
    assert run(mv.verify_tree, tree)[1] == tree["tight"]


def _flip(tree: dict, v: int, var: int) -> None:
    if var < 64:
        tree["lo"][v] ^= np.uint64(1 << var)
    else:
        tree["hi"][v] ^= np.uint64(1 << (var - 64))


@given(matrices, st.sampled_from(["enter_basic", "leave_nonbasic", "other_leave", "other_leave_mask", "mask"]),
       st.randoms(use_true_random=False))
@settings(max_examples=120)
def test_corrupted_trees_fail_alike(M, how, rnd):
    tree = exact_tree(M)
    count = len(tree["parent"])
    assume(count > 1)
    v = rnd.randrange(1, count)
    u = int(tree["parent"][v])
    basic_u = tree["basic"][u]
    nonbasic_u = [x for x in range(len(M[0]) + len(M)) if x not in basic_u]
    if how == "enter_basic":
        tree["enter"][v] = rnd.choice(basic_u)
    elif how == "leave_nonbasic":
        tree["leave"][v] = rnd.choice(nonbasic_u)
    elif how == "mask":
        _flip(tree, v, rnd.randrange(len(M[0]) + len(M)))
    else:  # another basic variable leaves: a neighbour basis, in general not lexico-feasible
        others = [x for x in basic_u if x != int(tree["leave"][v])]
        assume(others)
        new = rnd.choice(others)
        if how == "other_leave_mask":  # ... and the recorded mask is that basis: only the signs can fail
            _flip(tree, v, int(tree["leave"][v]))
            _flip(tree, v, new)
        tree["leave"][v] = new
    bad = both(tree)
    if how in ("enter_basic", "leave_nonbasic", "mask", "other_leave"):
        assert bad == v


def test_a_pivot_vanishing_modulo_a_prime_fails_alike():
    p = mv.PRIMES[0]
    M = [[p, 1, 2], [1, p, 3], [2, 1, p]]  # the first pivots are on entries ≡ 0 (mod p)
    tree = exact_tree(M)
    assert both(tree) > 0


big_matrices = st.integers(1, 5).flatmap(lambda k: st.integers(1, 5).flatmap(lambda d: st.sampled_from(
    [3, 99, 10**9, 10**30]).flatmap(lambda hi: st.lists(st.lists(st.integers(1, hi), min_size=d, max_size=d),
                                                        min_size=k, max_size=k))))


@given(big_matrices, st.booleans())
@settings(max_examples=40)
def test_per_basis_prime_counts_cover_the_exact_integers(M, exact_logs):
    """Every integer a basis's check reads — det B, the numerators of B⁻¹·1 and of the
    nonbasic slack columns of B⁻¹ — lies in (−Π_m/2, Π_m/2) for the m primes the kernel
    uses for that basis, and a subtree's tableaux carry at least as many primes as any of
    its bases needs; with the column bounds read off the residues or computed exactly
    (``column_logs``, entries of any size)."""
    tree = exact_tree(M, 300)
    ps, _, _ = mv.choose_primes(M)
    Mres = np.stack([np.array([[x % int(p) for x in row] for row in M], dtype=np.int64) for p in ps])
    count = len(tree["parent"])
    e, e1 = mv.column_logs(M) if exact_logs else mv._column_logs(Mres, ps)
    mnode, msub, _, _ = mv._prime_counts(Mres, ps, tree["parent"], tree["enter"], tree["leave"], count, e, e1)
    d = len(M[0])
    nodes = exact_dictionaries(M, tree)
    for i, dic in enumerate(nodes):
        Pi = prod(int(p) for p in ps[: mnode[i]])
        slack_cols = [1 + c for c, v in enumerate(dic.nonbasic) if v >= d]
        read = [dic.D] + [row[0] for row in dic.T] + [row[c] for row in dic.T for c in slack_cols]
        assert 2 * max(abs(x) for x in read) < Pi
        assert msub[i] >= mnode[i] and (i == 0 or msub[tree["parent"][i]] >= msub[i])


def exact_dictionaries(M, tree) -> list[Dictionary]:
    """The exact dictionary of every node of a tree (replaying its pivots)."""
    out = [Dictionary(M)]
    for i in range(1, len(tree["parent"])):
        dic = out[int(tree["parent"][i])].copy()
        dic.pivot(dic.basic.index(int(tree["leave"][i])), dic.nonbasic.index(int(tree["enter"][i])))
        out.append(dic)
    return out


@given(st.integers(1, 4), st.integers(1, 4), st.randoms(use_true_random=False))
@settings(max_examples=25)
def test_entries_beyond_2_26(k, d, rnd):
    """Columns with entries ≥ 2²⁶ next to small ones: without column bounds (all primes
    for a basis using such a column) and with the exact ones of ``column_logs``."""
    big = rnd.sample(range(d), rnd.randint(1, d))
    M = [[rnd.randint(2**26, 2**rnd.choice([40, 100, 300])) if j in big else rnd.randint(1, 9) for j in range(d)]
         for _ in range(k)]
    tree = exact_tree(M)
    assert both(tree) == -1
    assert run(mv.verify_tree, tree)[1] == tree["tight"]
    assert run(mv.verify_tree, tree, mv.column_logs(M)) == (-1, tree["tight"])


@given(st.integers(1, 6), st.integers(1, 6), st.randoms(use_true_random=False))
@settings(max_examples=60)
def test_basis_numerators_are_cramers_numerators_in_any_row_order(k, d, rnd):
    """``basis_numerators`` = det M[R, Z] · z modulo each prime (z = M[R, Z]⁻¹·1, checked
    with exact fractions), whatever the order of the basic variables in the row."""
    import sympy

    M = [[rnd.randint(1, 9) for _ in range(d)] for _ in range(k)]
    basic = sorted(rnd.sample(range(d + k), k))
    Z = [v for v in basic if v < d]
    R = [i for i in range(k) if d + i not in basic]
    ps = np.array(mv.PRIMES[:2], np.int64)
    Mres = np.stack([np.array(M, np.int64) % p for p in ps])
    out = np.zeros((2, len(ps), d), np.int64)
    rows = np.array([basic, rnd.sample(basic, k)], np.int64)
    sub = sympy.Matrix([[M[i][j] for j in Z] for i in R])
    if Z and sub.det() == 0:
        assert mv.basis_numerators(Mres, ps, rows, out) == 0
        return
    assert mv.basis_numerators(Mres, ps, rows, out) == -1
    N = [0] * d
    if Z:
        z = sub.LUsolve(sympy.ones(len(R), 1))
        for j, v in zip(Z, z):
            N[j] = int(v * sub.det())  # an integer (Cramer)
    for b in range(2):
        for s, p in enumerate(ps):
            assert out[b, s].tolist() == [n % int(p) for n in N]
