"""Figures of the parametric analysis: the data behind them, and drawing (matplotlib, Agg).

* :func:`curves_data` / :func:`draw_curves` — Ethier & Lee II, **Figure 1**: the
  best-response-discontinuity curves p(l)(α) of Model B2 (any d) over α ∈ [0, 1/10], range
  restricted to [0, 1], intersections marked, colours by situation (Player's third card):
  red k = 9 (Banker total 3), green k = 1 (total 4), blue k = 4 (total 5), orange k = 6
  (total 6), black ∅ (Player stood), purple k = 8 (total 3, small d only).
* :func:`mixing_data` / :func:`draw_mixing` — Theorem 1 as a picture: Player's p(α)
  (equation (26)) and Banker's step function q(α) (Table 6, equations (27)–(36)) for several
  d, with the exceptional α marked and the d → ∞ limits (37)–(38) (Model A1) dashed.

The data functions return plain floats and strings (tested); the drawing functions only
draw them.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from gamekit.core import GameError, fmt

__all__ = ["COLOURS", "paper_label", "curves_data", "draw_curves", "curves_figure", "mixing_data", "limit_data", "draw_mixing",
           "number_intersections", "colour_caption", "mixing_caption"]

#: Colour of a curve by Player's third card (the paper's Figure 1 colours for d = 6).
COLOURS = {"9": "red", "8": "purple", "1": "green", "4": "blue", "-": "black", "6": "orange"}
OTHER = "grey"


def paper_label(label: str) -> str:
    """``"03:9"`` → ``"((0,3),9)"``, ``"06:-"`` → ``"((0,6),∅)"``, ``"6:-"`` → ``"(6,∅)"``."""
    hand, _, card = label.partition(":")
    k = "∅" if card == "-" else card
    h = f"({hand[0]},{hand[1]})" if len(hand) == 2 else hand
    return f"({h},{k})"


def _grid(lo: float, hi: float, n: int) -> list[Fraction]:
    return [Fraction(lo) + (Fraction(hi) - Fraction(lo)) * i / (n - 1) for i in range(n)]


def curves_data(model: str = "B2", decks: int = 6, alpha_max=Fraction(1, 10), points: int = 401) -> dict:
    """The curves of Figure 1 as float samples (NaN outside [0, 1]) and the intersections."""
    from games.baccara.analysis.commission import solve_alpha_range

    sol = solve_alpha_range(model, decks, 0, alpha_max)
    xs = _grid(0, alpha_max, points)
    curves = []
    for c in sol.curves:
        ys = []
        for x in xs:
            if not c.formula.defined_at(x):
                ys.append(float("nan"))
                continue
            y = c.formula(x)
            ys.append(float(y) if 0 <= y <= 1 else float("nan"))
        card = c.label.partition(":")[2]
        curves.append({"label": c.label, "name": f"p{paper_label(c.label)}", "formula": str(c.formula),
                       "colour": COLOURS.get(card, OTHER), "alpha": [float(x) for x in xs], "p": ys})
    order = list(COLOURS.values())
    curves.sort(key=lambda c: (order.index(c["colour"]) if c["colour"] in order else len(order),
                               c["label"]))  # grouped by colour, like the paper's listing
    labels = sol.data.labels
    inter = [{"curves": (labels[x.curves[0]], labels[x.curves[1]]), "alpha": float(x.alpha), "p": float(x.p)}
             for x in sol.intersections]
    exceptional = [float(c.alpha) for c in sol.nonunique_points]
    return {"model": sol.game.title or model, "decks": decks, "alpha_max": float(alpha_max),
            "curves": curves, "intersections": inter, "nonunique": exceptional}


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig, path) -> Path:
    """Write the figure atomically; the format follows the extension (none: ``.png`` is added)."""
    from gamekit.io import save_figure

    out = Path(path)
    if out.parent and not out.parent.exists():
        raise GameError(f"cannot write {out}: directory {out.parent} does not exist")
    return Path(save_figure(fig, out, dpi=130, bbox_inches="tight"))


def _total(label: str) -> int:
    hand = label.partition(":")[0]
    return sum(int(c) for c in hand) % 10 if len(hand) == 2 else int(hand)


def _situation_key(label: str) -> tuple:
    """Paper II's order of situations (Table 3's strategy columns): by Banker total, then
    Player's third card with ∅ first ((6,∅) before (6,6)), then the composition."""
    hand, _, card = label.partition(":")
    return (_total(label), -1 if card == "-" else int(card), hand)


