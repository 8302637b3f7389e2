"""Paper I (Ethier & Lee, *Casino baccara chemin de fer as a bimatrix game*) reproduced.

Every claim registered by games/baccara/reproduce/paper1.py must pass; the claims are
recomputed from the model tables and gamekit (the paper's values are typed only in
paper1.py). Also: the `baccara reproduce --json` shape, the coverage of the paper's numbered
statements, and that a wrong paper value is caught (the comparisons can fail).
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from games.baccara.cli.main import main
from games.baccara.reproduce import paper1, paper_data, registry, run_claims

PAPER1 = [c for c in registry() if c.id.startswith("I.")]


def test_paper1_claims_are_registered():
    ids = [c.id for c in PAPER1]
    assert len(ids) == len(set(ids)) >= 50
    where = " ".join(c.where for c in PAPER1)
    for eq in range(2, 13):
        assert f"({eq})" in where, f"eq. ({eq}) is not reproduced"
    for part in ("Table 1", "Thm 1", "Thm 2", "§4", "§5"):
        assert part in where


@pytest.mark.parametrize("cid", [c.id for c in PAPER1])
def test_paper1_claim_passes(cid):
    (r,) = [x for x in run_claims(cid) if x.claim.id == cid]
    assert r.error is None, r.error
    assert r.passed, f"paper {r.paper_value} != ours {r.our_value}"


def test_reproduce_json_shape(capsys):
    code = main(["reproduce", "--json", "--only", "I.eq"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert {"claims", "passed", "total"} <= set(data)
    assert data["passed"] == data["total"] == len(data["claims"]) > 5
    for c in data["claims"]:
        assert {"id", "paper", "where", "description", "paper_value", "ours", "pass"} <= set(c)
        assert c["id"].startswith("I.eq") and c["pass"] is True
        assert isinstance(c["paper_value"], str) and isinstance(c["ours"], str)


def test_reproduce_table(capsys):
    assert main(["reproduce", "--only", "I.sec4"]) == 0
    out, _ = capsys.readouterr()
    assert "I.sec4.vB_1_20" in out and "pass" in out and "FAIL" not in out


def test_no_claim_matches(capsys):
    assert main(["reproduce", "--only", "I.nonexistent"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error:")


def test_wrong_paper_values_are_caught(monkeypatch):
    """The comparisons are not vacuous: a perturbed paper value fails."""
    monkeypatch.setattr(paper1, "V_P", paper_data.V_P + F(1, 13**6))
    monkeypatch.setattr(paper1, "ALPHA_0", "(1159 - sqrt(974843))/1220")
    monkeypatch.setattr(paper1, "PAPER_KEPT8", [2, 6, 20, 21, 22, 23, 29])
    monkeypatch.setattr(paper1, "PAPER_EXCEPTIONS_10", paper_data.PAPER_EXCEPTIONS_10[:3] + ["7/35"])
    results = {r.claim.id: r for r in run_claims("I.")}
    for cid in ("I.eq6.vP", "I.alpha0", "I.alpha0.safety", "I.thm2.2x8", "I.eq10"):
        assert not results[cid].passed, cid
    assert results["I.sec2.p2"].passed  # the others are untouched
