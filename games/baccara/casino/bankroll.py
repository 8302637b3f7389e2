"""Bankroll sessions at punto banco: several simultaneous bets, betting systems, table limits.

A session starts with a cash balance and plays ``rounds`` consecutive coups of casino shoes
(the R package's ``simulation()`` keeps such a balance over player, banker, tie and pair
bets). Each bet b has a base stake s_b; a betting system turns the bet's own history of wins
and losses into a multiple u_t of it, and the table limits clip the stake:

* ``flat``: u = 1.
* ``martingale``: double after a loss, back to 1 after a win.
* ``paroli``: double after a win, back to 1 after three wins in a row or a loss.
* ``1-3-2-6``: units 1, 3, 2, 6 along a run of wins; back to 1 after a loss or the fourth win.
* ``fibonacci``: one step up the sequence 1, 1, 2, 3, 5, … after a loss, two steps down after
  a win.

Pushes (ties for Banker/Player bets) leave the state unchanged. Stake_t(b) = clip(s_b·u_t,
min, max). The player is **ruined** when the cash cannot cover the next round's stakes; the
session then stops. Reported: the final-balance distribution, the risk of ruin, the total
staked, and the return per unit staked beside its exact value. By linearity, a coup's
expected net gain is Σ_b stake_b·E_b whatever the system, where E_b is the bet's exact
expectation per unit off the top (:mod:`games.baccara.casino.odds`); for flat stakes without
ruin the exact expected final balance is cash + rounds·Σ_b s_b·E_b. (Through a shoe the
expectation given the past is the remaining shoe's, so systems that react to results are
exact only up to that small dependence; the simulation shows both.)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from gamekit.core import GameError, fmt, to_fraction
from gamekit.io import save_figure
from games.baccara.cards import check_decks
from games.baccara.casino.counting import punto_banco_tables
from games.baccara.casino.odds import STANDARD_BETS, STATES, Shoe, house_edge
from games.baccara.casino.shoe_play import (
    MAX_SHOE_DECKS,
    Z95,
    batch_rng,
    check_positive,
    deal_batch,
    shuffled_ranks,
)

__all__ = ["SYSTEMS", "BetSpec", "BankrollResult", "parse_bet_specs", "coup_stream", "run_sessions",
           "plot_bankroll"]

SYSTEMS = ("flat", "martingale", "paroli", "1-3-2-6", "fibonacci")
_FIB = np.array([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181, 6765,
                 10946, 17711, 28657, 46368, 75025, 121393, 196418, 317811, 514229, 832040], dtype=float)
_1326 = np.array([1, 3, 2, 6], dtype=float)


@dataclass(frozen=True)
class BetSpec:
    """One bet of the session: a name from the bet table and its base stake."""

    name: str
    stake: Fraction


def parse_bet_specs(specs: list[str] | tuple[str, ...]) -> tuple[BetSpec, ...]:
    """``["banker=10", "tie_8_to_1=1"]`` -> BetSpecs (GameError on unknown bets or bad stakes)."""
    out = []
    for s in specs or ["banker=1"]:
        name, sep, stake = s.partition("=")
        name = name.strip().lower().replace("-", "_")
        if name == "tie":
            name = "tie_8_to_1"
        if name not in STANDARD_BETS:
            raise GameError(f"unknown bet {name!r} (choose from {', '.join(STANDARD_BETS)})")
        st = to_fraction(stake.strip() if sep else "1", f"stake of {name}")
        if st <= 0:
            raise GameError(f"stake of {name} must be positive, got {st}")
        if st > MAX_MONEY:  # cash and stakes are floats in the sessions (#28: 1e400 overflowed, 1e300 gave NaN)
            shown = f"{float(st):.3g}" if st < 10**308 else "1e308 or more"
            raise GameError(f"stake of {name} must be at most {MAX_MONEY:.0e} units, got {shown}")
        out.append(BetSpec(name, st))
    if len({b.name for b in out}) != len(out):
        raise GameError("each bet may be given once")
    return tuple(out)


def coup_stream(decks: int, coups: int, seed: int, cut: int = 14, batch: int = 512,
                progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """Final-state indices (0..1599, :data:`STATES`) of ``coups`` consecutive punto banco coups.

    Shoes are dealt one after the other (burn, cut card); the stream is their coups in order.
    """
    d = check_decks(decks)
    if d > MAX_SHOE_DECKS:
        raise GameError(f"a simulated shoe has at most {MAX_SHOE_DECKS:,} decks, got {d:,}")
    shoe = Shoe.decks(d)
    if not 6 <= cut <= shoe.size - 17:
        raise GameError(f"cut card must lie 6..{shoe.size - 17} cards from the end, got {cut}")
    pdraw, bdraw = punto_banco_tables()
    parts, got, i = [], 0, 0
    while got < coups:
        db = deal_batch(shuffled_ranks(batch_rng(seed, i), shoe, batch), shoe.size, cut, True, pdraw, bdraw)
        code = (((db.pdrew.astype(np.int64) * 10 + db.pt) * 2 + db.bdrew) * 10 + db.bt) * 4 \
            + db.ppair * 2 + db.bpair
        flat = code.T[db.active.T]  # shoe by shoe, coups in order
        parts.append(flat)
        got += flat.size
        i += 1
        if progress is not None:
            progress(min(got, coups), coups)
    return np.concatenate(parts)[:coups]


@dataclass(frozen=True)
class BankrollResult:
    """Sessions' final balances and trajectories, ruin, and returns beside the exact values."""

    bets: tuple[BetSpec, ...]
    system: str
    bankroll: float
    rounds: int
    sessions: int
    table_min: float
    table_max: float
    decks: int
    seed: int
    seconds: float
    final: np.ndarray = field(repr=False)
    ruined: np.ndarray = field(repr=False)
    staked: np.ndarray = field(repr=False)
    paths: np.ndarray = field(repr=False)
    exact_per_unit: dict[str, Fraction] = field(default_factory=dict)

    @property
    def exact_flat_final(self) -> Fraction | None:
        """cash + rounds·Σ s_b E_b: exact for flat stakes when nobody is ruined (module doc)."""
        if self.system != "flat" or self.ruined.any():
            return None
        return Fraction(self.bankroll) + self.rounds * sum(
            (b.stake * self.exact_per_unit[b.name] for b in self.bets), Fraction(0))

    def summary(self) -> dict:
        f = self.final
        q = np.quantile(f, [0.05, 0.25, 0.5, 0.75, 0.95])
        profit = f - self.bankroll
        tot = self.staked.sum(axis=1)
        per_unit = profit.sum() / tot.sum()
        # ratio estimator over sessions (delta method)
        resid = profit - per_unit * tot
        se = math.sqrt((resid**2).sum() / (len(f) * (len(f) - 1))) / tot.mean() if len(f) > 1 else float("nan")
        ev = np.array([float(self.exact_per_unit[b.name]) for b in self.bets])
        linear = self.staked @ ev  # per session: sum_b E_b * staked_b (linearity, module doc)
        out = {
            "mean_final": float(f.mean()), "sd_final": float(f.std(ddof=1)) if len(f) > 1 else 0.0,
            "stderr_mean_final": float(f.std(ddof=1) / math.sqrt(len(f))) if len(f) > 1 else float("nan"),
            "min": float(f.min()), "q05": float(q[0]), "q25": float(q[1]), "median": float(q[2]),
            "q75": float(q[3]), "q95": float(q[4]), "max": float(f.max()),
            "p_ahead": float((f > self.bankroll).mean()), "risk_of_ruin": float(self.ruined.mean()),
            "mean_staked": {b.name: float(self.staked[:, i].mean()) for i, b in enumerate(self.bets)},
            "return_per_unit_staked": {"mean": float(per_unit), "stderr": se,
                                       "ci95": [float(per_unit - Z95 * se), float(per_unit + Z95 * se)]},
            "mean_profit": float(profit.mean()),
            "mean_profit_ci95": [float(profit.mean() - Z95 * profit.std(ddof=1) / math.sqrt(len(f))),
                                 float(profit.mean() + Z95 * profit.std(ddof=1) / math.sqrt(len(f)))]
            if len(f) > 1 else None,
            "exact_profit_given_stakes": float(linear.mean()),
            "exact_return_per_unit_given_stakes": float(linear.sum() / tot.sum()),
        }
        ex = self.exact_flat_final
        if ex is not None:
            out["exact_mean_final"] = fmt(ex)
            out["exact_mean_final_float"] = float(ex)
        return out

    def to_json(self) -> dict:
        return {
            "bets": {b.name: fmt(b.stake) for b in self.bets}, "system": self.system,
            "bankroll": self.bankroll, "rounds": self.rounds, "sessions": self.sessions,
            "table_limits": [self.table_min, self.table_max], "decks": self.decks, "seed": self.seed,
            "seconds": self.seconds,
            "exact_per_unit": {k: fmt(v) for k, v in self.exact_per_unit.items()},
            "summary": self.summary(),
        }


