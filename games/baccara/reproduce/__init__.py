"""Reproduction of the numbered claims of the two Ethier–Lee papers.

Each claim module (``paper1.py`` for *Casino baccara chemin de fer as a bimatrix game*,
``paper2_b2.py`` / ``paper2_b3.py`` for *Baccara chemin de fer II*) registers functions
with :func:`claim`. A claim function recomputes one numbered statement with gamekit and
the model builders and returns ``(paper_value, our_value)``; the two are compared for
exact equality unless the claim gives its own comparison. Paper values live here (and in
the tests), never inside solver or model code.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Claim", "ClaimResult", "claim", "registry", "run_claims", "is_long", "cost_of", "CLAIM_MODULES",
           "LONG_MODULES", "LONG_COSTS"]

CLAIM_MODULES = ("paper1", "paper2_b2", "paper2_b3", "paper2_b3_sweep", "banque", "paper2_proofs",
                 "paper2_proofs_long", "published")

#: Claim modules whose claims take tens of CPU-seconds or more on a first run (Model B3 solved
#: for every α at d = 1…13; banque's equilibria at several θ and its θ-sweep). ``baccara
#: reproduce`` runs them with ``--all`` or when ``--only`` names them.
LONG_MODULES = ("paper2_b3_sweep", "banque", "paper2_proofs_long")

#: What the long claims cost, per module: the computation their claims share (the first claim
#: run pays it, the others read it) — CPU-seconds measured with every cache cold, summed over
#: the worker processes, on the shared 2-core machine (docs/reproduce-all.md has the per-claim
#: table and how it was measured).
LONG_COSTS = {
    "paper2_b3_sweep": "shares the Model B3 sweep d = 1…13 (parallel over d, cached on disk): ≈ 62 CPU-s cold, "
                       "< 0.1 s warm; II.B3.figure2 adds ≈ 1 s",
    "banque": "shares banque's Nash, correlated and independent equilibria at θ = 1/10, 3/10, 1/2: ≈ 11 CPU-s "
              "(in memory, not cached on disk)",
    "paper2_proofs_long": "the Model B2 sweep d = 1…13 (cached on disk) and the B3 sweep records: ≈ 1.5 CPU-s "
                          "once the B3 sweep is cached",
}


def is_long(c: Claim) -> bool:
    """True for a claim of one of :data:`LONG_MODULES`."""
    return getattr(c.compute, "__module__", "").rsplit(".", 1)[-1] in LONG_MODULES


@dataclass(frozen=True)
class Claim:
    """One numbered statement of a paper: ``id`` like ``"I.thm1.q"``, where, what."""

    id: str
    paper: str
    where: str
    description: str
    compute: Callable[[], tuple[object, object]]
    compare: Callable[[object, object], bool] | None = None
    cost: str = ""


@dataclass
class ClaimResult:
    claim: Claim
    paper_value: str = ""
    our_value: str = ""
    passed: bool = False
    error: str | None = None
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        d = {
            "id": self.claim.id,
            "paper": self.claim.paper,
            "where": self.claim.where,
            "description": self.claim.description,
            "paper_value": self.paper_value,
            "ours": self.our_value,
            "pass": self.passed,
        }
        if self.error:
            d["error"] = self.error
        return d


_REGISTRY: dict[str, Claim] = {}


def claim(id: str, paper: str, where: str, description: str, compare=None, cost: str = ""):
    """Decorator registering a claim function returning ``(paper_value, our_value)``;
    ``cost``: what it costs when that differs from its module's :data:`LONG_COSTS` entry."""

    def deco(fn: Callable[[], tuple[object, object]]):
        if id in _REGISTRY:
            raise ValueError(f"duplicate claim id {id}")
        _REGISTRY[id] = Claim(id, paper, where, description, fn, compare, cost)
        return fn

    return deco


def cost_of(c: Claim) -> str:
    """The measured cost of a long claim (its own, else its module's), "" for a short one."""
    if c.cost:
        return c.cost
    return LONG_COSTS.get(getattr(c.compute, "__module__", "").rsplit(".", 1)[-1], "")


def registry() -> list[Claim]:
    """All claims of the available claim modules, in registration order."""
    for mod in CLAIM_MODULES:
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{mod}":
                raise
    return list(_REGISTRY.values())


def _show(x: object) -> str:
    from fractions import Fraction

    from gamekit.core import fmt

    if isinstance(x, Fraction):
        return fmt(x)
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in x.items()) + "}"
    return str(x)


def run_claims(select: str | None = None, progress: Callable[[Claim], None] | None = None,
               include_long: bool = False) -> list[ClaimResult]:
    """Evaluate the registered claims whose id starts with ``select`` (all when None).

    Claims of :data:`LONG_MODULES` are run only with ``include_long`` or when ``select`` is
    given (naming them explicitly)."""
    out = []
    for c in registry():
        if select and not c.id.startswith(select):
            continue
        if not select and not include_long and is_long(c):
            continue
        if progress:
            progress(c)
        r = ClaimResult(c)
        t0 = time.perf_counter()
        try:
            paper, ours = c.compute()
            r.paper_value, r.our_value = _show(paper), _show(ours)
            r.passed = bool(c.compare(paper, ours) if c.compare else paper == ours)
        except Exception as exc:  # a failing claim is reported, not fatal
            r.error = f"{type(exc).__name__}: {exc}"
            r.passed = False
        r.seconds = time.perf_counter() - t0
        out.append(r)
    return out
