"""The simulator's numpy-free core: bet classes, exact sums, results, and the C run.

``baccara simulate`` spends most of a short run on fixed costs, and ``import numpy``
alone (≈ 0.14 s) is a third of what 60× the plain Python loop allows for 2·10⁷ coups.
Nothing on the default path needs it: the C kernel (:mod:`games.baccara.casino.shoe_c`)
builds its own tables (``build_tables``), deals chunks of shoes on POSIX threads
(``deal_threads``) into ctypes buffers, and returns exact integer sums. This module holds
what that path needs — the bet classes, the exact accumulator, the result types, input
checks — with the standard library only; :mod:`games.baccara.casino.simulation` (numpy)
builds on the same classes for the numba/numpy backends, betting sessions and tables.

**Bet classes.** The 1600 final states (:data:`games.baccara.casino.odds.STATES`) are
grouped by (payout of every bet, winner, pair flags): states of one class are
indistinguishable to every statistic printed, so the kernel counts classes (≈ 30), not
states.

**Exact sums.** With hₛ the class histogram of shoe s, the per-shoe return of bet b is
Yₛ = hₛ·pay_b and its coups nₛ = hₛ·1 (real coups), so ΣY = (Σh)·pay_b,
ΣY² = pay_bᵀ H pay_b, ΣYn = pay_bᵀ H 1 and Σn² = 1ᵀ H 1 with the Gram matrix H = Σₛ hₛhₛᵀ.
Only Σh and H are kept, as Python integers: the statistics do not depend on chunks,
threads or backend, and they are evaluated exactly (Fractions) up to the final square
root. The mean return of a bet is the ratio estimator ΣY/Σn, with the delta-method
standard error over shoes SE² = Σ(Yₛ − m·nₛ)² / (k(k − 1)·n̄²) (k shoes, m = ΣY/Σn,
n̄ = Σn/k): coups of one shoe are dependent, the shoe is the unit.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Integral
from typing import TYPE_CHECKING, Any

from gamekit.core import GameError, to_fraction
from games.baccara.casino.odds import STATES, Bet, Shoe
from games.baccara.casino.stats import BetStat

if TYPE_CHECKING:
    import numpy as np

__all__ = ["NO_COUP", "BetClasses", "bet_classes", "Accumulator", "SessionResult", "SimulationResult",
           "check_rounds", "check_cut", "check_seed", "check_workers", "seed_key", "prepare", "run_c", "finish",
           "simulate_plain"]

NO_COUP = 1600  # code for "no coup" (shoe finished)
_MAX_CHUNK = 16384  # shoes per call of the C kernel (its buffers: 8 bytes per shoe)
_MAX_CHUNK_COUPS = 1 << 21  # ... and at most about this many coups, counted at N/4 + 1 per shoe
_BURN = [10 if v == 0 else v for v in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)]  # cards burned after rank A..K
_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
_MASK = (1 << 64) - 1
GAMMA, MIX_M1, MIX_M2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""SplitMix64's increment and the two multipliers of its output function: the one definition
of the stream for every backend (Python, numpy, numba; shoe_kernel.c repeats them in C)."""


def seed_key(seed: int) -> int:
    """The run key mix(seed mod 2⁶⁴) shared by every shoe of a run (SplitMix64's output
    function; :mod:`games.baccara.casino.shoe_kernel` describes the stream)."""
    z = seed & _MASK
    z = ((z ^ (z >> 30)) * MIX_M1) & _MASK
    z = ((z ^ (z >> 27)) * MIX_M2) & _MASK
    return z ^ (z >> 31)


# ------------------------------------------------------------------ validation


def check_rounds(rounds: object, what: str = "number of rounds") -> int:
    """A positive integer."""
    if isinstance(rounds, bool) or not isinstance(rounds, Integral):
        raise GameError(f"{what} must be a positive integer, got {rounds!r}")
    if rounds < 1:
        raise GameError(f"{what} must be a positive integer, got {rounds}")
    return int(rounds)