def _next_units(system: str, idx: np.ndarray, units: np.ndarray, won: np.ndarray, lost: np.ndarray):
    """Advance each (session, bet) system state after a coup; returns (idx, units)."""
    if system == "flat":
        return idx, units
    if system == "martingale":
        units = np.where(lost, units * 2, np.where(won, 1.0, units))
        return idx, units
    if system == "paroli":
        idx = np.where(won, idx + 1, np.where(lost, 0, idx))
        idx = np.where(idx >= 3, 0, idx)
        return idx, 2.0**idx
    if system == "1-3-2-6":
        idx = np.where(won, idx + 1, np.where(lost, 0, idx))
        idx = np.where(idx >= 4, 0, idx)
        return idx, _1326[idx]
    idx = np.where(lost, np.minimum(idx + 1, len(_FIB) - 1), np.where(won, np.maximum(idx - 2, 0), idx))
    return idx, _FIB[idx]


MAX_MONEY = 10**15
"""Largest bankroll or table limit, in units of the base stake (floats stay exact integers)."""


def _money(x: object, what: str) -> float:
    f = to_fraction(x, what)
    if abs(f) > MAX_MONEY:
        raise GameError(f"{what} must be at most {MAX_MONEY:.0e} units, got {x}")
    return float(f)


def run_sessions(bets: tuple[BetSpec, ...] | list[str], system: str = "flat", bankroll: object = 1000,
                 rounds: int = 200, sessions: int = 2000, table_min: object = 0, table_max: object = None,
                 decks: int = 8, seed: int = 0, cut: int = 14, keep_paths: int = 50,
                 progress: Callable[[int, int], None] | None = None) -> BankrollResult:
    """Play ``sessions`` sessions of ``rounds`` coups with ``bets`` under ``system`` (module doc)."""
    specs = bets if bets and isinstance(bets[0], BetSpec) else parse_bet_specs(list(bets))  # type: ignore[arg-type]
    key = system.strip().lower()
    if key not in SYSTEMS:
        raise GameError(f"unknown betting system {system!r} (choose from {', '.join(SYSTEMS)})")
    rounds = check_positive(rounds, "rounds per session")
    sessions = check_positive(sessions, "number of sessions")
    if rounds * sessions > 50_000_000:
        raise GameError(f"at most 50,000,000 coups in all, got {rounds * sessions:,}")
    cash0 = _money(bankroll, "bankroll")
    lo = _money(table_min, "table minimum")
    hi = math.inf if table_max is None else _money(table_max, "table maximum")
    if cash0 <= 0 or lo < 0 or hi < lo:
        raise GameError("need bankroll > 0 and 0 <= table minimum <= table maximum")
    t0 = time.perf_counter()
    codes = coup_stream(decks, rounds * sessions, seed, cut, progress=progress).reshape(sessions, rounds)
    pay = np.array([[float(STANDARD_BETS[b.name].payout(s)) for b in specs] for s in STATES])  # (1600, B)
    base = np.array([float(b.stake) for b in specs])
    B = len(specs)
    cash = np.full(sessions, cash0)
    alive = np.ones(sessions, dtype=bool)
    staked = np.zeros((sessions, B))
    idx = np.zeros((sessions, B), dtype=np.int64)
    units = np.ones((sessions, B))
    k = min(keep_paths, sessions)
    paths = np.empty((k, rounds + 1))
    paths[:, 0] = cash0
    for t in range(rounds):
        stake = np.clip(base * units, lo, hi)
        need = stake.sum(axis=1)
        alive &= cash >= need - 1e-9
        r = pay[codes[:, t]]  # (sessions, B) net return per unit
        gain = (stake * r).sum(axis=1)
        cash = np.where(alive, cash + gain, cash)
        staked += np.where(alive[:, None], stake, 0.0)
        idx, units = _next_units(key, idx, units, (r > 0) & alive[:, None], (r < 0) & alive[:, None])
        paths[:, t + 1] = cash[:k]
    he = house_edge(decks, {b.name: STANDARD_BETS[b.name] for b in specs})
    exact = {b.name: he.bets[b.name].expected for b in specs}
    return BankrollResult(specs, key, cash0, rounds, sessions, lo, hi, check_decks(decks), seed,
                          time.perf_counter() - t0, cash, ~alive, staked, paths, exact)


