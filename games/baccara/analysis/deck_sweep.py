"""Sweeps of the parametric analysis over the deck count d: parallel, resumable, cached.

Ethier & Lee, *Baccara chemin de fer II*, Table 4 and Theorem 1 describe Model B2 for every
d ≥ 1 and every commission α ∈ [0, 1/10]. One d is one call of
:func:`gamekit.parametric.solve_parametric` (tens of milliseconds); :func:`run_sweep` runs
many d

* in parallel on the local cores (``concurrent.futures.ProcessPoolExecutor``, the default),
* serially (``executor="serial"`` or ``jobs=1``),
* or on a Dask cluster (``executor="dask"``: a local ``dask.distributed`` cluster, or the
  scheduler at ``scheduler="tcp://host:8786"``; optional dependency ``gamekit[dask]``),

and keeps one JSON record per (model, d, α-range) on disk, so an interrupted sweep resumes
where it stopped and a repeated one is instant. The cache lives in
``$XDG_CACHE_HOME/gamekit/sweep-v<N>/`` (``~/.cache/gamekit/…`` by default).

A record (:func:`solve_record`) is the contract's ``baccara sweep`` object — ``decks``,
Table 4's ``curves``, ``intersections``, ``boundary_curves``, ``intervals``,
``nonunique_points`` and the α-``segments`` with ``from``/``to``/``to_exact``, Player's
``player`` = {"5": p(α)} and Banker's ``banker_mixed`` = {set: q(α)} — plus ``model``,
``alpha_min``/``alpha_max``, ``lemma2b_holds``, the exceptional ``points`` with their
extreme equilibria and mixed strategies, every segment's full Banker strategy
(``banker_moves``: one letter S/D/M per information set in
:func:`~games.baccara.infosets.banker_infosets` order), the curve formulas (``curve_list``)
and the intersections (``intersection_list``). All numbers are exact strings.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path

from gamekit.core.errors import GameError
from gamekit.core.numbers import fmt, parse_fraction
from gamekit.parametric import decimal_str, exact_str
from gamekit.parametric.surd import compare, simplest_between
from games.baccara.infosets import player_infosets
from games.baccara.models.tables import parse_model

__all__ = [
    "CACHE_VERSION",
    "EXECUTORS",
    "parse_decks",
    "parse_alpha_max",
    "default_cache_dir",
    "SweepCache",
    "SweepResult",
    "solve_record",
    "run_sweep",
    "records_for",
    "evaluate_formula",
]

#: Bump when the record format or the analysis changes: old cache files are then ignored.
CACHE_VERSION = 1
EXECUTORS = ("process", "serial", "dask")
DEFAULT_ALPHA_MAX = Fraction(1, 10)

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")

Progress = Callable[[int, int, "int | None", bool], None]


# -- input ---------------------------------------------------------------------------------------
def parse_decks(spec: object) -> list[int]:
    """Deck counts from ``"6"``, ``"1-20"``, ``"1-10,20,30-32"`` (or an int / iterable of ints).

    Returns the sorted distinct values; raises :class:`GameError` on a malformed range, a
    reversed range or d < 1.
    """
    if isinstance(spec, bool):
        raise GameError(f"bad deck range {spec!r}")
    if isinstance(spec, int):
        items = [spec]
    elif isinstance(spec, str):
        items = []
        text = spec.replace(" ", "")
        if not text:
            raise GameError("empty deck range: give e.g. 6, 1-20 or 1-10,20")
        for part in text.split(","):
            m = _RANGE.match(part)
            if not m:
                raise GameError(
                    f"bad deck range {spec!r}: expected D, D1-D2 or a comma-separated list such as 1-10,20"
                )
            a = int(m.group(1))
            b = int(m.group(2)) if m.group(2) is not None else a
            if b < a:
                raise GameError(f"bad deck range {part!r}: {a} > {b}")
            items.extend(range(a, b + 1))
    else:
        try:
            items = [int(x) for x in spec]  # type: ignore[union-attr]
        except (TypeError, ValueError):
            raise GameError(f"bad deck range {spec!r}") from None
    for d in items:
        if d < 1:
            raise GameError(f"number of decks must be at least 1, got {d}")
    return sorted(set(items))


def parse_alpha_max(value: object) -> Fraction:
    """The top of the commission range: an exact rational with 0 < alpha-max < 1."""
    if isinstance(value, float):
        raise GameError(f"alpha-max must be exact (e.g. '1/10' or '0.1'), not the float {value!r}")
    a = parse_fraction(value, "alpha-max") if isinstance(value, str) else Fraction(value)
    if not 0 < a < 1:
        raise GameError(f"alpha-max must satisfy 0 < alpha-max < 1, got {fmt(a)}")
    return a


# -- one deck count ------------------------------------------------------------------------------
def _letter(v) -> str:
    if isinstance(v, Fraction) and v in (0, 1):
        return "D" if v == 1 else "S"
    return "M"


def solve_record(model: str, decks: int | None, lo: Fraction, hi: Fraction) -> dict:
    """The sweep record of one (model, d, [lo, hi]) — see the module doc. Runs in a worker."""
    if model == "B3":  # 32 Player strategies: the parametric doubly additive analysis
        from games.baccara.analysis.b3_sweep import b3_record

        return b3_record(decks, lo, hi)
    from gamekit.parametric import solve_parametric
    from games.baccara.analysis.commission import affine_game

    game = affine_game(model, decks)
    sol = solve_parametric(game, lo, hi)
    label = player_infosets(int(model[1]))[0]
    summary = sol.to_dict(row_name="player", row_label=label, col_name="banker_mixed")
    labels = sol.data.labels
    for piece, seg in zip(sol.pieces, summary["segments"]):
        if not piece.unique:
            continue
        a = piece.lo if compare(piece.lo, piece.hi) == 0 else simplest_between(piece.lo, piece.hi)
        eq = sol.evaluate(a)[0]
        seg["banker_moves"] = "".join(_letter(v) for v in eq.y)
    record = {
        "model": model,
        "decks": decks,
        "alpha_min": fmt(lo),
        "alpha_max": fmt(hi),
        "curves": summary["curves"],
        "intersections": summary["intersections"],
        "boundary_curves": summary["boundary_curves"],
        "intervals": summary["intervals"],
        "nonunique_points": summary["nonunique_points"],
        "r_plus_2s": sol.r_plus_2s,
        "live_sets": len(sol.data.live),
        "lemma2b_holds": summary["lemma2b_holds"],
        "segments": summary["segments"],
        "points": summary["points"],
        "curve_list": [
            {
                "label": c.label,
                "formula": str(c.formula),
                "kind": c.kind,
                "domain": [[fmt(s), fmt(t)] for s, t in c.domain],
                "hits": [[fmt(x), which] for x, which in c.hits],
            }
            for c in sol.curves
        ],
        "intersection_list": [
            {
                "curves": [labels[x.curves[0]], labels[x.curves[1]]],
                "alpha": decimal_str(x.alpha, 10),
                "alpha_exact": exact_str(x.alpha),
                "p_exact": exact_str(x.p),
            }
            for x in sol.intersections
        ],
    }
    return record


# -- cache ---------------------------------------------------------------------------------------
def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/gamekit`` or ``~/.cache/gamekit``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamekit"


def _token(x: Fraction) -> str:
    return fmt(x).replace("/", "_")


class SweepCache:
    """One JSON file per (model, d, α-range) under ``<root>/sweep-v<CACHE_VERSION>/``.

    Files are written atomically (temporary file + rename), so a sweep killed at any moment
    leaves only complete records; unreadable or mismatching files count as missing.
    """

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        self.root = Path(root) if root is not None else default_cache_dir()
        self.dir = self.root / f"sweep-v{CACHE_VERSION}"

    def path(self, model: str, decks: int | None, lo: Fraction, hi: Fraction) -> Path:
        d = "x" if decks is None else str(decks)
        return self.dir / f"{model}-d{d}-alpha{_token(lo)}-{_token(hi)}.json"

    def get(self, model: str, decks: int | None, lo: Fraction, hi: Fraction) -> dict | None:
        p = self.path(model, decks, lo, hi)
        try:
            with open(p, encoding="utf-8") as fh:
                rec = json.load(fh)
        except (OSError, ValueError):
            return None
        if not isinstance(rec, dict) or (rec.get("model"), rec.get("decks"), rec.get("alpha_min"),
                                         rec.get("alpha_max")) != (model, decks, fmt(lo), fmt(hi)):
            return None
        return rec

    def put(self, record: dict) -> None:
        lo, hi = Fraction(record["alpha_min"]), Fraction(record["alpha_max"])
        p = self.path(record["model"], record["decks"], lo, hi)
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(record, fh)
            os.replace(tmp, p)
        except OSError as exc:  # a read-only cache must not break the sweep
            raise GameError(f"cannot write the sweep cache in {self.dir}: {exc.strerror or exc}") from None


# -- the sweep -----------------------------------------------------------------------------------
class SweepResult(list):
    """The records in increasing d, with ``computed`` / ``cached`` counts of this run."""

    computed: int = 0
    cached: int = 0


def _default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def run_sweep(model: str = "B2", decks: object = (6,), alpha_max: object = DEFAULT_ALPHA_MAX, *,
              alpha_min: object = 0, jobs: int | None = None, executor: str = "process",
              scheduler: str | None = None, cache_dir: str | os.PathLike | None = None,
              use_cache: bool = True, progress: Progress | None = None) -> SweepResult:
    """Solve ``model`` for every d in ``decks`` and every α ∈ [alpha_min, alpha_max].

    Model A has no deck count: one record with ``decks`` None. ``progress(done, total, d,
    from_cache)`` is called after each d. Records already in the cache are not recomputed;
    new ones are written as soon as they arrive (an interrupted sweep resumes).
    """
    name = parse_model(model)
    from games.baccara.analysis.commission import PARAMETRIC_MODELS

    if name not in (*PARAMETRIC_MODELS, "B3"):
        raise GameError(
            f"Model {name} has 32 Player strategies and no deck count; the sweep in alpha "
            f"supports {', '.join(PARAMETRIC_MODELS)} and B3"
        )
    ds: list[int | None] = [None] if name[0] == "A" else list(parse_decks(decks))
    lo = Fraction(alpha_min) if not isinstance(alpha_min, str) else parse_fraction(alpha_min, "alpha-min")
    hi = parse_alpha_max(alpha_max)
    if not 0 <= lo < hi:
        raise GameError(f"alpha-min must satisfy 0 <= alpha-min < alpha-max, got {fmt(lo)}")
    if executor not in EXECUTORS:
        raise GameError(f"unknown executor {executor!r}: expected one of {', '.join(EXECUTORS)}")
    if scheduler and executor != "dask":
        executor = "dask"
    n_jobs = _default_jobs() if jobs is None else int(jobs)
    if n_jobs < 1:
        raise GameError(f"--jobs must be at least 1, got {n_jobs}")

    cache = SweepCache(cache_dir) if use_cache else None
    results: dict[int | None, dict] = {}
    out = SweepResult()
    total = len(ds)

    def done(rec: dict, from_cache: bool) -> None:
        results[rec["decks"]] = rec
        if from_cache:
            out.cached += 1
        else:
            out.computed += 1
            if cache is not None:
                cache.put(rec)
        if progress is not None:
            progress(len(results), total, rec["decks"], from_cache)

    pending = []
    for d in ds:
        rec = cache.get(name, d, lo, hi) if cache is not None else None
        if rec is not None:
            done(rec, True)
        else:
            pending.append(d)

    if pending:
        if executor == "dask":
            _run_dask(name, pending, lo, hi, n_jobs, scheduler, done)
        elif executor == "serial" or n_jobs == 1 or len(pending) == 1:
            for d in pending:
                done(solve_record(name, d, lo, hi), False)
        else:
            _run_processes(name, pending, lo, hi, n_jobs, done)
    out.extend(results[d] for d in ds)
    return out


def _run_processes(model: str, pending: list, lo: Fraction, hi: Fraction, jobs: int,
                   done: Callable[[dict, bool], None]) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from games.baccara.models.tables import model_tables

    model_tables(model, pending[0])  # warm the shoe's polynomial tables before the fork
    ex = ProcessPoolExecutor(max_workers=min(jobs, len(pending)))
    try:
        futures = [ex.submit(solve_record, model, d, lo, hi) for d in pending]
        for f in as_completed(futures):
            done(f.result(), False)
    except BaseException:
        ex.shutdown(wait=False, cancel_futures=True)
        raise
    ex.shutdown(wait=True)


def _run_dask(model: str, pending: list, lo: Fraction, hi: Fraction, jobs: int,
              scheduler: str | None, done: Callable[[dict, bool], None]) -> None:
    try:
        import logging

        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise GameError(
            "the Dask executor needs dask.distributed: pip install 'gamekit[dask]'"
        ) from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout=10)
        else:
            cluster = LocalCluster(n_workers=min(jobs, len(pending)), threads_per_worker=1,
                                   processes=True, dashboard_address=":0",
                                   silence_logs=logging.ERROR)
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        where = f"the Dask scheduler at {scheduler}" if scheduler else "a local Dask cluster"
        raise GameError(f"cannot connect to {where}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    try:
        n = len(pending)
        futures = client.map(solve_record, [model] * n, pending, [lo] * n, [hi] * n, pure=False)
        for f in as_completed(futures):
            done(f.result(), False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def records_for(model: str, decks: Iterable[int], alpha_max: object = DEFAULT_ALPHA_MAX, **kw) -> dict:
    """``{d: record}`` for a sweep (a convenience for the reproduce claims and the plots)."""
    return {r["decks"]: r for r in run_sweep(model, list(decks), alpha_max, **kw)}


_FORMULA = re.compile(r"^[0-9a-z_*/+\-() .]*$")


def evaluate_formula(text: str, **values) -> Fraction:
    """Evaluate an exact formula string of a record (``"(477191 - 54732*alpha)/(12*(…))"``) at
    rational values of its variables (``alpha=Fraction(1, 20)``, ``d=6``), exactly.

    Every integer literal becomes a Fraction, so the result is exact. Only digits, variable
    names and ``+ - * / ( )`` are accepted.
    """
    if not _FORMULA.match(text) or "__" in text:
        raise GameError(f"not a rational formula: {text!r}")
    names = {k: Fraction(v) for k, v in values.items()}
    code = re.sub(r"\b\d+\b", lambda m: f"_F({m.group()})", text)
    try:
        value = eval(code, {"__builtins__": {}, "_F": Fraction}, names)  # noqa: S307 - checked above
    except NameError as exc:
        raise GameError(f"formula {text!r} needs a value for {exc.name}") from None
    except ZeroDivisionError:
        raise GameError(f"formula {text!r} is undefined at {values}") from None
    return Fraction(value)
