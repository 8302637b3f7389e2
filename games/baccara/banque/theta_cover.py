"""Cover (0, 1) by exact θ-segments: solve at a rational point of every uncovered gap.

``cover(piece_at)`` keeps a list of uncovered open gaps, starting with (0, 1). For a gap
(a, b) it takes a rational θ₀ strictly inside, asks ``piece_at(θ₀)`` for the segment
(lo, hi) ∋ θ₀ on which the structure found at θ₀ persists (exact ends), and replaces the
gap by (a, lo) and (hi, b) where those are non-empty. It stops when the segments tile
(0, 1) up to their common endpoints — the breakpoints — compared exactly. A θ₀ that turns
out to be degenerate (``Degenerate``) is replaced by another rational of the same gap.
Overlapping segments (a Nash branch born inside another segment: several equilibria
coexist there) are cut at each other's ends and the overlap is solved again
(:func:`_resolve_overlaps`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from gamekit.exact import compare_numbers, rational_inside

__all__ = ["cover"]


def _bounds(x) -> tuple[Fraction, Fraction]:
    """Rational lo ≤ x ≤ hi, close (x a Fraction, quadratic surd or real algebraic)."""
    from gamekit.exact import QuadraticSurd, RealAlgebraic, rational_bounds

    if isinstance(x, RealAlgebraic):
        return x.bounds(Fraction(1, 1 << 80))
    if isinstance(x, QuadraticSurd):
        return rational_bounds(x, 80)
    return Fraction(x), Fraction(x)


def _pick(a, b, attempt: int) -> Fraction:
    """A rational with a small denominator inside (a, b): the simplest in the middle half
    (then, for a retry, in other parts of the gap)."""
    from gamekit.exact import simplest_in_closed

    lo, hi = _bounds(a)[1], _bounds(b)[0]
    if not lo < hi:
        return rational_inside(a, b)
    w = (hi - lo) / 8
    k = (3, 1, 5, 2, 4, 0)[attempt % 6]
    return simplest_in_closed(lo + w * k, lo + w * (k + 2))


def cover(piece_at: Callable[[Fraction], object], degenerate: type[Exception],
          lo: Fraction = Fraction(0), hi: Fraction = Fraction(1), *, progress: bool = False,
          label: str = "theta segments", max_pieces: int = 2000, resolve_overlaps: bool = True) -> list:
    """Segments (objects with ``lo``/``hi``) tiling (lo, hi), sorted (module docstring)."""
    gaps = [(lo, hi)]
    pieces: list = []
    bar = task = None
    if progress:
        from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

        from gamekit.io import stderr_progress

        bar = stderr_progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[done]}"),
                              TimeElapsedColumn(), transient=True)
        bar.start()
        task = bar.add_task(label, total=float(hi - lo), done="")
    try:
        while gaps:
            a, b = gaps.pop()
            for attempt in range(8):
                try:
                    piece = piece_at(_pick(a, b, attempt))
                    break
                except degenerate:
                    continue
            else:
                raise RuntimeError(f"internal error: no generic theta found in ({a}, {b})")
            pieces.append(piece)
            if len(pieces) > max_pieces:
                raise RuntimeError("internal error: too many theta segments")
            if compare_numbers(a, piece.lo) < 0:
                gaps.append((a, piece.lo))
            if compare_numbers(piece.hi, b) < 0:
                gaps.append((piece.hi, b))
            if bar is not None:
                covered = float(hi - lo) - sum(float(y) - float(x) for x, y in gaps)
                bar.update(task, completed=covered, done=f"{len(pieces)} segments")
    finally:
        if bar is not None:
            bar.stop()
    pieces.sort(key=lambda p: float(p.lo))
    if resolve_overlaps:
        pieces = _resolve_overlaps(pieces, piece_at, degenerate, max_pieces)
    return pieces


def _part(pc, lo, hi, why_lo=None, why_hi=None):
    """A copy of segment ``pc`` restricted to (lo, hi) (same formulas)."""
    import copy

    out = copy.copy(pc)
    out.lo, out.hi = lo, hi
    out.ends_by = [list(why_lo if why_lo is not None else pc.ends_by[0]),
                   list(why_hi if why_hi is not None else pc.ends_by[1])]
    if hasattr(pc, "cut"):   # an end stays a cut of the chunked sweep only if it did not move
        out.cut = (pc.cut[0] and compare_numbers(lo, pc.lo) == 0, pc.cut[1] and compare_numbers(hi, pc.hi) == 0)
    return out


def _clip_end(pc, side: int, at, owner) -> None:
    """Clip segment ``pc``'s end ``side`` (0: lo, 1: hi) at ``at`` where it runs beyond: the end
    is then ``owner``'s (the segment whose end ``at`` is) — its reason, and its mark as a cut of
    the chunked sweep (so a repaired segment ending at a chunk's cut stays marked as one)."""
    end = pc.lo if side == 0 else pc.hi
    if compare_numbers(end, at) * (1 if side else -1) <= 0:
        return
    if side == 0:
        pc.lo = at
    else:
        pc.hi = at
    pc.ends_by = [list(e) for e in pc.ends_by]
    pc.ends_by[side] = list(owner.ends_by[side])
    if hasattr(owner, "cut") or hasattr(pc, "cut"):
        cut = list(getattr(pc, "cut", (False, False)))
        cut[side] = bool(getattr(owner, "cut", (False, False))[side]) and compare_numbers(
            at, owner.lo if side == 0 else owner.hi) == 0
        pc.cut = tuple(cut)


def _resolve_overlaps(pieces: list, piece_at, degenerate, max_pieces: int) -> list:
    """Two segments overlap when an equilibrium branch certified on one of them also lives
    on part of the other (several equilibria coexist there, e.g. a fold), so the other's
    sample did not see it. The overlap O is cut out of both segments and solved again
    (complete enumeration at samples inside O); repeat until the segments tile."""
    while True:
        pieces.sort(key=lambda p: (float(p.lo), float(p.hi)))
        k = next((i for i in range(len(pieces) - 1) if compare_numbers(pieces[i].hi, pieces[i + 1].lo) > 0), None)
        if k is None:
            return pieces
        a, b = pieces[k], pieces[k + 1]
        lo = b.lo
        hi = a.hi if compare_numbers(a.hi, b.hi) < 0 else b.hi
        note = ["several equilibrium branches coexist beyond this point"]
        kept = []
        for pc in (a, b):
            if compare_numbers(pc.lo, lo) < 0:
                kept.append(_part(pc, pc.lo, lo, why_hi=note))
            if compare_numbers(pc.hi, hi) > 0:
                kept.append(_part(pc, hi, pc.hi, why_lo=note))
        extra = cover(piece_at, degenerate, lo, hi, max_pieces=max_pieces, resolve_overlaps=False)
        owner = a if compare_numbers(a.hi, b.hi) < 0 else b
        for pc in extra:   # pieces found inside may reach beyond the overlap: clip them
            _clip_end(pc, 0, lo, b)
            _clip_end(pc, 1, hi, owner)
        pieces[k:k + 2] = kept + extra
        if len(pieces) > max_pieces:
            raise RuntimeError("internal error: too many theta segments")
