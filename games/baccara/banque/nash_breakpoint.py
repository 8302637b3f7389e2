"""The Nash proof across a breakpoint: the ε-margins on both sides of θ_b and θ_b itself.

Let θ_b be the common end of two adjacent Nash segments L = (l, θ_b) and R = (θ_b, r), and
[a_L, c_L], [a_R, c_R] the ranges their own proofs cover (:func:`nash_proof.inner_range`).
:func:`prove_breakpoint` runs the box proof (:func:`nash_proof.prove_range`) on
[c_L, a_R] ∋ θ_b with the anchors of **both** segments — each tracked branch's formula
continued across θ_b (its enclosure is checked on each box's θ-range; where the formula is
not real, e.g. a branch born at a fold, that anchor is simply not used there) — in the
*p-only* mode: a type whose equalities determine p as an anchor's do is explained by
p = b(θ), whatever Banker's part.

**Statement (when proved).** For every θ ∈ [c_L, a_R], every extreme Nash equilibrium
(p, y) at θ has p = p_b(θ) for a tracked branch b of L or of R (continued). At θ_b itself
the equilibrium p's are then exactly the limits p_b(θ_b) of the branches of both sides:
each is an equilibrium p (the graph of the Nash correspondence is closed), and there is no
other. Banker's replies at θ_b — a polytope that may be larger than on either side, since
the breakpoint's inequality vanishes there — are not enumerated (that needs exact linear
programming over ℚ(θ_b)).
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.exact import compare_numbers
from games.baccara.banque.nash_anchor import anchors_of
from games.baccara.banque.nash_events import forms
from games.baccara.banque.nash_proof import SegmentProof, inner_range, prove_range

__all__ = ["prove_breakpoint"]


def prove_breakpoint(left, right, margin: Fraction = Fraction(1, 10 ** 6), *, gap: tuple | None = None,
                     max_boxes: int = 200_000, min_width: float = 1e-12) -> SegmentProof:
    """The p-only box proof on [c_L, a_R] around the common end of two adjacent segments.

    Parameters
    ----------
    left, right : theta_nash.NashPiece
        Adjacent segments (``left.hi`` is ``right.lo``).
    margin : Fraction
        The segments' own proofs' margin (so that [c_L, a_R] closes the gap between them).
    gap : (Fraction, Fraction), optional
        [c_L, a_R] given directly (the ends the two segments' recorded proofs cover).
    max_boxes, min_width
        As for :func:`nash_proof.prove_range`.

    Returns
    -------
    SegmentProof
        ``proved`` covers [c_L, a_R] for the p-part (module docstring).
    """
    fm = forms()
    if gap is None:
        c_left = inner_range(left.lo, left.hi, margin)[1]
        a_right = inner_range(right.lo, right.hi, margin)[0]
    else:
        c_left, a_right = gap
    if not compare_numbers(c_left, left.hi) < 0 < compare_numbers(a_right, left.hi):
        raise ValueError("the gap does not contain the breakpoint")
    anchors = anchors_of(fm, left) + anchors_of(fm, right)
    return prove_range(fm, c_left, a_right, anchors, p_only=True, max_boxes=max_boxes, min_width=min_width)
