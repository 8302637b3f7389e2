"""Paper II, section 4 (Model B3) claims of ``baccara reproduce``.

The paper's route at d = 6 (restricted 2 × 2⁵ game, Foster, verification through rows 19
and 27, β₀, the 2 × 4 matrix at β₀ and its equalizing strategies), the agreement of the
complete enumeration with the paper's equilibrium at d = 6, α = 1/20, and Table 7 for d = 2
and d = 6 run here; the other deck counts and the Model A limits are ``slow``. The checks are
also shown to fail when a typed paper value is wrong.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.baccara.reproduce import paper2_b3 as p3
from games.baccara.reproduce import paper_data, run_claims

FAST = ("II.B3.eq45", "II.B3.columns", "II.B3.restricted.T10", "II.B3.eq48_50", "II.B3.verify.T",
        "II.B3.verify.eq", "II.B3.beta0", "II.B3.matrix2x4", "II.B3.equalizing",
        "II.B3.equilibrium.d6.alpha=1/20", "II.B3.table7.d2", "II.B3.table7.d6",
        "II.B3.new.refinements.d6")
SLOW = ("II.B3.equilibrium.d6.alpha=0", "II.B3.equilibrium.d6.alpha=1/10", "II.B3.beta0.table7",
        "II.B3.table7.d1", "II.B3.table7.d3", "II.B3.table7.d4", "II.B3.table7.d5", "II.B3.table7.d7",
        "II.B3.table7.d8", "II.B3.eq67_68", "II.B3.limit")


def _run(cid: str):
    (r,) = [x for x in run_claims(cid) if x.claim.id == cid]
    return r


@pytest.mark.parametrize("cid", FAST)
def test_claim_passes(cid):
    r = _run(cid)
    assert r.error is None, r.error
    assert r.passed, (r.paper_value, r.our_value)


@pytest.mark.slow
@pytest.mark.parametrize("cid", SLOW)
def test_slow_claim_passes(cid):
    r = _run(cid)
    assert r.error is None, r.error
    assert r.passed, (r.paper_value, r.our_value)


def test_every_b3_claim_is_covered():
    ids = {r.id for r in __import__("games.baccara.reproduce", fromlist=["registry"]).registry()
           if r.id.startswith("II.B3.") and not r.id.startswith(("II.B3.sweep.", "II.B3.figure2"))
           and "paper2_proofs" not in r.compute.__module__}  # proofs in d: tests/test_reproduce_paper2_proofs.py
    assert ids == set(FAST) | set(SLOW)


def test_printed_2x4_entry_is_a_typo():
    """Our (P: D, B: SD) entry has the paper's printed digits with one more digit: the
    printed value is off by a factor ≈ 10, the rest of the matrix agrees exactly."""
    A = p3.player_2x4()
    assert A[1][1] != paper_data.MATRIX_2X4_PRINTED_TYPO
    assert A[1][1] == F(-19_391_857_983, 1_525_814_595_305)
    assert A[1][1] * 1_525_814_595_305 == -19_391_857_983  # printed: −1,939,185,798 (last digit dropped)
    assert paper_data.MATRIX_2X4_PRINTED_TYPO * 1_525_814_595_305 == -1_939_185_798
    # the paper's own equalizing q for (SD, DD) comes out only with the correct entry
    d_dd = A[0][3] - A[1][3]
    for entry, ok in ((A[1][1], True), (paper_data.MATRIX_2X4_PRINTED_TYPO, False)):
        d_sd = A[0][1] - entry
        assert (d_sd / (d_sd - d_dd) == paper_data.EQUALIZING[("SD", "DD")]) is ok


def test_formulas_evaluate_exactly():
    # (48) at α = 1/20 and (54) at d = 6 agree (the paper's two forms of Player's probability)
    a = F(1, 20)
    assert p3.formula(paper_data.EQ48, alpha=a) == p3.formula(paper_data.EQ54, d=6, alpha=a) == F(221683, 364176)
    assert p3.formula(paper_data.B3_Q_EQ[61], d=6) == paper_data.EQ49
    assert p3.formula(paper_data.B3_Q_EQ[62], d=6) == paper_data.EQ50


def test_claims_detect_a_wrong_paper_value(monkeypatch):
    monkeypatch.setattr(p3, "EQ49", F(18_885_571, 36_781_055))
    assert not _run("II.B3.eq48_50").passed
    monkeypatch.setattr(p3, "ORDER_RESTRICTED", ("14", "23", "05", "78", "69"))
    assert not _run("II.B3.restricted.T10").passed
    monkeypatch.setattr(p3, "BETA0", (84_325_687, 1, 6_246_646_053_635_809, 92_945_476))
    assert not _run("II.B3.beta0").passed


def test_table7_detects_wrong_strategy(monkeypatch):
    rows = list(paper_data.TABLE7[6])
    lo, hi, strat, eq = rows[0]
    rows[0] = (lo, hi, strat.replace("DDDDDD", "DDDSDD"), eq)
    monkeypatch.setitem(paper_data.TABLE7, 6, tuple(rows))
    paper, ours = p3.table7_rows(6)
    assert paper != ours
