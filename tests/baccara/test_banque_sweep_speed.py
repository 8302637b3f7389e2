"""The faster exact Player sums of the banque Nash proof (issue #27, item 3) change nothing.

* ``BanqueForms.player_exact`` (integer sums over a common denominator, memoized) equals the
  one-by-one sum of the forms — exact coefficients, float coefficients and rounding bounds
  alike — on random sets of Banker moves (the old implementation is the oracle here).
* Cached 3-deck Nash segments (the sweep cache, read only; skipped when it is absent) are
  solved again at their sample θ and proved again: same ends, same formulas, same values at
  the sample, and the proof reaches the same outcome on the same range.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pytest

from games.baccara.banque.nash_events import ML, BanqueForms, forms


def _one_by_one(fm: BanqueForms, i: int, ones: list[int]) -> ML:
    out = fm.c[i]
    for l in ones:
        out = out + fm.d[i][l]
    return out


@pytest.mark.parametrize("decks", [None, 3])
def test_player_exact_equals_one_by_one_sum(decks):
    fm = forms(decks)
    rng = random.Random(27)
    n = len(fm.labels)
    for _ in range(8):
        ones = sorted(rng.sample(range(n), rng.randrange(n + 1)))
        for i in (0, 1):
            want, got = _one_by_one(fm, i, ones), fm.player_exact(i, ones)
            assert got.ex == want.ex
            assert np.array_equal(got.c, want.c) and np.array_equal(got.a, want.a)
            assert fm.player_exact(i, ones) is got          # memoized


def _cached_chunk(key: str) -> dict:
    from games.baccara.banque.theta_chunks import ChunkCache

    path = ChunkCache().dir / f"{key}.json"
    if not path.is_file():
        pytest.skip(f"sweep cache entry {key} absent")
    return json.loads(path.read_text())["record"]


# 3 decks, chunk (1/40, 1/20): three short interior segments (not cut by the chunk grid)
_SEGMENTS = [("nash-d3-1_40-1_20-lhmp", "6/169"), ("nash-d3-1_40-1_20-lhmp", "1/25"),
             ("nash-d3-1_40-1_20-lhmp", "1/24")]


@pytest.mark.parametrize(("key", "sample"), _SEGMENTS)
def test_cached_shoe_segment_is_solved_and_proved_again(key, sample):
    from games.baccara.banque.nash_proof import prove_piece
    from games.baccara.banque.theta_nash import nash_piece
    from games.baccara.banque.theta_sweep import records

    rec = next(s for s in _cached_chunk(key)["segments"] if s["sample"] == sample)
    assert rec["cut"] == [False, False]
    pc = nash_piece(Fraction(sample), 3)
    pc.proof = prove_piece(pc)
    got = records("nash", [pc], Fraction(0), Fraction(1), decks=3)["segments"][0]
    for k in ("from_exact", "to_exact", "equilibria", "ends_by"):
        assert got[k] == rec[k], k
    for k in ("proved", "theta_from_exact", "theta_to_exact"):
        assert got["proof"][k] == rec["proof"][k], k


@pytest.mark.parametrize("decks", [None, 8])
def test_witness_g_signs_agree_with_exact_signs(decks):
    """The enclosure-decided signs of every g_l at a rational point (used by
    ``nash_arc.witness_profile`` before exact evaluation) are the exact signs."""
    from games.baccara.banque.nash_arc import _g_signs

    fm = forms(decks)
    rng = random.Random(11)
    points = [(Fraction(rng.randint(1, 999), 1000), Fraction(rng.randint(0, 97), 97), Fraction(rng.randint(0, 89), 89))
              for _ in range(6)] + [(Fraction(1, 3), Fraction(9, 11), Fraction(9, 11))]
    for th, p1, p2 in points:
        sg = _g_signs(fm, th, p1, p2)
        for l, g in enumerate(fm.g):
            c0, c1 = g.at_exact(p1, p2)
            v = c0 + c1 * th
            assert sg[l] in (0, (v > 0) - (v < 0))
