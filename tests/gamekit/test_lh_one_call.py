"""Lemke–Howson from one label through the one compiled call per label (issue #23).

Facts checked, on random games (hypothesis, derandomized):

* the float path's single-label answer — the path and the exact end check in one call,
  :func:`gamekit.kernel.lh_endpoint.float_path_end`, its integer answer unpacked in
  Python — is the exact strategy's (integer pivoting all the way, the end checked in
  Python integers: the oracle), equilibrium for equilibrium, for payoffs in {0,1},
  0..999, 0..10⁶ and 0..2⁴⁰ (the last beyond the one-call check: FLINT and byte limbs);
* it is the equilibrium the all-label run reports for that label, passes the exact
  Nash test, and lies within 1e-9 of QuantEcon's float answer from the same label;
* the result is an ordinary :class:`SolveResult`: ``game`` set, equal to itself after a
  pickle round trip and a deep copy, its JSON equal to the exact strategy's apart from
  the parameters that name the strategy, and ``gamekit.solve`` returns the same result;
* the integer form of numpy payoffs (its tuples made only when read) equals the one made
  from lists — fields, hash, ``columns_of_b``, transpose, a pickle round trip — and one
  float path does not make the tuples;
* payoffs beyond int64 (no int64 arrays: the check in Python integers) give the exact
  strategy's answer, and the parameters stay plain JSON (``float_pivots`` an int);
* the limb decoding equals Horner's rule in Python integers for 1, 2, 3 and 5 limbs;
* :func:`gamekit.core.gc_pause.gc_paused` restores the collector's state, also when the
  block raises, and when the collector was off.
"""

from __future__ import annotations

import copy
import gc
import json
import math
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.bimatrix import solve_result
from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.lemke_howson import _from_limb_array
from gamekit.core.game import BimatrixGame
from gamekit.core.gc_pause import gc_paused

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
STRATEGY_KEYS = ("strategy", "requested", "float_pivots")


