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

import contextlib
import hashlib
import json
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path

from gamekit.core import GameError, fmt, parse_fraction
from gamekit.exact import compare, decimal_str, exact_str, simplest_between
from gamekit.io import atomic_write, cache_root
from games.baccara.cards import check_decks
from games.baccara.infosets import player_infosets
from games.baccara.models.tables import parse_model

__all__ = [
    "CACHE_VERSION",
    "EXECUTORS",
    "parse_decks",
    "parse_alpha_max",
    "default_cache_dir",
    "SweepCache",
    "SweepInterrupted",
    "record_checksum",
    "valid_record",
    "SweepResult",
    "solve_record",
    "run_sweep",
    "records_for",
    "evaluate_formula",
]

#: Bump when the record format or the analysis changes: old cache files are then ignored.
CACHE_VERSION = 2
_SCHEMA = "gamekit-sweep"
EXECUTORS = ("process", "serial", "dask")
DEFAULT_ALPHA_MAX = Fraction(1, 10)

_COUNT = r"[0-9][0-9_]{0,11}(?:[eE]\+?[0-9]{1,2})?"  # 20, 1e2 (check_decks reads it)
_RANGE = re.compile(rf"^({_COUNT})(?:-({_COUNT}))?$")
#: Most deck counts one sweep accepts (one d is ~50 kB of cache and ~0.1 s of work).
MAX_SWEEP_DECKS = 100_000

Progress = Callable[[int, int, "int | None", bool], None]


# -- input ---------------------------------------------------------------------------------------
def _clip(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


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
                    f"bad deck range {_clip(spec)}: expected D, D1-D2 or a comma-separated list such as 1-10,20"
                )
            a = check_decks(m.group(1))
            b = check_decks(m.group(2)) if m.group(2) is not None else a
            if b < a:
                raise GameError(f"bad deck range {part!r}: {a} > {b}")
            if b - a + 1 + len(items) > MAX_SWEEP_DECKS:
                raise GameError(f"deck range {_clip(spec)} has more than {MAX_SWEEP_DECKS:,} deck counts; "
                                "split it into several sweeps")
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
        "r_plus_2s": sol.predicted_intervals,
        "live_sets": len(sol.data.live),
        "lemma2b_holds": summary["single_crossing_holds"],
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
    """The cache directory of every gamekit cache (:func:`gamekit.io.cachedir.cache_root`:
    ``$GAMEKIT_CACHE_DIR``, ``$XDG_CACHE_HOME/gamekit`` or ``~/.cache/gamekit``, absolute
    paths only)."""
    return cache_root()


def _token(x: Fraction) -> str:
    return fmt(x).replace("/", "_")