def number_intersections(intersections: list[dict]) -> list[int]:
    """Table 3's case numbers: pairs ordered by (first curve, second curve), each pair's
    curves in paper order (:func:`_situation_key`) — 1 = p((0,3),9) & p((0,5),4) for d = 6."""
    keys = [tuple(sorted((_situation_key(a), _situation_key(b)))) for a, b in
            (x["curves"] for x in intersections)]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    numbers = [0] * len(keys)
    for rank, i in enumerate(order, 1):
        numbers[i] = rank
    return numbers


def _clusters(points: list[tuple[float, float, int]], gap: float = 0.03, least: int = 3) -> list[list]:
    """Groups of intersections whose p-values lie within ``gap`` of a neighbour (≥ ``least``
    points): the crowded places that get a zoomed panel."""
    pts = sorted(points, key=lambda t: t[1])
    groups: list[list] = []
    for pt in pts:
        if groups and pt[1] - groups[-1][-1][1] <= gap:
            groups[-1].append(pt)
        else:
            groups.append([pt])
    return [g for g in groups if len(g) >= least]


def colour_caption(curves: list[dict]) -> str:
    """Every colour used, with the situations (Banker total, Player's third card k) it marks."""
    names = {"-": "∅ (Player stood)"}
    seen: dict[str, set] = {}
    for c in curves:
        card = c["label"].partition(":")[2]
        seen.setdefault(c["colour"], set()).add((_total(c["label"]), names.get(card, f"k = {card}")))
    parts = []
    for colour, sits in sorted(seen.items(), key=lambda kv: min(kv[1])):
        by_k: dict[str, list[int]] = {}
        for total, k in sorted(sits):
            by_k.setdefault(k, []).append(total)
        text = "; ".join(f"{k}, Banker total {', '.join(map(str, ts))}" for k, ts in by_k.items())
        parts.append(f"{colour}: {text}")
    return "Colours — " + " · ".join(parts)


def _exceptional_names(values: list[float], symbol: str = "α") -> list[str]:
    """The papers' names of the exceptional commissions: α₀ in Model B2, β₀ in Model B3."""
    return [f"{symbol}₀"] if len(values) == 1 else [f"{symbol}{'₁₂₃₄₅₆₇₈₉'[i]}" for i in range(len(values))]


