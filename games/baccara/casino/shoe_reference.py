"""The pure-Python dealer: the compiled kernel's reference and its explicit fallback.

Every shoe the compiled kernel (``_shoe.c``) deals is dealt here by the plain algorithm,
card by card, with the standard library only: shoe ``s`` of a run with key ``k`` is
shuffled by the forward Fisher–Yates shuffle on the SplitMix64 stream started at
``mix(mix(s + 1) ^ k)`` (64-bit outputs x_j = mix(state + j·γ), each giving its high then
its low 32-bit word), each bounded draw taking words by Lemire's multiply-shift with
rejection; the shoe is then dealt with the punto banco tableau
(:func:`deal_shoe`). ``tests/baccara/test_shoe_kernel.py`` checks that the kernel deals
exactly these coups; :mod:`games.baccara.casino.shoe_kernel` runs this module when asked
(``kernel="python"``) or when the compiled kernel is not installed (with a notice).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.baccara.rules.drawing import K_STOOD, punto_banco_rows

__all__ = ["GAMMA", "MIX_M1", "MIX_M2", "mix", "seed_key", "shoe_state", "shuffled", "deal_shoe", "BURN", "VALUES"]

GAMMA, MIX_M1, MIX_M2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""SplitMix64's increment and the two multipliers of its output function (``_shoe.c``
repeats them in C)."""
_MASK = (1 << 64) - 1
_LO = 0xFFFFFFFF
#: Card values of the ranks A, 2, …, 9, 10, J, Q, K (rank indices 0 … 12).
VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
#: Cards burned face down after a first card of each rank (an ace 1, a ten or face card 10).
BURN = tuple(10 if v == 0 else v for v in VALUES)


def mix(z: int) -> int:
    """SplitMix64's output function on a 64-bit integer.

    Examples
    --------
    >>> hex(mix(0)), hex(mix(1))
    ('0x0', '0x5692161d100b05e5')
    """
    z &= _MASK
    z = ((z ^ (z >> 30)) * MIX_M1) & _MASK
    z = ((z ^ (z >> 27)) * MIX_M2) & _MASK
    return z ^ (z >> 31)


def seed_key(seed: int) -> int:
    """The run key ``mix(seed mod 2⁶⁴)`` shared by every shoe of a run.

    Parameters
    ----------
    seed : int
        The run's seed (non-negative).

    Returns
    -------
    int
        A 64-bit key.

    Examples
    --------
    >>> seed_key(0)
    0
    """
    return mix(seed)


def shoe_state(key: int, s: int) -> int:
    """The initial SplitMix64 state of shoe ``s`` (0, 1, …) of the run keyed ``key``."""
    return mix(mix(s + 1) ^ key)


def shuffled(base: Sequence[int], key: int, s: int, steps: int | None = None) -> list[int]:
    """Shoe ``s`` of the run keyed ``key``: ``base`` (rank indices in a fixed order) shuffled.

    Parameters
    ----------
    base : sequence of int
        The shoe's cards in a fixed order.
    key : int
        The run key (:func:`seed_key`).
    s : int
        The shoe's number in the run.
    steps : int, optional
        Fisher–Yates steps to make (default: all, N − 1). The shuffle is forward, so the
        first ``steps`` cards are final after ``steps`` steps.

    Returns
    -------
    list of int
        The shuffled cards.

    Examples
    --------
    >>> cards = shuffled([0, 1, 2, 3, 4, 5], seed_key(1), 0)
    >>> sorted(cards)
    [0, 1, 2, 3, 4, 5]
    """
    c = list(base)
    n = len(c)
    st = shoe_state(key, s)
    buf, have = 0, False
    for i in range(n - 1 if steps is None else min(steps, n - 1)):
        r = n - i
        if have:
            w, have = buf, False
        else:
            st = (st + GAMMA) & _MASK
            x = mix(st)
            w, buf, have = x >> 32, x & _LO, True
        m = w * r
        if (m & _LO) < r:
            thresh = (4294967296 - r) % r
            while (m & _LO) < thresh:  # Lemire's rejection (probability < N / 2³²)
                if have:
                    w, have = buf, False
                else:
                    st = (st + GAMMA) & _MASK
                    x = mix(st)
                    w, buf, have = x >> 32, x & _LO, True
                m = w * r
        j = i + (m >> 32)
        c[i], c[j] = c[j], c[i]
    return c


_RULES: list[tuple[list[int], list[list[int]]]] = []


def _rules() -> tuple[list[int], list[list[int]]]:
    if not _RULES:
        _RULES.append(punto_banco_rows())
    return _RULES[0]


def deal_shoe(cards: Sequence[int], cut: int = 7, burn: bool = True, cap: int | None = None
              ) -> list[tuple[int, list[int], list[int]]]:
    """Deal one shuffled shoe (rank indices 0 … 12) coup by coup: the casino procedure.

    The first card is burned face up and as many cards as its value face down (``burn``);
    a coup is dealt while it starts at or before the cut card (``cut`` cards from the end).

    Parameters
    ----------
    cards : sequence of int
        The shuffled shoe.
    cut : int
        The cut card's position from the end (6 ≤ cut).
    burn : bool
        Whether cards are burned at the start.
    cap : int, optional
        Deal at most this many coups.

    Returns
    -------
    list of (int, list of int, list of int)
        Per coup: its code ``((((pc−2)·10 + pt)·2 + (bc−2))·10 + bt)·4 + 2·[player pair] +
        [banker pair]`` (pc, bc cards, pt, bt final totals), Player's and Banker's ranks.

    Examples
    --------
    Player's two nines (natural 8, a pair) against Banker's ace and two:

    >>> deal_shoe([8, 0, 8, 1, 5, 5] + [4] * 6, cut=6, burn=False)[0]
    (654, [8, 8], [0, 1])
    """
    val = VALUES
    pdraws, bdraws = _rules()
    size = len(cards)
    p = 1 + BURN[cards[0]] if burn else 0
    last = size - cut
    out: list[tuple[int, list[int], list[int]]] = []
    most = size if cap is None else cap
    while p <= last and len(out) < most:
        P = [cards[p], cards[p + 2]]
        Bk = [cards[p + 1], cards[p + 3]]
        p += 4
        pt = (val[P[0]] + val[P[1]]) % 10
        bt = (val[Bk[0]] + val[Bk[1]]) % 10
        if pt < 8 and bt < 8:
            k = K_STOOD
            if pdraws[pt]:
                P.append(cards[p])
                p += 1
                k = val[P[2]]
                pt = (pt + k) % 10
            if bdraws[bt][k]:
                Bk.append(cards[p])
                p += 1
                bt = (bt + val[Bk[2]]) % 10
        code = ((((len(P) - 2) * 10 + pt) * 2 + (len(Bk) - 2)) * 10 + bt) * 4 + 2 * (P[0] == P[1]) + (Bk[0] == Bk[1])
        out.append((code, P, Bk))
    return out


def deal_codes(base: Sequence[int], key: int, s: int, cut: int, burn: bool, cap: int | None = None) -> list[int]:
    """The coup codes of shoe ``s`` (:func:`shuffled` then :func:`deal_shoe`), shuffling only
    the cards the dealer can read, as the compiled kernel does."""
    n = len(base)
    cards = shuffled(base, key, s, min(n - 1, n - cut + 6))
    return [code for code, _, _ in deal_shoe(cards, cut, burn, cap)]