def _canonical(record: dict) -> bytes:
    """The canonical JSON bytes of a record (sorted keys, no spaces, ASCII, no NaN)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def record_checksum(record: dict) -> str:
    """``sha256`` (hex) of :func:`_canonical` ``(record)`` — stored next to every cache entry."""
    return hashlib.sha256(_canonical(record)).hexdigest()


def _reject_constant(name: str) -> None:
    raise ValueError(f"non-finite number {name} in a cache file")


_COUNT_KEYS = ("curves", "intersections", "boundary_curves", "intervals", "nonunique_points")
_B3_COUNT_KEYS = ("intervals", "exceptional", "nonunique_points")


def _is_count(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _str_map(v: object) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and isinstance(x, str) for k, x in v.items())


def _valid_segment(seg: object) -> bool:
    if not isinstance(seg, dict):
        return False
    if not all(isinstance(seg.get(k), str) for k in ("from", "to", "from_exact", "to_exact")):
        return False
    if not all(isinstance(seg.get(k), bool) for k in ("from_closed", "to_closed")):
        return False
    return all(_str_map(seg[k]) for k in ("player", "banker_mixed") if k in seg)


def _valid_point(pt: object) -> bool:
    return (isinstance(pt, dict) and isinstance(pt.get("alpha"), str)
            and isinstance(pt.get("unique"), bool) and isinstance(pt.get("equilibria"), list)
            and isinstance(pt.get("mixed_strategies", []), (list, type(None))))


def valid_record(rec: object, key: tuple) -> bool:
    """Schema check of a sweep record against its key ``(model, decks, alpha_min, alpha_max)``:
    every field the CLI, the plots and the reproduce claims read is present with its type."""
    if not isinstance(rec, dict):
        return False
    if (rec.get("model"), rec.get("decks"), rec.get("alpha_min"), rec.get("alpha_max")) != key:
        return False
    b3 = rec.get("model") == "B3"  # Model B3 records have no curves (docs/json.md)
    if not all(_is_count(rec.get(k)) for k in (_B3_COUNT_KEYS if b3 else _COUNT_KEYS)):
        return False
    segs, pts = rec.get("segments"), rec.get("points")
    if not isinstance(segs, list) or not segs or not all(_valid_segment(s) for s in segs):
        return False
    if not isinstance(pts, list) or not all(_valid_point(p) for p in pts):
        return False
    return b3 or all(isinstance(rec.get(k), list) for k in ("curve_list", "intersection_list"))


class SweepCache:
    """One JSON file per (model, d, α-range) under ``<root>/sweep-v<CACHE_VERSION>/``.

    A file is ``{"schema": "gamekit-sweep", "version": CACHE_VERSION, "sha256": H,
    "record": R}`` with ``H`` the sha256 of R's canonical JSON (:func:`record_checksum`).
    :meth:`get` serves a record only when the file is at most :data:`MAX_ENTRY_BYTES`,
    parses as JSON without NaN/Infinity or pathological nesting, has this schema and
    version, the checksum matches and the record passes :func:`valid_record` for the
    requested key and the record is re-certified against the game of its key
    (:func:`games.baccara.analysis.record_check.check_record`: a forged record with a valid
    checksum is caught there); anything else (truncated, altered, foreign, header-only, forged)
    counts as missing, is recorded in :attr:`rejected` (forgeries also in :attr:`uncertified`,
    with the reason) and is recomputed and overwritten.

    Files are written atomically (:func:`gamekit.io.atomic.atomic_write`), so a sweep killed
    at any moment leaves only complete records. A cache that cannot be written does not
    stop the sweep: :meth:`put` warns once on stderr and carries on.
    """

    #: Larger cache files are not read (a B2 record is ~50 kB).
    MAX_ENTRY_BYTES = 16 * 1024 * 1024

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        self.root = Path(root) if root is not None else default_cache_dir()
        self.dir = self.root / f"sweep-v{CACHE_VERSION}"
        self.rejected: list[Path] = []
        self.uncertified: list[str] = []  # records that failed their re-certification, and why
        self.write_error: str | None = None

    def path(self, model: str, decks: int | None, lo: Fraction, hi: Fraction) -> Path:
        d = "x" if decks is None else str(decks)
        return self.dir / f"{model}-d{d}-alpha{_token(lo)}-{_token(hi)}.json"

    def _load(self, p: Path) -> object:
        if not p.is_file():  # a directory, FIFO or device in an entry's place (opening a FIFO blocks)
            if p.exists() or p.is_symlink():
                raise ValueError("not a regular file")
            raise FileNotFoundError(p)
        with open(p, "rb") as fh:
            data = fh.read(self.MAX_ENTRY_BYTES + 1)
        if len(data) > self.MAX_ENTRY_BYTES:
            raise ValueError("cache file too large")
        return json.loads(data.decode("utf-8"), parse_constant=_reject_constant)

    def get(self, model: str, decks: int | None, lo: Fraction, hi: Fraction) -> dict | None:
        """The cached record, or None when absent or not trustworthy (see the class doc)."""
        p = self.path(model, decks, lo, hi)
        try:
            doc = self._load(p)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError, MemoryError):
            self.rejected.append(p)
            return None
        rec = doc.get("record") if isinstance(doc, dict) else None
        ok = (isinstance(doc, dict) and doc.get("schema") == _SCHEMA and doc.get("version") == CACHE_VERSION
              and isinstance(rec, dict) and valid_record(rec, (model, decks, fmt(lo), fmt(hi))))
        try:
            ok = ok and doc.get("sha256") == record_checksum(rec)
        except (ValueError, TypeError, RecursionError):
            ok = False
        if not ok:
            self.rejected.append(p)
            return None
        from games.baccara.analysis.record_check import RecordRejected, check_record

        try:  # the checksum protects against damage; this against a wrong record (issue #28)
            check_record(rec)
        except (RecordRejected, GameError) as exc:
            self.rejected.append(p)
            self.uncertified.append(f"{p.name}: {exc}")
            return None
        return rec

    def put(self, record: dict) -> None:
        """Store ``record`` (atomically); on failure warn once on stderr and keep going."""
        if self.write_error is not None:
            return
        lo, hi = Fraction(record["alpha_min"]), Fraction(record["alpha_max"])
        p = self.path(record["model"], record["decks"], lo, hi)
        doc = {"schema": _SCHEMA, "version": CACHE_VERSION, "sha256": record_checksum(record),
               "record": record}
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            atomic_write(p, json.dumps(doc, allow_nan=False), fsync=False, direct_special=False)
        except (OSError, GameError) as exc:  # a read-only cache must not break the sweep
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.write_error = reason
            sys.stderr.write(f"warning: cannot write the sweep cache in {self.dir} ({reason}); "
                             "results of this run are not cached\n")

    def entries(self) -> list[Path]:
        """Every cache file of this version."""
        return sorted(self.dir.glob("*.json")) if self.dir.is_dir() else []

    def clear(self) -> int:
        """Remove every cache file (all versions, and left-over temporary files); returns the
        number of files removed."""
        n = 0
        if not self.root.is_dir():
            return 0
        for sub in self.root.glob("sweep-v*"):
            if not sub.is_dir() or sub.is_symlink():
                continue
            for f in list(sub.iterdir()):
                if f.is_file() and (f.suffix in (".json", ".tmp")):
                    f.unlink(missing_ok=True)
                    n += 1
            with contextlib.suppress(OSError):
                sub.rmdir()
        return n


# -- the sweep -----------------------------------------------------------------------------------
class SweepResult(list):
    """The records in increasing d, with ``computed`` / ``cached`` counts of this run, the
    cache directory used (None with ``use_cache=False``) and the cache files rejected as
    corrupt or stale (recomputed and overwritten)."""

    computed: int = 0
    cached: int = 0
    cache_dir: Path | None = None
    rejected: int = 0
    uncertified: tuple[str, ...] = ()


class SweepInterrupted(KeyboardInterrupt):
    """A sweep stopped by SIGINT (Ctrl-C), SIGTERM or ``KeyboardInterrupt``.

    ``saved`` deck counts (of ``total``) are in the cache (computed before or during this
    run); ``signum`` is the signal that stopped it; ``cache_dir`` is None without a cache.
    """

    def __init__(self, saved: int, total: int, signum: int, cache_dir: Path | None) -> None:
        super().__init__(f"sweep interrupted: {saved} of {total} saved")
        self.saved, self.total, self.signum, self.cache_dir = saved, total, signum, cache_dir


class _Terminated(KeyboardInterrupt):
    signum = signal.SIGTERM


@contextlib.contextmanager
def _sigterm_interrupts():
    """Inside the block SIGTERM raises :class:`_Terminated` (a KeyboardInterrupt) in the main
    thread, so the sweep stops its workers and keeps what it has, as for Ctrl-C."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise _Terminated()

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


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
    new ones are written as soon as they arrive (an interrupted sweep resumes). SIGINT,
    SIGTERM or a ``KeyboardInterrupt`` stop the workers at once and raise
    :class:`SweepInterrupted` saying how many deck counts are saved.
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
    if not 1 <= n_jobs <= 4 * _default_jobs():
        raise GameError(f"--jobs must lie between 1 and {4 * _default_jobs()} (4 x the {_default_jobs()} "
                        f"CPUs), got {n_jobs}")

    cache = SweepCache(cache_dir) if use_cache else None
    results: dict[int | None, dict] = {}
    out = SweepResult()
    out.cache_dir = cache.dir if cache is not None else None
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

    try:
        with _sigterm_interrupts():
            _sweep_all(name, ds, lo, hi, cache, done, executor, n_jobs, scheduler)
    except KeyboardInterrupt as exc:
        signum = getattr(exc, "signum", signal.SIGINT)
        saved = _count_saved(cache, name, ds, lo, hi)
        raise SweepInterrupted(saved, total, signum, out.cache_dir) from None
    out.rejected = len(cache.rejected) if cache is not None else 0
    out.uncertified = tuple(cache.uncertified) if cache is not None else ()
    out.extend(results[d] for d in ds)
    return out