@st.composite
def games(draw):
    m = draw(st.integers(12, 30))
    n = draw(st.integers(12, 30))
    hi = draw(st.sampled_from([2, 1000, 10**6, 1 << 40]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    A, B = rng.integers(0, hi, (m, n)), rng.integers(0, hi, (m, n))
    return A, B, draw(st.integers(0, m + n - 1))


def _json_without_strategy(r) -> dict:
    out = r.to_json()
    out["parameters"] = {k: v for k, v in out["parameters"].items() if k not in STRATEGY_KEYS}
    return out


@SETTINGS
@given(games())
def test_one_label_float_path_is_the_exact_strategy(case):
    A, B, label = case
    g = BimatrixGame(A, B)
    fl = solve_result(g, "lemke_howson", strategy="float_path", initial_label=label)
    ex = solve_result(g, "lemke_howson", strategy="exact", initial_label=label)
    assert fl.parameters["strategy"] == "float_path"
    if fl.parameters["fallbacks"]:  # floats could not follow the path: the exact path ran, and says so
        assert fl.parameters["fallbacks"][0].startswith(f"label {label}: float_path -> exact")
    assert list(fl) == list(ex) and len(fl) == 1
    assert fl.row_vertices == ex.row_vertices and fl.col_vertices == ex.col_vertices
    assert _json_without_strategy(fl) == _json_without_strategy(ex)
    assert gamekit.is_equilibrium(g, fl[0].row, fl[0].col)
    everyone = solve_result(g, "lemke_howson", strategy="float_path")
    assert everyone[everyone.parameters["label_to_equilibrium"][label]] == fl[0]


@pytest.mark.parametrize("n,seed", [(30, 1), (30, 2), (30, 4), (50, 2), (50, 4)])
def test_one_label_matches_quantecon(n, seed):
    qe = pytest.importorskip("quantecon.game_theory")
    rng = np.random.default_rng(seed)
    A, B = rng.integers(0, 1000, (n, n)), rng.integers(0, 1000, (n, n))
    ne = qe.lemke_howson(qe.NormalFormGame((qe.Player(A.astype(float)), qe.Player(B.T.astype(float)))),
                         init_pivot=0)
    r = solve_result(BimatrixGame(A, B), "lemke_howson", initial_label=0)
    assert r.parameters["strategy"] == "float_path" and r.parameters["fallbacks"] == ()
    assert np.allclose(np.array(r[0].row, dtype=float), ne[0], rtol=0, atol=1e-9)
    assert np.allclose(np.array(r[0].col, dtype=float), ne[1], rtol=0, atol=1e-9)


def test_result_is_an_ordinary_solve_result():
    rng = np.random.default_rng(7)
    g = BimatrixGame(rng.integers(0, 1000, (30, 30)), rng.integers(0, 1000, (30, 30)))
    r = solve_result(g, "lemke_howson", initial_label=3)
    assert r.game is g and r.method == "lemke_howson" and not r.complete
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r
    assert gamekit.solve(g, "lemke_howson", initial_label=3) == r
    assert r == solve_result(g, "lemke_howson", strategy="exact", initial_label=3).equilibria


@SETTINGS
@given(games())
def test_integer_form_of_arrays_is_the_one_of_lists(case):
    A, B, label = case
    g = BimatrixGame(A, B)
    r = solve_result(g, "lemke_howson", strategy="float_path", initial_label=label)
    lazy = integer_game(g)
    if not r.parameters["fallbacks"] and max(A.max(), B.max()) < 1 << 20:  # (else exact pivoting or FLINT ran)
        assert "A" not in vars(lazy) and "B" not in vars(lazy)  # the compiled call read only the arrays
    ref = integer_game(BimatrixGame(A.tolist(), B.tolist()))
    copied = pickle.loads(pickle.dumps(lazy))
    assert (lazy.m, lazy.n) == (ref.m, ref.n) == A.shape
    assert lazy == ref and hash(lazy) == hash(ref) and copied == ref
    assert lazy.columns_of_b == ref.columns_of_b and lazy.transpose() == ref.transpose()
    assert (lazy.A, lazy.B, lazy.La, lazy.shift_b) == (ref.A, ref.B, ref.La, ref.shift_b)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(1, 5).flatmap(lambda L: st.tuples(
    st.just(L), st.lists(st.integers(1, (1 << (32 * L)) - 1), min_size=2, max_size=6))))
def test_limb_decoding_is_horners_rule(case):
    L, values = case
    limbs = np.array([(v >> (32 * i)) & 0xFFFFFFFF for v in values for i in range(L)], dtype=np.int64)
    nums, den = _from_limb_array(limbs, L)
    d = math.gcd(*values)
    assert (nums, den) == (tuple(v // d for v in values[:-1]), values[-1] // d)


@pytest.mark.parametrize("enabled", [True, False])
def test_gc_paused_restores_the_collector(enabled):
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with gc_paused():
            assert not gc.isenabled()
        assert gc.isenabled() == enabled
        with pytest.raises(ZeroDivisionError), gc_paused():
            1 / 0  # noqa: B018
        assert gc.isenabled() == enabled
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("seed", [1, 2])
def test_payoffs_beyond_int64_same_answer_and_plain_json(seed):
    rng = np.random.default_rng(seed)
    big = 1 << 70  # no int64 arrays: the float path, then the check in Python integers
    A = [[v * big + 7 * v for v in row] for row in rng.integers(0, 1000, (15, 16)).tolist()]
    B = [[v * big + 3 * v for v in row] for row in rng.integers(0, 1000, (15, 16)).tolist()]
    g = BimatrixGame(A, B)
    fl = solve_result(g, "lemke_howson", strategy="float_path", initial_label=3)
    ex = solve_result(g, "lemke_howson", strategy="exact", initial_label=3)
    assert list(fl) == list(ex)
    assert type(fl.parameters["float_pivots"]) is int
    assert json.loads(json.dumps(fl.to_json())) == fl.to_json()
