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

from gamekit.core.errors import GameError

__all__ = ["COLOURS", "paper_label", "curves_data", "draw_curves", "mixing_data", "draw_mixing"]

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
    out = Path(path)
    if out.parent and not out.parent.exists():
        raise GameError(f"cannot write {out}: directory {out.parent} does not exist")
    try:
        fig.savefig(out, dpi=130, bbox_inches="tight")
    except (OSError, ValueError) as exc:
        raise GameError(f"cannot write {out}: {str(exc).splitlines()[0]}") from None
    return out


def draw_curves(data: dict, path) -> Path:
    """Draw :func:`curves_data` (the paper's Figure 1) into ``path`` (PNG, SVG, PDF …)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 6.2))
    styles = ["-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1))]
    seen: dict[str, int] = {}
    for c in data["curves"]:
        k = seen.get(c["colour"], 0)
        seen[c["colour"]] = k + 1
        ax.plot(c["alpha"], c["p"], color=c["colour"], linestyle=styles[k % len(styles)], lw=1.3,
                label=c["name"])
    if data["intersections"]:
        ax.scatter([x["alpha"] for x in data["intersections"]], [x["p"] for x in data["intersections"]],
                   s=16, color="black", zorder=5, label=f"{len(data['intersections'])} intersections")
    for i, a in enumerate(data["nonunique"]):
        ax.axvline(a, color="0.5", lw=0.8, ls=":",
                   label="α with several equilibria" if i == 0 else None)
    ax.set_xlim(0, data["alpha_max"])
    ax.set_ylim(0, 1)
    ax.set_xlabel("commission α")
    ax.set_ylabel(data.get("ylabel", "p (Player's probability of drawing at 5)"))
    ax.set_title(f"{data.get('heading', 'Model B2')}, d = {data['decks']}: {len(data['curves'])} best-response-discontinuity curves, "
                 f"{len(data['intersections'])} intersections")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False)
    ax.grid(alpha=0.25)
    out = _save(fig, path)
    plt.close(fig)
    return out


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
    return {"model": records[0]["model"], "alpha_max": float(Fraction(records[0]["alpha_max"])), "decks": per_d}


def draw_mixing(data: dict, path, limit: bool = True) -> Path:
    """Draw :func:`mixing_data`: p(α) on top, q(α) below, one colour per d."""
    plt = _pyplot()
    from matplotlib import cm

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 8), sharex=True)
    n = len(data["decks"])
    cmap = cm.get_cmap("viridis") if hasattr(cm, "get_cmap") else plt.get_cmap("viridis")
    for i, dd in enumerate(data["decks"]):
        colour = cmap(i / max(1, n - 1) * 0.9)
        name = "Model A" if dd["decks"] is None else f"d = {dd['decks']}"
        top.plot(dd["alpha"], dd["p"], color=colour, lw=1.2, label=name)
        for k, (a, b, q) in enumerate(dd["steps"]):
            if q is None:
                continue
            bottom.hlines(q, a, b, color=colour, lw=1.6, label=name if k == 0 else None)
        for a in dd["nonunique"]:
            qs = [q for lo, hi, q in dd["steps"] if q is not None and (abs(hi - a) < 1e-12 or abs(lo - a) < 1e-12)]
            bottom.scatter([a] * len(qs), qs, s=22, facecolors="white", edgecolors=colour, zorder=5)
            if qs:
                bottom.vlines(a, min(qs), max(qs), color=colour, lw=0.8, ls=":")
    if limit and data["model"] == "B2":
        xs = data["decks"][0]["alpha"]
        top.plot(xs, [(9 - x) / (11 - 6 * x) for x in xs], "k--", lw=1, label="d → ∞ (Model A1), eq. (37)")
        bottom.axhline(179 / 286, color="k", ls="--", lw=1, label="d → ∞: 179/286")
    mixed = next((dd["mixed_set"] for dd in data["decks"] if dd["mixed_set"]), None)
    top.set_ylabel("p(α): Player draws at 5")
    bottom.set_ylabel(f"q(α): Banker draws at {paper_label(mixed) if mixed else 'the mixed set'}")
    bottom.set_xlabel("commission α")
    bottom.set_xlim(0, data["alpha_max"])
    top.set_title(f"Model {data['model']}: the unique equilibrium for every α (open circles: α with four "
                  f"Banker equilibrium strategies)", fontsize=10)
    for ax in (top, bottom):
        ax.grid(alpha=0.25)
        ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False)
    out = _save(fig, path)
    plt.close(fig)
    return out