def _count_saved(cache: SweepCache | None, name: str, ds: list, lo: Fraction, hi: Fraction) -> int:
    """How many deck counts the cache really holds now. Read back rather than counted as they
    arrive: a signal can land between a record's arrival and its (atomic) write."""
    if cache is None or cache.write_error is not None:
        return 0
    return sum(1 for d in ds if cache.get(name, d, lo, hi) is not None)


def _sweep_all(name: str, ds: list, lo: Fraction, hi: Fraction, cache: SweepCache | None,
               done: Callable[[dict, bool], None], executor: str, n_jobs: int,
               scheduler: str | None) -> None:
    """Serve what the cache has, then compute the rest with the chosen executor."""
    pending = []
    for d in ds:
        rec = cache.get(name, d, lo, hi) if cache is not None else None
        if rec is not None:
            done(rec, True)
        else:
            pending.append(d)
    if not pending:
        return
    if executor == "dask":
        _run_dask(name, pending, lo, hi, n_jobs, scheduler, done)
    elif executor == "serial" or n_jobs == 1 or len(pending) == 1:
        for d in pending:
            done(solve_record(name, d, lo, hi), False)
    else:
        _run_processes(name, pending, lo, hi, n_jobs, done)


# -- worker processes ------------------------------------------------------------------------------
_PR_SET_PDEATHSIG = 1


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(1)


