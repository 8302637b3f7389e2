"""The punto banco simulator: bet classes, exact sums, results, and the run (numpy-free).

``baccara simulate`` spends most of a short run on fixed costs, and ``import numpy``
alone (≈ 0.14 s) is a third of what 60× the plain Python loop allows for 2·10⁷ coups.
Nothing on the plain path needs it: the dealing kernel
(:class:`games.baccara.casino.shoe_kernel.Dealer`, the compiled extension ``_shoe`` or
the pure-Python reference) deals chunks of shoes into :mod:`array` buffers of exact
integer sums. Betting sessions import numpy for their per-coup profits
(:class:`games.baccara.casino.simulation.SessionTally`).

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
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Integral
from typing import TYPE_CHECKING, Any

from gamekit.core import GameError, to_fraction
from games.baccara.casino.odds import STATES, Bet, Shoe
from games.baccara.casino.shoe_kernel import Dealer, Kernel, KernelInfo, Lanes, Sums, seed_key
from games.baccara.casino.stats import BetStat

if TYPE_CHECKING:
    import numpy as np

__all__ = ["NO_COUP", "BetClasses", "bet_classes", "Accumulator", "SessionResult", "SimulationResult",
           "check_rounds", "check_cut", "check_seed", "check_workers", "seed_key", "prepare", "run", "finish",
           "simulate", "MAX_SESSION_ROUNDS"]

NO_COUP = 1600  # code for "no coup" (shoe finished)
_MAX_CHUNK = 16384  # shoes per call of the kernel (its buffers: 8 bytes per shoe)
_MAX_CHUNK_COUPS = 1 << 21  # ... and at most about this many coups, counted at N/4 + 1 per shoe
MAX_SESSION_ROUNDS = 50_000_000


# ------------------------------------------------------------------ validation



MAX_STAKE = 10**15
"""Largest stake per round a simulation accepts (session profits are floats)."""

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
    kernel: KernelInfo = KernelInfo("none", "none", 0)
    """Which kernel dealt the run, with which lanes and threads."""

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")


# ----------------------------------------------------------------- the run


def run(acc: Accumulator, rounds: int, dealer: Dealer, shoe_size: int, cut: int,
        progress: Callable[[int, int], None] | None = None,
        on_codes: Callable[[Dealer, list[int]], None] | None = None) -> None:
    """Deal ``rounds`` coups with ``dealer`` into ``acc``, shoes 0, 1, … in order.

    Chunks of at most ``_MAX_CHUNK`` shoes that cannot overshoot (each shoe holds at most
    N/4 + 1 coups) add into the same per-block sums; the last coups come from
    :func:`_tail`, the last shoe stopped mid-way. ``on_codes(dealer, coups per shoe)`` sees
    each chunk's coup codes in shoe order (betting sessions).
    """
    threads = dealer.threads
    main = Sums(1 if threads == 1 else 4 * threads, acc.classes.n_classes)
    most = shoe_size // 4 + 1
    first = done = 0
    per_call = max(1, _MAX_CHUNK_COUPS // most)  # huge shoes: still a progress report every ~2 million coups
    if dealer.kernel == "python":
        per_call = max(1, 20_000 // most)  # the reference: a progress report every ~20,000 coups
    while rounds - done >= most:
        count = min(_MAX_CHUNK, per_call, (rounds - done) // most)
        per = dealer.deal(first, count, 1 << 30, main)
        if on_codes is not None:
            on_codes(dealer, per)
        done += sum(per)
        first += count
        if progress is not None:
            progress(done, rounds)
    hsum, gram = main.totals()
    acc.add_sums(hsum, gram, done, first)
    _tail(acc, dealer, first, rounds - done, shoe_size, cut, on_codes)
    if progress is not None:
        progress(rounds, rounds)


def _tail(acc: Accumulator, dealer: Dealer, first: int, need: int, shoe_size: int, cut: int,
          on_codes: Callable[[Dealer, list[int]], None] | None) -> None:
    """Shoes from ``first`` until ``need`` coups are dealt, the last shoe stopped mid-way
    (dealt twice: once to find it, once capped)."""
    C = acc.classes.n_classes
    while need > 0:
        count = min(_MAX_CHUNK, need // max(1, (shoe_size - cut - 11) // 6) + 1)
        sums = Sums(1, C)
        per = dealer.deal(first, count, 1 << 30, sums)
        if sum(per) > need:
            j, acc_n = 0, 0
            while acc_n + per[j] < need:
                acc_n += per[j]
                j += 1
            count = j + 1
            sums = Sums(1, C)
            per = dealer.deal(first, count, need - acc_n, sums)
        if on_codes is not None:
            on_codes(dealer, per)
        hsum, gram = sums.totals()
        acc.add_sums(hsum, gram, sum(per), count)
        need -= sum(per)
        first += count


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
    stake_q = to_fraction(stake, "stake")
    if stake_q <= 0:
        raise GameError(f"stake must be positive, got {stake}")
    if stake_q > MAX_STAKE:  # profits are floats: a stake near the float range overflows them (#28)
        raise GameError(f"stake must be at most {MAX_STAKE:.0e}, got {float(min(stake_q, 10**308)):.3g}"
                        + ("" if stake_q < 10**308 else " or more"))
    stake_f = float(stake_q)
    return rounds, shoe, cut, seed, table, stake_f


def finish(acc: Accumulator, shoe: Shoe, cut: int, burn: bool, seed: int, rounds: int, seconds: float, exact: bool,
           kernel: KernelInfo) -> SimulationResult:
    """The result of a run from its exact sums; with ``exact`` each bet's exact return from
    the cached state counts (:mod:`games.baccara.casino.odds_cache`)."""
    exact_returns: dict[str, Fraction] = {}
    if exact:
        from games.baccara.casino import odds_cache

        c = acc.classes
        exact_returns = odds_cache.exact_returns(shoe, c.names, c.cls_list, c.exact_pay)
    return SimulationResult(rounds, acc.shoes, shoe, cut, burn, seed, seconds, acc.counts(), acc.stats(exact_returns),
                            None, kernel)


def simulate(rounds: int = 1_000_000, decks: int = 8, seed: int | None = None, *, shoe: Shoe | None = None,
             cut: int = 7, burn: bool = True, bets: Mapping[str, Bet] | None = None,
             session_bet: str | None = None, sessions: int | None = None, stake: object = 1,
             exact: bool = True, progress: Callable[[int, int], None] | None = None,
             workers: int | None = None, kernel: Kernel = "auto", lanes: Lanes = "auto") -> SimulationResult:
    """Simulate ``rounds`` coups of punto banco dealt from casino shoes.

    ``shoe`` (default: a full ``decks``-deck shoe) is the composition every new shoe
    starts from. With ``session_bet`` and ``sessions`` = r, the rounds are split into r
    sessions of ``rounds // r`` consecutive coups each (``rounds`` must be a multiple of
    r) and the stake-weighted profit of each session is returned (numpy is imported for
    them, and only for them). ``exact=True`` attaches each bet's exact off-the-top return
    (:mod:`games.baccara.casino.odds`). ``progress`` is an optional callable
    ``progress(done, total)``. ``workers`` threads deal chunks of shoes in parallel
    (default: 2 when the load average leaves a core idle, else 1); ``kernel`` and ``lanes``
    choose the dealing kernel (:class:`games.baccara.casino.shoe_kernel.Dealer`). The
    result does not depend on workers, kernel or lanes, and reports which ran.

    Parameters
    ----------
    rounds : int
        Coups to deal.
    decks : int
        Decks per shoe (when ``shoe`` is not given).
    seed : int, optional
        The run's seed (drawn from the operating system and reported when omitted).
    shoe, cut, burn, bets, session_bet, sessions, stake, exact, progress, workers
        As above.
    kernel : {"auto", "c", "python"}
        The compiled kernel or the pure-Python reference (``"auto"``: the compiled one
        when installed, else the reference after a one-line notice).
    lanes : {"auto", "avx512", "scalar"}
        AVX-512 lanes of the compiled kernel (``"auto"``: when the CPU has them).

    Returns
    -------
    SimulationResult

    Raises
    ------
    GameError
        Bad input, or a kernel or lanes asked for that this machine does not have.

    Examples
    --------
    >>> res = simulate(2_000, 1, seed=3, exact=False, kernel="python")
    >>> res.rounds, sum(res.counts[k] for k in ("banker", "player", "tie")), res.kernel.name
    (2000, 2000, 'python')
    """
    rounds, shoe, cut, seed, table, stake_f = prepare(rounds, decks, seed, shoe, cut, burn, bets, stake)
    n_per = None
    if session_bet is not None or sessions is not None:
        if session_bet is None or sessions is None:
            raise GameError("a betting session needs both a bet and a number of sessions")
        if session_bet not in table:
            raise GameError(f"unknown bet {session_bet!r} (choose from {', '.join(table)})")
        sessions = check_rounds(sessions, "number of sessions")
        if rounds % sessions:
            raise GameError(f"{rounds} rounds do not split into {sessions} equal sessions")
        if rounds > MAX_SESSION_ROUNDS:
            raise GameError(f"betting sessions are limited to {MAX_SESSION_ROUNDS} rounds in all, got {rounds}")
        n_per = rounds // sessions
    workers = check_workers(workers)
    classes = bet_classes(table)
    dealer = Dealer(shoe.counts, classes.cls_list, cut, burn, seed, kernel, lanes, workers, n_per is not None)
    acc = Accumulator(classes)
    tally = None
    if n_per is not None and session_bet is not None and sessions is not None:
        from games.baccara.casino.simulation import SessionTally

        tally = SessionTally(table[session_bet], stake_f, sessions, n_per, dealer.maxc)
    start = time.perf_counter()
    run(acc, rounds, dealer, shoe.size, cut, progress, None if tally is None else tally.add)
    res = finish(acc, shoe, cut, burn, seed, rounds, time.perf_counter() - start, exact, dealer.info)
    if tally is None or session_bet is None:
        return res
    ex = res.bets[session_bet].exact
    sess = tally.result(session_bet, None if ex is None else float(ex) * stake_f * tally.n_per)
    return replace(res, sessions=sess)
