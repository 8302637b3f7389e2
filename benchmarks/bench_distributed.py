"""Scaling of ``gamekit.solve(g, "all", cluster=...)`` with 1 and 2 Dask workers (issue #23).

Random n×n games, payoffs uniform in 0..99 (``gamekit.generators.random_game(n, n, low=0,
high=99, seed=s)``), strategy ``one_sided`` (one best-response polytope searched, as
``"auto"`` picks for these games); each game solved warm (kernels loaded, in the client and
in every worker) by:

* one process, one thread (``threads=1``): the reference;
* one process, two threads (``threads=2``, :mod:`gamekit.kernel.parallel_search`): the same
  scheme on threads, for comparison;
* a ``LocalCluster`` of W = 1 and W = 2 worker processes (one thread each), the scheduler in
  this process: ``cluster=client``.

Wall time, and CPU time of every process involved (this process — client and scheduler —
plus the worker processes, from ``psutil``), median of ``--repeats``. Speedup = wall of
one process, one thread / wall on the cluster; efficiency = speedup / W. A second table
times the polytope search alone (``search_bases(..., cluster=client, job_bases=B)``) at
W = 2 for several job budgets B (mplrs's ``-maxnodes``). Every cluster run must give the
same equilibria (and the same number of bases) as one process: checked.

With ``--client``, only the client's serial part: the polytope search
(``search_bases(M, cluster=client, partner=N)``, W = 2) with the CPU time of this process's
main thread (the client: prefix, results, merge, certificate — not the scheduler, which
runs on another thread) and ``merge_cpu`` of the report (the merge and the closure
certificate alone), per basis; it rewrites the section "The client's serial CPU" of the
results file.

With ``--certificates``, the split against the sharded certificate
(``search_bases(M, cluster=client, partner=N, certificate=...)``, the polytope search of
``one_sided`` with the partner filter on the workers) on W = 1 and W = 2 worker processes,
against one process (``search_bases(M)`` and the partner filter, one thread): wall, CPU
of all processes, CPU of the busiest process, CPU of the client's thread and its merge,
per size, best of ``--repeats``; the rows are kept in
``benchmarks/results/distributed_certificates.json`` (one run per size, resumable: run
the sizes in separate calls) and rendered as the section "Split against sharded
certificate" of the results file.

Run:  nice -n 10 python benchmarks/bench_distributed.py [--sizes 16 17 18] [--repeats 3] [--quick] [--client]
      nice -n 10 python benchmarks/bench_distributed.py --certificates --sizes 16 17 --repeats 2
Writes benchmarks/results/distributed.md (not with --quick).
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import time
from functools import partial
from pathlib import Path

import psutil

import gamekit
from gamekit.bimatrix.intgame import integer_game
from gamekit.generators import random_game
from gamekit.kernel.certified_polytope import search_bases

OUT = Path(__file__).parent / "results" / "distributed.md"


def _worker_cpu(client) -> list[float]:
    """CPU seconds (user + system) used so far by each of the cluster's worker processes."""
    out = []
    for pid in sorted(client.run(os.getpid).values()):
        t = psutil.Process(pid).cpu_times()
        out.append(t.user + t.system)
    return out


def _timed(fn, client=None):
    """(result, wall seconds, CPU seconds of this process + the workers, CPU of the busiest
    process: this one or a worker)."""
    w0 = _worker_cpu(client) if client is not None else []
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    busiest = cpu
    if client is not None:
        workers = [b - a for a, b in zip(w0, _worker_cpu(client))]
        cpu += sum(workers)
        busiest = max(busiest, *workers)
    return out, wall, cpu, busiest


def _median(runs):
    return tuple(statistics.median(r[t] for r in runs) for t in (1, 2, 3))