def check_cut(cut: object, shoe_size: int, burn: bool) -> int:
    """The cut card sits in front of the ``cut``-th card from the end: 6 ≤ cut ≤ N − 11 (N with no burn)."""
    if isinstance(cut, bool) or not isinstance(cut, Integral):
        raise GameError(f"cut card position must be an integer, got {cut!r}")
    cut = int(cut)
    if cut < 6:
        raise GameError(f"cut card must have at least 6 cards behind it (a coup needs up to 6), got {cut}")
    most = shoe_size - (11 if burn else 0)
    if cut > most:
        raise GameError(
            f"cut card position {cut} is beyond the shoe ({shoe_size} cards; at most {most} from the end"
            + (" after the largest burn)" if burn else ")")
        )
    return cut


def check_seed(seed: object) -> int:
    """A non-negative integer; None draws 128 bits from the operating system (reported)."""
    if seed is None:
        import secrets

        return secrets.randbits(128)
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise GameError(f"seed must be a non-negative integer, got {seed!r}")
    return int(seed)


def check_workers(workers: object) -> int:
    """Explicit thread count, or by default 2 when the load average leaves a core idle, else 1."""
    if workers is None:
        cores = os.cpu_count() or 1
        try:
            busy = os.getloadavg()[0]
        except (AttributeError, OSError):  # platforms without a load average
            busy = 0.0
        return 2 if cores >= 2 and busy < cores - 1 else 1
    if isinstance(workers, bool) or not isinstance(workers, Integral) or workers < 1:
        raise GameError(f"workers must be a positive integer, got {workers!r}")
    return int(workers)


# ----------------------------------------------------------------- bet classes


class BetClasses:
    """Groups the 1600 final states by (payout of every bet, winner, pair flags).

    ``cls_list[s]`` is the class of state s (``cls_list[NO_COUP]`` the last class, "no
    coup"), ``exact_pay[c][b]`` the exact payout of bet b on class c, ``kinds[c]`` its
    (banker, player, tie, player pair, banker pair) indicators, ``coups[c]`` 1 for a real
    coup.
    """

    def __init__(self, bets: Mapping[str, Bet]) -> None:
        self.names = list(bets)
        self._values: list[Fraction] = []  # distinct payout values, numbered
        self._numbers: dict[tuple[int, int], int] = {}
        keys: dict[tuple, int] = {}
        cls = [0] * (NO_COUP + 1)
        exact_pay: list[tuple[Fraction, ...]] = []
        codes = [self._column(bets[n].payout, n) for n in self.names]  # per bet: a value code per state
        for i, (s, *code) in enumerate(zip(STATES, *codes)):
            key = (tuple(code), s.winner, s.player_pair, s.banker_pair)
            c = keys.get(key)
            if c is None:
                c = keys[key] = len(keys)
                exact_pay.append(tuple(self._values[x] for x in code))
            cls[i] = c
        self.n_classes = len(keys) + 1  # last class: no coup
        cls[NO_COUP] = len(keys)
        self.cls_list = cls
        self.exact_pay = [*exact_pay, tuple(Fraction(0) for _ in self.names)]  # per class (no coup: 0)
        self.kinds = [[0] * 5 for _ in range(self.n_classes)]
        for (_, winner, pp, bp), c in keys.items():
            self.kinds[c] = [int(winner == "banker"), int(winner == "player"), int(winner == "tie"), int(pp), int(bp)]
        self.coups = [1] * (self.n_classes - 1) + [0]
        del self._values, self._numbers

    def _column(self, payout: Callable[[Any], object], name: str) -> list[int]:
        """The number of the exact payout of one bet on every state. Payouts mostly return
        the same few objects, so values are numbered once per object (by id, the objects
        being alive in ``pays``) and by (numerator, denominator): hashing Fractions would
        cost more than the payouts."""
        pays = [payout(s) for s in STATES]
        by_id: dict[int, int] = {}
        out = []
        for p in pays:
            x = by_id.get(id(p))
            if x is None:
                f = p if type(p) is Fraction else to_fraction(p, f"payout of bet {name}")
                x = self._numbers.setdefault((f.numerator, f.denominator), len(self._values))
                if x == len(self._values):
                    self._values.append(f)
                by_id[id(p)] = x
            out.append(x)
        return out


_CLASS_CACHE: dict[tuple[int, ...], tuple[list[Bet], Any]] = {}


