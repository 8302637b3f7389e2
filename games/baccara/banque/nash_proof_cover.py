"""Combine the Nash sweep's segments with the box proof: "segments + proof ⇒ complete".

:func:`prove_cover` runs :func:`nash_proof.prove_piece` on every segment of a Nash cover.
When a segment is not proved, the failing box's θ-range is *probed*: the complete
enumeration (:func:`nash.banque_nash`) is run at a rational θ* there and compared with the
segment's tracked equilibria at θ*. If it finds more extreme equilibria, the segment had
missed a branch: the segment through θ* is added, the overlap is cut and solved again
(:func:`theta_cover._resolve_overlaps`, the same repair as for overlapping segments), and
the new segments are proved in turn. Each segment gets ``pc.proof`` (a
:class:`nash_proof.SegmentProof`, with ``probe`` notes).

**Folds** (``fold_margin``; the policy is :func:`prove_segment`). At a breakpoint where the
number of tracked equilibria changes (branches are born or die there) the types of the
branches' meeting point nearly hold on both sides, and boxes must shrink like the distance
to it: the proof with a margin of 10⁻⁶ of the length did not finish in 15 CPU-min below
θ_f ≈ 0.0924720. With ``fold_margin`` m a segment with such an end (a *fold end*) is first
proved with the ordinary margin and a smaller box budget (``fold_budget``); only if that
fails **without a witness** are its fold ends given the margin m·(hi − lo), and only after
the wide margins are *probed*: the complete enumeration ``banque_nash(θ)`` at 3 rational θ
in each wide margin, at 1/2, 1/8 and 1/32 of it from the end. A count that differs from the
segment's tracked count is treated as a failed proof with that probe (the repair below
adds the segment through θ). The gap a wide margin leaves is closed by the breakpoint's
p-only proof with both neighbours' anchors (:mod:`nash_breakpoint`), which explains the new
branches' types by their continued anchors: **soundness rests on that gap proof; the probes
make the sweep complete** in practice (a branch the sweep missed inside a wide margin, as
θ_g ≈ 0.0941281 inside (0.0939539, 0.0986936) before the probes, is not seen by the
segment's proof; docs/banque.md). The margins used are in the proof record (its
``theta_from``/``theta_to``), the probes in its ``fold_probes``.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.exact import compare_numbers
from games.baccara.banque.nash_proof import SegmentProof, proof_record, prove_piece

__all__ = ["prove_cover", "prove_segment", "probe", "probe_margins", "segment_proof_record", "reflect_proof"]


def _theta_in(pr: SegmentProof) -> Fraction:
    from gamekit.exact import simplest_between

    if pr.witness is not None:        # an exact solution of the failing type (nash_arc)
        return pr.witness[0]
    assert pr.failed_box is not None
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


_PROBE_AT = (Fraction(1, 2), Fraction(1, 8), Fraction(1, 32))   # of a wide margin, from the end


def probe_margins(pc, margins: tuple[Fraction, Fraction], ends: tuple[bool, bool]) -> list[dict]:
    """Complete enumerations at rational θ inside a segment's wide end margins.

    Parameters
    ----------
    pc : Nash segment
        Its ``lo``, ``hi``, ``tracked`` (and ``decks``).
    margins : (Fraction, Fraction)
        The lower and upper end's margins, fractions of the segment's length.
    ends : (bool, bool)
        Which ends to probe.

    Returns
    -------
    list of dict
        Per θ: ``theta``, ``found`` (extreme equilibria of :func:`nash.banque_nash`) and
        ``tracked``; the probing stops at the first θ where they differ (that record last).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> pc = SimpleNamespace(lo=Fraction(1, 4), hi=Fraction(3, 4), tracked=[None] * 5)
    >>> probe_margins(pc, (Fraction(0), Fraction(0)), (False, False))
    []
    """
    from gamekit.exact import simplest_between
    from games.baccara.banque.nash import banque_nash
    from games.baccara.banque.theta_cover import _bounds

    l_hi, h_lo = _bounds(pc.lo)[1], _bounds(pc.hi)[0]
    w = h_lo - l_hi
    out: list[dict] = []
    for side in (0, 1):
        if not ends[side]:
            continue
        for f in _PROBE_AT:
            d = w * margins[side] * f
            x = l_hi + d if side == 0 else h_lo - d
            t = simplest_between(x - d / 16, x + d / 16)
            res = banque_nash(t, getattr(pc, "decks", None))
            out.append({"theta": str(t), "found": len(res.equilibria), "tracked": len(pc.tracked)})
            if len(res.equilibria) != len(pc.tracked):
                return out
    return out


def prove_segment(pc, before: list, after: list, *, margin: Fraction = Fraction(1, 10 ** 6),
                  fold_margin: Fraction | None = None, fold_budget: int = 5_000,
                  max_boxes: int = 200_000) -> SegmentProof:
    """The margin policy of :func:`prove_cover` for one segment (module docstring, **Folds**).

    Without a fold end (or ``fold_margin`` None): the proof on [lo + ε, hi − ε], ε =
    ``margin``·(hi − lo). With a fold end: that proof with ``fold_budget`` boxes; if it
    fails without a witness, the fold ends get ``fold_margin`` after :func:`probe_margins`
    found the tracked count at every probe; else the failed proof is returned with the
    differing probe as its ``probe`` (``missed`` > 0: the caller repairs the segment).

    Parameters
    ----------
    pc : Nash segment
    before, after : list
        The segments proved before it and those still queued (its neighbours, if adjacent).
    margin, fold_margin : Fraction
        The ordinary margin and the wide one at fold ends (fractions of the length).
    fold_budget, max_boxes : int
        The box budgets of the first (ordinary-margin) proof of a segment with a fold end and
        of every other proof.

    Returns
    -------
    SegmentProof
        With ``fold_probes`` set when wide margins were probed.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> pc = SimpleNamespace(lo=Fraction(1, 4), hi=Fraction(3, 4), tracked=[None])
    >>> _fold_ends(pc, [], [], Fraction(1, 10))
    (False, False)
    """
    ends = _fold_ends(pc, before, after, fold_margin)
    if not any(ends) or fold_margin is None:
        return prove_piece(pc, margin, max_boxes=max_boxes)
    pr = prove_piece(pc, margin, max_boxes=fold_budget)
    if pr.proved or pr.witness is not None or pr.failed_box is None:
        return pr
    margins = (fold_margin if ends[0] else margin, fold_margin if ends[1] else margin)
    probes = probe_margins(pc, margins, ends)
    if probes and probes[-1]["found"] != probes[-1]["tracked"]:
        last = probes[-1]
        pr.probe = {"theta": last["theta"], "found": last["found"], "tracked": last["tracked"],
                    "missed": max(last["found"] - last["tracked"], 0), "note": "a wide fold margin probed"}
        pr.fold_probes = probes
        return pr
    wide = prove_piece(pc, margin, margins=margins, max_boxes=max_boxes)
    wide.fold_probes = probes
    return wide


def _fold_ends(pc, before: list, after: list, fold_margin: Fraction | None) -> tuple[bool, bool]:
    """Which ends of pc touch a neighbour with another number of tracked equilibria."""
    if fold_margin is None:
        return False, False
    n = len(pc.tracked)
    lo_more = bool(before) and compare_numbers(before[-1].hi, pc.lo) == 0 and len(before[-1].tracked) != n
    hi_more = bool(after) and compare_numbers(after[0].lo, pc.hi) == 0 and len(after[0].tracked) != n
    return lo_more, hi_more


def prove_cover(pieces: list, *, margin: Fraction = Fraction(1, 10 ** 6), progress: bool = False,
                max_repairs: int = 20, fold_margin: Fraction | None = None, fold_budget: int = 5_000) -> list:
    """Prove every segment (module docstring); returns the (possibly repaired) segments.
    ``fold_margin``, ``fold_budget``: the margin at a fold end, and the policy that decides
    when it is used (:func:`prove_segment`); None: ``margin`` everywhere."""
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
            pr = prove_segment(pc, out, queue, margin=margin, fold_margin=fold_margin, fold_budget=fold_budget)
            pc.proof = pr
            if not pr.proved and (pr.failed_box is not None or pr.probe) and repairs < max_repairs:
                if pr.probe is None:
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
