"""Banque's three solutions for every θ in a range, as exact θ-segments (records and plot).

* ``correlated``: :func:`theta_correlated.correlated_piece` + :func:`theta_cover.cover`;
  per segment the team's x(θ), the marginals p₁, p₂, Banker's mixing probabilities and
  the value v(θ) as rational functions of θ.
* ``independent``: read off the correlated segments (module docstring of
  :mod:`theta_correlated`): it exists on the closure of the segments where
  x_SS·x_DD − x_SD·x_DS ≡ 0 (at a shared end the limit of optimal product strategies is
  optimal and a product), at the isolated roots of that polynomial elsewhere, and nowhere
  else — the record says which product condition fails.
* ``nash``: :func:`theta_nash.nash_piece` + cover, adjacent identical structures merged.

Records are JSON-ready dicts (docs/json.md, ``baccara sweep --game banque``); ends are
exact strings (sympy-parsable: fractions, ``sqrt``, ``CRootOf``) with 7-decimal values.
"""

from __future__ import annotations

from fractions import Fraction

from gamekit.exact import compare_numbers, number_decimal, number_str
from games.baccara.banque.model import ROWS

__all__ = ["CONCEPTS", "sweep", "records", "plot_records", "parse_range"]

CONCEPTS = ("correlated", "independent", "nash")
_V = "theta"


def parse_range(text: str | None) -> tuple[Fraction, Fraction]:
    """``LO:HI`` (rationals, 0 ≤ LO < HI ≤ 1); None → (0, 1)."""
    from gamekit.core import GameError, to_fraction

    if text is None:
        return Fraction(0), Fraction(1)
    parts = str(text).split(":")
    if len(parts) != 2:
        raise GameError(f"theta range must look like LO:HI (e.g. 1/4:1/2), got {text!r}")
    lo, hi = (to_fraction(p, "theta range") for p in parts)
    if not 0 <= lo < hi <= 1:
        raise GameError(f"theta range must satisfy 0 <= LO < HI <= 1, got {text!r}")
    return lo, hi


def sweep(concept: str, lo: Fraction = Fraction(0), hi: Fraction = Fraction(1), *,
          progress: bool = False, decks: int | None = None, prove: bool = False) -> list:
    """The exact θ-segments of ``correlated`` (also used by ``independent``) or ``nash``;
    ``decks``: None with replacement, d from a d-deck shoe (the θ ↔ 1 − θ mirror holds for
    both: the Players' positions are exchangeable, :mod:`theta_mirror`); ``prove``: Nash
    segments also get the completeness proof (:mod:`nash_proof_cover`, built from the tables
    of the same dealing)."""
    from functools import partial

    from games.baccara.banque.theta_cover import cover

    if concept in ("correlated", "independent"):
        from games.baccara.banque.theta_correlated import Degenerate
        from games.baccara.banque.theta_correlated import correlated_piece as _corr

        correlated_piece = _corr if decks is None else partial(_corr, decks=decks)

        if lo + hi == 1 and lo < Fraction(1, 2):   # symmetric range: solve (lo, 1/2), mirror the rest
            from games.baccara.banque.theta_mirror import mirror_cover

            half = cover(correlated_piece, Degenerate, lo, Fraction(1, 2), progress=progress,
                         label="banque correlated (theta <= 1/2; mirrored)")
            full = mirror_cover(half)
            if full is not None:
                return full
        return cover(correlated_piece, Degenerate, lo, hi, progress=progress, label="banque correlated")
    from games.baccara.banque.theta_nash import Degenerate as NashDegenerate
    from games.baccara.banque.theta_nash import merge
    from games.baccara.banque.theta_nash import nash_piece as _nash

    nash_piece = _nash if decks is None else partial(_nash, decks=decks)

    if lo + hi == 1 and lo < Fraction(1, 2):   # symmetric range: solve (lo, 1/2), mirror the rest
        from games.baccara.banque.theta_mirror import mirror_nash_cover

        half = merge(cover(nash_piece, NashDegenerate, lo, Fraction(1, 2), progress=progress,
                           label="banque Nash (theta <= 1/2; mirrored)"))
        half = _proved(half, prove, progress)
        full = mirror_nash_cover(half)
        if full is not None:
            return full
    pieces = merge(cover(nash_piece, NashDegenerate, lo, hi, progress=progress, label="banque Nash"))
    return _proved(pieces, prove, progress)


