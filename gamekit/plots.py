"""Pictures of QRE branches and learning trajectories (matplotlib, no global pyplot state).

``qre_figure`` draws each player's probabilities against λ (on a log(1 + λ·range) axis, range = the payoff range), with the certified limit marked; ``trajectory_figure`` draws a 2×2 game as
the phase plane (P(row 1), P(column 1)), a 3-strategy player on the triangle (barycentric
coordinates), and any other player as time series.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["qre_figure", "trajectory_figure", "save"]

_SQ3 = np.sqrt(3) / 2


def _figure(ncols: int) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(5.2 * ncols, 4.4), layout="constrained")


def _title(fig: Any, text: str) -> None:
    import textwrap

    fig.suptitle("\n".join(textwrap.wrap(text, 60 if len(fig.axes) <= 2 and fig.get_figwidth() < 7 else 110)),
                 fontsize=10)


def save(fig: Any, path: str) -> None:
    """Write the figure as PNG (or any format matplotlib infers from ``path``)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    fig.savefig(path, dpi=110)


def qre_figure(branch: Any, labels: tuple[Sequence[str], Sequence[str]] = ((), ()), title: str = "",
               fit: Any = None, data: tuple[Sequence[float], Sequence[float]] | None = None) -> Any:
    """The principal QRE branch: one panel per player, probabilities against λ.

    ``fit`` (a :class:`~gamekit.quantal.fit.QREFit`) adds a dashed line at the fitted λ;
    ``data`` (observed frequencies per player) adds them as crosses on that line.

    Examples
    --------
    >>> import gamekit
    >>> fig = qre_figure(gamekit.qre(gamekit.BimatrixGame([[3, 0], [0, 1]], [[1, 0], [0, 2]])))
    >>> len(fig.axes)
    2
    """
    fig = _figure(2)
    axes = fig.subplots(1, 2, sharey=True)
    lam = np.asarray(branch.lam)
    g = branch.game
    scale = float(max(max(max(r) for r in g.A) - min(min(r) for r in g.A),
                      max(max(r) for r in g.B) - min(min(r) for r in g.B))) or 1.0
    for k, (ax, P, who) in enumerate(zip(axes, (branch.row, branch.col), ("row player (I)", "column player (II)"))):
        names = list(labels[k]) or [str(i + 1) for i in range(P.shape[1])]
        for i in range(P.shape[1]):
            line, = ax.plot(lam, P[:, i], lw=1.8, label=f"{names[i]}")
            if branch.limit is not None:
                lim = branch.limit.row if k == 0 else branch.limit.col
                ax.plot([lam[-1]], [float(lim[i])], "o", color=line.get_color(), ms=6)
        if fit is not None:
            ax.axvline(fit.lam, ls="--", color="0.4", lw=1)
            ax.annotate(f"fitted λ = {fit.lam:.3g}", (fit.lam, 0.02), xytext=(4, 0), textcoords="offset points",
                        fontsize=8, color="0.3")
            if data is not None:
                ax.plot([fit.lam] * len(data[k]), list(data[k]), "x", color="k", ms=8, mew=2,
                        label="observed")
        ax.set_xscale("function", functions=(lambda v: np.log1p(np.maximum(v, 0) * scale),
                                             lambda u: np.expm1(u) / scale))
        top = lam[-1] * 1.05 if lam[-1] > 0 else 1 / scale
        ax.set_xlim(0, top)
        ax.set_xticks(*_ticks(top, scale))
        ax.set_xlabel(f"λ (precision), on a log(1 + λ·{scale:g}) axis ({scale:g} = payoff range)")
        ax.set_title(who)
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
        ax.legend(title="strategy", fontsize=8)
    axes[0].set_ylabel("probability in the logit QRE")
    _title(fig, (title or "principal branch of the logit QRE") + " (dots: the certified limiting equilibrium)")
    return fig


def _ticks(top: float, scale: float) -> tuple[list[float], list[str]]:
    """Round λ values spread evenly on the log(1 + λ·scale) axis."""
    cands = sorted({c * 10.0**k for k in range(-8, 9) for c in (1, 2, 5)})
    width = np.log1p(top * scale)
    ticks = [0.0]
    for c in cands:
        if c <= top and np.log1p(c * scale) - np.log1p(ticks[-1] * scale) >= 0.07 * width:
            ticks.append(c)
    return ticks, [f"{t:g}" for t in ticks]


