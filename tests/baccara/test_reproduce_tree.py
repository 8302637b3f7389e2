"""New checks of games.baccara.reproduce.tree / tree_long: every model solved as a game tree
(sequence-form Lemke) gives the additive solver's equilibrium exactly. Models A1 and B1 are
quick; Models 2 and 3 (≈ 1,000 pivots per tree, 2–6 trees per model) are marked slow."""

from __future__ import annotations

import pytest

from games.baccara.reproduce import run_claims


def _check(prefix: str) -> None:
    results = run_claims(prefix)
    assert results, prefix
    for r in results:
        assert r.passed, (r.claim.id, r.paper_value, r.our_value, r.error)


@pytest.mark.parametrize("model", ["A1", "B1"])
def test_quick_models_agree(model):
    _check(f"tree.{model}")


@pytest.mark.slow
@pytest.mark.parametrize("model", ["A2", "A3", "B2", "B3"])
def test_models_2_and_3_agree(model):
    _check(f"tree.{model}")
