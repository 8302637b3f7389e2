"""Combine the Nash sweep's segments with the box proof: "segments + proof ⇒ complete".

:func:`prove_cover` runs :func:`nash_proof.prove_piece` on every segment of a Nash cover.
When a segment is not proved, the failing box's θ-range is *probed*: the complete
enumeration (:func:`nash.banque_nash`) is run at a rational θ* there and compared with the
segment's tracked equilibria at θ*. If it finds more extreme equilibria, the segment had
missed a branch: the segment through θ* is added, the overlap is cut and solved again
(:func:`theta_cover._resolve_overlaps`, the same repair as for overlapping segments), and
the new segments are proved in turn. Each segment gets ``pc.proof`` (a
:class:`nash_proof.SegmentProof`, with ``probe`` notes).

**Folds** (``fold_margin``). At a breakpoint where the number of tracked equilibria changes
(branches are born or die there) the types of the branches' meeting point nearly hold on
both sides, and boxes must shrink like the distance to it: the proof with a margin of
10⁻⁶ of the length did not finish in 15 CPU-min below θ_f ≈ 0.0924720. With
``fold_margin`` m both segments' ends there get the margin m·(hi − lo) instead; the gap it leaves is
closed by the breakpoint's p-only proof with both neighbours' anchors
(:mod:`nash_breakpoint`), which explains the new branches' types by their continued
anchors. The margins used are in the proof record (its ``theta_from``/``theta_to``).
**Caution**: a branch the sweep missed inside a wide margin is not seen by the segment's
proof (θ_g ≈ 0.0941281 in (3/40, 1/10), docs/banque.md); the breakpoint proof then fails.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.exact import compare_numbers
from games.baccara.banque.nash_proof import SegmentProof, proof_record, prove_piece

__all__ = ["prove_cover", "probe", "segment_proof_record", "reflect_proof"]


def _theta_in(pr: SegmentProof) -> Fraction:
    from gamekit.exact import simplest_between

    if pr.witness is not None:        # an exact solution of the failing type (nash_arc)
        return pr.witness[0]
    lo, hi = pr.failed_box.t
    return simplest_between(lo, hi) if lo < hi else lo


def probe(pc, pr: SegmentProof) -> dict:
    """Solve at a rational θ* inside the failing box; compare with the tracked equilibria."""
    from games.baccara.banque.nash import banque_nash

    t = _theta_in(pr)
    if not compare_numbers(pc.lo, t) < 0 < compare_numbers(pc.hi, t):
        return {"theta": str(t), "missed": 0, "note": "probe point outside the segment"}
    res = banque_nash(t, getattr(pc, "decks", None))
    extra = len(res.equilibria) - len(pc.tracked)
    out = {"theta": str(t), "found": len(res.equilibria), "tracked": len(pc.tracked), "missed": max(extra, 0)}
    if extra > 0:
        out["equilibria"] = [{"player1": str(e.p1), "player2": str(e.p2)} for e in res.equilibria]
    return out


def _end_margins(pc, before: list, after: list, margin: Fraction, fold_margin: Fraction | None) -> tuple | None:
    """(lower, upper) margins: ``fold_margin`` at an end where the neighbour has another number
    of tracked equilibria (module docstring), else None (``margin`` at both ends)."""
    if fold_margin is None:
        return None
    n = len(pc.tracked)
    lo_more = bool(before) and compare_numbers(before[-1].hi, pc.lo) == 0 and len(before[-1].tracked) != n
    hi_more = bool(after) and compare_numbers(after[0].lo, pc.hi) == 0 and len(after[0].tracked) != n
    if not (lo_more or hi_more):
        return None
    return (fold_margin if lo_more else margin, fold_margin if hi_more else margin)


def prove_cover(pieces: list, *, margin: Fraction = Fraction(1, 10 ** 6), progress: bool = False,
                max_repairs: int = 20, fold_margin: Fraction | None = None) -> list:
    """Prove every segment (module docstring); returns the (possibly repaired) segments.
    ``fold_margin``: the margin at an end next to a segment with another number of
    equilibria (module docstring); None: ``margin`` everywhere."""
    from functools import partial

    from games.baccara.banque.theta_cover import _resolve_overlaps
    from games.baccara.banque.theta_nash import Degenerate, merge, nash_piece

    out: list = []
    queue = list(pieces)
    repairs = 0
    bar, task = _bar(progress, len(queue))
    try:
        while queue:
            pc = queue.pop(0)
            pr = prove_piece(pc, margin, margins=_end_margins(pc, out, queue, margin, fold_margin))
            pc.proof = pr
            if not pr.proved and pr.failed_box is not None and repairs < max_repairs:
                pr.probe = probe(pc, pr)
                if pr.probe.get("missed"):
                    repairs += 1
                    t = Fraction(pr.probe["theta"])
                    at = partial(nash_piece, decks=getattr(pc, "decks", None))
                    fixed = _resolve_overlaps([pc, _clip(at(t), pc)], at, Degenerate, 2000)
                    for q in fixed:
                        q.__dict__.pop("proof", None)
                    queue = merge(sorted(fixed, key=lambda q: float(q.lo))) + queue
                    continue
            out.append(pc)
            if bar is not None:
                bar.update(task, advance=1, done=f"{len(out)} proved or checked")
    finally:
        if bar is not None:
            bar.stop()
    out.sort(key=lambda q: float(q.lo))
    return out


def _clip(new, pc):
    """Restrict a new segment to the repaired segment's range (its neighbours stay as they are)."""
    cut, pcut = list(getattr(new, "cut", (False, False))), getattr(pc, "cut", (False, False))
    if compare_numbers(new.lo, pc.lo) < 0:
        new.lo, new.ends_by[0], cut[0] = pc.lo, list(pc.ends_by[0]), pcut[0]
    if compare_numbers(new.hi, pc.hi) > 0:
        new.hi, new.ends_by[1], cut[1] = pc.hi, list(pc.ends_by[1]), pcut[1]
    new.cut = tuple(cut)
    return new


