"""The three banque solutions as functions of θ: a sweep over a grid and a plot.

    PYTHONPATH=. python -m games.baccara.banque.sweep [--steps N] [--out FILE.png] [--json FILE]

For θ = k/N (k = 1..N−1) it solves the three concepts exactly and records each
extreme solution's draw probabilities at 5 (p₁, p₂, decimal), Banker's value and whether
the independent cooperative equilibrium exists. The plot shows p₁ and p₂ of every
concept and the three values against θ (matplotlib, imported lazily). Breakpoints between
grid points are not located exactly here (see docs/banque.md).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path

from gamekit.parametric.surd import decimal_str, exact_str

__all__ = ["sweep_theta", "plot_sweep"]


def _rec(res) -> dict:
    return {
        "exists": res.exists,
        "complete": res.complete,
        "solutions": [{"p1": exact_str(s["p1"]), "p2": exact_str(s["p2"]),
                       "p1_float": float(decimal_str(s["p1"], 12)), "p2_float": float(decimal_str(s["p2"], 12)),
                       "banker": exact_str(s["payoffs"]["banker"]),
                       "banker_float": float(decimal_str(s["payoffs"]["banker"], 12))}
                      for s in res.solutions],
        "notes": list(res.notes),
    }


def sweep_theta(steps: int = 10, progress: bool = True) -> list[dict]:
    """Solve the three concepts at θ = k/steps, k = 1..steps−1 (exact; records as dicts)."""
    from games.baccara.banque.concepts import correlated, independent, nash

    thetas = [Fraction(k, steps) for k in range(1, steps)]
    out = []
    bar = None
    if progress:
        from rich.progress import Progress

        bar = Progress()
        bar.start()
        task = bar.add_task("banque theta sweep", total=len(thetas))
    try:
        for t in thetas:
            corr = correlated(t)
            out.append({"theta": exact_str(t), "correlated": _rec(corr),
                        "independent": _rec(independent(t, corr)), "nash": _rec(nash(t))})
            if bar:
                bar.advance(task)
    finally:
        if bar:
            bar.stop()
    return out


def plot_sweep(records: list[dict], path: str | Path) -> None:
    """Mixing probabilities p₁, p₂ and Banker's value of the three concepts against θ."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    styles = {"nash": "o", "independent": "s", "correlated": "^"}
    for concept, mk in styles.items():
        for key in ("p1_float", "p2_float"):
            xs, ys = [], []
            for r in records:
                for s in r[concept]["solutions"]:
                    xs.append(float(Fraction(r["theta"])))
                    ys.append(s[key])
            ax1.plot(xs, ys, mk, ls="none", label=f"{concept} {key[:2]}", alpha=0.7,
                     fillstyle="none" if key == "p2_float" else "full")
        xs = [float(Fraction(r["theta"])) for r in records if r[concept]["solutions"]]
        ys = [r[concept]["solutions"][0]["banker_float"] for r in records if r[concept]["solutions"]]
        ax2.plot(xs, ys, mk + "-", label=concept)
    ax1.set_xlabel("θ (stake on Player 1's hand)")
    ax1.set_ylabel("probability of drawing at 5")
    ax1.legend(fontsize=7)
    ax2.set_xlabel("θ")
    ax2.set_ylabel("Banker's expected gain")
    ax2.legend(fontsize=8)
    fig.suptitle("Baccara banque: three solutions against θ (with replacement)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--out", default="banque_theta.png")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    recs = sweep_theta(args.steps)
    if args.json:
        Path(args.json).write_text(json.dumps(recs, indent=1) + "\n")
    plot_sweep(recs, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