def _bary(P: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return P[:, 1] + 0.5 * P[:, 2], _SQ3 * P[:, 2]


def _triangle(ax: Any, P: np.ndarray, names: Sequence[str], lim: Sequence[Any] | None, times: np.ndarray,
              clabel: str, ref: Sequence[Any] | None = None) -> None:
    ax.plot([0, 1, 0.5, 0], [0, 0, _SQ3, 0], color="0.3", lw=1)
    for (cx, cy), name, ha in zip(((0, 0), (1, 0), (0.5, _SQ3)), names, ("right", "left", "center")):
        ax.annotate(name, (cx, cy), textcoords="offset points", xytext=(-6 if ha == "right" else 6 if ha == "left" else 0,
                    8 if ha == "center" else -12), ha=ha, fontsize=10)
    x, y = _bary(P)
    pts = ax.scatter(x, y, c=times, cmap="viridis", s=4, zorder=2)
    ax.plot(x, y, color="0.6", lw=0.5, zorder=1)
    ax.plot([x[0]], [y[0]], "o", mfc="white", mec="k", ms=7, zorder=3, label="start")
    ax.plot([x[-1]], [y[-1]], "s", color="k", ms=5, zorder=3, label="end")
    if lim is not None:
        lx, ly = _bary(np.array([[float(v) for v in lim]]))
        ax.plot(lx, ly, "*", color="crimson", ms=14, zorder=4, label="certified limit")
    if ref is not None:
        rx, ry = _bary(np.array([[float(v) for v in ref]]))
        ax.plot(rx, ry, "*", mfc="none", mec="crimson", ms=14, zorder=4, label="Nash equilibrium")
    ax.set_aspect("equal")
    ax.set_xlim(-0.1, 1.1)
    ax.set_ylim(-0.1, 0.98)
    ax.axis("off")
    ax.legend(loc="upper right", fontsize=8)
    ax.figure.colorbar(pts, ax=ax, shrink=0.6, label=clabel)


def trajectory_figure(traj: Any, labels: tuple[Sequence[str], Sequence[str]] = ((), ()), title: str = "",
                      equilibrium: Any = None) -> Any:
    """A learning trajectory: phase plane (2×2), triangles (3 strategies) or time series.

    ``equilibrium`` (an :class:`~gamekit.core.equilibrium.Equilibrium`) is marked as a
    reference (hollow star) on the phase plane and triangles.

    Examples
    --------
    >>> import gamekit
    >>> from gamekit.dynamics import fictitious_play
    >>> t = fictitious_play(gamekit.BimatrixGame([[1, -1], [-1, 1]]), 50)
    >>> len(trajectory_figure(t).axes)   # the phase plane and its colour bar
    2
    """
    m, n = traj.row.shape[1], traj.col.shape[1]
    names = [list(labels[0]) or [str(i + 1) for i in range(m)], list(labels[1]) or [str(j + 1) for j in range(n)]]
    lims: tuple[Any, Any] = (None, None) if traj.limit is None else (traj.limit.row, traj.limit.col)
    if m == 2 and n == 2:
        fig = _figure(1)
        ax = fig.subplots()
        x, y = traj.row[:, 0], traj.col[:, 0]
        pts = ax.scatter(x, y, c=traj.times, cmap="viridis", s=5, zorder=2)
        ax.plot(x, y, color="0.6", lw=0.6, zorder=1)
        ax.plot([x[0]], [y[0]], "o", mfc="white", mec="k", ms=7, label="start", zorder=3)
        ax.plot([x[-1]], [y[-1]], "s", color="k", ms=5, label="end", zorder=3)
        if traj.limit is not None:
            ax.plot([float(lims[0][0])], [float(lims[1][0])], "*", color="crimson", ms=14, label="certified limit",
                    zorder=4)
        if equilibrium is not None:
            ax.plot([float(equilibrium.row[0])], [float(equilibrium.col[0])], "*", mfc="none", mec="crimson",
                    ms=14, label="Nash equilibrium", zorder=4)
        ax.set_xlim(-0.03, 1.03)
        ax.set_ylim(-0.03, 1.03)
        ax.set_aspect("equal")
        ax.set_xlabel(f"row player: P({names[0][0]})")
        ax.set_ylabel(f"column player: P({names[1][0]})")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="best")
        fig.colorbar(pts, ax=ax, shrink=0.8, label="time" if "replicator" in traj.rule else "step")
    else:
        fig = _figure(2)
        axes = fig.subplots(1, 2)
        for k, (ax, P, who) in enumerate(zip(axes, (traj.row, traj.col), ("row player (I)", "column player (II)"))):
            if P.shape[1] == 3:
                ref = None if equilibrium is None else (equilibrium.row, equilibrium.col)[k]
                _triangle(ax, P, names[k], lims[k], traj.times, "time" if "replicator" in traj.rule else "step", ref)
            else:
                for i in range(P.shape[1]):
                    ax.plot(traj.times, P[:, i], lw=1.4, label=names[k][i])
                ax.set_xlabel("time" if "replicator" in traj.rule else "step")
                ax.set_ylabel("probability")
                ax.set_ylim(-0.02, 1.02)
                ax.grid(alpha=0.3)
                ax.legend(title="strategy", fontsize=8)
            ax.set_title(who)
    _title(fig, (title or f"{traj.rule}: {len(traj) - 1} steps")
           + ("" if traj.limit is None else " (star: certified limiting equilibrium)"))
    return fig
