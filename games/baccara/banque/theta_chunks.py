"""Banque's θ-sweeps in chunks: parallel (processes or Dask), cached on disk, resumable.

A θ-range is cut at the rational grid θ = k/40 into *chunks*; each chunk is covered on its own
(:func:`theta_sweep.sweep`'s segment finders, :mod:`theta_cover`) by one worker, which returns
a JSON record, and the records are joined. A segment that runs over a cut c is clipped there
and marked ``cut`` (c is then an end of the record but not a breakpoint: the structure
continues), so every chunk's work is its own; after the join the two halves of such a segment
are one segment again (equal formulas on both sides of c, compared as exact strings). For a
symmetric range (lo + hi = 1) only (lo, 1/2] is solved: each chunk also returns the mirror
images of its segments (θ ↔ 1 − θ, proved for every dealing in :mod:`theta_mirror`), and the
chunk that reaches 1/2 clips the segment through 1/2 symmetrically.

**Nash completeness.** With ``prove`` each chunk runs the box proof
(:func:`nash_proof_cover.prove_cover`) on its segments; a clipped end is not a breakpoint, so
the proof reaches it exactly (no margin), and after the join the proved θ-range of a segment
is the union of its halves' ranges — the margins stay only next to true breakpoints.

**Cache.** One file per chunk, ``<cache>/banque-v1/<concept>-d<D>-<a>-<b>-<flags>.json``
(``{"schema", "version", "sha256", "record"}``, written atomically; a file whose checksum,
schema or key does not match is recomputed). A record that passes those checks is then
re-certified against its game before it is served (:func:`chunk_check.check_chunk`: every
segment's claims at its sample θ, exactly); one that fails — even with a valid checksum — is
recomputed and overwritten, counted in ``"chunks": {"rejected"}`` and reported in one note.
An interrupted sweep keeps every finished chunk.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from gamekit.core import GameError, fmt
from gamekit.exact import compare_numbers

__all__ = ["GRID", "CACHE_VERSION", "chunk_grid", "chunk_record", "join_records", "run_chunks", "ChunkCache"]

#: The cuts: θ = k·GRID.
GRID = Fraction(1, 40)
#: Bump when a chunk record's content or format changes.
CACHE_VERSION = 1
_SCHEMA = "gamekit-banque-chunk"
_HALF = Fraction(1, 2)
_CUT = "cut of the parallel sweep (not a breakpoint)"


def chunk_grid(lo: Fraction, hi: Fraction, grid: Fraction = GRID) -> list[tuple[Fraction, Fraction]]:
    """The chunks of (lo, hi): consecutive cuts k·grid strictly inside, plus the two ends.

    Parameters
    ----------
    lo, hi : Fraction
        The range, lo < hi.
    grid : Fraction
        Spacing of the cuts.

    Returns
    -------
    list of (Fraction, Fraction)
        Consecutive chunks covering (lo, hi).

    Examples
    --------
    >>> chunk_grid(Fraction(0), Fraction(1, 10))
    [(Fraction(0, 1), Fraction(1, 40)), (Fraction(1, 40), Fraction(1, 20)), (Fraction(1, 20), Fraction(3, 40)), (Fraction(3, 40), Fraction(1, 10))]
    """
    k = lo // grid + 1
    cuts = [lo]
    while k * grid < hi:
        cuts.append(k * grid)
        k += 1
    cuts.append(hi)
    return list(zip(cuts, cuts[1:]))


def _clip(pc, lo, hi, concept: str) -> object:
    """Restrict a segment to [lo, hi] where it runs over (marking those ends as cuts)."""
    import copy

    out = copy.copy(pc)
    out.ends_by = [list(pc.ends_by[0]), list(pc.ends_by[1])]
    cut = list(getattr(pc, "cut", (False, False)))
    if lo is not None and compare_numbers(out.lo, lo) < 0:
        out.lo, out.ends_by[0], cut[0] = lo, [_CUT], True
    if hi is not None and compare_numbers(out.hi, hi) > 0:
        out.hi, out.ends_by[1], cut[1] = hi, [_CUT], True
    if concept == "nash":
        out.cut = tuple(cut)
    return out


def _pieces(concept: str, decks: int | None, a: Fraction, b: Fraction, *, cut_lo: bool, cut_hi: bool,
            mid: bool, prove: bool, fold_margin: Fraction | None = None) -> list:
    """The chunk's segments, clipped at its cuts (``mid``: the chunk reaching 1/2 of a
    symmetric sweep, whose segment through 1/2 is clipped symmetrically), proved if asked."""
    from functools import partial

    from games.baccara.banque.theta_cover import cover

    if concept == "nash":
        from games.baccara.banque.theta_nash import Degenerate, merge, nash_piece

        pieces = merge(cover(partial(nash_piece, decks=decks), Degenerate, a, _HALF if mid else b))
    else:
        from games.baccara.banque.theta_correlated import Degenerate as CDeg
        from games.baccara.banque.theta_correlated import correlated_piece

        pieces = cover(partial(correlated_piece, decks=decks), CDeg, a, _HALF if mid else b)
    lo = a if cut_lo else None
    if mid:
        hi = (1 - a) if cut_lo else None
    else:
        hi = b if cut_hi else None
    pieces = [_clip(pc, lo, hi, concept) for pc in pieces]
    if prove and concept == "nash":
        from games.baccara.banque.nash_proof_cover import prove_cover

        pieces = prove_cover(pieces, fold_margin=fold_margin)
    return pieces


def _mirrors(concept: str, pieces: list) -> list:
    from games.baccara.banque.theta_mirror import mirror_nash_piece, mirror_piece

    out = []
    for pc in pieces:
        if compare_numbers(pc.hi, _HALF) > 0:   # the segment through 1/2 is its own image
            continue
        out.append(mirror_nash_piece(pc) if concept == "nash" else mirror_piece(pc))
    return out


def _images(concept: str, decks: int | None, a: Fraction, b: Fraction, pieces: list, *, cut_lo: bool,
            cut_hi: bool, mid: bool, prove: bool, fold_margin: Fraction | None = None) -> list:
    """The segments of the mirrored chunk (1 − b, 1 − a), in decreasing θ: the mirror images of
    the chunk's segments, or — when one of them has several extreme equilibria (only unique
    solutions are mirrored) — the mirrored chunk solved directly."""
    try:
        return _mirrors(concept, pieces)
    except ValueError:
        pass
    lo, hi = (_HALF if mid else 1 - b), 1 - a
    got = _pieces(concept, decks, lo, hi, cut_lo=cut_hi and not mid, cut_hi=cut_lo, mid=False, prove=prove,
                  fold_margin=fold_margin)
    if mid:   # the segment through 1/2 is already among the chunk's own segments
        got = [pc for pc in got if compare_numbers(pc.lo, _HALF) >= 0]
    return sorted(got, key=lambda pc: float(pc.lo), reverse=True)


def _independent_info(pc) -> dict:
    from games.baccara.banque.theta_sweep import _end

    return {"everywhere": pc.independent_everywhere, "points": [_end(p) for p in pc.independent_points()]}


def _segments(concept: str, pieces: list, decks: int | None) -> list[dict]:
    from games.baccara.banque.theta_sweep import records

    kind = "nash" if concept == "nash" else "correlated"
    segs = records(kind, pieces, Fraction(0), Fraction(1), decks=decks)["segments"]
    for sg, pc in zip(segs, pieces):
        sg["cut"] = list(getattr(pc, "cut", None) or [sg["ends_by"]["from"] == [_CUT], sg["ends_by"]["to"] == [_CUT]])
        if kind == "correlated":
            sg["independent"] = _independent_info(pc)
    return segs


def chunk_record(concept: str, decks: int | None, a: Fraction, b: Fraction, *, cut_lo: bool, cut_hi: bool,
                 mirror: bool, prove: bool, fold_margin: Fraction | None = None) -> dict:
    """Solve one chunk (a, b) (worker function; module docstring) and return its JSON record.

    Parameters
    ----------
    concept : {"correlated", "nash"}
        The segment finder ("independent" is read off the correlated segments).
    decks : int or None
        The dealing.
    a, b : Fraction
        The chunk; with ``mirror`` and b = 1/2 the chunk reaches the middle of a symmetric sweep.
    cut_lo, cut_hi : bool
        Whether a, b are cuts (segments running over them are clipped) or the range's ends.
    mirror : bool
        Also return the mirror images (θ ↔ 1 − θ) of the segments.
    prove : bool
        Nash: run the completeness proof on each segment.
    fold_margin : Fraction, optional
        Nash: the proof's margin at an end next to a segment with more equilibria
        (:func:`nash_proof_cover.prove_cover`).

    Returns
    -------
    dict
        ``{"concept", "decks", "from", "to", "segments", "mirror", "cpu_seconds"}``.
    """
    t0 = time.process_time()
    mid = mirror and b == _HALF
    pieces = _pieces(concept, decks, a, b, cut_lo=cut_lo, cut_hi=cut_hi, mid=mid, prove=prove,
                     fold_margin=fold_margin)
    images = _images(concept, decks, a, b, pieces, cut_lo=cut_lo, cut_hi=cut_hi, mid=mid, prove=prove,
                     fold_margin=fold_margin) if mirror else []
    return {"concept": concept, "decks": decks, "from": str(a), "to": str(b), "cut": [cut_lo, cut_hi],
            "mirrored": mirror, "proved": prove and concept == "nash",
            "segments": _segments(concept, pieces, decks),
            "mirror": _segments(concept, images, decks) if mirror else [],
            "cpu_seconds": round(time.process_time() - t0, 2)}


# -- joining ---------------------------------------------------------------------------------------
def _structure(concept: str, sg: dict) -> str:
    if concept == "nash":
        return json.dumps([{k: e[k] for k in ("player1", "player2", "banker_mixed")} for e in sg["equilibria"]],
                          sort_keys=True)
    return json.dumps([sg[k] for k in ("team", "player1", "player2", "banker_mixed", "value")], sort_keys=True)


def _join_proof(p: dict | None, q: dict | None) -> dict | None:
    if p is None or q is None:
        return p or q
    if "boxes" not in p or "boxes" not in q:   # a part was not attempted (--no-proof)
        if "boxes" not in p and "boxes" not in q:
            return p
        return {"proved": False, "reason": "the proof ran on one part of the segment only"}
    out = dict(p)
    out["proved"] = bool(p.get("proved")) and bool(q.get("proved"))
    for k in ("theta_to", "theta_to_exact"):
        if k in q:
            out[k] = q[k]
    out["boxes"] = p.get("boxes", 0) + q.get("boxes", 0)
    out["cpu_seconds"] = round(p.get("cpu_seconds", 0) + q.get("cpu_seconds", 0), 2)
    if not out["proved"]:
        out["reason"] = p.get("reason") or q.get("reason") or "a part is not proved"
        out["failed_box"] = p.get("failed_box") or q.get("failed_box")
    out.pop("mirror", None)
    return out


def _join(concept: str, segs: list[dict]) -> list[dict]:
    """Concatenate segments in θ order, joining the two halves of a segment clipped at a cut."""
    out: list[dict] = []
    for sg in segs:
        sg = dict(sg)
        prev = out[-1] if out else None
        if (prev is not None and prev["cut"][1] and sg["cut"][0] and prev["to_exact"] == sg["from_exact"]
                and _structure(concept, prev) == _structure(concept, sg)):
            prev["to"], prev["to_exact"] = sg["to"], sg["to_exact"]
            prev["ends_by"] = {"from": prev["ends_by"]["from"], "to": sg["ends_by"]["to"]}
            prev["cut"] = [prev["cut"][0], sg["cut"][1]]
            if concept == "nash":
                prev["proof"] = _join_proof(prev.get("proof"), sg.get("proof"))
            else:
                prev["independent"] = {"everywhere": prev["independent"]["everywhere"],
                                       "points": prev["independent"]["points"] + sg["independent"]["points"]}
            continue
        out.append(sg)
    return out


def _independent_summary(segs: list[dict]) -> dict:
    intervals: list[dict] = []
    points: list = []
    fails = []
    for sg in segs:
        ind = sg["independent"]
        if ind["everywhere"]:
            if intervals and intervals[-1]["to_exact"] == sg["from_exact"]:
                intervals[-1].update(to=sg["to"], to_exact=sg["to_exact"])
            else:
                intervals.append({"from": sg["from"], "to": sg["to"], "from_exact": sg["from_exact"],
                                  "to_exact": sg["to_exact"], "closed": True})
            continue
        points.extend(ind["points"])
        fails.append({"from": sg["from"], "to": sg["to"],
                      "why": "the unique optimal team strategy is not a product: x_SS*x_DD - x_SD*x_DS = "
                             f"{sg['product']} != 0"})
    return {"intervals": intervals, "points": points, "fails_on": fails}


def join_records(concept: str, chunks: list[dict], lo: Fraction, hi: Fraction, decks: int | None) -> dict:
    """The sweep's JSON (the shape of :func:`theta_sweep.records`, docs/json.md) from its
    chunk records, in θ order; mirrored images follow in reverse order."""
    left = [sg for ch in chunks for sg in ch["segments"]]
    right = [sg for ch in reversed(chunks) for sg in reversed(ch["mirror"])]
    kind = "nash" if concept == "nash" else "correlated"
    segs = _join(kind, left + right)
    out: dict = {"game": "banque", "concept": concept, "decks": decks, "from": str(lo), "to": str(hi)}
    out["breakpoints"] = [{"theta": s["from"], "theta_exact": s["from_exact"], "why": s["ends_by"]["from"]}
                          for s in segs[1:]]
    if concept == "independent":
        out["independent"] = _independent_summary(segs)
    out["segments"] = segs
    deal = ("cards dealt with replacement; Banker sees totals (the paper's assumptions)" if decks is None else
            f"cards dealt without replacement from a {decks}-deck shoe (exact); Banker sees totals")
    out["notes"] = [deal,
                    "each segment was solved exactly at its sample theta; its ends are the nearest roots of "
                    "the certificate's polynomial inequalities (exact algebraic numbers)",
                    f"solved in {len(chunks)} chunks of theta (cuts at multiples of {GRID}; joined)"]
    out["cpu_seconds"] = round(sum(ch["cpu_seconds"] for ch in chunks), 1)
    return out


# -- cache -----------------------------------------------------------------------------------------
def _checksum(rec: dict) -> str:
    return hashlib.sha256(json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                                     allow_nan=False).encode("ascii")).hexdigest()


class ChunkCache:
    """One JSON file per chunk under ``<root>/banque-v<CACHE_VERSION>/`` (module docstring)."""

    MAX_ENTRY_BYTES = 64 * 1024 * 1024

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        from gamekit.io import cache_root

        self.root = Path(root) if root is not None else cache_root()
        self.dir = self.root / f"banque-v{CACHE_VERSION}"
        self.rejected = 0
        #: Why records that were well-formed failed their re-certification.
        self.reasons: list[str] = []
        self.write_error: str | None = None

    @staticmethod
    def key(concept: str, decks: int | None, a: Fraction, b: Fraction, cut_lo: bool, cut_hi: bool,
            mirror: bool, prove: bool) -> str:
        flags = "".join(c for c, on in (("l", cut_lo), ("h", cut_hi), ("m", mirror), ("p", prove)) if on) or "0"
        tok = "-".join(fmt(x).replace("/", "_") for x in (a, b))
        return f"{concept}-d{'x' if decks is None else decks}-{tok}-{flags}"

    def get(self, key: str, check: Callable[[dict], None] | None = None) -> dict | None:
        """The record of ``key``, or None (missing; or rejected, counted in :attr:`rejected`).

        ``check(record)`` re-certifies a well-formed record (raises
        :class:`~games.baccara.analysis.record_check.RecordRejected`); None serves it unchecked.
        """
        from games.baccara.analysis.record_check import RecordRejected

        p = self.dir / f"{key}.json"
        if not p.is_file():
            return None
        try:
            with open(p, "rb") as fh:
                data = fh.read(self.MAX_ENTRY_BYTES + 1)
            doc = json.loads(data.decode("utf-8"))
            rec = doc["record"]
            ok = (len(data) <= self.MAX_ENTRY_BYTES and doc.get("schema") == _SCHEMA
                  and doc.get("version") == CACHE_VERSION and doc.get("key") == key
                  and doc.get("sha256") == _checksum(rec) and isinstance(rec.get("segments"), list))
            if ok and check is not None:
                check(rec)
        except RecordRejected as exc:
            self.reasons.append(f"{key}: {exc}")
            ok = False
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            ok = False
        if not ok:
            self.rejected += 1
            return None
        return rec

    def clear(self) -> int:
        """Remove every chunk file (all format versions); returns how many."""
        n = 0
        for sub in self.root.glob("banque-v*") if self.root.is_dir() else []:
            if not sub.is_dir() or sub.is_symlink():
                continue
            for f in list(sub.iterdir()):
                if f.is_file() and f.suffix in (".json", ".tmp"):
                    f.unlink(missing_ok=True)
                    n += 1
            with contextlib.suppress(OSError):
                sub.rmdir()
        return n

    def put(self, key: str, rec: dict) -> None:
        from gamekit.io import atomic_write

        if self.write_error is not None:
            return
        doc = {"schema": _SCHEMA, "version": CACHE_VERSION, "key": key, "sha256": _checksum(rec), "record": rec}
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            atomic_write(self.dir / f"{key}.json", json.dumps(doc, allow_nan=False), fsync=False,
                         direct_special=False)
        except (OSError, GameError) as exc:
            self.write_error = str(exc)
            sys.stderr.write(f"warning: cannot write the banque sweep cache in {self.dir} ({exc}); "
                             "results of this run are not cached\n")


# -- running ---------------------------------------------------------------------------------------
def _tasks(concept: str, decks: int | None, lo: Fraction, hi: Fraction, prove: bool) -> list[tuple]:
    kind = "nash" if concept == "nash" else "correlated"
    mirror = lo + hi == 1 and lo < _HALF
    top = _HALF if mirror else hi
    cks = chunk_grid(lo, top)
    return [(kind, decks, a, b, k > 0, k < len(cks) - 1, mirror, prove and kind == "nash")
            for k, (a, b) in enumerate(cks)]


def _solve(task: tuple) -> dict:
    kind, decks, a, b, cut_lo, cut_hi, mirror, prove = task
    return chunk_record(kind, decks, a, b, cut_lo=cut_lo, cut_hi=cut_hi, mirror=mirror, prove=prove)


def run_chunks(concept: str, lo: Fraction, hi: Fraction, *, decks: int | None = None, prove: bool = True,
               jobs: int | None = None, executor: str = "process", scheduler: str | None = None,
               cache_dir: str | os.PathLike | None = None, use_cache: bool = True,
               progress: Callable[[int, int, bool], None] | None = None) -> dict:
    """The sweep's JSON over (lo, hi), chunk by chunk (module docstring).

    Parameters
    ----------
    concept : {"correlated", "independent", "nash"}
        The solution concept.
    lo, hi : Fraction
        The θ-range.
    decks : int or None
        The dealing (None: with replacement).
    prove : bool
        Nash: prove each segment complete.
    jobs, executor, scheduler
        Worker processes, ``"process"`` / ``"serial"`` / ``"dask"``, a Dask scheduler address
        (as ``baccara sweep`` for chemin de fer).
    cache_dir, use_cache
        The chunk cache (default ``$XDG_CACHE_HOME/gamekit``).
    progress : callable, optional
        ``progress(done, total, from_cache)`` after each chunk.

    Returns
    -------
    dict
        :func:`join_records` of the chunks, plus ``"chunks": {"total", "cached", "rejected"}``
        (``rejected``: cache files not served — damaged, stale, or failing re-certification).

    Raises
    ------
    GameError
        Bad ``jobs`` or ``executor``, or an unreachable Dask scheduler.
    """
    from games.baccara.analysis.deck_sweep import EXECUTORS, _default_jobs

    if executor not in EXECUTORS:
        raise GameError(f"unknown executor {executor!r}: expected one of {', '.join(EXECUTORS)}")
    if scheduler:
        executor = "dask"
    n_jobs = _default_jobs() if jobs is None else int(jobs)
    if not 1 <= n_jobs <= 4 * _default_jobs():
        raise GameError(f"--jobs must lie between 1 and {4 * _default_jobs()}, got {n_jobs}")
    tasks = _tasks(concept, decks, lo, hi, prove)
    cache = ChunkCache(cache_dir) if use_cache else None
    keys = [ChunkCache.key(*t) for t in tasks]
    results: dict[str, dict] = {}
    cached = 0
    from games.baccara.banque.chunk_check import check_chunk

    for k, t in zip(keys, tasks):
        rec = cache.get(k, lambda r, t=t: check_chunk(r, t[0], t[1], t[2], t[3], t[6])) if cache is not None else None
        if rec is not None:
            results[k] = rec
            cached += 1
            if progress is not None:
                progress(len(results), len(tasks), True)
    pending = [(k, t) for k, t in zip(keys, tasks) if k not in results]

    def done(k: str, rec: dict) -> None:
        results[k] = rec
        if cache is not None:
            cache.put(k, rec)
        if progress is not None:
            progress(len(results), len(tasks), False)

    if pending:
        _execute(pending, done, executor, n_jobs, scheduler)
    out = join_records(concept, [results[k] for k in keys], lo, hi, decks)
    out["chunks"] = {"total": len(tasks), "cached": cached, "rejected": cache.rejected if cache is not None else 0}
    return out


def _execute(pending: list, done: Callable[[str, dict], None], executor: str, n_jobs: int,
             scheduler: str | None) -> None:
    if executor == "dask":
        _run_dask(pending, done, n_jobs, scheduler)
    elif executor == "serial" or n_jobs == 1 or len(pending) == 1:
        for k, t in pending:
            done(k, _solve(t))
    else:
        _run_processes(pending, done, n_jobs)


def _run_processes(pending: list, done, jobs: int) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from games.baccara.analysis.deck_sweep import _stop_pool, _worker_init
    from games.baccara.banque.model import banque_tables

    banque_tables(pending[0][1][1])   # the dealing's tables once, before the fork
    ex = ProcessPoolExecutor(max_workers=min(jobs, len(pending)), initializer=_worker_init,
                             initargs=(os.getpid(),))
    futures: list = []
    seen: set = set()
    try:
        fut_key = {}
        for k, t in pending:
            f = ex.submit(_solve, t)
            fut_key[f] = k
            futures.append(f)
        for f in as_completed(futures):
            seen.add(id(f))
            done(fut_key[f], f.result())
    except BaseException:
        _stop_pool(ex, futures, lambda rec, _c: None, seen)
        raise
    ex.shutdown(wait=True)


def _run_dask(pending: list, done, jobs: int, scheduler: str | None) -> None:
    try:
        import logging

        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise GameError("the Dask executor needs dask.distributed: pip install 'gamekit[dask]'") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout=10)
        else:
            cluster = LocalCluster(n_workers=min(jobs, len(pending)), threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.ERROR)
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        where = f"the Dask scheduler at {scheduler}" if scheduler else "a local Dask cluster"
        raise GameError(f"cannot connect to {where}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    try:
        futures = client.map(_solve, [t for _, t in pending], pure=False)
        fut_key = {f.key: k for f, (k, _) in zip(futures, pending)}
        for f in as_completed(futures):
            done(fut_key[f.key], f.result())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
