"""Re-prove the not-proved Nash segments of cached banque chunks with the current proof code.

A chunk record (:mod:`theta_chunks`) keeps, per Nash segment, the completeness proof's
outcome (``proof``). When the proof code improves, the segments it did not prove can be
proved again without re-solving the chunk: for each such segment,

1. the segment's tracked equilibria are rebuilt from its recorded sample θ₀
   (:func:`theta_nash.nash_piece`, the complete enumeration at θ₀ and the continuation in θ)
   and must equal the record's exactly (the formulas of every equilibrium, as strings) —
   otherwise the segment is left as it is and reported;
2. the box proof (:func:`nash_proof.prove_range`) runs on the recorded proof range
   [a, c] = [``theta_from_exact``, ``theta_to_exact``] ⊂ (lo, hi) with those anchors, the
   anchors' own segment taken as [a, c] (a sub-interval of the recorded segment, on which the
   branches are equilibria of constant structure);
3. a segment still not proved is probed as in :func:`nash_proof_cover.prove_cover` (complete
   enumeration at the failing θ*); a probe that finds more equilibria than tracked means the
   chunk must be solved again (delete its cache file) — it is reported, not repaired here.

A mirrored segment whose proof is the reflection of its original's (``proof.mirror``) gets
the original's new proof, reflected. Each chunk file is rewritten atomically after every
re-proved segment, so an interrupted run resumes where it stopped (proved segments are
skipped).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

__all__ = ["reprove_segment", "reprove_chunk", "reprove_cached"]


def reprove_segment(sg: dict, decks: int | None) -> tuple[dict | None, str]:
    """A new ``proof`` record for one recorded Nash segment (module docstring, steps 1–3).

    Parameters
    ----------
    sg : dict
        A Nash segment record with ``sample``, ``equilibria`` and a ``proof`` carrying its
        proof range (``theta_from_exact``, ``theta_to_exact``).
    decks : int or None
        The dealing.

    Returns
    -------
    (dict or None, str)
        The new proof record (None when the rebuilt equilibria differ from the record's) and
        a one-line note.

    Raises
    ------
    CertificationError
        An internal failure of the proof (an arc witness that is not an equilibrium).

    Examples
    --------
    >>> reprove_segment({"sample": "1/3", "equilibria": [], "proof": {}}, None)
    (None, 'no proof range recorded')
    """
    from games.baccara.banque.nash_anchor import anchors_of
    from games.baccara.banque.nash_events import forms
    from games.baccara.banque.nash_proof import proof_record, prove_range
    from games.baccara.banque.nash_proof_cover import probe
    from games.baccara.banque.theta_chunks import _segments, _structure
    from games.baccara.banque.theta_nash import Degenerate, nash_piece

    old = sg.get("proof") or {}
    if "theta_from_exact" not in old or "theta_to_exact" not in old:
        return None, "no proof range recorded"
    a, c = Fraction(old["theta_from_exact"]), Fraction(old["theta_to_exact"])
    t0 = time.process_time()
    try:
        pc = nash_piece(Fraction(sg["sample"]), decks)
    except Degenerate as exc:
        return None, f"the sample's equilibria cannot be continued: {exc}"
    mine = _segments("nash", [pc], decks)[0]
    if _structure("nash", mine) != _structure("nash", sg):
        return None, "the equilibria rebuilt at the sample differ from the record's"
    pc.lo, pc.hi = a, c          # the anchors' own segment: [a, c] ⊂ (lo, hi)
    fm = forms(decks)
    pr = prove_range(fm, a, c, anchors_of(fm, pc))
    if not pr.proved and pr.failed_box is not None:
        pr.probe = probe(pc, pr)
    rec = proof_record(pr)
    if pr.probe:
        rec["probe"] = pr.probe
    note = "proved" if pr.proved else f"not proved: {pr.reason}"
    if pr.probe and pr.probe.get("missed"):
        note += f" (the probe at theta = {pr.probe['theta']} finds {pr.probe['missed']} more: solve the chunk again)"
    return rec, f"{note} ({pr.boxes} boxes, {pr.cpu:.1f} CPU-s proof, {time.process_time() - t0:.1f} CPU-s in all)"


def reprove_chunk(rec: dict, *, save: Callable[[dict], None] | None = None,
                  log: Callable[[str], None] | None = None) -> dict:
    """Re-prove every not-proved Nash segment of one chunk record, in place (module docstring).

    Parameters
    ----------
    rec : dict
        A Nash chunk record (:func:`theta_chunks.chunk_record`); changed in place.
    save : callable, optional
        ``save(rec)`` after each re-proved segment (resumability).
    log : callable, optional
        ``log(line)`` per segment.

    Returns
    -------
    dict
        ``{"tried", "proved", "mirrored", "skipped"}`` counts (``mirrored``: mirror images
        given their original's new proof).

    Examples
    --------
    >>> reprove_chunk({"concept": "nash", "decks": 3, "segments": [], "mirror": []})
    {'tried': 0, 'proved': 0, 'mirrored': 0, 'skipped': 0}
    """
    from games.baccara.banque.nash_proof_cover import reflect_proof

    out = {"tried": 0, "proved": 0, "mirrored": 0, "skipped": 0}
    decks = rec.get("decks")
    originals = {sg["sample"]: sg for sg in rec.get("segments", [])}
    for side in ("segments", "mirror"):
        for sg in rec.get(side, []):
            old = sg.get("proof")
            if not old or old.get("proved") or "boxes" not in old:
                continue
            if old.get("mirror"):
                src = originals.get(str(1 - Fraction(sg["sample"])))
                new_src = (src or {}).get("proof") or {}
                if "boxes" in new_src and reflect_proof(new_src) != old:
                    sg["proof"] = reflect_proof(new_src)
                    out["mirrored"] += bool(new_src.get("proved"))
                    if save is not None:
                        save(rec)
                continue
            out["tried"] += 1
            new, note = reprove_segment(sg, decks)
            if log is not None:
                log(f"d{decks} sample {sg['sample']} ({sg['from']}, {sg['to']}): {note}")
            if new is None:
                out["skipped"] += 1
                continue
            sg["proof"] = new
            out["proved"] += bool(new.get("proved"))
            if save is not None:
                save(rec)
    return out


def reprove_cached(decks: int | None, lo: Fraction = Fraction(0), hi: Fraction = Fraction(1), *,
                   within: tuple[Fraction, Fraction] | None = None, cache_dir=None,
                   log: Callable[[str], None] | None = None) -> dict:
    """Re-prove the not-proved segments of the cached chunks of a proved Nash sweep of (lo, hi).

    Only chunk files that exist are touched (each rewritten atomically after every re-proved
    segment); a chunk not in the cache is skipped.

    Parameters
    ----------
    decks : int or None
        The dealing.
    lo, hi : Fraction
        The sweep's range (as given to :func:`theta_chunks.run_chunks`): its chunks are the
        candidates.
    within : (Fraction, Fraction), optional
        Only the chunks [a, b] ⊂ [within₀, within₁] (other chunk files are not read or written).
    cache_dir : path, optional
        The sweep cache's root (default ``$XDG_CACHE_HOME/gamekit``).
    log : callable, optional
        ``log(line)`` per segment.

    Returns
    -------
    dict
        Per chunk key, :func:`reprove_chunk`'s counts.

    Examples
    --------
    >>> import tempfile
    >>> reprove_cached(3, cache_dir=tempfile.mkdtemp())
    {}
    """
    from games.baccara.banque.theta_chunks import ChunkCache, _tasks

    cache = ChunkCache(cache_dir)
    out = {}
    for t in _tasks("nash", decks, lo, hi, True):
        if within is not None and not (within[0] <= t[2] and t[3] <= within[1]):
            continue
        key = ChunkCache.key(*t)
        rec = cache.get(key)
        if rec is None:
            continue

        def save(r: dict, key: str = key) -> None:
            cache.put(key, r)
            if cache.write_error is not None:
                raise OSError(cache.write_error)

        out[key] = reprove_chunk(rec, save=save, log=log)
    return out
