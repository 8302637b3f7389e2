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

__all__ = ["Claim", "ClaimResult", "claim", "registry", "run_claims", "is_long", "CLAIM_MODULES", "LONG_MODULES"]

CLAIM_MODULES = ("paper1", "paper2_b2", "paper2_b3", "paper2_b3_sweep", "banque", "paper2_proofs",
                 "paper2_proofs_long", "published")

#: Claim modules whose claims take minutes to hours of CPU on a first run (Model B3 solved for
#: every α at d = 1…13; banque's equilibria at several θ). ``baccara reproduce`` runs them
#: with ``--all`` or when ``--only`` names them; sweep results are cached, so a second run is fast.
LONG_MODULES = ("paper2_b3_sweep", "banque", "paper2_proofs_long")


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


def claim(id: str, paper: str, where: str, description: str, compare=None):
    """Decorator registering a claim function returning ``(paper_value, our_value)``."""

    def deco(fn: Callable[[], tuple[object, object]]):
        if id in _REGISTRY:
            raise ValueError(f"duplicate claim id {id}")
        _REGISTRY[id] = Claim(id, paper, where, description, fn, compare)
        return fn

    return deco


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
