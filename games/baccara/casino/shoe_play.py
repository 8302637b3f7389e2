"""Consecutive coups from one casino shoe, vectorized, for any drawing strategies.

The casino procedure of :mod:`games.baccara.casino.simulation` (burn the first card face up
and as many more as its value, ten-valued cards burn 10; a cut card in front of the
``cut``-th card from the end; the coup during which it appears is the shoe's last) is dealt
here with *any* Player and Banker strategies — draw probabilities on information sets,
mixed ones randomized coup by coup — so chemin de fer can be played through a real shoe,
not only off the top. This module has its own small dealer (a batch of S shoes, one coup
per step for all of them) and leaves the punto banco kernels of ``simulation.py`` alone.

Exactness. The coup that starts at a stopping time of the deal sees the remaining cards in
uniformly random order, so each coup dealt is, *unconditionally*, distributed as a coup off
the top: the mean payoff per coup agrees with the exact off-the-top value of
:func:`games.baccara.casino.odds.chemin_de_fer_expectation` except for the cut-card effect
(whether a late coup is dealt at all depends on the cards already used), which is far
below simulation noise here; the tests check agreement within confidence intervals.
Standard errors are clustered by shoe (ratio estimator, delta method): coups of one shoe
are dependent.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from gamekit.core import GameError, to_fraction
from gamekit.io import save_figure
from games.baccara.cards import RANK_VALUE, RANKS, check_decks
from games.baccara.casino.odds import Shoe, chemin_de_fer_expectation
from games.baccara.casino.stats import Z95, BetStat
from games.baccara.rules.drawing import K_STOOD, banker_draw_table, player_draw_table

__all__ = [
    "Z95",
    "DealtBatch",
    "shuffled_ranks",
    "deal_batch",
    "batch_rng",
    "check_positive",
    "ShoeStat",
    "ShoePlayResult",
    "play_shoes",
    "clustered_mean",
    "plot_by_position",
]

VAL = np.array([RANK_VALUE[r] for r in RANKS], dtype=np.int64)
BURN = np.where(VAL == 0, 10, VAL)
_PAD = 8


def check_positive(n: object, what: str) -> int:
    """A positive integer or GameError."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise GameError(f"{what} must be a positive integer, got {n!r}")
    return int(n)


MAX_SHOE_DECKS = 100_000
"""Largest shoe dealt card by card (a simulated shoe is shuffled in memory)."""
MAX_CARDS_DEALT = 20_000_000_000
"""Largest number of cards a shoe simulation may deal (about an hour on one core)."""


def check_shoe_run(decks: int, shoes: int) -> tuple[int, int]:
    """``(decks, shoes)`` of a shoe-by-shoe simulation, refused up front when the work is
    unbounded for practical purposes: more than :data:`MAX_SHOE_DECKS` decks per shoe, or more
    than :data:`MAX_CARDS_DEALT` cards in all (issue #28: a bounded input gives a bounded run).

    Examples
    --------
    >>> check_shoe_run(8, 1000)
    (8, 1000)
    """
    shoes = check_positive(shoes, "number of shoes")
    if decks > MAX_SHOE_DECKS:
        raise GameError(f"a simulated shoe has at most {MAX_SHOE_DECKS:,} decks, got {decks:,}")
    if 52 * decks * shoes > MAX_CARDS_DEALT:
        raise GameError(f"{shoes:,} shoes of {decks} decks would deal {52 * decks * shoes:.2e} cards, "
                        f"more than the {MAX_CARDS_DEALT:.0e} a run may deal; use fewer shoes")
    return decks, shoes


def _check_cut(cut: object, size: int, burn: bool) -> int:
    if isinstance(cut, bool) or not isinstance(cut, (int, np.integer)):
        raise GameError(f"cut card position must be an integer, got {cut!r}")
    most = size - (11 if burn else 0) - 6
    if not 6 <= int(cut) <= most:
        raise GameError(f"cut card must lie 6..{most} cards from the end of a {size}-card shoe, got {cut}")
    return int(cut)


