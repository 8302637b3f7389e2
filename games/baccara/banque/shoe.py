"""Banque's additive tables for cards dealt WITHOUT replacement from a d-deck shoe, exact.

A coup of banque uses at most nine cards, which we give fixed *positions*: Player 1's two
cards, Player 2's two, Banker's two, then the three third cards c₁ (Player 1), c₂
(Player 2), c₃ (Banker). Dealing without replacement from a shoe with n_v cards of value v
(n₀ = 16d, n_v = 4d for v = 1..9, N = 52d) makes the nine positional values exchangeable:
an ordered value sequence with value counts k_v has probability

    P = Π_v (n_v)_{k_v} / (N)_9                                                     (1)

(falling factorials; a card position that is not used in the coup is summed out, which is
the same as the coup dealt in its real order — the argument after eq. (8) of Ethier & Lee,
*Baccara chemin de fer II*). Every table entry is therefore an integer count over the
common denominator (N)_9.

Counting (no 55³·10³ loop). The weight (1) depends only on the *multiset* of the nine
values. Write it as six initial cards (multiset k⁶, one of C(15, 6) = 5005) plus three
third cards (multiset k³, one of C(12, 3) = 220):

    W[T, c₁c₂c₃] = Σ_{k⁶} A[k⁶, T] · Φ[k⁶, k³(c₁c₂c₃)],   Φ[k⁶, k³] = Π_v (n_v)_{k⁶_v + k³_v},   (2)

where T = (t₁, t₂, j) are the three two-card totals and A[k⁶, T] ≤ 720 counts the ordered
6-tuples with multiset k⁶ and totals T (independent of d). (2) is one 1000 × 5005 × 220
matrix product. The tables are then linear in W: Banker's set (j, s₁, s₂) and Player i's
state s_i ∈ {N, S, 0–9} are functions of (t_i, c_i, his move at 5), and r₁ = sign(Banker's
final total − Player 1's) (−1 when Player 1 has a natural and Banker not), so

    V₁[u][(j, s₁, s₂)][m] = Σ W · [state₁ = s₁][state₂ = s₂] · r₁(m),                (3)

two more small matrix products. Player 2's table follows from Player 1's by the symmetry
of exchangeable positions: V₂[(a₁, a₂)][(j, s₁, s₂)] = V₁[(a₂, a₁)][(j, s₂, s₁)].

Exactness. (2) and (3) are computed modulo primes p < 2³¹ in float64 matrix products
(every partial sum is an integer below 2⁵³: Φ < p, Σ_{k⁶} A[k⁶, T] = 1000, (3) sums at most
1000 terms of size < p), then reduced mod p in int64. Every numerator is at most (N)_9 in
absolute value (a sum of disjoint probabilities times ±1), so the Chinese remainder
theorem over enough primes (Π p > 2·(N)_9) recovers it exactly, sign included.

The same code serves two variants: with replacement (per-card weights 4, 1 over 13, so
(1) becomes Π_v w_v^{k_v} / 13⁹ — tested to reproduce model.py's closed form exactly) and
Banker seeing the composition of his hand (T = (t₁, t₂, Banker's value pair), 5500 columns).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from games.baccara.cards import falling

__all__ = ["shoe_counts_tables", "banker_hands", "PRIMES"]

#: The eight largest primes below 2³¹ (checked by tests/test_banque_shoe.py, Miller–Rabin).
PRIMES = (2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543, 2147483497)
_NSTATES = 12          # N, S, 0..9 (the order of model.STATES)


def _state(t: int, a: int, c: int) -> int:
    """Player's state index: 0 natural, 1 stood, 2 + c drew c (a = 1: draws at 5)."""
    if t >= 8:
        return 0
    if t >= 6 or (t == 5 and a == 0):
        return 1
    return 2 + c


def _final(t: int, a: int, c: int) -> int:
    """Player's final total (natural: his two-card total)."""
    return (t + c) % 10 if _state(t, a, c) >= 2 else t


