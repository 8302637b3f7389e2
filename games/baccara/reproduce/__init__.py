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

__all__ = ["Claim", "ClaimResult", "claim", "registry", "run_claims", "is_long", "cost_of", "group_of",
           "CLAIM_MODULES", "LONG_MODULES", "LONG_COSTS", "SHARES"]

CLAIM_MODULES = ("paper1", "paper2_b2", "paper2_b3", "paper2_b3_sweep", "banque", "paper2_proofs",
                 "paper2_proofs_long", "published", "tree", "tree_long")

#: Claim modules whose claims take tens of CPU-seconds or more on a first run (Model B3 solved
#: for every α at d = 1…13; banque's equilibria at several θ and its θ-sweep). ``baccara
#: reproduce`` runs them with ``--all`` or when ``--only`` names them.
LONG_MODULES = ("paper2_b3_sweep", "banque", "paper2_proofs_long", "tree_long")

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
    "tree_long": "each claim builds and solves its model's game tree at 2 (Model A) or 6 (Model B) points "
                 "(d, alpha), ≈ 1,000 Lemke pivots each, and the additive solver: ≈ 20 CPU-s (A2), 60 (A3), "
                 "60 (B2), 140 (B3)",
}


def is_long(c: Claim) -> bool:
    """True for a claim of one of :data:`LONG_MODULES`."""
    return _module(c) in LONG_MODULES


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
    return LONG_COSTS.get(_module(c), "")


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


#: Claim modules that read another module's shared computation run in that module's group
#: (one worker), so a parallel run never computes it twice: "the method" reads the B3 records.
SHARES = {"paper2_proofs_long": "paper2_b3_sweep"}


def _module(c: Claim) -> str:
    return getattr(c.compute, "__module__", "").rsplit(".", 1)[-1]


def group_of(c: Claim) -> str:
    """The group of claims sharing in-memory results with ``c`` (its module, or :data:`SHARES`)."""
    m = _module(c)
    return SHARES.get(m, m)


def _evaluate(c: Claim) -> ClaimResult:
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
    return r


def _run_group(ids: list[str]) -> list[tuple]:
    """Worker: evaluate the claims ``ids`` in order; plain tuples (claims are not picklable)."""
    by_id = {c.id: c for c in registry()}
    out = []
    for i in ids:
        r = _evaluate(by_id[i])
        out.append((i, r.paper_value, r.our_value, r.passed, r.error, r.seconds))
    return out


def _run_parallel(claims: list[Claim], jobs: int, progress: Callable[[Claim], None] | None) -> list[ClaimResult]:
    """The claims in worker processes, one task per :func:`group_of` group (largest first)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    groups: dict[str, list[str]] = {}
    for c in claims:
        groups.setdefault(group_of(c), []).append(c.id)
    by_id = {c.id: c for c in claims}
    done: dict[str, ClaimResult] = {}
    order = sorted(groups.values(), key=lambda ids: (-any(is_long(by_id[i]) for i in ids), -len(ids)))
    with ProcessPoolExecutor(max_workers=min(jobs, len(order))) as ex:
        futures = [ex.submit(_run_group, ids) for ids in order]
        for f in as_completed(futures):
            for i, paper, ours, passed, error, seconds in f.result():
                r = ClaimResult(by_id[i], paper, ours, passed, error, seconds)
                done[i] = r
                if progress:
                    progress(by_id[i])
    return [done[c.id] for c in claims]


def run_claims(select: str | None = None, progress: Callable[[Claim], None] | None = None,
               include_long: bool = False, jobs: int = 1) -> list[ClaimResult]:
    """Evaluate the registered claims whose id starts with ``select`` (all when None).

    Claims of :data:`LONG_MODULES` are run only with ``include_long`` or when ``select`` is
    given (naming them explicitly). ``jobs`` > 1 runs the groups of claims that share a
    computation (:func:`group_of`) in that many worker processes; the results are the same
    and in the same order (the B3 sweep inside its group is parallel over d either way).

    Examples
    --------
    >>> [r.passed for r in run_claims("I.sec2.p1")]
    [True]
    """
    chosen = [c for c in registry()
              if (not select or c.id.startswith(select)) and (select or include_long or not is_long(c))]
    if jobs > 1 and len({group_of(c) for c in chosen}) > 1:
        return _run_parallel(chosen, jobs, progress)
    out = []
    for c in chosen:
        if progress:
            progress(c)
        out.append(_evaluate(c))
    return out
