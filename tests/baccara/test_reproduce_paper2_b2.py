"""Paper II, section 3 (Model B2) claims of ``baccara reproduce``: the d = 6 claims run as they
are; the all-d checks run on a handful of deck counts (the full d = 1 … 100 run is ``slow``);
and the checks are shown to fail when a typed paper value is wrong."""

from __future__ import annotations

import pytest

from games.baccara.analysis.deck_sweep import records_for
from games.baccara.reproduce import paper2_b2 as p2
from games.baccara.reproduce import paper_data, run_claims

D6_CLAIMS = ("II.B2.table1", "II.B2.curves", "II.B2.curves.kinds", "II.B2.boundary", "II.B2.table2",
             "II.B2.table2.equalizing", "II.B2.table3", "II.B2.table3.equalizing", "II.B2.eq19", "II.B2.eq20",
             "II.B2.alpha0", "II.B2.2x4", "II.B2.eq21_24", "II.B2.eq25", "II.B2.eq32_36", "II.B2.eq27_31",
             "II.B2.eq37", "II.B2.eq38", "I.thm2.parametric", "II.B2.new.refinements")
SOME_D = (1, 2, 3, 6, 8, 10, 11, 12, 45, 77)


@pytest.fixture(scope="module")
def some(tmp_path_factory):
    return records_for("B2", SOME_D, cache_dir=tmp_path_factory.mktemp("cache"), jobs=2)


@pytest.mark.parametrize("cid", D6_CLAIMS)
def test_d6_and_formula_claims_pass(cid):
    (r,) = [x for x in run_claims(cid) if x.claim.id == cid]
    assert r.error is None, r.error
    assert r.passed, (r.paper_value, r.our_value)


def test_table4_some_d(some):
    paper, ours = p2.check_table4(some)
    assert paper == ours and "all equal" in str(ours)


def test_table5_and_table6_some_d(some):
    assert p2.check_table5(some)[0] == p2.check_table5(some)[1]
    paper, ours = p2.check_table6(some)
    assert paper == ours, (str(ours[0]), str(ours[1]))


def test_d77_structure(tmp_path):
    recs = records_for("B2", (77, 1000), cache_dir=tmp_path, jobs=1)
    paper, ours = p2.check_d77(recs)
    assert paper == ours


def test_checks_detect_wrong_paper_values(some, monkeypatch):
    # a wrong Table 4 entry, a wrong Table 6 strategy letter and a wrong q formula are caught
    monkeypatch.setitem(paper_data.TABLE4, 6, (20, 23, 3, 66, 0))
    paper, ours = p2.check_table4(some)
    assert paper != ours and "6: paper (20, 23, 3, 66, 0) vs ours (20, 23, 3, 66, 1)" in str(ours)
    monkeypatch.undo()
    rows = list(paper_data.TABLE6)
    ds, iv, strat, eq = rows[-1]
    rows[-1] = (ds, iv, strat.replace("DDDDD-M", "DDDDS-M"), eq)
    monkeypatch.setattr(p2, "TABLE6", tuple(rows))
    paper, ours = p2.check_table6(some)
    assert paper != ours
    monkeypatch.undo()
    monkeypatch.setitem(paper_data.B2_Q_EQ, 35, paper_data.B2_Q_EQ[35].replace("1017*d", "1016*d"))
    assert not p2.check_table6(some)[0] == p2.check_table6(some)[1]
    (r,) = [x for x in run_claims("II.B2.eq32_36")]
    assert not r.passed


def test_table2_typed_rows_are_consistent():
    # the typed table itself: 66 rows, curves in the paper's order, 20-letter strategies with one M
    rows = p2.table2_paper()
    assert sorted(rows) == list(range(1, 67))
    for curve, _iv, strat in rows.values():
        letters = strat.replace("-", "")
        assert len(letters) == 20 and letters.count("M") == 1
        assert letters.index("M") == paper_data.ORDER_T2.index(curve)


@pytest.mark.slow
def test_all_paper2_b2_claims_all_d(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    p2._sweep.cache_clear()
    results = run_claims("II.B2.")
    assert len(results) >= 25
    failed = [(r.claim.id, r.error or r.our_value) for r in results if not r.passed]
    assert not failed, failed
    p2._sweep.cache_clear()