def batch_rng(seed: int, index: int) -> np.random.Generator:
    """Batch ``index``'s own generator (a run is reproducible and a prefix of longer runs)."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(index,))))


def shuffled_ranks(rng: np.random.Generator, shoe: Shoe, S: int) -> np.ndarray:
    """S uniformly shuffled shoes as rank indices 0..12, shape (S, N + 8) (8 unused padding cards)."""
    base = np.repeat(np.arange(13, dtype=np.uint8), shoe.counts)
    out = np.full((S, shoe.size + _PAD), 9, dtype=np.uint8)
    out[:, : shoe.size] = rng.permuted(np.broadcast_to(base, (S, shoe.size)), axis=1)
    return out


@dataclass(frozen=True)
class DealtBatch:
    """Every coup of S shoes, step t = the t-th coup of each shoe; arrays of shape (T, S).

    ``active``: the shoe dealt a t-th coup; ``start``: index of its first card in the shoe;
    ``pt``/``bt``: final totals; ``pdrew``/``bdrew``: third cards drawn; ``ppair``/``bpair``:
    first two cards of one rank; ``burned``: cards burned face down per shoe (S,);
    ``ranks``: the shoes (S, N + 8).
    """

    active: np.ndarray
    start: np.ndarray
    pt: np.ndarray
    bt: np.ndarray
    pdrew: np.ndarray
    bdrew: np.ndarray
    ppair: np.ndarray
    bpair: np.ndarray
    burned: np.ndarray
    ranks: np.ndarray = field(repr=False)

    @property
    def coups(self) -> int:
        return int(self.active.sum())

    @property
    def winner(self) -> np.ndarray:
        """+1 Player wins, −1 Banker wins, 0 tie (T, S)."""
        return np.sign(self.pt.astype(np.int16) - self.bt)


def deal_batch(
    ranks: np.ndarray,
    size: int,
    cut: int,
    burn: bool,
    pdraw: np.ndarray,
    bdraw: np.ndarray,
    rng: np.random.Generator | None = None,
) -> DealtBatch:
    """Deal the shoes ``ranks`` coup by coup with draw-probability tables.

    ``pdraw[v1, v2]``: Player's probability of drawing with two cards of values v1, v2;
    ``bdraw[v1, v2, k]``: Banker's, k = Player's third card or 10 if he stood (the tables of
    :mod:`games.baccara.rules.drawing`). Tables of 0/1 need no ``rng``.
    """
    S = ranks.shape[0]
    rows = np.arange(S)
    ptr = 1 + BURN[ranks[:, 0]] if burn else np.zeros(S, dtype=np.int64)
    burned = ptr - 1 if burn else np.zeros(S, dtype=np.int64)
    last = size - cut
    mixed = not (np.isin(pdraw, (0, 1)).all() and np.isin(bdraw, (0, 1)).all())
    if mixed and rng is None:
        raise GameError("mixed strategies need a random generator")
    out: dict[str, list[np.ndarray]] = {k: [] for k in ("active", "start", "pt", "bt", "pd", "bd", "pp", "bp")}
    while True:
        active = ptr <= last
        if not active.any():
            break
        r = [ranks[rows, np.minimum(ptr + i, size + _PAD - 1)] for i in range(6)]
        v = [VAL[x] for x in r]
        pt = (v[0] + v[2]) % 10
        bt = (v[1] + v[3]) % 10
        nat = (pt >= 8) | (bt >= 8)
        u1, u2 = (rng.random(S), rng.random(S)) if mixed else (0.0, 0.0)
        pd = ~nat & (u1 < pdraw[v[0], v[2]])
        k = np.where(pd, v[4], K_STOOD)
        bd = ~nat & (u2 < bdraw[v[1], v[3], k])
        b3 = np.where(pd, v[5], v[4])
        out["active"].append(active)
        out["start"].append(ptr.copy())
        out["pt"].append(np.where(pd, (pt + v[4]) % 10, pt).astype(np.int8))
        out["bt"].append(np.where(bd, (bt + b3) % 10, bt).astype(np.int8))
        out["pd"].append(pd & active)
        out["bd"].append(bd & active)
        out["pp"].append(r[0] == r[2])
        out["bp"].append(r[1] == r[3])
        ptr = ptr + (4 + pd + bd) * active
    a = {k: np.array(x) for k, x in out.items()}
    return DealtBatch(a["active"], a["start"], a["pt"], a["bt"], a["pd"], a["bd"], a["pp"], a["bp"],
                      burned, ranks)


# -- statistics -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShoeStat(BetStat):
    """A mean per coup with its shoe-clustered standard error and, if known, the exact value."""

    def to_json(self) -> dict:
        lo, hi = self.ci95
        d: dict = {"mean": self.mean, "stderr": self.stderr, "ci95": [lo, hi]}
        if self.exact is not None:
            from gamekit.core import fmt

            d.update(exact=fmt(self.exact), exact_float=float(self.exact), exact_in_ci95=self.within(float(self.exact)))
        return d


def clustered_mean(Y: np.ndarray, n: np.ndarray) -> tuple[float, float]:
    """Ratio estimator ΣY/Σn over shoes and its delta-method standard error."""
    Y = np.asarray(Y, dtype=float)
    n = np.asarray(n, dtype=float)
    m = Y.sum() / n.sum()
    k = len(n)
    if k < 2:
        return float(m), float("nan")
    resid = Y - m * n
    se = math.sqrt((resid**2).sum() / (k * (k - 1))) / n.mean()
    return float(m), se


@dataclass(frozen=True)
class ShoePlayResult:
    """Chemin de fer through casino shoes: per-coup means, by coup position, and the exact values."""

    shoes: int
    coups: int
    decks: int
    alpha: Fraction
    cut: int
    burn: bool
    seed: int
    seconds: float
    player: ShoeStat
    banker: ShoeStat
    counts: dict[str, int]
    by_position: dict[str, np.ndarray] = field(repr=False)

    def to_json(self) -> dict:
        pos = self.by_position
        return {
            "shoes": self.shoes, "coups": self.coups, "decks": self.decks, "cut_card": self.cut,
            "burn": self.burn, "seed": self.seed, "seconds": self.seconds,
            "player": self.player.to_json(), "banker": self.banker.to_json(), "counts": self.counts,
            "by_position": {"coups": pos["n"].astype(int).tolist(), "banker_mean": pos["mean"].tolist(),
                            "banker_stderr": pos["se"].tolist()},
        }


def _tables(player: Mapping[str, object], banker: Mapping[str, object]) -> tuple[np.ndarray, np.ndarray]:
    return player_draw_table(player).astype(float), banker_draw_table(banker).astype(float)


def play_shoes(
    player: Mapping[str, object],
    banker: Mapping[str, object],
    decks: int = 6,
    alpha: object = Fraction(1, 20),
    shoes: int = 2000,
    cut: int = 7,
    burn: bool = True,
    seed: int = 0,
    batch: int = 1024,
    exact: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> ShoePlayResult:
    """Play ``shoes`` chemin de fer shoes coup after coup with the given strategies.

    Strategies are draw-probability maps (``{"5": "1/2"}``, ``{"3:9": 1, …}`` or compositions
    ``"06:-"``), as :func:`games.baccara.rules.drawing.player_draw_table` reads them. Banker
    receives 1 − α on a win, −1 on a loss; Player ±1. ``exact`` attaches the off-the-top
    exact values. ``progress(done, total)`` is called after every batch of shoes.
    """
    d, shoes = check_shoe_run(check_decks(decks), shoes)
    a = to_fraction(alpha, "commission alpha")
    if not 0 <= a < 1:
        raise GameError(f"commission alpha must satisfy 0 <= alpha < 1, got {a}")
    shoe = Shoe.decks(d)
    cut = _check_cut(cut, shoe.size, burn)
    pdraw, bdraw = _tables(player, banker)
    t0 = time.perf_counter()
    Yb, Yp, N = [], [], []
    maxT = shoe.size // 4 + 2
    pos_n, pos_s, pos_s2 = np.zeros(maxT), np.zeros(maxT), np.zeros(maxT)
    counts = np.zeros(3, dtype=np.int64)
    done, i = 0, 0
    win_b = 1.0 - float(a)
    while done < shoes:
        S = min(batch, shoes - done)
        rng = batch_rng(seed, i)
        db = deal_batch(shuffled_ranks(rng, shoe, S), shoe.size, cut, burn, pdraw, bdraw, rng)
        w = db.winner
        act = db.active
        pay_b = np.where(w < 0, win_b, np.where(w > 0, -1.0, 0.0)) * act
        pay_p = w * act
        Yb.append(pay_b.sum(axis=0))
        Yp.append(pay_p.sum(axis=0))
        N.append(act.sum(axis=0))
        T = act.shape[0]
        pos_n[:T] += act.sum(axis=1)
        pos_s[:T] += pay_b.sum(axis=1)
        pos_s2[:T] += (pay_b**2).sum(axis=1)
        counts += [((w < 0) & act).sum(), ((w > 0) & act).sum(), ((w == 0) & act).sum()]
        done += S
        i += 1
        if progress is not None:
            progress(done, shoes)
    Yb, Yp, N = np.concatenate(Yb), np.concatenate(Yp), np.concatenate(N)
    ex = chemin_de_fer_expectation(player, banker, d, a) if exact else {}
    mb, sb = clustered_mean(Yb, N)
    mp, sp = clustered_mean(Yp, N)
    keep = pos_n > 0
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(keep, pos_s / np.maximum(pos_n, 1), np.nan)
        var = pos_s2 / np.maximum(pos_n, 1) - mean**2
        se = np.sqrt(np.maximum(var, 0) / np.maximum(pos_n - 1, 1))
    last = int(np.flatnonzero(keep).max()) + 1 if keep.any() else 0
    return ShoePlayResult(
        shoes, int(N.sum()), d, a, cut, burn, seed, time.perf_counter() - t0,
        ShoeStat("player", mp, sp, ex.get("player")), ShoeStat("banker", mb, sb, ex.get("banker")),
        {"banker": int(counts[0]), "player": int(counts[1]), "tie": int(counts[2])},
        {"n": pos_n[:last], "mean": mean[:last], "se": se[:last]},
    )


def plot_by_position(res: ShoePlayResult, path: str, min_coups: int = 200) -> None:
    """Banker's mean payoff by coup position in the shoe, with 95% bands and the exact value."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pos = res.by_position
    ok = pos["n"] >= min_coups
    x = np.arange(1, len(pos["n"]) + 1)[ok]
    m, se = pos["mean"][ok], pos["se"][ok]
    fig, ax = plt.subplots(figsize=(8, 4.6), dpi=110)
    ax.fill_between(x, m - Z95 * se, m + Z95 * se, color="#c6dbef", label="95% band")
    ax.plot(x, m, color="#08519c", lw=1.2, label="simulated mean")
    if res.banker.exact is not None:
        ax.axhline(float(res.banker.exact), color="black", ls="--", lw=1, label="exact, off the top")
    ax.set_xlabel("coup number within the shoe")
    ax.set_ylabel("Banker's mean payoff per coup")
    ax.set_title(f"Chemin de fer through {res.shoes:,} {res.decks}-deck shoes (cut card {res.cut})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    try:
        save_figure(fig, path)
    finally:
        plt.close(fig)
