"""Why the *dominance* route to Model B3's uniqueness for every d fails (docs/model-b3-uniqueness.md,
issue #27) — documented facts. (Uniqueness for every d is proved at α = 0, 1/20, 1/10 by another
route, the symbolic enumeration of games.baccara.analysis.b3_all_d_unique; tests/baccara/
test_b3_all_d_unique.py.)

The dominance route of :func:`games.baccara.analysis.b3_all_d.prove_b3_unique` stops because, with
Banker's 456 uniformly forced sets, Player's worst-case gain at (0,5), (2,3), (6,9), (7,8) has the
wrong sign for every large d (exact eventual signs), not merely non-uniformly; the rows-19/27
theorem itself holds. And the d → ∞ limit, Model A3, has a continuum of equilibria.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamekit.exact import eventual_sign
from games.baccara.analysis.b3_all_d import (
    PLAYER_MOVES,
    _b3_polys,
    _forced_all_rows,
    player_gains,
    prove_b3_unique,
)


def _worst_case(c: str, move: int, forced: dict[str, int], d0: int):
    from gamekit.exact import integer_sign

    labels = _b3_polys()[0]
    f0, h = player_gains()[c]
    ext = f0
    for m, lab in enumerate(labels):
        if lab in forced:
            ext = ext + h[m] if forced[lab] else ext
            continue
        s = integer_sign(h[m], d0)
        assert s.holds   # every free weight has a constant sign for d >= d0
        if (s.sign < 0) == bool(move):
            ext = ext + h[m]
    return ext


def test_dominance_fails_at_the_four_moves_for_every_large_d():
    pr = prove_b3_unique(13)
    assert len(pr.forced) == 456
    assert sorted(f.split()[3] for f in pr.failures) == ["05", "23", "69", "78"]
    assert pr.pair.unique                      # the rows-19/27 step is not what fails
    for c, move in PLAYER_MOVES.items():
        if move is None:
            continue
        sign, threshold = eventual_sign(_worst_case(c, move, pr.forced, 13), 13)
        assert sign == (-1 if move else 1) and threshold == 13   # wrong for every d >= 13


@pytest.mark.slow
def test_the_limit_game_is_degenerate():
    from games.baccara.analysis.equilibria import solve_model

    sol = solve_model("A3", alpha=F(1, 20))
    assert not sol.unique and len(sol.equilibria) > 1


def test_forced_sets_leave_twenty_eight():
    assert len(_b3_polys()[0]) - len(_forced_all_rows(13)) == 28
