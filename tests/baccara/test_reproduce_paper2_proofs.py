"""Statements "for every d" proved in d, and the skipped counts
(games.baccara.reproduce.paper2_proofs, games.baccara.analysis.b2_all_d / b3_all_d).

The proofs are cross-checked against the exact per-point certifier: a profile proved to be an
equilibrium for every d ≥ 13 and α ∈ [0, 1/10] must pass gamekit's best-response check at
sampled (d, α), including d far beyond the range any sweep covers.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from games.baccara.reproduce import run_claims


def _check(prefix: str) -> None:
    results = run_claims(prefix)
    assert results, prefix
    for r in results:
        assert r.passed, (r.claim.id, r.paper_value, r.our_value, r.error)


@pytest.mark.parametrize("prefix", ["I.sec3.supports", "II.B2.figure1.regions", "II.B3.alld.eq54_66"])
def test_cheap_claims(prefix):
    _check(prefix)


def test_figure1_count_is_euler_and_differs_from_print():
    (r,) = run_claims("II.B2.figure1.regions")
    assert r.passed and r.our_value.startswith("[44, 20, 23")
    from games.baccara.reproduce.errata import ERRATA

    assert "II.B2.figure1.regions" in ERRATA


@pytest.mark.slow
@pytest.mark.parametrize("prefix", ["II.B2.alld.d77", "II.B2.alld.crossings", "II.B3.alld.table7",
                                    "II.B3.alld.lemma1", "II.B2.alld.unique", "II.B3.alld.unique_rows19_27",
                                    "II.B2.alld.thm1", "II.B2.alld.table4", "II.B3.alld.method",
                                    "II.B3.method"])
def test_proved_claims(prefix):
    _check(prefix)


def _profile(d: int, alpha: F):
    """Theorem 2's profile for d ≥ 13: Player DMSDD with p of (54), Banker Table 5 + Table 7 with q of (64)."""
    from gamekit.doubly_additive import DoublyAdditiveGame
    from games.baccara.models.tables import build_game, model_tables
    from games.baccara.reproduce.paper2_b3 import formula
    from games.baccara.reproduce.paper2_b3_sweep import TABLE7_MOVES
    from games.baccara.reproduce.paper2_proofs import table7_target
    from games.baccara.reproduce.paper_data import B3_Q_EQ, EQ54

    game = DoublyAdditiveGame.from_additive(build_game("B3", d, alpha), model_tables("B3", d).player_infosets)
    p = formula(EQ54, d=d, alpha=alpha)
    x = [{"05": F(1), "14": p, "23": F(0), "69": F(1), "78": F(1)}[s] for s in game.row_sets]
    target = table7_target(TABLE7_MOVES[64])
    q = formula(B3_Q_EQ[64], d=d)
    y = [q if s == "06:-" else F(target[s]) for s in game.col_sets]
    return game, x, y


@settings(max_examples=3, deadline=None)
@given(st.sampled_from([13, 20, 57, 250, 4000]), st.fractions(0, F(1, 10), max_denominator=500))
def test_table7_proof_agrees_with_point_certifier(d, alpha):
    from gamekit import is_equilibrium

    game, x, y = _profile(d, alpha)
    assert is_equilibrium(game, x, y)


def test_table7_profile_fails_below_13():
    """At d = 12 and α = 1/10 (past β₀ ≈ 0.0997480) Table 7's d ≥ 13 strategy is not an equilibrium:
    the bound 13 of the proof is not slack there."""
    from gamekit import is_equilibrium

    game, x, y = _profile(12, F(1, 10))
    assert not is_equilibrium(game, x, y)


@pytest.mark.slow
def test_b2_proved_q_is_eq35():
    from games.baccara.analysis.b2_all_d import prove_b2
    from games.baccara.reproduce.paper2_proofs import _sympy_poly, pr_q
    from games.baccara.reproduce.paper_data import B2_Q_EQ

    pr = prove_b2(77)
    num, den = pr_q(pr)
    d = sympy.Symbol("d", positive=True)
    assert sympy.cancel(_sympy_poly(num) / _sympy_poly(den) - sympy.sympify(B2_Q_EQ[35], locals={"d": d})) == 0


def test_method_outcome_on_toy_records():
    """The long claim's reading of the sweeps: a different mixed set means the method fails; one
    more B3 segment means an additional interval."""
    from games.baccara.reproduce.paper2_proofs_long import method_outcome

    def rec(*mixed):
        return {"segments": [{"unique": True, "banker_mixed": {m: "1/2"}} for m in mixed]}

    b2 = {1: rec("06:-", "06:-"), 2: rec("06:-"), 3: rec("06:-")}
    b3 = {1: rec("88:-"), 2: rec("06:-", "06:-"), 3: rec("06:-")}
    assert method_outcome(b2, b3) == ([1], [2], {1: (2, 1), 2: (1, 2), 3: (1, 1)})


def test_partial_crossing_threshold_is_77():
    """The crossing of p((1,5),6) and p((2,4),6) inside the strip is provable from d = 77, not from 76
    (Table 4: 36 intersections for d = 46 … 76, 37 for d >= 77)."""
    from games.baccara.analysis.b2_all_d import partial_crossing_inside

    assert partial_crossing_inside("15:6", "24:6", 77)
    assert not partial_crossing_inside("15:6", "24:6", 76)