def banker_hands(banker: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Banker's two-card hands as he sees them: (total of each hand index, label of each
    non-natural hand). ``"totals"``: hands 0..9 (labels "0".."7"); ``"compositions"``: the 55
    value pairs a ≤ b (labels "06", "33"; 44 of them non-natural)."""
    if banker == "totals":
        return tuple(range(10)), tuple(str(j) for j in range(8))
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    return tuple((a + b) % 10 for a, b in pairs), tuple(f"{a}{b}" for a, b in pairs if (a + b) % 10 <= 7)


def _banker_index(banker: str, g4: np.ndarray, g5: np.ndarray) -> np.ndarray:
    if banker == "totals":
        return (g4 + g5) % 10
    lo, hi = np.minimum(g4, g5), np.maximum(g4, g5)
    return lo * 10 - lo * (lo - 1) // 2 + (hi - lo)      # rank of (lo, hi) among pairs a <= b


@lru_cache(maxsize=2)
def _six_card_counts(banker: str) -> tuple[object, np.ndarray]:
    """A, returned transposed (sparse 100·H × 5005, float64): the number of ordered 6-tuples
    with totals T = (10·t₁ + t₂)·H + h (h: Banker's hand index, H hands) and each value
    multiset; and the multisets' value counts (5005 × 10)."""
    from scipy.sparse import csr_matrix

    H = len(banker_hands(banker)[0])
    g = np.indices((10,) * 6, dtype=np.int64).reshape(6, -1).T
    tot = (((g[:, 0] + g[:, 1]) % 10) * 10 + (g[:, 2] + g[:, 3]) % 10) * H + _banker_index(banker, g[:, 4], g[:, 5])
    s = np.sort(g, axis=1)
    key = s @ (10 ** np.arange(6, dtype=np.int64))
    keys, inv = np.unique(key, return_inverse=True)
    A = csr_matrix((np.ones(len(inv)), (inv, tot)), shape=(len(keys), 100 * H))   # duplicates summed
    digits = (keys[:, None] // 10 ** np.arange(6)) % 10
    counts = np.stack([(digits == v).sum(axis=1) for v in range(10)], axis=1)
    return A.T.tocsr(), counts


@lru_cache(maxsize=1)
def _third_cards() -> tuple[np.ndarray, np.ndarray]:
    """Value counts of the 220 third-card multisets, and the multiset index of each
    ordered (c₁, c₂, c₃) (flattened c₁·100 + c₂·10 + c₃)."""
    ms = [(a, b, c) for a in range(10) for b in range(a, 10) for c in range(b, 10)]
    index = {m: i for i, m in enumerate(ms)}
    counts = np.array([[m.count(v) for v in range(10)] for m in ms], dtype=np.int64)
    order = np.array([index[tuple(sorted((a, b, c)))] for a in range(10) for b in range(10) for c in range(10)])
    return counts, order


@lru_cache(maxsize=1)
def _contraction_tensors() -> tuple[np.ndarray, np.ndarray]:
    """S (100 × 24): [state(t, a, c) = s] for rows (t, c), columns (a, s) (either Player);
    R (8 × 1000 × 48): r₁ · [state(t₁, a₁, c₁) = s₁] for rows (t₁, c₁, c₃), columns
    (a₁, move, s₁), one matrix per Banker total j."""
    S = np.zeros((10, 10, 2, _NSTATES))
    for t in range(10):
        for c in range(10):
            for a in range(2):
                S[t, c, a, _state(t, a, c)] = 1
    R = np.zeros((8, 10, 10, 10, 2, 2, _NSTATES))
    for j in range(8):
        for t in range(10):
            for c1 in range(10):
                for c3 in range(10):
                    for a in range(2):
                        st = _state(t, a, c1)
                        f = _final(t, a, c1)
                        for mv, bank in ((0, j), (1, (j + c3) % 10)):
                            R[j, t, c1, c3, a, mv, st] = -1 if st == 0 else (bank > f) - (bank < f)
    return S.reshape(100, 24), R.reshape(8, 1000, 48)


def _card_weights(d: int | None, p: int) -> np.ndarray:
    """ff[v][k] mod p: (n_v)_k for a d-deck shoe (eq. (1)); w_v^k with replacement
    (w₀ = 4, w_v = 1 over 13 per card)."""
    if d is None:
        return np.array([[pow(4 if v == 0 else 1, k, p) for k in range(10)] for v in range(10)], dtype=np.int64)
    n = [16 * d] + [4 * d] * 9
    return np.array([[falling(n[v], k) % p for k in range(10)] for v in range(10)], dtype=np.int64)


def _residues(d: int | None, p: int, banker: str = "totals") -> np.ndarray:
    """All table numerators mod p, flattened: V₁ (index [h, a₁, move, s₁, a₂, s₂] over
    Banker's non-natural hands h), then prob [h, a₁, s₁, a₂, s₂], then base₁."""
    totals, _ = banker_hands(banker)
    H = len(totals)
    A, k6 = _six_card_counts(banker)     # A is already transposed: T × k⁶
    k3, order = _third_cards()
    ff = _card_weights(d, p)
    phi = np.ones((len(k6), len(k3)), dtype=np.int64)
    for v in range(10):
        phi = phi * ff[v][k6[:, v][:, None] + k3[:, v][None, :]] % p
    W = np.rint(A @ phi.astype(np.float64)).astype(np.int64) % p            # (T, k³)  eq. (2)
    W = W[:, order].reshape(10, 10, H, 10, 10, 10)                           # t1 t2 h c1 c2 c3
    S, R = _contraction_tensors()
    Xf = W.transpose(0, 2, 3, 5, 1, 4).reshape(10 * H * 100, 100).astype(np.float64) @ S
    X = (np.rint(Xf).astype(np.int64) % p).reshape(10, H, 10, 10, 24)      # t1 h c1 c3 (a2 s2)
    v1, pr = [], []
    for h, j in enumerate(totals):
        if j >= 8:
            continue
        Xh = X[:, h].reshape(1000, 24).astype(np.float64)
        v1.append(np.rint(R[j].T @ Xh).astype(np.int64) % p)                 # (a1 mv s1) × (a2 s2)
        pr.append(np.rint(S.T @ Xh.reshape(10, 10, 10, 24).sum(axis=2).reshape(100, 24)).astype(np.int64) % p)
    Wm = W.reshape(10, 10, H, 1000).sum(axis=3) % p                          # t1 t2 h
    tot = np.array(totals)
    sign = np.sign(tot[None, :] - np.arange(10)[:, None])                     # [t1, h] = sign(j(h) - t1)
    nat = tot >= 8
    nat_b = int((Wm[:, :, nat].sum(axis=1) * sign[:, nat]).sum())
    both = int(Wm[8:, 8:, ~nat].sum())
    base = (nat_b - both) % p
    return np.concatenate([np.concatenate([x.ravel() for x in v1]), np.concatenate([x.ravel() for x in pr]),
                           np.array([base], dtype=np.int64)])


def _crt(res: list[np.ndarray], primes: tuple[int, ...]) -> list[int]:
    """Symmetric CRT lift of residue vectors (one per prime) to integers in (−M/2, M/2)."""
    M = 1
    for p in primes:
        M *= p
    coef = [(M // p) * pow(M // p, -1, p) for p in primes]
    cols = [r.tolist() for r in res]
    out = []
    for vals in zip(*cols):
        x = sum(c * v for c, v in zip(coef, vals)) % M
        out.append(x - M if 2 * x > M else x)
    return out


def _primes_for(bound: int) -> tuple[int, ...]:
    """Enough primes from :data:`PRIMES` (then below them) for M > 2·bound."""
    out, M = [], 1
    ps = list(PRIMES)
    while M <= 2 * bound:
        if not ps:
            from sympy import prevprime

            ps.append(prevprime(out[-1]))
        out.append(ps.pop(0))
        M *= out[-1]
    return tuple(out)


def shoe_counts_tables(d: int | None, banker: str = "totals") -> tuple[int, dict]:
    """Exact integer numerators of banque's tables over D = (52d)_9 (a d-deck shoe) or
    13⁹ (``d=None``: with replacement), Banker seeing his ``"totals"`` or ``"compositions"``.

    Returns (D, {"V1": V1[a1][a2][h][s1][s2][move], "prob": prob[a1][a2][h][s1][s2],
    "base1": int}) as object arrays of Python ints (h over Banker's non-natural hands in
    :func:`banker_hands` order, states in model.STATES order).
    """
    D = 13 ** 9 if d is None else falling(52 * d, 9)
    primes = _primes_for(D)
    flat = _crt([_residues(d, p, banker) for p in primes], primes)
    nh = len(banker_hands(banker)[1])
    nv = nh * 2 * 2 * _NSTATES * 2 * _NSTATES
    v1 = np.array(flat[:nv], dtype=object).reshape(nh, 2, 2, _NSTATES, 2, _NSTATES)
    pr = np.array(flat[nv:nv + nv // 2], dtype=object).reshape(nh, 2, _NSTATES, 2, _NSTATES)
    return D, {"V1": v1.transpose(1, 4, 0, 3, 5, 2), "prob": pr.transpose(1, 3, 0, 2, 4), "base1": flat[-1]}
