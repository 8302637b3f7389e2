"""The vectorized two-row sweep (gamekit.additive.sweep_int) against the step-by-step Python
sweep (``solve_two_rows(..., vectorized=False)``, itself checked against pygambit and the
explicit solver in test_foster.py), and the certifier on split forms.

Facts checked: both sweeps return the same equilibria, cells, components and certificate
on random games of every degenerate style; the exact order of breakpoints whose floats tie
(consecutive Fibonacci ratios, exact duplicates); the fallback when gains exceed the int64
bounds; and that the certifier trusts nothing in a split form (a tampered one is rejected).
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest
from additive_gen import additive_games
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gamekit import AdditiveGame, CertificationError, TooLargeError
from gamekit.additive.certify import certify_additive, certify_additive_solution
from gamekit.additive.foster import solve_additive
from gamekit.additive.int_forms import SplitBehaviour
from gamekit.additive.solution import AdditiveEquilibrium
from gamekit.additive.sweep_int import LazyTuple, sort_breakpoints, sweep_arrays
from gamekit.additive.two_rows import solve_two_rows
from gamekit.core.certify import is_certified

F = Fraction


def fingerprint(sol) -> tuple:
    """Everything a two-row solution reports, as plain comparable data."""
    cert = sol.certificate
    cells = [(c.kind, c.p_lo, c.p_hi, c.free, c.sense, c.fixed, [(v.row, v.draw, v.payoffs) for v in c.vertices])
             for c in sol.cells]
    return ([(e.row, e.draw, e.payoffs) for e in sol.equilibria], cells, sol.components, sol.unique,
            sol.unique_mixed, cert.n, cert.sizes, tuple(cert.breakpoints), cert.multiplicities,
            tuple(cert.cases), cert.hypotheses, cert.single_crossing, cert.notes)


def both(g: AdditiveGame, max_vertices: int = 10_000) -> tuple:
    fast = solve_two_rows(g, max_vertices, 12)
    slow = solve_two_rows(g, max_vertices, 12, vectorized=False)
    return fast, slow


def outcome(g: AdditiveGame, vectorized: bool, max_vertices: int = 300) -> tuple:
    """The fingerprint, or the TooLargeError message (a huge continuum) — the same either way."""
    try:
        return fingerprint(solve_two_rows(g, max_vertices, 12, vectorized))
    except TooLargeError as exc:
        return ("too large", str(exc))


@given(additive_games(n_max=10))
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_vectorized_sweep_equals_python_sweep(g):
    assert sweep_arrays(g) is not None  # small integer gains: the int64 path applies
    fast = outcome(g, True)
    assert fast == outcome(g, False)
    if fast[0] != "too large":
        sol = certify_additive_solution(solve_two_rows(g, 300, 12))
        assert all(is_certified(e) for e in sol.equilibria)


def _game(g0: list[int], g1: list[int], h0: list[int], h1: list[int], consts=(0, 0, 0, 0)) -> AdditiveGame:
    n = len(g0)
    return AdditiveGame(["r0", "r1"], [f"i{l}" for l in range(n)], [consts[0], consts[1]],
                        [[(0, v) for v in g0], [(0, v) for v in g1]],
                        a_base=[consts[2], consts[3]], a_move=[[(0, v) for v in h0], [(0, v) for v in h1]])


def test_float_ties_are_ordered_exactly():
    """F43/F44 and F44/F45 round to the same double but differ by 1/(F44·F45); listed in the
    wrong order first, the stable float sort keeps them wrong and the exact repair fixes it."""
    fib = [0, 1]
    while len(fib) < 50:
        fib.append(fib[-1] + fib[-2])
    hi, lo = F(fib[43], fib[44]), F(fib[44], fib[45])  # F43/F44 > F44/F45 (convergents of 1/φ)
    assert hi > lo and float(hi) == float(lo)
    num = np.array([hi.numerator, lo.numerator, 1, 0], dtype=np.int64)
    den = np.array([hi.denominator, lo.denominator, 3, 1], dtype=np.int64)
    order, c = sort_breakpoints(num, den)
    assert order.tolist() == [3, 2, 1, 0] and (c > 0).all()
    # the same two breakpoints in a game (|g| < 2³⁰): p(l) = −g0/(g1 − g0) for g0 < 0 < g1
    g0 = [-hi.numerator, -lo.numerator, -1, 5]
    g1 = [hi.denominator - hi.numerator, lo.denominator - lo.numerator, 2, -7]
    g = _game(g0, g1, [3, -2, 1, 4], [-1, 5, -2, 2], (0, 0, 1, -1))
    fast, slow = both(g)
    assert fingerprint(fast) == fingerprint(slow)
    assert list(fast.certificate.breakpoints) == sorted(fast.certificate.breakpoints)
    assert lo in fast.certificate.breakpoints and hi in fast.certificate.breakpoints


fractions_in_unit = st.integers(1, 2**31 - 1).flatmap(
    lambda d: st.tuples(st.integers(0, d), st.just(d)))


@given(st.lists(fractions_in_unit, min_size=1, max_size=40), st.lists(st.integers(1, 3), max_size=40),
       st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_sort_breakpoints_is_the_exact_order(pairs, mults, rnd):
    # duplicates as other representations (k·num / k·den) and near neighbours (num ± 1 over a large den)
    extra = []
    for (a, d), k in zip(pairs, mults):
        if d * k < 2**31:
            extra.append((a * k, d * k))
        if a + 1 <= d:
            extra.append((a + 1, d))
    items = pairs + extra
    rnd.shuffle(items)
    num = np.array([a for a, _ in items], dtype=np.int64)
    den = np.array([d for _, d in items], dtype=np.int64)
    order, c = sort_breakpoints(num, den)
    vals = [F(int(num[i]), int(den[i])) for i in order]
    assert vals == sorted(vals) and sorted(order.tolist()) == list(range(len(items)))
    assert [int(v > 0) for v in c] == [int(b > a) for a, b in zip(vals, vals[1:])]
    # ties keep index order (the Python sweep's order within a group)
    assert all(order[i] < order[i + 1] for i in range(len(order) - 1) if vals[i] == vals[i + 1])


@given(st.integers(31, 70), st.integers(1, 8), st.randoms(use_true_random=False))
@settings(max_examples=25, deadline=None)
def test_huge_gains_fall_back_to_the_python_sweep(bits, n, rnd):
    big = [rnd.choice((-1, 1)) * rnd.randrange(1, 2**bits) for _ in range(4 * n)]
    g = _game(big[:n], big[n:2 * n], big[2 * n:3 * n], big[3 * n:])
    assume(max(abs(v) for v in big[:2 * n]) >= 2**30)
    assert sweep_arrays(g) is None
    fast, slow = both(g)
    assert fingerprint(fast) == fingerprint(slow)


def test_bench_game_both_sweeps_agree_and_certify():
    """A random bench-style game (weights ±10⁶, n = 3000): same output, every equilibrium certified."""
    rnd = np.random.default_rng(7)
    n, R = 3000, 10**6
    g0, g1, h0, h1 = (rnd.integers(-R, R, n).tolist() for _ in range(4))
    g = _game(g0, g1, h0, h1, tuple(rnd.integers(-R, R, 4).tolist()))
    fast, slow = both(g)
    assert fingerprint(fast) == fingerprint(slow)
    sol = solve_additive(g)
    assert all(is_certified(e) for e in sol.equilibria) and len(sol.equilibria) >= 1


def _one_equilibrium() -> tuple[AdditiveGame, AdditiveEquilibrium]:
    g = _game([-2, 3, -1, 4], [1, -1, 2, 5], [1, -3, 2, 0], [-2, 1, 1, 1], (0, 0, 2, -1))
    sol = solve_additive(g)
    return g, sol.equilibria[0]


def test_certifier_rejects_a_split_that_differs_from_the_draw():
    g, e = _one_equilibrium()
    split = e._split  # attached by the solver
    flipped = split.is_one.copy()
    flipped[3] = not flipped[3]
    fake = AdditiveEquilibrium.from_split(e.row, SplitBehaviour.from_parts(flipped, split.fractional),
                                          e.payoffs, draw=e.draw)
    with pytest.raises(CertificationError, match="split form"):
        certify_additive(g, fake)


def test_certifier_rejects_an_inconsistent_split_object():
    """Only the 1-mask and the fractional entries are read; a wrong ``ones`` index list (a
    derived field) cannot make a non-equilibrium pass, since the certifier rebuilds it."""
    g, e = _one_equilibrium()
    split = e._split
    forged = SplitBehaviour(np.flatnonzero(~split.is_one), split.fractional, split.is_one, split.is_zero)
    ok = AdditiveEquilibrium.from_split(e.row, forged, e.payoffs, draw=e.draw)
    assert certify_additive(g, ok) is ok  # the rebuilt split is e's: still an equilibrium
    wrong_pay = AdditiveEquilibrium.from_split(e.row, forged, (e.payoffs[0] + 1, e.payoffs[1]), draw=e.draw)
    with pytest.raises(CertificationError, match="payoffs"):
        certify_additive(g, wrong_pay)


def test_split_parts_are_validated():
    with pytest.raises(Exception, match="outside the 1-entries"):
        SplitBehaviour.from_parts(np.array([True, False]), [(0, F(1, 2))])
    with pytest.raises(Exception, match="strictly between"):
        SplitBehaviour.from_parts(np.array([False, False]), [(1, F(3, 2))])
    s = SplitBehaviour.from_parts(np.array([True, False, False]), [(2, F(1, 3))])
    assert s.render() == (1, 0, F(1, 3)) and list(s.is_zero) == [False, True, False]
    assert s.key() == SplitBehaviour.of((F(1), F(0), F(1, 3))).key()


def test_lazy_tuple_is_its_tuple():
    calls = []

    def make():
        calls.append(1)
        return (F(1, 2), F(2, 3))

    t = LazyTuple(2, make)
    assert len(t) == 2 and not calls  # the length is known without computing the items
    assert t == (F(1, 2), F(2, 3)) and (F(1, 2), F(2, 3)) == t and hash(t) == hash((F(1, 2), F(2, 3)))
    assert pickle.loads(pickle.dumps(t)) == (F(1, 2), F(2, 3)) and calls == [1]


@given(additive_games(n_max=8))
@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_json_of_equilibria_is_fmt_of_every_entry(g):
    """to_json recognizes the shared 0/1 objects by identity: the strings are fmt's exactly."""
    from gamekit.core.numbers import fmt

    try:
        sol = solve_additive(g, max_vertices=300)
    except TooLargeError:
        assume(False)
    for e in sol.equilibria:
        assert e.to_json(g.infosets) == {"row": [fmt(v) for v in e.row],
                                         "draw": {k: fmt(v) for k, v in zip(g.infosets, e.draw)},
                                         "payoffs": [fmt(v) for v in e.payoffs]}