def _plot_curves(ax, data: dict, legend: bool) -> None:
    styles = ["-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1))]
    markers = ["o", "s", "^", "D", "v", "P"]  # colour, dash *and* marker tell the curves apart
    seen: dict[str, int] = {}
    for c in data["curves"]:
        k = seen.get(c["colour"], 0)
        seen[c["colour"]] = k + 1
        ax.plot(c["alpha"], c["p"], color=c["colour"], linestyle=styles[k % len(styles)], lw=1.3,
                marker=markers[k % len(markers)], markevery=(7 * k % 40, 40), ms=3.2, mfc="white",
                label=c["name"] if legend else None)


def _mark_exceptional(ax, data: dict, text: bool) -> None:
    for name, a in zip(_exceptional_names(data["nonunique"], data.get("exceptional_symbol", "α")), data["nonunique"]):
        ax.axvline(a, color="0.4", lw=0.9, ls=":")
        if text:
            ax.annotate(f"{name} ≈ {a:.7f}", (a, 0.02), xycoords=("data", "axes fraction"), rotation=90,
                        fontsize=7, ha="right", va="bottom", color="0.25")


_LABEL_BOX = {"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8}


_OFFSETS = [(3, 3), (-4, 3), (3, -4), (-4, -4), (3, 10), (-4, 10), (3, -11), (-4, -11), (12, 0), (-13, 0)]
"""Candidate label positions around a dot, in points (the sign says which side: the label's
corner nearest the dot is placed there)."""


def _place_labels(ax, pts, fontsize: float, placed: list | None = None) -> list:
    """Number each dot with a label that overlaps neither another label nor another dot:
    the first of :data:`_OFFSETS` whose box (estimated from the font size) is free.
    Returns the label boxes in display pixels (for the next call and for tests)."""
    fig = ax.figure
    px = fig.dpi / 72.0
    boxes: list = [] if placed is None else placed
    dots = [ax.transData.transform((a, p)) for a, p, _ in pts]
    for (a, p, n), (x, y) in zip(pts, dots):
        w, h = (0.62 * fontsize * len(str(n)) + 3) * px, (fontsize + 3) * px
        choice = None
        for dx, dy in _OFFSETS:
            x0 = x + dx * px if dx >= 0 else x + dx * px - w
            y0 = y + dy * px if dy >= 0 else y + dy * px - h
            box = (x0, y0, x0 + w, y0 + h)
            free = all(box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1] for b in boxes)
            clear = all(not (box[0] - 2 <= u <= box[2] + 2 and box[1] - 2 <= v <= box[3] + 2) for u, v in dots)
            if free and clear:
                choice = (dx, dy, box)
                break
        if choice is None:  # crowded: the least bad, the first candidate
            dx, dy = _OFFSETS[0]
            choice = (dx, dy, (x + dx * px, y + dy * px, x + dx * px + w, y + dy * px + h))
        dx, dy, box = choice
        boxes.append(box)
        ax.annotate(str(n), (a, p), xytext=(dx, dy), textcoords="offset points", fontsize=fontsize, zorder=6,
                    ha="left" if dx >= 0 else "right", va="bottom" if dy >= 0 else "top", bbox=_LABEL_BOX)
    return boxes


def _mark_intersections(ax, pts, numbers_on: bool, fontsize: float = 6.5) -> None:
    ax.scatter([a for a, _, _ in pts], [p for _, p, _ in pts], s=14, color="black", zorder=5)
    if numbers_on and pts:
        _place_labels(ax, pts, fontsize)


def _zoom_box(group: list) -> tuple[float, float, float, float]:
    a = [t[0] for t in group]
    p = [t[1] for t in group]
    da = max(max(a) - min(a), 0.004) * 0.08
    dp = max(max(p) - min(p), 0.004) * 0.35
    return min(a) - da, max(a) + da, min(p) - dp, max(p) + dp


def draw_curves(data: dict, path) -> Path:
    """Draw :func:`curves_data` into ``path`` (PNG, SVG, PDF …): :func:`curves_figure`, saved."""
    fig = curves_figure(data)
    out = _save(fig, path)
    _pyplot().close(fig)
    return out


def curves_figure(data: dict):
    """The figure of :func:`curves_data` (the paper's Figure 1 or 2), not yet saved.

    Top: all curves on α ∈ [0, α_max], p ∈ [0, 1], as in the paper. Below: one zoomed panel
    per crowded group of intersections (grey rectangles above show where), with the
    intersections numbered as the cases of paper II's Table 3; the α with several equilibria
    are dotted and labelled with their value. The caption names every colour used.
    """
    plt = _pyplot()
    nums = number_intersections(data["intersections"])
    pts = [(x["alpha"], x["p"], n) for x, n in zip(data["intersections"], nums)]
    groups = _clusters(pts)
    zoomed = {t[2] for g in groups for t in g}
    fig = plt.figure(figsize=(11, 9.5 if groups else 6.5))
    grid = fig.add_gridspec(2 if groups else 1, max(1, len(groups)), height_ratios=[1.5, 1] if groups else [1],
                            hspace=0.28, wspace=0.18)
    ax = fig.add_subplot(grid[0, :])
    _plot_curves(ax, data, legend=True)
    _mark_intersections(ax, pts, numbers_on=False)
    _mark_exceptional(ax, data, text=True)
    ax.set_xlim(0, data["alpha_max"])
    ax.set_ylim(0, 1)
    _place_labels(ax, [t for t in pts if t[2] not in zoomed], 7)
    ax.set_xlabel("commission α")
    ax.set_ylabel(data.get("ylabel", "p: Player's probability of drawing at 5"))
    ax.set_title(f"{data.get('heading', 'Model B2')}, d = {data['decks']}: {len(data['curves'])} best-response-discontinuity curves, "
                 f"{len(data['intersections'])} intersections"
                 + ("" if "heading" in data else ", numbered in the order of paper II's Table 3"), fontsize=10)
    ax.grid(alpha=0.25)
    leg = ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7, frameon=False,
                    title="p((j₁,j₂),k): the p at which Banker\nholding (j₁,j₂), seeing Player's\n"
                          "third card k (∅: Player stood),\nis indifferent between D and S",
                    title_fontsize=7)
    leg._legend_box.align = "left"
    from matplotlib.patches import Rectangle

    for col, group in enumerate(groups):
        a0, a1, p0, p1 = _zoom_box(group)
        ax.add_patch(Rectangle((a0, p0), a1 - a0, p1 - p0, fill=False, ec="0.45", lw=0.9, ls="--", zorder=4))
        ax.annotate("ABCDEFGH"[col], (a0, p1), xytext=(-2, 2), textcoords="offset points", fontsize=8,
                    ha="right", color="0.3")
        z = fig.add_subplot(grid[1, col])
        _plot_curves(z, data, legend=False)
        z.set_xlim(a0, a1)
        z.set_ylim(p0, p1)
        _mark_intersections(z, [t for t in pts if a0 <= t[0] <= a1 and p0 <= t[1] <= p1], numbers_on=True,
                            fontsize=7)
        _mark_exceptional(z, data, text=False)
        z.set_title(f"{'ABCDEFGH'[col]}: zoom, p ∈ [{p0:.3f}, {p1:.3f}]", fontsize=8)
        z.tick_params(labelsize=7)
        z.grid(alpha=0.25)
        z.set_xlabel("α", fontsize=8)
    fig.text(0.06, 0.03 if groups else -0.02, "\n".join(_wrap(colour_caption(data["curves"]) + ". Dots: "
             "intersections of two curves; dotted verticals: the α with several equilibria.", 150)),
             fontsize=7.5, ha="left", va="top")
    return fig


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)


