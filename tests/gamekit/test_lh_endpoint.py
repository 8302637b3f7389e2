"""The integer kernels of the Lemke–Howson end check (:mod:`gamekit.kernel.lh_endpoint`).

Facts checked, each against an oracle in Python integers:

* :func:`modular_solve` (multi-modular, int64) gives FLINT's exact solution of ``M z = 1``
  (:func:`gamekit.kernel.linalg.solve_int`) in lowest terms, and reports a singular
  matrix or a negative entry as such — random matrices, {1, 2} entries (singular and
  degenerate systems are frequent), entries up to 2⁴⁰;
* :func:`compare_rows` (limb arithmetic with the proved int64 bound) gives the exact sign
  of ``(G·nums)_i − den`` for every row — near ties (differences of 1 in 2³⁰⁰) included;
* :func:`basis_system` rejects what is not a basis;
* :func:`end_check` (the compiled route of ``certified_endpoint``) agrees with the
  Python-integer route on the float path's end points and on corrupted ones.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.bimatrix.intgame import integer_game
from gamekit.bimatrix.lemke_howson import certified_endpoint, float_matrices
from gamekit.core.game import BimatrixGame
from gamekit.kernel.float_lemke_howson import lh_float_path
from gamekit.kernel.lh_endpoint import (
    PRIMES,
    SINGULAR,
    SOLVED,
    basis_system,
    compare_rows,
    modular_solve,
)
from gamekit.kernel.linalg import solve_int

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def from_limbs(row) -> int:
    return sum(int(v) << (32 * i) for i, v in enumerate(row))


@st.composite
def square_systems(draw):
    k = draw(st.integers(1, 16))
    hi = draw(st.sampled_from([2, 3, 1000, 10**6, 1 << 40]))
    return [[draw(st.integers(1, hi)) for _ in range(k)] for _ in range(k)]


@SETTINGS
@given(square_systems())
def test_modular_solve_is_flints_solution(M):
    k = len(M)
    status, limbs = modular_solve(np.array(M, dtype=np.int64), PRIMES)
    want = solve_int(M, [1] * k)
    if want is None or any(v < 0 for v in want[0]):
        assert status == SINGULAR
        return
    assert status == SOLVED
    vals = [from_limbs(r) for r in limbs]
    g = math.gcd(*vals)
    assert tuple(v // g for v in vals[:-1]) == want[0] and vals[-1] // g == want[1]


@st.composite
def rows_and_point(draw):
    m, d = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    hi = draw(st.sampled_from([1, 2, 1000, 1 << 20]))
    G = [[draw(st.integers(0, hi)) for _ in range(d)] for _ in range(m)]
    S = sorted(draw(st.sets(st.integers(0, d - 1), min_size=1)))
    bits = draw(st.sampled_from([1, 30, 100, 300]))
    nums = [draw(st.integers(0, (1 << bits) - 1)) for _ in S]
    vals = [sum(G[i][j] * v for j, v in zip(S, nums)) for i in range(m)]
    den = draw(st.sampled_from(vals + [max(vals) + 1, max(0, min(vals) - 1)]))  # ties and near ties
    return G, S, nums, den


@SETTINGS
@given(rows_and_point(), st.sampled_from([1, 2, 4]))
def test_compare_rows_is_exact(case, wb):
    G, S, nums, den = case
    g, k = max(map(max, G)), len(S)
    if (g * k).bit_length() + 8 * wb > 62:
        wb = (62 - (g * k).bit_length()) // 8
    bits = max(den.bit_length(), *(v.bit_length() for v in nums))
    L = max(1, -(-bits // (8 * wb)))
    buf = np.frombuffer(b"".join(v.to_bytes(L * wb, "little") for v in [*nums, den]), dtype=np.uint8)
    got = compare_rows(np.array(G, dtype=np.int64), np.array(S, dtype=np.int64), buf, wb, L).tolist()
    want = [(v > den) - (v < den) for v in (sum(row[j] * x for j, x in zip(S, nums)) for row in G)]
    assert got == want


def test_compare_rows_separates_near_ties():
    big = 1 << 300
    G = np.array([[3, 1], [1, 3], [2, 2]], dtype=np.int64)
    nums, S = [big, big + 1], np.array([0, 1], dtype=np.int64)
    den = 4 * big + 2  # row 1 = 4·big + 3 > den, row 2 = den, row 0 = 4·big + 1 < den
    L = -(-den.bit_length() // 32)
    buf = np.frombuffer(b"".join(v.to_bytes(4 * L, "little") for v in [*nums, den]), dtype=np.uint8)
    assert compare_rows(G, S, buf, 4, L).tolist() == [-1, 1, 0]


def test_basis_system_rejects_non_bases():
    G = np.array([[1, 2], [3, 4], [5, 6]], dtype=np.int64)  # 3 constraints, d = 2
    ok, S, tight, M = basis_system(G, np.array([0, 1, 4], dtype=np.int64), 2)
    assert ok and S.tolist() == [0, 1] and tight.tolist() == [0, 1] and M.tolist() == [[1, 2], [3, 4]]
    for bad in ([0, 0, 4], [0, 1], [0, 1, 5], [0, 1, -1]):
        assert not basis_system(G, np.array(bad, dtype=np.int64), 2)[0]


@pytest.mark.parametrize("m,n,hi,seed", [(12, 9, 2, 1), (15, 15, 1000, 2), (20, 18, 10**6, 3), (16, 16, 3, 4),
                                         (30, 30, 1000, 5)])
def test_compiled_end_check_agrees_with_python_integers(m, n, hi, seed):
    rng = np.random.default_rng(seed)
    g = BimatrixGame(rng.integers(0, hi, (m, n)), rng.integers(0, hi, (m, n)))
    ig = integer_game(g)
    MP, MQ = float_matrices(ig)
    accepted = 0
    for label in range(m + n):
        _, bp, bq, _ = lh_float_path(MP, MQ, label, 100_000)
        bp, bq = bp.tolist(), bq.tolist()
        for _ in range(3):
            want = certified_endpoint(ig, bp, bq, kernels=False)
            assert certified_endpoint(ig, bp, bq, kernels=True) == want
            accepted += want is not None
            bp = list(bp)
            bp[int(rng.integers(len(bp)))] = int(rng.integers(m + n))
    assert accepted >= m + n  # every float end point (degenerate ones included) is certified