def _proved(pieces: list, prove: bool, progress: bool) -> list:
    if not prove:
        return pieces
    from games.baccara.banque.nash_proof_cover import prove_cover

    return prove_cover(pieces, progress=progress)


def _end(x) -> dict:
    return {"exact": number_str(x), "decimal": number_decimal(x, 7)}


def _seg_base(pc) -> dict:
    e0, e1 = _end(pc.lo), _end(pc.hi)
    return {"from": e0["decimal"], "to": e1["decimal"], "from_exact": e0["exact"], "to_exact": e1["exact"],
            "sample": str(pc.sample), "ends_by": {"from": sorted(set(pc.ends_by[0])), "to": sorted(set(pc.ends_by[1]))}}


def _corr_segment(pc) -> dict:
    rec = _seg_base(pc)
    rec.update({
        "team": {r: f.to_str(_V) for r, f in zip(ROWS, pc.team)},
        "player1": {"5": pc.p1.to_str(_V)},
        "player2": {"5": pc.p2.to_str(_V)},
        "banker_mixed": {k: f.to_str(_V) for k, f in pc.mixed.items()},
        "banker_draws": len(pc.draws),
        "value": pc.value.to_str(_V),
        "value_at_sample": str(pc.value(pc.sample)),
        "product": pc.product.to_str(_V),
        "unique": not pc.extra,
    })
    return rec


def _independent(pieces: list) -> dict:
    """Existence intervals (closed), isolated points, and per-segment reasons."""
    intervals: list[list] = []
    points: list = []
    fails = []
    for pc in pieces:
        if pc.independent_everywhere:
            if intervals and compare_numbers(intervals[-1][1], pc.lo) == 0:
                intervals[-1][1] = pc.hi
            else:
                intervals.append([pc.lo, pc.hi])
            continue
        points.extend(pc.independent_points())
        fails.append({"from": number_decimal(pc.lo, 7), "to": number_decimal(pc.hi, 7),
                      "why": f"the unique optimal team strategy is not a product: x_SS*x_DD - x_SD*x_DS = "
                             f"{pc.product.to_str(_V)} != 0"})
    return {
        "intervals": [{"from": _end(a)["decimal"], "to": _end(b)["decimal"], "from_exact": _end(a)["exact"],
                       "to_exact": _end(b)["exact"], "closed": True} for a, b in intervals],
        "points": [_end(p) for p in points],
        "fails_on": fails,
    }


def _nash_segment(pc) -> dict:
    rec = _seg_base(pc)
    rec["equilibria"] = []
    for f, s in zip(pc.equilibria, pc.samples):
        rec["equilibria"].append({
            "player1": {"5": f.get("p1")}, "player2": {"5": f.get("p2")},
            "banker_mixed": {k[2:]: v for k, v in f.items() if k.startswith("y ")},
            "at_sample": {"player1": number_str(s["p1"]), "player2": number_str(s["p2"]),
                          "banker": number_str(s["payoffs"]["banker"])}})
    from games.baccara.banque.nash_proof_cover import segment_proof_record

    rec["proof"] = segment_proof_record(pc) or {"proved": False, "reason": "not attempted (--no-proof)"}
    return rec


def records(concept: str, pieces: list, lo: Fraction, hi: Fraction, decks: int | None = None) -> dict:
    """The JSON object of ``baccara sweep --game banque --concept C``."""
    out = {"game": "banque", "concept": concept, "decks": decks, "from": str(lo), "to": str(hi)}
    if concept == "nash":
        segs = [_nash_segment(pc) for pc in pieces]
    else:
        segs = [_corr_segment(pc) for pc in pieces]
    out["breakpoints"] = [{"theta": s["from"], "theta_exact": s["from_exact"], "why": s["ends_by"]["from"]}
                          for s in segs[1:]]
    if concept == "independent":
        out["independent"] = _independent(pieces)
    out["segments"] = segs
    deal = ("cards dealt with replacement; Banker sees totals (the paper's assumptions)" if decks is None else
            f"cards dealt without replacement from a {decks}-deck shoe (exact); Banker sees totals")
    out["notes"] = [deal,
                    "each segment was solved exactly at its sample theta; its ends are the nearest roots of "
                    "the certificate's polynomial inequalities (exact algebraic numbers)"]
    return out