def _parse_formula(text: str):
    import sympy

    a = sympy.Symbol("alpha")
    return sympy.lambdify(a, sympy.sympify(text, locals={"alpha": a}), "math")


def mixing_data(records: list[dict], points: int = 201) -> dict:
    """Player's p(α) and Banker's q(α) per d from sweep records (:func:`~.sweep.run_sweep`).

    Each d: ``p`` (floats on a grid), ``steps`` — one ``(from, to, q)`` per segment, q being
    Banker's drawing probability at the mixed set (``mixed_set``) — and the non-unique α.
    """
    if not records:
        raise GameError("no deck counts to plot")
    per_d = []
    for rec in records:
        hi = Fraction(rec["alpha_max"])
        xs = [float(x) for x in _grid(Fraction(rec["alpha_min"]), hi, points)]
        ps = [float("nan")] * len(xs)
        steps = []
        mixed_set = None
        for seg in rec["segments"]:
            lo_f, hi_f = float(seg["from"]), float(seg["to"])
            if "player" not in seg:
                continue
            f = _parse_formula(next(iter(seg["player"].values())))
            for i, x in enumerate(xs):
                if lo_f <= x <= hi_f:
                    ps[i] = float(f(x))
            mixed = seg["banker_mixed"]
            if mixed:
                mixed_set = mixed_set or next(iter(mixed))
                q = mixed.get(mixed_set)
                steps.append((lo_f, hi_f, float(Fraction(q)) if q is not None and "alpha" not in q else None))
        per_d.append({"decks": rec["decks"], "alpha": xs, "p": ps, "steps": steps, "mixed_set": mixed_set,
                      "nonunique": [float(pt["alpha"]) for pt in rec["points"] if not pt["unique"]]})
    out = {"model": records[0]["model"], "alpha_max": float(Fraction(records[0]["alpha_max"])), "decks": per_d}
    if out["model"] == "B2":
        out["limit"] = limit_data(records, per_d[0]["alpha"])
    return out