def _bar(progress: bool, n: int):
    if not progress:
        return None, None
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn

    from gamekit.io import stderr_progress

    bar = stderr_progress(TextColumn("banque Nash proof"), BarColumn(), TextColumn("{task.fields[done]}"),
                          TimeElapsedColumn(), transient=True)
    bar.start()
    return bar, bar.add_task("proof", total=n, done="")


def segment_proof_record(pc) -> dict | None:
    """The ``proof`` field of a segment record (mirrored segments: the original's proof,
    reflected — the θ ↔ 1 − θ symmetry is exact)."""
    src = pc.mirror_of if getattr(pc, "mirror_of", None) is not None else pc
    pr = getattr(src, "proof", None)
    if pr is None:
        return None
    rec = proof_record(pr)
    if src is not pc:
        rec = reflect_proof(rec)
    if getattr(pr, "probe", None):
        rec["probe"] = pr.probe
    return rec


def reflect_proof(rec: dict) -> dict:
    """The proof record of a segment's mirror image (θ ↔ 1 − θ; the symmetry is exact).

    Parameters
    ----------
    rec : dict
        A segment's ``proof`` record.

    Returns
    -------
    dict
        The same record on [1 − c, 1 − a], marked ``"mirror": true``.

    Examples
    --------
    >>> r = reflect_proof({"proved": True, "theta_from_exact": "1/10", "theta_to_exact": "1/8"})
    >>> r["theta_from_exact"], r["theta_to_exact"], r["theta_from"], r["mirror"]
    ('7/8', '9/10', '0.875', True)
    """
    from gamekit.exact import number_decimal

    a, c = Fraction(rec["theta_from_exact"]), Fraction(rec["theta_to_exact"])
    out = dict(rec)
    out.update({"theta_from": number_decimal(1 - c, 9), "theta_to": number_decimal(1 - a, 9),
                "theta_from_exact": str(1 - c), "theta_to_exact": str(1 - a), "mirror": True})
    return out