def _curve_points(concept: str, pc, n: int = 6) -> list[tuple[float, float, float, float]]:
    """(θ, p₁, p₂, Banker's value) samples of a segment, its two ends included (floats, for the
    plot only): consecutive segments then meet, and a line is broken only where the solution
    jumps (see :func:`_join`)."""
    lo, hi = float(pc.lo), float(pc.hi)
    ks = range(n + 1) if concept != "nash" else [k + 0.5 for k in range(n)]
    ts = [Fraction(lo + (hi - lo) * k / n).limit_denominator(10 ** 12) for k in ks]
    out = []
    for t in ts:
        if concept == "nash":
            for p1, p2 in pc.points_at(t):
                out.append((float(t), float(p1), float(p2), float("nan")))
        else:
            out.append((float(t), float(pc.p1(t)), float(pc.p2(t)), float(pc.value(t))))
    return out


def _join(segments: list[list[tuple]], tol: float = 1e-6) -> list[tuple]:
    """Concatenate the segments' points, with a NaN row (a break in the line) only between two
    segments that do not meet: a gap in θ or a jump of the solution."""
    pts: list[tuple] = []
    for seg in segments:
        if not seg:
            continue
        if pts and not (abs(pts[-1][0] - seg[0][0]) <= tol
                        and all(abs(a - b) <= 1e-4 for a, b in zip(pts[-1][1:3], seg[0][1:3]))):
            pts.append((float("nan"),) * 4)
        pts += seg
    return pts


#: One colour and one line style per (concept, player): p₁ and p₂ coincide on much of the
#: range, so p₂ is drawn dashed on top of a wider, lighter p₁.
_STYLE = {("correlated", 1): ("tab:blue", "-", 3.0, 0.55), ("correlated", 2): ("navy", "--", 1.3, 1.0),
          ("independent", 1): ("tab:orange", "-", 5.0, 0.5), ("independent", 2): ("darkred", ":", 2.0, 1.0),
          ("nash", 1): ("tab:green", "-", 3.0, 0.55), ("nash", 2): ("darkgreen", "--", 1.3, 1.0)}


def plot_records(data: dict[str, list], path: str, decks: int | None = None) -> str:
    """Draw p₁, p₂ (left) and Banker's value (right) against θ for each swept concept."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for concept, pieces in data.items():
        shown = [pc for pc in pieces if concept != "independent" or pc.independent_everywhere]
        pts = _join([_curve_points(concept, pc) for pc in shown])
        if not pts:
            continue
        ts = [p[0] for p in pts]
        for player in (1, 2):
            colour, ls, lw, alpha = _STYLE[(concept, player)]
            ax1.plot(ts, [p[player] for p in pts], ls=ls if concept != "nash" else "none", color=colour, lw=lw,
                     alpha=alpha,
                     marker=None if concept != "nash" else ".", label=f"{concept}: Player {player} (p{player})")
        colour, _, lw, _ = _STYLE[(concept, 1)]
        if concept != "nash":
            ax2.plot(ts, [p[3] for p in pts], "-", color=colour, lw=lw / 2 + 0.5, label=concept)
        else:
            ax2.plot([float(pc.sample) for pc in pieces], [float(pc.samples[0]["payoffs"]["banker"]) for pc in pieces],
                     ".", color=colour, label="nash (at each segment's sample)")
    ax1.set_xlabel("θ (stake on Player 1's hand)")
    ax1.set_ylabel("probability of drawing at 5")
    ax1.legend(fontsize=7)
    ax2.set_xlabel("θ")
    ax2.set_ylabel("Banker's expected gain")
    ax2.legend(fontsize=8)
    deal = "with replacement" if decks is None else f"{decks}-deck shoe"
    fig.suptitle(f"Baccara banque: solutions against θ (exact segments; {deal})")
    fig.tight_layout()
    from gamekit.io import save_figure

    save_figure(fig, path)
    plt.close(fig)
    return path