def bet_classes(table: Mapping[str, Bet], kind: type = BetClasses) -> Any:
    """``kind(table)`` (:class:`BetClasses` or a subclass), cached by the identity of the
    table's Bet objects (the cache keeps them alive, so an id cannot be reused meanwhile)."""
    bets = list(table.values())
    key = (id(kind),) + tuple(id(b) for b in bets) + tuple(hash(n) for n in table)
    hit = _CLASS_CACHE.get(key)
    if hit is None or list(table) != hit[1].names:
        if len(_CLASS_CACHE) >= 8:
            _CLASS_CACHE.clear()
        hit = _CLASS_CACHE[key] = (bets, kind(table))
    return hit[1]


# ----------------------------------------------------------------- exact sums


class Accumulator:
    """Exact integer sums Σh (per class) and H = Σ hhᵀ over shoes (module docstring)."""

    def __init__(self, classes: BetClasses) -> None:
        self.classes = classes
        C = classes.n_classes
        self.S = [0] * C
        self.H = [[0] * C for _ in range(C)]
        self.done = self.shoes = 0

    def add_sums(self, hsum: list[int], gram: list[list[int]], coups: int, shoes: int) -> None:
        """Add Σh and Σhhᵀ (full symmetric matrix) of ``shoes`` shoes holding ``coups`` coups."""
        self.S = [a + b for a, b in zip(self.S, hsum, strict=True)]
        self.H = [[a + b for a, b in zip(r, g, strict=True)] for r, g in zip(self.H, gram, strict=True)]
        self.done += coups
        self.shoes += shoes

    def stats(self, exact_returns: Mapping[str, Fraction]) -> dict[str, BetStat]:
        """Mean return per bet = ΣY/Σn with its delta-method standard error (module docstring);
        the sum of squares is exact (integers) before the final square root."""
        c = self.classes
        live = [i for i in range(len(self.S)) if self.S[i]]
        H = [[self.H[i][j] for j in live] for i in live]
        S = [self.S[i] for i in live]
        coup = [c.coups[i] for i in live]
        sn = _dot(S, coup)
        sn2 = _dot(coup, [_dot(row, coup) for row in H])
        out = {}
        for b, name in enumerate(c.names):
            pays = [c.exact_pay[i][b] for i in live]
            L = math.lcm(*(f.denominator for f in pays))  # integer pays: every sum below is an exact int
            pay = [int(f * L) for f in pays]
            sY = _dot(S, pay)
            HP = [_dot(row, pay) for row in H]
            sY2, sYn = _dot(pay, HP), _dot(coup, HP)
            mean = Fraction(sY, sn * L)
            if self.shoes > 1:
                ss = Fraction(sY2 * sn * sn - 2 * sY * sYn * sn + sY * sY * sn2, sn * sn * L * L)
                se = math.sqrt(max(float(ss), 0.0) / (self.shoes * (self.shoes - 1))) / (sn / self.shoes)
            else:
                se = float("nan")
            out[name] = BetStat(name, float(mean), se, exact_returns.get(name))
        return out

    def counts(self) -> dict[str, int]:
        """Banker, Player and tie wins, Player and Banker pairs."""
        keys = ("banker", "player", "tie", "player_pair", "banker_pair")
        return {k: sum(n * kd[j] for n, kd in zip(self.S, self.classes.kinds, strict=True))
                for j, k in enumerate(keys)}


def _dot(a: list[int], b: list[int]) -> int:
    return sum(x * y for x, y in zip(a, b, strict=True))


# ----------------------------------------------------------------- results


@dataclass(frozen=True)
class SessionResult:
    """Profit/loss at the end of each of r sessions of n consecutive rounds."""

    bet: str
    stake: float
    sessions: int
    rounds_per_session: int
    profits: np.ndarray = field(repr=False)
    exact_mean: float | None = None

    @property
    def summary(self) -> dict[str, float]:
        from games.baccara.casino.simulation import session_summary

        return session_summary(self.profits)


@dataclass(frozen=True)
class SimulationResult:
    """Outcome of :func:`games.baccara.casino.simulation.simulate`."""

    rounds: int
    shoes: int
    shoe: Shoe
    cut: int
    burn: bool
    seed: int
    seconds: float
    counts: dict[str, int]
    bets: dict[str, BetStat]
    sessions: SessionResult | None = None

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")


# ----------------------------------------------------------------- the C run


def _library() -> Any:
    """The C library unless ``GAMEKIT_SIM_KERNEL`` asks for numba or numpy; None without one."""
    if os.environ.get("GAMEKIT_SIM_KERNEL", "c").lower() in ("numba", "numpy"):
        return None
    from games.baccara.casino import shoe_c

    return shoe_c.load_library()