def _key(r):
    return [(e.row, e.col) for e in r]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[16, 17, 18])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--budgets", type=int, nargs="+", default=[4096, 32768, 262144])
    ap.add_argument("--quick", action="store_true", help="sizes 14 15, one repeat, no file written")
    ap.add_argument("--client", action="store_true", help="only the client's serial CPU per basis (W = 2)")
    ap.add_argument("--certificates", action="store_true", help="split against sharded certificate, W = 1 and 2")
    args = ap.parse_args()
    if args.certificates:
        _certificates(args)
        return
    if args.client:
        _client_cpu(args)
        return
    if args.quick:
        args.sizes, args.repeats = [14, 15], 1
    from distributed import Client, LocalCluster

    games = {n: random_game(n, n, low=0, high=99, seed=args.seed) for n in args.sizes}
    gamekit.solve(random_game(12, 12, low=0, high=99, seed=0), "all", strategy="one_sided")  # load the kernels
    rows: dict[int, dict[str, tuple[float, ...]]] = {n: {} for n in args.sizes}
    ref: dict[int, object] = {}
    info: dict[int, dict] = {}
    load0 = os.getloadavg()
    for n, g in games.items():
        for threads in (1, 2):
            runs = [_timed(partial(gamekit.solve, g, "all", strategy="one_sided", threads=threads))
                    for _ in range(args.repeats)]
            rows[n][f"1 process, {threads} thread{'s' * (threads > 1)}"] = _median(runs)
            ref[n] = runs[0][0]
            print(f"{n}x{n} threads={threads}: wall {_median(runs)[0]:.2f} s, CPU {_median(runs)[1]:.2f} s",
                  flush=True)
    budget_rows: dict[int, tuple[float, ...]] = {}
    for W in (1, 2):
        with LocalCluster(n_workers=W, threads_per_worker=1, processes=True, dashboard_address=":0",
                          silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
            gamekit.solve(random_game(12, 12, low=0, high=99, seed=0), "all", strategy="one_sided",
                          cluster=client)  # the workers load the kernels
            for n, g in games.items():
                runs = [_timed(partial(gamekit.solve, g, "all", strategy="one_sided", cluster=client), client)
                        for _ in range(args.repeats)]
                for r in runs:
                    assert _key(r[0]) == _key(ref[n]), f"{n}x{n}: the cluster's equilibria differ"
                    assert r[0].parameters["bases"] == ref[n].parameters["bases"]
                rows[n][f"cluster, {W} worker{'s' * (W > 1)}"] = _median(runs)
                info.setdefault(n, {})[W] = dict(runs[0][0].parameters["cluster"])
                print(f"{n}x{n} W={W}: wall {_median(runs)[0]:.2f} s, CPU {_median(runs)[1]:.2f} s, "
                      f"jobs {info[n][W]['jobs']}", flush=True)
            if W == 2:
                n = max(args.sizes)
                ig = integer_game(games[n])
                M = [list(col) for col in zip(*ig.B)]
                for b in args.budgets:
                    runs = [_timed(partial(search_bases, M, cluster=client, job_bases=b), client)
                            for _ in range(args.repeats)]
                    cb = runs[0][0]
                    assert cb is not None and cb.complete and cb.cluster is not None
                    budget_rows[b] = (*_median(runs)[:2], cb.cluster.jobs, len(cb.lo))
                    print(f"search {n}x{n} budget {b}: wall {budget_rows[b][0]:.2f} s, jobs {cb.cluster.jobs}",
                          flush=True)
    load1 = os.getloadavg()
    text = _report(args, rows, ref, info, budget_rows, load0, load1)
    print(text)
    if not args.quick:
        old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        kept = CLIENT_HEADING + old.split(CLIENT_HEADING, 1)[1] if CLIENT_HEADING in old else ""
        OUT.write_text(text + ("\n" + kept if kept else ""), encoding="utf-8")  # keep the later sections
        print(f"wrote {OUT}")


CLIENT_HEADING = "## The client's serial CPU"


def _client_cpu(args) -> None:
    """The ``--client`` mode (module docstring): a table of the client's CPU per basis."""
    from distributed import Client, LocalCluster

    lines = [CLIENT_HEADING, "",
             f"`--client`: the polytope search alone, `one_sided`'s polytope with the partner filter on the "
             f"workers, W = 2 worker processes, seed {args.seed}, best of {args.repeats}. *Client* = CPU of the "
             "client's thread (prefix, results, merge, certificate; the scheduler runs on another thread), "
             "*merge* = `merge_cpu` of the report (concatenation, union table, closure certificate), "
             "*queries* = neighbour keys the workers could not find among their own bases and the client "
             "looked up (absent before the split certificate).", "",
             "| game | bases | jobs | client µs/basis | merge µs/basis | queries / (d·bases) |",
             "|---|---:|---:|---:|---:|---:|"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
        g0 = random_game(12, 12, low=0, high=99, seed=0)
        search_bases(_polytope(g0), cluster=client, partner=_partner(g0))  # load the kernels everywhere
        for n in args.sizes:
            g = random_game(n, n, low=0, high=99, seed=args.seed)
            M, N = _polytope(g), _partner(g)
            best = None
            for _ in range(args.repeats):
                t0 = time.thread_time()
                cb = search_bases(M, cluster=client, partner=N)
                cpu = time.thread_time() - t0
                assert cb is not None and cb.complete and cb.cluster is not None
                if best is None or cpu < best[0]:
                    best = (cpu, cb)
            assert best is not None
            cpu, cb = best
            assert cb.cluster is not None
            nb = len(cb.lo)
            rep = cb.cluster.as_dict()
            q = rep.get("queries")
            share = "–" if q is None else f"{q / (len(M[0]) * nb):.1%}"
            lines.append(f"| {n}×{n} | {nb:,} | {rep['jobs']} | {1e6 * cpu / nb:.2f} | "
                         f"{1e6 * rep['merge_cpu'] / nb:.2f} | {share} |")
            print(lines[-1], flush=True)
    lines += ["", *_split_in_one_process(max(args.sizes), args.seed, args.repeats)]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.quick:
        old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        head = old.split(CLIENT_HEADING)[0].rstrip("\n")
        tail = CERT_HEADING + old.split(CERT_HEADING, 1)[1] if CERT_HEADING in old else ""
        OUT.write_text((head + "\n\n" if head else "") + text + ("\n" + tail if tail else ""), encoding="utf-8")
        print(f"wrote {OUT}")


CERT_HEADING = "## Split against sharded certificate"
CERT_JSON = OUT.with_name("distributed_certificates.json")


def _certificates(args) -> None:
    """The ``--certificates`` mode (module docstring)."""
    import json

    import numpy as np
    from distributed import Client, LocalCluster

    from gamekit.kernel.distributed_search import partner_statuses

    rows = json.loads(CERT_JSON.read_text(encoding="utf-8")) if CERT_JSON.exists() else {}
    games = {n: random_game(n, n, low=0, high=99, seed=args.seed) for n in args.sizes}
    g0 = random_game(12, 12, low=0, high=99, seed=0)
    search_bases(_polytope(g0))  # load the kernels here
    load0 = os.getloadavg()
    got: dict[int, dict] = {n: {"seed": args.seed, "repeats": args.repeats} for n in args.sizes}

    def best(runs):  # the run with the least wall time
        return min(runs, key=lambda r: r["wall"])

    def one(M, Nf):  # one process: the search and the partner filter
        cb = search_bases(M)
        assert cb is not None and cb.complete
        partner_statuses(cb.labels, Nf, len(M[0]), len(M))
        return cb

    for n, g in games.items():
        M, N = _polytope(g), _partner(g)
        Nf = np.array(N, dtype=float)
        runs = []
        for _ in range(args.repeats):
            cb, wall, cpu, _ = _timed(partial(one, M, Nf))
            runs.append({"wall": wall, "cpu": cpu, "bases": len(cb.lo)})
        got[n]["one process"] = best(runs)
        print(f"{n}x{n} one process: {got[n]['one process']}", flush=True)
    for W in (1, 2):
        with LocalCluster(n_workers=W, threads_per_worker=1, processes=True, dashboard_address=":0",
                          silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
            for cert in ("split", "sharded"):  # load the kernels in the workers
                search_bases(_polytope(g0), cluster=client, partner=_partner(g0), certificate=cert)
            for n, g in games.items():
                M, N = _polytope(g), _partner(g)
                for cert in ("split", "sharded"):
                    runs = []
                    for _ in range(args.repeats):
                        t0, p0 = time.thread_time(), time.process_time()
                        cb, wall, cpu, busiest = _timed(partial(search_bases, M, cluster=client, partner=N,
                                                                certificate=cert), client)
                        client_cpu, proc = time.thread_time() - t0, time.process_time() - p0
                        assert cb is not None and cb.complete and cb.cluster is not None
                        assert len(cb.lo) == got[n]["one process"]["bases"]
                        assert cb.cluster.certificate == cert
                        runs.append({"wall": wall, "cpu": cpu, "busiest": busiest, "client": client_cpu, "proc": proc,
                                     "merge": cb.cluster.merge_cpu, "queries": cb.cluster.queries,
                                     "jobs": cb.cluster.jobs, "bases": len(cb.lo)})
                    got[n][f"{cert} W={W}"] = best(runs)
                    print(f"{n}x{n} {cert} W={W}: {got[n][f'{cert} W={W}']}", flush=True)
    load1 = os.getloadavg()
    for n in args.sizes:
        got[n]["load"] = [round(load0[0], 1), round(load1[0], 1)]
        rows[str(n)] = got[n]
    if args.quick:
        return
    CERT_JSON.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    text = _certificate_section(rows)
    print(text)
    old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
    head = old.split(CERT_HEADING)[0].rstrip("\n")
    OUT.write_text((head + "\n\n" if head else "") + text, encoding="utf-8")
    print(f"wrote {OUT}")


def _certificate_section(rows: dict) -> str:
    """The section "Split against sharded certificate" from the JSON rows."""
    cols = ["split W=1", "sharded W=1", "split W=2", "sharded W=2"]
    out = [CERT_HEADING, "",
           "`--certificates`: the polytope search of `one_sided` (`search_bases(M, cluster=client, partner=N, "
           "certificate=...)`: search, exact check, partner filter on the workers, the closure certificate "
           "split or sharded) on a `LocalCluster` of W worker processes (one thread each; the scheduler in "
           "the client's process), random n×n games, payoffs 0..99, the best (least wall) of the repeats, "
           f"under `nice -n 10` on {os.cpu_count()} cores shared with other jobs (load average before / after "
           "each size's run in the last column). *One process* = `search_bases(M)` and the partner filter, "
           "one thread.", "",
           "Wall / CPU seconds (CPU: the client's process, with the scheduler, plus the workers):", "",
           "| game | bases | one process | " + " | ".join(cols) + " | load |",
           "|---|---:|---:|" + "---:|" * len(cols) + "---|"]
    for n in sorted(rows, key=int):
        r = rows[n]
        cells = [f"{r[c]['wall']:.2f} / {r[c]['cpu']:.2f}" if c in r else "–" for c in cols]
        one = r["one process"]
        out.append(f"| {n}×{n} | {one['bases']:,} | {one['wall']:.2f} / {one['cpu']:.2f} | " + " | ".join(cells)
                   + f" | {r['load'][0]} / {r['load'][1]} |")
    out += ["", "The client's serial part and the division of the work (µs per basis): *client* = CPU of the "
            "client's thread (prefix, results, merge, certificate or the shards' answers), *process* = CPU of "
            "the client's whole process (also its event loop, which receives the results, and the scheduler, "
            "which runs there in a `LocalCluster`), *merge* = its "
            "`merge_cpu` (concatenation and, split, the union's table and lookups), *busiest* = CPU seconds "
            "of the busiest process (the client's or a worker), *CPU speed-up* = CPU of one process / busiest "
            "(a lower bound of the speed-up idle cores would give), *keys* = neighbour keys looked up outside "
            "their part, per d·bases.", "",
            "| game | certificate | W | jobs | client µs/basis | process µs/basis | merge µs/basis | busiest s "
            "| CPU speed-up | keys / (d·bases) |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted(rows, key=int):
        r = rows[n]
        one = r["one process"]
        for c in cols:
            if c not in r:
                continue
            x = r[c]
            cert, W = c.split(" W=")
            proc = f"{1e6 * x['proc'] / x['bases']:.2f}" if "proc" in x else "–"
            out.append(f"| {n}×{n} | {cert} | {W} | {x['jobs']} | {1e6 * x['client'] / x['bases']:.2f} | {proc} | "
                       f"{1e6 * x['merge'] / x['bases']:.2f} | {x['busiest']:.2f} | "
                       f"{one['cpu'] / x['busiest']:.2f}× | {x['queries'] / (int(n) * x['bases']):.1%} |")
    return "\n".join(out) + "\n"


def _split_in_one_process(n: int, seed: int, repeats: int) -> list[str]:
    """The single closure certificate against the split one on the same bases, in this
    process: the n×n polytope's bases (one process's search, depth-first order) cut into
    jobs of consecutive bases; per basis, best of ``repeats``."""
    import numpy as np

    from gamekit.kernel.distributed_search import JOB_BASES, local_queries
    from gamekit.kernel.float_search import rehash
    from gamekit.kernel.modular_verify import all_present, closure_certificate
    from gamekit.kernel.search_driver import reverse_search

    M = _polytope(random_game(n, n, low=0, high=99, seed=seed))
    d, k = len(M[0]), len(M)
    st, count, _ = reverse_search(M, None, None, None)
    lo, hi, nbr = st.lo[:count].copy(), st.hi[:count].copy(), st.nbr[:count].copy()
    out = ["Single against split certificate on the same bases, one process (the "
           f"{n}×{n} polytope's {count:,} bases in depth-first order, cut into jobs of consecutive bases; "
           f"µs per basis, best of {repeats}): *table* = the union's hash table (both), *single* = "
           "`closure_certificate` on the union, *local* = `local_queries` of every job (on the workers: "
           "table of the job and `closure_misses`), *client* = `all_present` of the jobs' queries in the "
           "union.", "", "| job bases | queries / (d·bases) | table | single | local (workers) | client |",
           "|---:|---:|---:|---:|---:|---:|"]
    for job in (JOB_BASES, 8 * JOB_BASES):
        best: dict[str, float] = {}
        for _ in range(repeats):
            t0 = time.thread_time()
            table = np.full(1 << (4 * count - 1).bit_length(), -1, np.int32)
            rehash(table, lo, hi, count)
            t1 = time.thread_time()
            single = closure_certificate(lo, hi, nbr, table, count, d, d + k)
            t2 = time.thread_time()
            qs = [local_queries(lo[a:a + job], hi[a:a + job], nbr[a:a + job], d, k) for a in range(0, count, job)]
            t3 = time.thread_time()
            split = all(q is not None and all_present(table, lo, hi, count, *q) for q in qs)
            t4 = time.thread_time()
            assert single and split
            for key, v in (("table", t1 - t0), ("single", t2 - t1), ("local", t3 - t2), ("client", t4 - t3)):
                best[key] = min(best.get(key, v), v)
        asked = sum(len(q[0]) for q in qs if q is not None)
        out.append(f"| {job:,} | {asked / (d * count):.1%} | "
                   + " | ".join(f"{1e6 * best[c] / count:.2f}" for c in ("table", "single", "local", "client"))
                   + " |")
        print(out[-1], flush=True)
    return out


def _polytope(g) -> list[list[int]]:
    """The searched polytope's matrix of ``one_sided`` (columns of B)."""
    ig = integer_game(g)
    return [list(col) for col in zip(*ig.B)]


def _partner(g) -> list[list[int]]:
    """The other polytope's matrix (A), for the partner filter."""
    return [list(row) for row in integer_game(g).A]


def _report(args, rows, ref, info, budget_rows, load0, load1) -> str:
    cols = ["1 process, 1 thread", "1 process, 2 threads", "cluster, 1 worker", "cluster, 2 workers"]
    out = ["# Distributed search: 1 and 2 Dask workers (`benchmarks/bench_distributed.py`)", "",
           f"Random n×n games, payoffs 0..99, seed {args.seed}, strategy `one_sided`; warm (kernels loaded in "
           f"every process); median of {args.repeats}. Machine: {platform.processor() or platform.machine()}, "
           f"{os.cpu_count()} cores, Python {platform.python_version()}. **Load**: the 2 cores are shared with "
           f"other jobs (load average {load0[0]:.1f} before, {load1[0]:.1f} after the run), so a second worker "
           "competes with them: wall times are an upper bound of what 2 idle cores give; CPU times are "
           "less distorted.", "",
           "Wall / CPU seconds (CPU: this process, i.e. client and scheduler, plus the worker processes). "
           "Speedup and efficiency of the cluster against one process, one thread, from wall times; and, "
           "since load stretches wall times, from CPU: *busiest* is the CPU time of the busiest process "
           "(the client or one worker), a lower bound of the wall time on idle cores, and "
           "*CPU speedup* = CPU of one process / busiest.", "",
           "| game | bases | " + " | ".join(cols) + " | wall speedup W=1 / W=2 | busiest W=2 | CPU speedup W=2 "
           "| jobs W=2 |",
           "|---|---:|" + "---:|" * len(cols) + "---:|---:|---:|---:|"]
    for n, cells in rows.items():
        base = cells[cols[0]][0]
        s1, s2 = base / cells[cols[2]][0], base / cells[cols[3]][0]
        busy = cells[cols[3]][2]
        out.append(f"| {n}×{n} | {sum(ref[n].parameters['bases']):,} | "
                   + " | ".join(f"{cells[c][0]:.2f} / {cells[c][1]:.2f}" for c in cols)
                   + f" | {s1:.2f}× / {s2:.2f}× | {busy:.2f} | {cells[cols[0]][1] / busy:.2f}× "
                   f"| {info[n][2]['jobs']} |")
    out += ["", "Every cluster run gave exactly the equilibria and the number of bases of one process.", ""]
    if budget_rows:
        n = max(rows)
        out += [f"The polytope search alone (`search_bases`, {n}×{n}, W = 2) against the job budget "
                "(bases per job, mplrs's `-maxnodes`):", "",
                "| job budget | wall s | CPU s | jobs | bases |", "|---:|---:|---:|---:|---:|"]
        out += [f"| {b:,} | {w:.2f} | {c:.2f} | {j} | {nb:,} |" for b, (w, c, j, nb) in budget_rows.items()]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    main()