def _worker_init(parent: int) -> None:
    """Pool initializer: a worker ignores Ctrl-C (the parent stops it), dies with SIGTERM's
    default action, and never outlives the parent — ``PR_SET_PDEATHSIG`` on Linux, and on
    every system a daemon thread that exits when ``os.getppid()`` changes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _quiet_manager_thread(manager_cls: type) -> None:
    """Silence the 'Exception in thread' report of a process pool's manager thread when it
    finds the workers we terminated (any other thread's exceptions are reported as usual)."""
    previous = threading.excepthook
    if getattr(previous, "_gamekit_quiet", False):
        return

    def hook(args) -> None:
        if not isinstance(args.thread, manager_cls):
            previous(args)

    hook._gamekit_quiet = True  # type: ignore[attr-defined]
    threading.excepthook = hook


def _stop_pool(ex, futures: list, done: Callable[[dict, bool], None], seen: set) -> None:
    """Keep every finished result, cancel the rest and terminate the workers at once."""
    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    main = threading.current_thread() is threading.main_thread()
    if main:  # a second Ctrl-C must not abandon the clean-up half-way
        for s in old:
            signal.signal(s, signal.SIG_IGN)
    try:
        import multiprocessing
        from concurrent.futures.process import _ExecutorManagerThread

        _quiet_manager_thread(_ExecutorManagerThread)
        procs = list((getattr(ex, "_processes", None) or {}).values())
        procs += [c for c in multiprocessing.active_children() if c not in procs]  # e.g. forked mid-start
        for f in futures:
            f.cancel()
        for f in futures:
            if id(f) not in seen and f.done() and not f.cancelled() and f.exception(timeout=0) is None:
                seen.add(id(f))
                with contextlib.suppress(Exception, KeyboardInterrupt):
                    done(f.result(timeout=0), False)
        for pr in procs:
            with contextlib.suppress(Exception):
                pr.terminate()
        # no ex.shutdown(): it takes the executor's locks and wakes its manager thread, which
        # can block; the manager thread sees the dead workers and ends by itself
        for pr in procs:
            with contextlib.suppress(Exception):
                pr.join(timeout=5)
    finally:
        if main:
            for s, h in old.items():
                signal.signal(s, h)


def _run_processes(model: str, pending: list, lo: Fraction, hi: Fraction, jobs: int,
                   done: Callable[[dict, bool], None]) -> None:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from games.baccara.models.tables import model_tables

    model_tables(model, pending[0])  # warm the shoe's polynomial tables before the fork
    ex = ProcessPoolExecutor(max_workers=min(jobs, len(pending)), initializer=_worker_init,
                             initargs=(os.getpid(),))
    futures: list = []
    seen: set = set()
    try:
        futures = [ex.submit(solve_record, model, d, lo, hi) for d in pending]
        for f in as_completed(futures):
            seen.add(id(f))
            done(f.result(), False)
    except BaseException:
        _stop_pool(ex, futures, done, seen)
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
