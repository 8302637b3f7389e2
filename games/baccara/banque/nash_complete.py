"""The rest of banque's Nash proof on a sweep: every breakpoint (gap, margins, the set at θ_b) and the ends.

A Nash sweep (:func:`theta_chunks.run_chunks`) proves each segment complete on its own proved
range [a, c] ⊂ (lo, hi) (:mod:`nash_proof`). What is left — and what :func:`complete_sweep`
proves on the sweep's record — is, for every interior breakpoint θ_b whose two neighbours are
proved (their tracked branches re-solved at the recorded samples, ``theta_nash.nash_piece``):

1. **the gap** [c_L, a_R] between the two proved ranges, Players' part
   (:func:`nash_breakpoint.prove_breakpoint`);
2. **Banker's part on both margins** [c_L, θ_b) and (θ_b, a_R] (:func:`nash_margin.prove_margins`);
3. **the equilibrium set at θ_b itself**, exactly, in θ_b's field
   (:func:`nash_breakpoint.breakpoint_equilibria`);

and, when the range reaches θ = 0 (or 1), **the end** (0, a] (or [c, 1)) of the first (last)
segment (:func:`nash_zero_end.prove_zero_end`; the end at 1 as the mirror image of the end at 0
of the game's exact symmetry θ ↔ 1 − θ, :mod:`theta_mirror`). A breakpoint θ_b > 1/2 whose mirror
image 1 − θ_b is a breakpoint of the same record is covered by that symmetry and refers to it.

When everything is proved the record's ``completeness.complete`` is true: every extreme Nash
equilibrium at every θ of the range's interior (θ = 0 and 1 themselves not claimed) is known
exactly — on the segments the tracked ones, at each breakpoint the computed set. The benchmarks
``bench_banque_nash_breakpoints.py`` and ``bench_banque_nash_margins.py`` run the same steps on
the recorded sweeps of docs/banque.md, resumably.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

__all__ = ["adjacent_pieces", "equilibrium_set_record", "prove_sweep_breakpoint", "prove_end", "complete_sweep"]


def adjacent_pieces(left, right, theta: str, theta_exact: str | None = None) -> tuple:
    """The two neighbours with the common end θ_b, clipped there (copies): a segment re-solved
    from its sample may run past the breakpoint where the sweep cut it (an overlap repair).

    Parameters
    ----------
    left, right : theta_nash.NashPiece
        The two neighbours, re-solved at their samples.
    theta : str
        The breakpoint as recorded (decimal, 7 digits).
    theta_exact : str, optional
        The breakpoint's exact text (:func:`gamekit.exact.number_str`); matched first.

    Returns
    -------
    (NashPiece, NashPiece)
        Copies with ``left.hi`` and ``right.lo`` the exact common end.

    Raises
    ------
    CertificationError
        No end of the two pieces is at the recorded breakpoint, or a piece does not reach it
        (the re-solved segments are not the recorded ones).

    Examples
    --------
    >>> from games.baccara.banque.theta_nash import nash_piece
    >>> left, right = adjacent_pieces(nash_piece(Fraction(5, 46)), nash_piece(Fraction(8, 73)), "0.1092511")
    >>> left.hi == right.lo, round(float(left.hi), 7)
    (True, 0.1092511)
    """
    import copy

    from gamekit.core import CertificationError
    from gamekit.exact import compare_numbers, number_str

    ends = (left.hi, right.lo)
    tb = next((x for x in ends if theta_exact is not None and number_str(x) == theta_exact), None)
    if tb is None:
        tb = next((x for x in ends if abs(float(x) - float(theta)) < 1e-7), None)
    if tb is None:
        raise CertificationError(f"the re-solved neighbours have no common end at {theta}")
    left, right = copy.copy(left), copy.copy(right)
    left.hi = right.lo = tb
    if compare_numbers(left.lo, tb) >= 0 or compare_numbers(tb, right.hi) >= 0:
        raise CertificationError(f"a re-solved neighbour does not reach the breakpoint {theta}")
    return left, right


def equilibrium_set_record(at: list | None, cpu: float) -> dict:
    """JSON record of the equilibrium set at θ_b (:func:`nash_breakpoint.breakpoint_equilibria`).

    Parameters
    ----------
    at : list of (p1, p2, [y, ...]) or None
        The set (None: not computed).
    cpu : float
        CPU seconds it took.

    Returns
    -------
    dict
        ``computed``, ``cpu_seconds`` and, when computed, ``points``, ``extreme_equilibria`` and
        per point ``p1``, ``p2`` (exact strings) and ``banker_vertices``.

    Examples
    --------
    >>> equilibrium_set_record([(Fraction(1, 3), Fraction(9, 11), [(0, 1)])], 0.5)["p"]
    [{'p1': '1/3', 'p2': '9/11', 'banker_vertices': 1}]
    >>> equilibrium_set_record(None, 0.1)
    {'computed': False, 'cpu_seconds': 0.1}
    """
    from gamekit.exact import number_str

    def num(x) -> str:
        try:
            return number_str(x)
        except (TypeError, ValueError, AttributeError):   # a quadratic extension of a quadratic or number field
            return str(x)

    if at is None:
        return {"computed": False, "cpu_seconds": round(cpu, 2)}
    return {"computed": True, "cpu_seconds": round(cpu, 2), "points": len(at),
            "extreme_equilibria": sum(len(ys) for _, _, ys in at),
            "p": [{"p1": num(p1), "p2": num(p2), "banker_vertices": len(ys)} for p1, p2, ys in at]}


def prove_sweep_breakpoint(seg_left: dict, seg_right: dict, theta: str, decks: int | None,
                           pieces: dict | None = None, theta_exact: str | None = None) -> dict:
    """Steps 1–3 of the module docstring at one breakpoint of a Nash sweep record.

    Parameters
    ----------
    seg_left, seg_right : dict
        The two neighbouring segment records (``sample`` and a proved ``proof`` with
        ``theta_to_exact`` / ``theta_from_exact``).
    theta : str
        The breakpoint as recorded (decimal).
    decks : int or None
        The dealing.
    pieces : dict, optional
        Re-solved segments by sample (filled; a neighbour shared with the next breakpoint is
        solved once).
    theta_exact : str, optional
        The breakpoint's exact text (:func:`adjacent_pieces`).

    Returns
    -------
    dict
        ``proved`` (all three steps), ``gap``, ``margins``, ``at_breakpoint`` and
        ``neighbours_cpu_seconds``.

    Examples
    --------
    See :func:`complete_sweep`.
    """
    from games.baccara.banque.nash_breakpoint import breakpoint_equilibria, prove_breakpoint
    from games.baccara.banque.nash_margin import prove_margins
    from games.baccara.banque.theta_nash import nash_piece

    pieces = {} if pieces is None else pieces
    t0 = time.process_time()
    for sg in (seg_left, seg_right):
        if sg["sample"] not in pieces:
            pieces[sg["sample"]] = nash_piece(Fraction(sg["sample"]), decks)
    left, right = adjacent_pieces(pieces[seg_left["sample"]], pieces[seg_right["sample"]], theta, theta_exact)
    out: dict[str, Any] = {"neighbours_cpu_seconds": round(time.process_time() - t0, 2)}
    gap = (Fraction(seg_left["proof"]["theta_to_exact"]), Fraction(seg_right["proof"]["theta_from_exact"]))
    pr = prove_breakpoint(left, right, gap=gap)
    out["gap"] = {"from_exact": str(pr.a), "to_exact": str(pr.c), "proved": pr.proved, "boxes": pr.boxes,
                  "cpu_seconds": round(pr.cpu, 2), **({} if pr.proved else {"reason": pr.reason})}
    mp = prove_margins(left, right, gap)
    out["margins"] = {"proved": mp.proved, "cpu_seconds": round(mp.cpu, 2),
                      **({} if mp.proved else {"reason": mp.left.reason or mp.right.reason})}
    t1 = time.process_time()
    at = breakpoint_equilibria(left, right, left.hi) if pr.proved else None
    out["at_breakpoint"] = equilibrium_set_record(at, time.process_time() - t1)
    out["proved"] = bool(pr.proved and mp.proved and at is not None)
    return out


def prove_end(seg: dict, decks: int | None, at_one: bool = False) -> dict:
    """The end (0, a] of the first segment of a sweep record, or [c, 1) of the last (as the mirror
    image of the end at 0: θ ↔ 1 − θ), by :func:`nash_zero_end.prove_zero_end`.

    Parameters
    ----------
    seg : dict
        The first (last) segment's record: ``sample`` and a proved ``proof``.
    decks : int or None
        The dealing.
    at_one : bool
        The end at 1 instead of the end at 0.

    Returns
    -------
    dict
        :meth:`nash_zero_end.ZeroEndProof.record` (for the end at 1 with
        ``mirror_of_the_end_at_0`` and the reflected range).

    Examples
    --------
    >>> seg = {"sample": "1/1000000", "proof": {"theta_from_exact": "1/1000000000"}}
    >>> prove_end(seg, None)["proved"], prove_end(seg, None)["method"]
    (True, 'chart')
    """
    from games.baccara.banque.nash_zero_end import prove_zero_end
    from games.baccara.banque.theta_nash import nash_piece

    if at_one:   # θ ↔ 1 − θ: the last segment's end at 1 is the first segment's end at 0
        sample, T = 1 - Fraction(seg["sample"]), 1 - Fraction(seg["proof"]["theta_to_exact"])
    else:
        sample, T = Fraction(seg["sample"]), Fraction(seg["proof"]["theta_from_exact"])
    rec = prove_zero_end(nash_piece(sample, decks), T).record()
    if at_one:
        rec = {"mirror_of_the_end_at_0": True, **rec, "from_exact": str(1 - T), "to_exact": "1"}
    return rec


def complete_sweep(rec: dict, *, progress: Callable[[int, int], None] | None = None) -> dict:
    """Prove the rest of a Nash sweep record in place (module docstring) and summarize it.

    Parameters
    ----------
    rec : dict
        A Nash sweep record (:func:`theta_chunks.run_chunks`, ``concept`` nash, segments proved);
        each breakpoint gets a ``proof``, the record ``completeness``.
    progress : callable, optional
        ``progress(done, total)`` after each breakpoint.

    Returns
    -------
    dict
        ``rec["completeness"]``: ``complete``, counts of proved segments and breakpoints, the
        ends (``end_at_0`` / ``end_at_1`` when the range reaches them) and ``cpu_seconds``.

    Raises
    ------
    GameError
        The record is not a Nash sweep with segment proofs.
    CertificationError
        An internal failure of a proof.

    Examples
    --------
    >>> from games.baccara.banque.theta_chunks import run_chunks
    >>> import tempfile
    >>> rec = run_chunks("nash", Fraction(1516, 10000), Fraction(1517, 10000), jobs=1, cache_dir=tempfile.mkdtemp())
    >>> c = complete_sweep(rec)
    >>> c["complete"], c["breakpoints_proved"], rec["breakpoints"][0]["proof"]["at_breakpoint"]["points"]
    (True, '1 / 1', 1)
    """
    from gamekit.core import GameError

    if rec.get("concept") != "nash" or any("proof" not in sg or str(sg["proof"].get("reason", "")).startswith(
            "not attempted") for sg in rec["segments"]):
        raise GameError("completeness needs a Nash sweep with its segment proofs (drop --no-proof)")
    t0 = time.process_time()
    segs, bps, decks = rec["segments"], rec["breakpoints"], rec.get("decks")
    exact = {b["theta_exact"]: b for b in bps}
    pieces: dict = {}
    for k, b in enumerate(bps):
        left, right = segs[k], segs[k + 1]
        key, upper = _mirror_key(b["theta_exact"])
        mirror = exact.get(key) if upper else None
        if mirror is not None and "proof" in mirror:
            b["proof"] = {"mirror_of": mirror["theta"], "proved": mirror["proof"]["proved"]}
        elif not (left["proof"].get("proved") and right["proof"].get("proved")):
            b["proof"] = {"proved": False, "reason": "a neighbouring segment is not proved"}
        else:
            b["proof"] = prove_sweep_breakpoint(left, right, b["theta"], decks, pieces, b["theta_exact"])
            pieces = {s: v for s, v in pieces.items() if s == right["sample"]}
        if progress is not None:
            progress(k + 1, len(bps))
    out: dict[str, Any] = {}
    if rec["from"] == "0" and segs[0]["proof"].get("proved"):
        out["end_at_0"] = prove_end(segs[0], decks)
    if rec["to"] == "1" and segs[-1]["proof"].get("proved"):
        out["end_at_1"] = prove_end(segs[-1], decks, at_one=True)
    n_seg = sum(bool(sg["proof"].get("proved")) for sg in segs)
    n_bp = sum(bool(b["proof"]["proved"]) for b in bps)
    ends = [out[k]["proved"] for k in ("end_at_0", "end_at_1") if k in out]
    ends_needed = (rec["from"] == "0") + (rec["to"] == "1")
    out.update(complete=n_seg == len(segs) and n_bp == len(bps) and len(ends) == ends_needed and all(ends),
               segments_proved=f"{n_seg} / {len(segs)}", breakpoints_proved=f"{n_bp} / {len(bps)}",
               cpu_seconds=round(time.process_time() - t0, 2))
    rec["completeness"] = out
    return out


def _mirror_key(text: str) -> tuple[str, bool]:
    """(the exact string of 1 − θ, θ > 1/2) for a breakpoint's exact string."""
    from gamekit.exact import compare_numbers, number_from_str, number_str
    from games.baccara.banque.theta_mirror import reflect_number

    x = number_from_str(text)
    return number_str(reflect_number(x)), compare_numbers(x, Fraction(1, 2)) > 0
