"""Claims of paper II §4 recomputed by the Model B3 sweep (games.baccara.reproduce.paper2_b3_sweep).

The sweep claims need the B3 records for d = 1…13 (a few minutes of CPU the first time; cached
afterwards), so they are marked slow; Figure 2 is quick."""

from __future__ import annotations

import pytest

from games.baccara.reproduce import run_claims


def _check(prefix: str) -> None:
    results = run_claims(prefix)
    assert results, prefix
    for r in results:
        assert r.passed, (r.claim.id, r.paper_value, r.our_value, r.error)


def test_figure2_seven_curves_six_intersections():
    _check("II.B3.figure2")


@pytest.mark.slow
@pytest.mark.parametrize("prefix", [
    "II.B3.sweep.table7", "II.B3.sweep.betas", "II.B3.sweep.theorem2", "II.B3.sweep.player",
    "II.B3.sweep.unique", "II.B3.sweep.lemma1", "II.B3.sweep.refinements",
])
def test_sweep_claims(prefix):
    _check(prefix)