class _CRun:
    """The C kernel's buffers for one run; :meth:`deal` adds a chunk of shoes to them."""

    def __init__(self, lib: Any, classes: BetClasses, shoe: Shoe, cut: int, burn: bool, seed: int, threads: int):
        import ctypes

        from games.baccara.rules.drawing import punto_banco_rows

        self.lib, self.C, self.threads = lib, classes.n_classes, threads
        self.blocks = 1 if threads == 1 else 4 * threads
        i64 = ctypes.c_int64
        player, banker = punto_banco_rows()
        self.px, self.bx = (ctypes.c_int32 * 256)(), (ctypes.c_int32 * 256)()
        self.v10, self.v1 = (ctypes.c_int32 * 16)(), (ctypes.c_int32 * 16)()
        wide = self.C > 64  # the byte table holds class * 4 + 2 < 256
        self.ct8 = None if wide else (ctypes.c_uint8 * 40000)()
        self.ct16 = (ctypes.c_uint16 * 40000)() if wide else None
        self.code_t = (ctypes.c_int16 * 40000)()
        lib.build_tables((i64 * 13)(*_VALUES), (i64 * 10)(*player), (i64 * 110)(*(k for row in banker for k in row)),
                         (i64 * (NO_COUP + 1))(*classes.cls_list), self.px, self.bx, self.v10, self.v1, self.ct8,
                         self.ct16, self.code_t)
        self.base = (ctypes.c_uint8 * shoe.size)(*(r for r, n in enumerate(shoe.counts) for _ in range(n)))
        self.n, self.key, self.cut, self.burn = shoe.size, seed_key(seed), cut, int(burn)
        self.burn_len = (ctypes.c_int32 * 13)(*_BURN)
        self.gram = (i64 * (self.blocks * self.C * self.C))()
        self.hsum = (i64 * (self.blocks * self.C))()
        self.ncoups = (i64 * _MAX_CHUNK)()

    def deal(self, first: int, count: int, cap_last: int, threads: int, gram: Any, hsum: Any, blocks: int) -> list[int]:
        """Deal shoes first … first+count−1 adding into ``gram``/``hsum``; coups per shoe."""
        status = self.lib.deal_threads(self.base, self.n, self.key, first, count, blocks, threads, self.px, self.bx,
                                       self.v10, self.v1, self.ct8, self.ct16, self.code_t, self.burn_len, self.cut,
                                       self.burn, None, self.C, gram, hsum, None, 0, self.ncoups, cap_last)
        if status:
            raise MemoryError("the C dealing kernel could not allocate its scratch shoes")
        return self.ncoups[:count]

    def tail(self, acc: Accumulator, first: int, need: int) -> int:
        """Shoes from ``first`` until ``need`` coups are dealt, the last shoe stopped mid-way
        (dealt twice: once to find it, once capped); returns the number of shoes."""
        import ctypes

        C, shoes = self.C, 0
        while need > 0:
            count = min(_MAX_CHUNK, need // max(1, (self.n - self.cut - 11) // 6) + 1)
            gram, hsum = (ctypes.c_int64 * (C * C))(), (ctypes.c_int64 * C)()
            per = self.deal(first, count, 1 << 30, 1, gram, hsum, 1)
            if sum(per) > need:
                j, acc_n = 0, 0
                while acc_n + per[j] < need:
                    acc_n += per[j]
                    j += 1
                count = j + 1
                gram, hsum = (ctypes.c_int64 * (C * C))(), (ctypes.c_int64 * C)()
                per = self.deal(first, count, need - acc_n, 1, gram, hsum, 1)
            _add_blocks(acc, gram, hsum, 1, C, sum(per), count)
            need -= sum(per)
            first += count
            shoes += count
        return shoes


def _add_blocks(acc: Accumulator, gram: Any, hsum: Any, blocks: int, C: int, coups: int, shoes: int) -> None:
    """Add per-block upper-triangular Gram matrices and histogram sums to ``acc``."""
    g, h = list(gram), list(hsum)
    up = [[sum(g[b * C * C + i * C + j] for b in range(blocks)) for j in range(C)] for i in range(C)]
    full = [[up[i][j] if i <= j else up[j][i] for j in range(C)] for i in range(C)]
    acc.add_sums([sum(h[b * C + c] for b in range(blocks)) for c in range(C)], full, coups, shoes)


def run_c(acc: Accumulator, rounds: int, shoe: Shoe, cut: int, burn: bool, seed: int, workers: int,
          progress: Callable[[int, int], None] | None = None) -> bool:
    """Deal ``rounds`` coups with the C kernel into ``acc``; False (nothing dealt) without it.

    Chunks of at most ``_MAX_CHUNK`` shoes that cannot overshoot (each shoe holds at most
    N/4 + 1 coups) accumulate into the same per-block buffers; the last coups come from
    :meth:`_CRun.tail`. Shoes are numbered 0, 1, … as in every backend, so the result is
    the one the numba and numpy backends give.
    """
    lib = _library()
    if lib is None:
        return False
    run = _CRun(lib, acc.classes, shoe, cut, burn, seed, workers)
    most = shoe.size // 4 + 1
    first = done = 0
    per_call = max(1, _MAX_CHUNK_COUPS // most)  # huge shoes: still a progress report every ~2 million coups
    while rounds - done >= most:
        count = min(_MAX_CHUNK, per_call, (rounds - done) // most)
        done += sum(run.deal(first, count, 1 << 30, workers, run.gram, run.hsum, run.blocks))
        first += count
        if progress is not None:
            progress(done, rounds)
    _add_blocks(acc, run.gram, run.hsum, run.blocks, run.C, done, first)
    first += run.tail(acc, first, rounds - done)
    if progress is not None:
        progress(rounds, rounds)
    return True


# ----------------------------------------------------------------- a whole run


def prepare(rounds: object, decks: object, seed: object, shoe: Shoe | None, cut: object, burn: bool,
            bets: Mapping[str, Bet] | None, stake: object) -> tuple[int, Shoe, int, int, dict[str, Bet], float]:
    """Checked (rounds, shoe, cut, seed, bet table, stake) of a run (errors: :class:`GameError`)."""
    from games.baccara.cards import check_decks
    from games.baccara.casino.odds import STANDARD_BETS

    rounds = check_rounds(rounds)
    if shoe is None:
        shoe = Shoe.decks(check_decks(decks))
    cut = check_cut(cut, shoe.size, burn)
    seed = check_seed(seed)
    table = dict(STANDARD_BETS if bets is None else bets)
    if not table:
        raise GameError("no bets to simulate")
    stake_f = float(to_fraction(stake, "stake"))
    if stake_f <= 0:
        raise GameError(f"stake must be positive, got {stake}")
    return rounds, shoe, cut, seed, table, stake_f


def finish(acc: Accumulator, shoe: Shoe, cut: int, burn: bool, seed: int, rounds: int, seconds: float, exact: bool,
           sessions: SessionResult | None = None) -> SimulationResult:
    """The result of a run from its exact sums; with ``exact`` each bet's exact return from
    the cached state counts (:mod:`games.baccara.casino.odds_cache`)."""
    exact_returns: dict[str, Fraction] = {}
    if exact:
        from games.baccara.casino import odds_cache

        c = acc.classes
        exact_returns = odds_cache.exact_returns(shoe, c.names, c.cls_list, c.exact_pay)
    return SimulationResult(rounds, acc.shoes, shoe, cut, burn, seed, seconds, acc.counts(), acc.stats(exact_returns),
                            sessions)


def simulate_plain(rounds: int = 1_000_000, decks: int = 8, seed: int | None = None, *, shoe: Shoe | None = None,
                   cut: int = 7, burn: bool = True, bets: Mapping[str, Bet] | None = None, stake: object = 1,
                   exact: bool = True, progress: Callable[[int, int], None] | None = None,
                   workers: int | None = None) -> SimulationResult | None:
    """:func:`games.baccara.casino.simulation.simulate` without betting sessions, on the C
    kernel and without numpy; None (after the same input checks) when the C kernel is not
    available or not chosen, so that the caller uses the numba or numpy backend."""
    rounds, shoe, cut, seed, table, _ = prepare(rounds, decks, seed, shoe, cut, burn, bets, stake)
    workers = check_workers(workers)
    acc = Accumulator(bet_classes(table))
    start = time.perf_counter()
    if not run_c(acc, rounds, shoe, cut, burn, seed, workers, progress):
        return None
    return finish(acc, shoe, cut, burn, seed, rounds, time.perf_counter() - start, exact)