def histogram_edges(values: np.ndarray, max_bins: int = 150) -> np.ndarray:
    """Bin edges over the whole range of ``values`` chosen from the data: one bin per lattice
    point when the values take few distinct values, else the Freedman–Diaconis width of the
    bulk (2·IQR/n^(1/3)), at most ``max_bins`` bins — so neither the bulk (a few hundred
    near the start) nor the tail (ruin) is lost in two wide bins.

    Examples
    --------
    >>> histogram_edges(np.array([0.0, 1.0, 1.0, 2.0])).tolist()
    [-0.5, 0.5, 1.5, 2.5]
    """
    v = np.asarray(values, dtype=float)
    lo, hi = float(v.min()), float(v.max())
    distinct = np.unique(v)
    if len(distinct) <= max_bins:
        step = float(np.min(np.diff(distinct))) if len(distinct) > 1 else 1.0
        if (hi - lo) / step <= max_bins:
            return np.arange(lo - step / 2, hi + step, step)
    q1, q3 = np.quantile(v, [0.25, 0.75])
    width = 2 * (q3 - q1) / len(v) ** (1 / 3)
    bins = max_bins if width <= 0 else int(min(max_bins, max(10, np.ceil((hi - lo) / width))))
    return np.linspace(lo, hi, bins + 1)