def limit_data(records: list[dict], alpha: list[float]) -> dict:
    """The d → ∞ limits of Player's p(α) and Banker's q(α), computed from the models.

    * p: the limit of Player's equilibrium p(α) = p(l)(α, d) at Banker's mixed set l, a
      ratio of the counting polynomials in d (:func:`~.commission.curve_in_d`); paper II's
      eq. (37) says it is Model A1's (9 − α)/(11 − 6α).
    * q: as d → ∞ the shoe becomes cards with replacement (Model A1, whose Banker sees only
      his total). A1's equilibrium drawing probability at (t, ∅), t the mixed set's total,
      is Σ_h w_h·move_h over the two-card hands h of total t with weights w_h ∝ (2 − δ)c(i)c(j)
      (c from :func:`~games.baccara.cards.shoe_counts`); solving for the mixed composition's
      q gives the limit (paper II, eq. (38): 179/286). The other hands' moves are read from
      the record with the most decks.
    """
    import sympy

    from games.baccara.analysis.commission import curve_in_d, solve_alpha_range, symbols
    from games.baccara.cards import shoe_counts
    from games.baccara.infosets import banker_compositions, total_of

    rec = max(records, key=lambda r: r["decks"] or 0)
    seg = next(s for s in rec["segments"] if s.get("banker_mixed"))
    mixed = next(iter(seg["banker_mixed"]))
    a, d = symbols()
    p_lim = sympy.cancel(sympy.limit(curve_in_d(rec["model"], mixed), d, sympy.oo))
    p_fun = sympy.lambdify(a, p_lim, "math")
    hand, _, card = mixed.partition(":")
    total = total_of(hand)
    c = shoe_counts(1)
    w = {h: (2 - (h[0] == h[1])) * c[int(h[0])] * c[int(h[1])]
         for h in banker_compositions() if total_of(h) == total}
    tot = sum(w.values())
    a0 = Fraction(rec["alpha_min"])
    a1 = solve_alpha_range("A1", None, a0, a0)
    l = a1.data.live.index(a1.game.infosets.index(f"{total}:{card}"))
    q_a1 = a1.pieces[0].equilibria[0].y[l].value
    drawn = sum(Fraction(w[h], tot) for h in w if h != hand and seg["pattern"].get(f"{h}:{card}") == "1")
    q_lim = (q_a1 - drawn) / Fraction(w[hand], tot)
    num, den = sympy.fraction(sympy.cancel(p_lim.subs(a, sympy.Symbol("alpha"))))
    if den.subs(sympy.Symbol("alpha"), 0) < 0:   # the paper's form (9 − α)/(11 − 6α)
        num, den = -num, -den
    p_tex = f"\\frac{{{sympy.latex(num, order='rev-lex')}}}{{{sympy.latex(den, order='rev-lex')}}}"
    return {"p_formula": str(p_lim), "p_latex": p_tex, "p": [float(p_fun(x)) for x in alpha],
            "q": float(q_lim), "q_exact": str(q_lim), "mixed_set": mixed}


def _shares_of_six() -> tuple[Fraction, Fraction]:
    """With replacement, the shares of the compositions (0,6) and (8,8) among Banker's
    two-card totals of 6: weights (2 − δ)·c(i)·c(j) from one deck's rank counts."""
    from games.baccara.cards import shoe_counts
    from games.baccara.infosets import banker_compositions, total_of

    c = shoe_counts(1)
    w = {h: (2 - (h[0] == h[1])) * c[int(h[0])] * c[int(h[1])]
         for h in banker_compositions() if total_of(h) == 6}
    tot = sum(w.values())
    return Fraction(w["06"], tot), Fraction(w["88"], tot)


def mixing_caption(q_limit: Fraction) -> str:
    """Caption of the mixing figure, given Banker's d → ∞ probability ``q_limit`` of drawing
    at ((0,6),∅) (computed by :func:`limit_data`). Paper I's q at (6,∅) is the same play
    aggregated over all compositions of 6: share(0,6)·q_limit + share(8,8) (computed here)."""
    share_06, share_88 = _shares_of_six()
    q_total = share_06 * q_limit + share_88
    return (
        "Top: Player's probability p(α) of drawing at 5, one curve per deck count d (eq. (26)); dashed: "
        "the d → ∞ limit, Model A1's p (paper I, Theorem 1). Bottom: Banker's "
        "probability q(α) of drawing at ((0,6),∅) — hand 0 and 6, Player stood — a step function of α "
        "(Table 6); open circles: the α where Banker has four equilibrium strategies. Dashed: the "
        f"d → ∞ limit {fmt(q_limit)} per composition. Paper I's {fmt(q_total)} is a different quantity: "
        "in Model A1 Banker sees only his total, and it is his probability of drawing at (6,∅) over all "
        "compositions of 6. In the limit of Model B2 he mixes only with (0,6) — "
        f"{fmt(share_06)} of the 6s — and always draws with (8,8) — {fmt(share_88)} of them: "
        f"{fmt(share_06)}·{fmt(q_limit)} + {fmt(share_88)} = {fmt(q_total)}, the same overall play."
    )


#: Distinct colours for the deck counts (a sequential map's 12 shades merge); after ten the
#: colours repeat with a dashed line, so colour and line style together tell every d apart.
_DECK_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                 "#bcbd22", "#17becf"]


