"""Model B3's equilibrium is unique for every d ≥ d₀ at a fixed α (issue #27): the symbolic
enumeration in ℤ[d] (games.baccara.analysis.b3_all_d_unique) and its agreement with the exact
per-d enumeration of the full 2⁵ × 2⁴⁸⁴ game at the threshold."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.baccara.analysis.b3_all_d_unique import (
    ALL_ALPHA_CAP,
    FACE,
    SETS,
    b3_polynomial_game,
    prove_large_d,
)


def _value(q, n: int, alpha: F) -> F:
    return sum((F(int(c)) * n ** int(i) * alpha ** int(k) for (i, k), c in q.to_dict().items()), F(0))


def test_unique_for_every_d_from_69_at_alpha_one_tenth() -> None:
    pr = prove_large_d(F(1, 10), F(1, 10))
    assert pr.unique and pr.table7 and pr.d0 == 69
    assert pr.result is not None and pr.result.proved and len(pr.result.equilibria) == 1


def test_the_symbolic_equilibrium_is_the_exact_one_at_the_threshold() -> None:
    from games.baccara.analysis.b3_uniqueness import certify

    alpha = F(1, 10)
    pr = prove_large_d(alpha, alpha)
    assert pr.result is not None
    (e,) = pr.result.equilibria
    labels = b3_polynomial_game()[0]
    d = pr.d0
    p = _value(e.x[1][0], d, alpha) / _value(e.x[1][1], d, alpha)
    mixed = {lab: _value(v[0], d, alpha) / _value(v[1], d, alpha)
             for lab, v in zip(labels, e.y) if isinstance(v, tuple)}
    c = certify(d, alpha, reference=False)
    assert c.unique
    (x, banker, _payoffs), = c.equilibria
    assert e.face == FACE and x[SETS[1]] == p and banker == mixed


@pytest.mark.slow
def test_the_claim() -> None:
    from games.baccara.reproduce import registry

    (c,) = [c for c in registry() if c.id == "II.B3.alld.unique_fixed"]
    paper, ours = c.compute()
    assert paper == ours


@pytest.mark.slow
@pytest.mark.parametrize("lo, hi", [(F(7, 640), F(9, 640)), (F(5, 64), F(27, 320))])
def test_every_alpha_near_a_limit_point_against_the_exact_enumeration(lo: F, hi: F) -> None:
    """α an indeterminate on an interval around a limit point α∞ (≈ 0.0117 and ≈ 0.080), where
    vertices of other systems cross their faces' boundaries along curves α(d) → α∞ and only the
    relaxations of gamekit.doubly_additive.eventual decide them: the run is a proof from d = 101
    and its one equilibrium, evaluated at (d, α), is the one the exact per-d enumeration of the
    full 2⁵ × 2⁴⁸⁴ game finds, at α on both sides of and at the curves' positions."""
    from games.baccara.analysis.b3_uniqueness import certify

    pr = prove_large_d(lo, hi, cap=ALL_ALPHA_CAP)
    assert pr.unique and pr.table7 and pr.d0 <= ALL_ALPHA_CAP == 101
    assert pr.result is not None and pr.result.proved
    labels = b3_polynomial_game()[0]
    for d in (101, 400):
        for alpha in (lo, (lo + hi) / 2, hi):
            (e,) = [e for e in pr.result.equilibria if e.interval[0] <= alpha <= e.interval[1]][:1]
            p = _value(e.x[1][0], d, alpha) / _value(e.x[1][1], d, alpha)
            mixed = {lab: _value(v[0], d, alpha) / _value(v[1], d, alpha)
                     for lab, v in zip(labels, e.y) if isinstance(v, tuple)}
            c = certify(d, alpha, reference=False)
            assert c.unique
            (x, banker, _payoffs), = c.equilibria
            assert e.face == FACE and x[SETS[1]] == p and banker == mixed
