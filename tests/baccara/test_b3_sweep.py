"""Model B3 for every α (games.baccara.analysis.b3_sweep): the whole-interval certificates
against the per-point exact enumeration of the full 2⁵ × 2⁴⁸⁴ game at random rational α,
and the paper's Table 7 / Theorem 2 facts for a few d. Slow (≈ 20 s of CPU per d)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction as F

import pytest

from gamekit.exact.algebraic import compare_numbers
from games.baccara.analysis.b3_sweep import b3_affine_game, b3_solve, table7_string
from games.baccara.analysis.b3_uniqueness import b3_game, certify

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=[1, 2, 6])
def solved(request):
    return request.param, b3_solve(request.param)


def test_affine_family_is_the_model(solved):
    d, _ = solved
    g = b3_affine_game(d, check=True)
    a = F(3, 70)
    assert (g.at(a).I, g.at(a).II) == (b3_game(d, a).I, b3_game(d, a).II)


def test_cells_agree_with_certify_at_random_alpha(solved):
    d, sol = solved
    rng = random.Random(d)
    for seg in sol.segments():
        assert seg.unique
        (e,) = seg.equilibria
        for _ in range(2):
            lo, hi = seg.lo, seg.hi
            # a random rational strictly inside the segment
            while True:
                a = F(rng.randint(1, 9999), 100000)
                if compare_numbers(lo, a) < 0 < compare_numbers(hi, a):
                    break
            c = certify(d, a, reference=False)
            assert c.unique
            (x, ymixed, _), = c.equilibria
            assert tuple(x.values()) == e.x_at(a)
            G = sol.game.G0
            assert ymixed == {G.col_sets[l]: v for l, v in enumerate(e.y) if 0 < v < 1}


def test_exceptional_points_are_the_papers(solved):
    d, sol = solved
    counts = {1: 1, 2: 2, 6: 1}
    exc = sol.exceptional()
    assert len(exc) == counts[d]
    for p in exc:
        assert not p.unique and len(p.equilibria) == 2


def test_table7_strings_d6(solved):
    d, sol = solved
    if d != 6:
        pytest.skip("d = 6 only")
    G = sol.game.G0
    got = [table7_string(G.col_sets, s.equilibria[0].y) for s in sol.segments()]
    assert got == ["SSSSS-SSSSSS-DSSDD-MSSSSD-DDDDDD", "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD"]


def test_cli_sweep_b3_json(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "games.baccara.cli.main", "sweep", "--model", "B3", "--decks", "3",
         "--json", "--cache-dir", str(tmp_path)], capture_output=True, text=True, check=True)
    (rec,) = json.loads(out.stdout)
    assert rec["model"] == "B3" and rec["decks"] == 3 and rec["nonunique_points"] == 0
    (seg,) = rec["segments"]
    assert seg["certified"] == "interval" and seg["unique"]
    assert seg["banker_moves"] == "SSSSS-SSSSSS-DSSDD-MSSSSD-DDDSDD"  # Table 7, d = 3
    assert seg["player"]["23"] == "0" and "alpha" in seg["player"]["14"]
    assert rec["points"] == []
    again = subprocess.run(
        [sys.executable, "-m", "games.baccara.cli.main", "sweep", "--model", "B3", "--decks", "3",
         "--json", "--cache-dir", str(tmp_path)], capture_output=True, text=True, check=True)
    assert json.loads(again.stdout) == [rec]  # from the cache