def plot_bankroll(res: BankrollResult, path: str, trajectories: int = 30) -> None:
    """Two panels: cash trajectories of the first sessions and the final-balance histogram."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.6), dpi=110)
    x = np.arange(res.rounds + 1)
    for p in res.paths[:trajectories]:
        ax1.plot(x, p, lw=0.7, alpha=0.7)
    ax1.axhline(res.bankroll, color="black", lw=0.8, ls=":")
    ex = res.exact_flat_final
    per = sum(float(b.stake * res.exact_per_unit[b.name]) for b in res.bets)
    if res.system == "flat":
        ax1.plot(x, res.bankroll + per * x, color="black", ls="--", lw=1.2, label="exact expectation")
        ax1.legend(fontsize=8)
    ax1.set_xlabel("coup")
    ax1.set_ylabel("cash")
    ax1.set_title(f"{min(trajectories, len(res.paths))} sessions, {res.system}")
    ax2.hist(res.final, bins=histogram_edges(res.final), color="#7aa6c2", edgecolor="#7aa6c2")
    ax2.set_yscale("log")   # ruined sessions are rare but are the point: a log axis shows them
    ax2.axvline(res.final.mean(), color="#c0392b", label=f"mean {res.final.mean():.1f}")
    lin = res.bankroll + res.summary()["exact_profit_given_stakes"]
    ax2.axvline(lin, color="black", ls="--", label=f"exact given the stakes {lin:.1f}")
    if ex is not None:
        ax2.axvline(float(ex), color="grey", ls=":", label=f"exact {float(ex):.1f}")
    ax2.set_xlabel(f"final balance after {res.rounds} coups (ruin {res.ruined.mean():.1%})")
    ax2.set_ylabel("number of sessions (log scale)")
    ax2.legend(fontsize=8)
    bets = ", ".join(f"{b.name} {fmt(b.stake)}" for b in res.bets)
    fig.suptitle(f"Bankroll {res.bankroll:g}: {bets}; {res.sessions:,} sessions, {res.decks} decks")
    fig.tight_layout()
    try:
        save_figure(fig, path)
    finally:
        plt.close(fig)


def _exact_mapping(bets: Mapping[str, Fraction]) -> dict[str, str]:  # pragma: no cover - helper
    return {k: fmt(v) for k, v in bets.items()}
