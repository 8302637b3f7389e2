"""Exact off-the-top odds of a shoe for the simulator, kept on disk between runs.

:func:`games.baccara.casino.odds.coup_distribution` enumerates every ordered deal of six
cards without replacement (0.1–0.4 s for a full shoe): a fixed cost of every
``baccara simulate`` run that prints the exact value next to each simulated mean. Its
result — the counts Nₛ of the 1600 final states s over D ordered deals — depends only on
the shoe's composition and the punto banco drawing tableau, so it is stored as one JSON
file per composition under ``<cache>/odds-v1/`` (``$GAMEKIT_CACHE_DIR``, else
``$XDG_CACHE_HOME/gamekit``, else ``~/.cache/gamekit``).

A file is used only if it parses, names this schema, shoe and tableau, holds 1600
non-negative integers, and those satisfy the identity ΣNₛ = D (every ordered deal ends in
exactly one final state) with D = N(N − 1)…(N − 5) for the shoe's N cards; anything else
is recomputed and rewritten (atomically). A cache that cannot be written is skipped
silently: the numbers are the same either way.

:func:`exact_returns` then gives each bet's exact expected return
E_b = Σ_c (Σ_{s ∈ c} Nₛ)·pay_{c,b} / D over the simulator's bet classes c (states on
which every bet pays the same), which equals :func:`games.baccara.casino.odds.bet_return`'s
``expected`` (tested) without re-evaluating the payouts.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from gamekit.io import cache_root
from games.baccara.casino.odds import Shoe, coup_distribution
from games.baccara.rules.drawing import punto_banco_rows

__all__ = ["cache_root", "state_counts", "exact_returns"]

SCHEMA = "gamekit-coup-counts"
VERSION = 1
_MAX_BYTES = 1 << 20
_STATES = 1600


def _tableau() -> str:
    """Digest of the drawing tableau the counts depend on."""
    player, banker = punto_banco_rows()
    rows = [player, banker]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def _path(shoe: Shoe) -> Path:
    return cache_root() / f"odds-v{VERSION}" / ("shoe-" + "-".join(map(str, shoe.counts)) + ".json")


def _ordered_deals(shoe: Shoe) -> int:
    n = sum(shoe.counts)
    return math.prod(range(n - 5, n + 1))


def _read(path: Path, shoe: Shoe) -> tuple[list[int], int] | None:
    """The stored counts and denominator, if the file passes every check (module docstring)."""
    try:
        if not path.is_file() or path.stat().st_size > _MAX_BYTES:
            return None
        rec = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(rec, dict) or rec.get("schema") != SCHEMA or rec.get("version") != VERSION:
        return None
    counts, den = rec.get("counts"), rec.get("denominator")
    if rec.get("shoe") != list(shoe.counts) or rec.get("tableau") != _tableau():
        return None
    if not isinstance(counts, list) or len(counts) != _STATES or type(den) is not int:
        return None
    if not all(type(n) is int and n >= 0 for n in counts):
        return None
    if den != _ordered_deals(shoe) or sum(counts) != den:
        return None
    return counts, den


def _write(path: Path, shoe: Shoe, counts: Sequence[int], den: int) -> None:
    rec = {"schema": SCHEMA, "version": VERSION, "shoe": list(shoe.counts), "tableau": _tableau(),
           "denominator": den, "counts": list(counts)}
    try:
        from gamekit.io import atomic_write

        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(rec, separators=(",", ":")), fsync=False, direct_special=False)
    except Exception:  # noqa: BLE001 - an unwritable cache only costs the recomputation next time
        pass


def state_counts(shoe: Shoe) -> tuple[list[int], int]:
    """Counts Nₛ of the 1600 final states over D ordered deals (cached on disk)."""
    path = _path(shoe)
    hit = _read(path, shoe)
    if hit is not None:
        return hit
    dist = coup_distribution(shoe)
    counts, den = list(dist.counts), dist.denominator
    _write(path, shoe, counts, den)
    return counts, den


def exact_returns(shoe: Shoe, names: Sequence[str], cls: Sequence[int], pay: Sequence[Sequence[Fraction]]
                  ) -> dict[str, Fraction]:
    """E_b = Σ_c N_c·pay[c][b] / D for each bet b, with N_c the counts of the states in class
    c (``cls[s]`` is the class of state s, ``pay[c][b]`` the exact payout)."""
    counts, den = state_counts(shoe)
    per_class = [0] * len(pay)
    for s, n in enumerate(counts):
        if n:
            per_class[cls[s]] += n
    return {name: sum((Fraction(n) * pay[c][b] for c, n in enumerate(per_class) if n), Fraction(0)) / den
            for b, name in enumerate(names)}