def _deck_style(i: int) -> tuple[str, str]:
    return _DECK_COLOURS[i % len(_DECK_COLOURS)], ("-", "--", ":")[(i // len(_DECK_COLOURS)) % 3]


def spread_labels(ys: list[float], gap: float, top: float | None = None) -> list[float]:
    """Label heights near ``ys`` at least ``gap`` apart (same order), none above ``top``: direct
    labels that do not overlap each other or leave the axes.

    Examples
    --------
    >>> spread_labels([0.0, 0.01, 0.5], 0.1)
    [-0.045, 0.055, 0.5]
    >>> spread_labels([0.0, 0.01, 0.5], 0.1, top=0.45)
    [-0.045, 0.055, 0.45]
    """
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = [float(ys[i]) for i in order]
    for _ in range(len(out) * 4):   # push neighbours apart, keeping each cluster centred
        moved = False
        for k in range(1, len(out)):
            short = gap - (out[k] - out[k - 1])
            if short > 1e-12:
                out[k - 1] -= short / 2
                out[k] += short / 2
                moved = True
        if not moved:
            break
    if top is not None:   # from the highest label down: nothing above top, gaps kept
        bound = top
        for k in range(len(out) - 1, -1, -1):
            out[k] = min(out[k], bound)
            bound = out[k] - gap
    res = [0.0] * len(ys)
    for k, i in enumerate(order):
        res[i] = round(out[k], 12)
    return res


def draw_mixing(data: dict, path, limit: bool = True) -> Path:
    """Draw :func:`mixing_data`: p(α) on top, q(α) below; one colour (and line style) per d,
    the p curves labelled directly at their right end."""
    plt = _pyplot()

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 8), sharex=True)
    ends, names, colours = [], [], []
    for i, dd in enumerate(data["decks"]):
        colour, ls = _deck_style(i)
        name = "Model A" if dd["decks"] is None else f"d = {dd['decks']}"
        top.plot(dd["alpha"], dd["p"], color=colour, ls=ls, lw=1.4, label=name)
        ends.append(dd["p"][-1])
        names.append(name)
        colours.append(colour)
        for k, (a, b, q) in enumerate(dd["steps"]):
            if q is None:
                continue
            bottom.hlines(q, a, b, color=colour, ls=ls, lw=1.8, label=name if k == 0 else None)
        for a in dd["nonunique"]:
            qs = [q for lo, hi, q in dd["steps"] if q is not None and (abs(hi - a) < 1e-12 or abs(lo - a) < 1e-12)]
            bottom.scatter([a] * len(qs), qs, s=22, facecolors="white", edgecolors=colour, zorder=5)
            if qs:
                bottom.vlines(a, min(qs), max(qs), color=colour, lw=0.8, ls=":")
    if limit and data["model"] == "B2":
        xs = data["decks"][0]["alpha"]
        lim = data["limit"]
        tex = lim.get("p_latex") or lim["p_formula"]
        top.plot(xs, lim["p"], "k--", lw=1, label=f"$d \\to \\infty$: ${tex}$ (Model A1)")
        bottom.axhline(lim["q"], color="k", ls="--", lw=1, label=f"$d \\to \\infty$: {lim['q_exact']}")
    # direct labels at the right end of the p curves, spread so that they do not overlap
    x_end = data["decks"][0]["alpha"][-1] if data["decks"] else data["alpha_max"]
    lo, hi = top.get_ylim()
    for y, y_text, name, colour in zip(ends, spread_labels(ends, (hi - lo) * 0.045, top=hi - (hi - lo) * 0.02), names, colours):
        top.annotate(name, (x_end, y), xytext=(x_end * 1.015, y_text), textcoords="data", color=colour,
                     fontsize=7.5, va="center", annotation_clip=False,
                     arrowprops={"arrowstyle": "-", "color": colour, "lw": 0.5})
    mixed = next((dd["mixed_set"] for dd in data["decks"] if dd["mixed_set"]), None)
    top.set_ylabel("p(α): Player draws at 5")
    bottom.set_ylabel(f"q(α): Banker draws at {paper_label(mixed) if mixed else 'the mixed set'}")
    bottom.set_xlabel("commission α")
    bottom.set_xlim(0, data["alpha_max"])
    top.set_title(f"Model {data['model']}: the unique equilibrium for every α (open circles: α with four "
                  f"Banker equilibrium strategies)", fontsize=10)
    for ax in (top, bottom):
        ax.grid(alpha=0.25)
    top.legend(loc="upper left", fontsize=8, frameon=True, handles=top.get_lines()[-1:] if limit and
               data["model"] == "B2" else [])
    bottom.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False)
    if limit and data["model"] == "B2":
        fig.text(0.06, 0.035, "\n".join(_wrap(mixing_caption(Fraction(data["limit"]["q_exact"])), 135)), fontsize=7.5, ha="left", va="top")
    out = _save(fig, path)
    plt.close(fig)
    return out
