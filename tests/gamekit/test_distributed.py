"""The certified search on a Dask cluster (``solve(..., cluster=...)``, ``gamekit solve
--scheduler``; gamekit/kernel/distributed_search.py) gives exactly what one process gives.

A ``LocalCluster`` of two worker processes (one thread each) serves the module; it is
closed in a ``finally`` and any worker process still alive afterwards is killed by its id.
The checked facts: the same equilibria as the search in this process (12×12 random
payoffs, a degenerate {0, 1, 2} game, a coordination game with 2⁸ − 1 equilibria, a 2×N
game, both certified strategies; the sharded certificate, which ``"auto"`` picks on two
workers); with small job budgets, the same bases and exact labels as one process while
jobs split and are resubmitted, under the split and the sharded certificate; the bases
reported by the client and the workers add up to those searched; a job whose result is
dropped, or a shard lost before its verdict, makes the closure certificate fail, and
``solve`` then falls back to the exact search and says so; the split certificate (each
part's neighbours looked up in the part, the rest in the union) and the sharded one
(bases and those keys dealt to shards by a hash of the mask) give the verdict of the
single one; the options are checked before any connection.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")

import gamekit  # noqa: E402
from gamekit.bimatrix.intgame import integer_game  # noqa: E402
from gamekit.cli import main  # noqa: E402
from gamekit.core.errors import GameError  # noqa: E402
from gamekit.generators import coordination, random_game  # noqa: E402
from gamekit.io.nfg import write_nfg  # noqa: E402
from gamekit.kernel import certified_polytope  # noqa: E402
from gamekit.kernel.certified_polytope import search_bases  # noqa: E402
from gamekit.kernel.distributed_search import Shard, local_queries, partner_statuses, route  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _children() -> set[int]:
    import psutil

    return {p.pid for p in psutil.Process().children(recursive=True)}


def _kill_new(before: set[int]) -> None:
    """Kill (by id) every child process started since ``before`` that is still alive."""
    import psutil

    for pid in _children() - before:
        try:
            psutil.Process(pid).kill()
        except psutil.NoSuchProcess:
            pass


@pytest.fixture(scope="module")
def client() -> Iterator:
    from distributed import Client, LocalCluster

    before = _children()
    cluster = None
    try:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=logging.ERROR)
        with Client(cluster, set_as_default=False) as c:
            yield c
    finally:
        if cluster is not None:
            cluster.close(timeout=30)
        _kill_new(before)


GAMES = {
    "random 12x12": random_game(12, 12, low=0, high=99, seed=1),
    "degenerate {0,1,2} 12x12": random_game(12, 12, low=0, high=2, seed=3),
    "coordination 8x8": coordination(8, seed=0),
}


def _same(a, b) -> bool:
    return [(e.row, e.col) for e in a] == [(e.row, e.col) for e in b]


@pytest.mark.parametrize("certificate", ["auto", "sharded"])
@pytest.mark.parametrize("strategy", ["one_sided", "two_sided"])
@pytest.mark.parametrize("name", list(GAMES))
def test_cluster_gives_the_equilibria_of_one_process(client, monkeypatch, name, strategy, certificate):
    """Same equilibria, components and bases as one process, with the certificate
    ``"auto"`` picks on two workers (split) and with the sharded one (``solve`` has no
    such option: its search is given ``certificate="sharded"``)."""
    g = GAMES[name]
    here = gamekit.solve(g, "all", strategy=strategy)
    if certificate != "auto":
        real = certified_polytope.search_bases
        monkeypatch.setattr(certified_polytope, "search_bases",
                            lambda *a, **k: real(*a, **k, certificate=certificate))
    there = gamekit.solve(g, "all", strategy=strategy, cluster=client)
    assert _same(here, there) and there.complete
    assert there.components == here.components
    rep = there.parameters["cluster"]
    assert rep["workers"] == 2 and rep["threads"] == 2 and rep["resubmitted"] == 0
    ran = "split" if certificate == "auto" else certificate  # "auto" on two workers: split
    assert rep["certificate"] == ran and rep["shards"] == (2 if ran == "sharded" else 0)
    # every basis was found by the client's prefix or by one worker: the counts add up
    assert rep["client_bases"] + sum(rep["bases_per_worker"].values()) == sum(there.parameters["bases"])
    assert there.parameters["bases"] == here.parameters["bases"]
    assert there.parameters["ran"] == here.parameters["ran"]


def test_auto_picks_a_certified_strategy_on_a_cluster(client):
    """The policy's answer with a cluster is a certified strategy, even where it would
    pick the exact search or the upper envelope in this process."""
    for g in (random_game(4, 4, low=0, high=9, seed=5), random_game(2, 6, low=0, high=9, seed=6)):
        here = gamekit.solve(g, "all")
        there = gamekit.solve(g, "all", cluster=client)
        assert here.parameters["strategy"] in ("exact", "envelope_2xn")
        assert there.parameters["strategy"] in ("one_sided", "two_sided")
        assert _same(here, there)


def _polytope(g) -> list[list[int]]:
    ig = integer_game(g)
    return [list(col) for col in zip(*ig.B)]


def _partner(g) -> list[list[int]]:
    return [list(row) for row in integer_game(g).A]


def _bases(cb) -> set:
    return set(zip(cb.lo.tolist(), cb.hi.tolist(), map(tuple, cb.labels.tolist())))


@pytest.mark.parametrize("certificate", ["split", "sharded"])
@pytest.mark.parametrize("name", ["random 12x12", "degenerate {0,1,2} 12x12"])
def test_small_job_budgets_split_and_give_the_same_bases(client, name, certificate):
    """Jobs of 60 bases hand their unexplored subtrees back again and again (mplrs's
    load balancing); the union is every basis of one process's search, with its labels
    and the partner filter's verdicts, under either certificate."""
    M, N = _polytope(GAMES[name]), _partner(GAMES[name])
    one = search_bases(M)
    many = search_bases(M, cluster=client, job_bases=60, partner=N, certificate=certificate)
    assert one is not None and many is not None and many.complete
    assert len(many.lo) == len(one.lo) and _bases(many) == _bases(one)
    assert many.cluster is not None and many.cluster.split > 5 and many.cluster.jobs > 20
    assert many.cluster.certificate == certificate and many.cluster.shards == (2 if certificate == "sharded" else 0)
    # some neighbours crossed between jobs, not all: looked up in the union, or by their shards
    assert 0 < many.cluster.queries < len(M[0]) * len(many.lo)
    assert set(many.cluster.bases_per_worker) == set(client.scheduler_info()["workers"])
    # the workers' partner filter: the statuses this process computes from the same labels
    local = partner_statuses(many.labels, np.array(N, dtype=np.float64), len(M[0]), len(M))
    assert many.status is not None and many.status.tolist() == local.tolist()


@pytest.mark.parametrize("certificate", ["split", "sharded"])
def test_a_dropped_job_fails_the_certificate(client, certificate):
    """The result of one job is thrown away (``drop``): its bases are missing from the
    union (and, sharded, its pieces are not read by the shards), so the closure
    certificate fails and the caller would take the exact search."""
    M = _polytope(GAMES["random 12x12"])
    assert search_bases(M, cluster=client, job_bases=200, certificate=certificate) is not None
    assert search_bases(M, cluster=client, job_bases=200, certificate=certificate, drop=1) is None


def test_a_lost_shard_fails_the_certificate_and_solve_falls_back(client, monkeypatch):
    """A shard's actor is released before its verdict (``drop_shards``), as if its worker
    were lost: no verdict, the certificate fails; ``solve`` then runs the exact search in
    this process, gives the same equilibria and reports the fallback (no cluster report).
    The cluster serves the next search again."""
    g = GAMES["random 12x12"]
    M = _polytope(g)
    assert search_bases(M, cluster=client, certificate="sharded", drop_shards=1) is None
    real = certified_polytope.search_bases
    monkeypatch.setattr(certified_polytope, "search_bases", lambda *a, **k: real(*a, **k, certificate="sharded", drop_shards=1))
    res = gamekit.solve(g, "all", strategy="one_sided", cluster=client)
    assert res.parameters["ran"] == "exact" and res.parameters["cluster"] is None
    assert res.parameters["fallbacks"] == ("one_sided -> exact: the float search failed its exact certificate",)
    assert _same(res, gamekit.solve(g, "all")) and res.complete
    monkeypatch.undo()
    after = search_bases(M, cluster=client, certificate="sharded")
    assert after is not None and after.complete


def _union_verdicts(lo, hi, nbr, owner, keep, d, k):
    """(single certificate on the kept bases, split certificate with the parts ``owner``,
    the (part, key) pairs of the neighbour keys the parts left to the union, how many keys
    they sent)."""
    from gamekit.kernel.float_search import rehash
    from gamekit.kernel.modular_verify import all_present, closure_certificate

    ulo, uhi, unbr = lo[keep], hi[keep], nbr[keep]
    table = np.full(1 << (4 * len(ulo)).bit_length(), -1, np.int32)
    rehash(table, ulo, uhi, len(ulo))
    single = closure_certificate(ulo, uhi, unbr, table, len(ulo), d, d + k)
    split, asked, sent = True, set(), 0
    for part in np.unique(owner[keep]):
        sel = owner[keep] == part
        q = local_queries(ulo[sel], uhi[sel], unbr[sel], d, k)
        assert q is not None
        sent += len(q[0])
        asked |= {(part, a | b << 64) for a, b in zip(q[0].tolist(), q[1].tolist())}
        split = split and bool(all_present(table, ulo, uhi, len(ulo), *q))
    return single, split, asked, sent


@pytest.mark.parametrize("parts", [1, 2, 5])
@pytest.mark.parametrize("name", ["random 12x12", "degenerate {0,1,2} 12x12"])
def test_the_split_certificate_is_the_certificate(name, parts):
    """The bases of one process's search, dealt to ``parts`` parts at random: each part's
    unresolved neighbours are exactly its neighbours in other parts (one part: none; a key
    is sent at most once per (basis, entering variable), repeats mostly skipped), the split
    certificate holds, and with one basis removed it fails exactly when the single one
    does (always: the bases are all the lexico-feasible ones, and a removed basis is some
    other basis's neighbour)."""
    from gamekit.kernel.search_driver import reverse_search

    M = _polytope(GAMES[name])
    d, k = len(M[0]), len(M)
    st, count, _ = reverse_search(M, None, None, None)
    lo, hi, nbr = st.lo[:count].copy(), st.hi[:count].copy(), st.nbr[:count].copy()
    rng = np.random.default_rng(parts)
    owner = rng.integers(0, parts, count)
    keep = np.ones(count, bool)
    index = {(a, b): i for i, (a, b) in enumerate(zip(lo.tolist(), hi.tolist()))}
    crossing, pairs = set(), 0  # (part, neighbour) for each neighbour of a part's basis in another part
    for i in range(count):
        nonbasic = [v for v in range(d + k) if not ((int(lo[i]) | int(hi[i]) << 64) >> v) & 1]
        for t, c in enumerate(nonbasic):
            key = (int(lo[i]) | int(hi[i]) << 64) ^ (1 << int(nbr[i, t])) ^ (1 << c)
            if owner[index[(key & (2**64 - 1), key >> 64)]] != owner[i]:
                crossing.add((owner[i], key))
                pairs += 1
    single, split, asked, sent = _union_verdicts(lo, hi, nbr, owner, keep, d, k)
    assert single and split and asked == crossing and len(crossing) <= sent <= pairs
    assert parts > 1 or not crossing
    for i in rng.choice(count, 3, replace=False):
        keep[:] = True
        keep[i] = False
        single, split, _, _ = _union_verdicts(lo, hi, nbr, owner, keep, d, k)
        assert single is False and split is False


class _HereShard(Shard):
    """A shard in this process: its ``add`` answers at once, as an actor's future would."""

    class _Now:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    def add(self, *piece):
        return self._Now(super().add(*piece))


def _sharded_verdict(lo, hi, nbr, owner, keep, d, k, W, lose=None):
    """The sharded certificate on the kept bases, dealt to the parts ``owner``: every part
    routes its bases and unresolved keys to ``W`` shards in this process; each shard's
    verdict on the parts; True iff all say yes and the counts add up (as the client
    checks). ``lose``: (shard, part) whose piece never arrives."""
    shards = [_HereShard(s, W) for s in range(W)]
    ulo, uhi, unbr = lo[keep], hi[keep], nbr[keep]
    parts, keys = list(np.unique(owner[keep]).tolist()), 0
    for part in parts:
        sel = owner[keep] == part
        q = local_queries(ulo[sel], uhi[sel], unbr[sel], d, k)
        assert q is not None
        keys += len(q[0])
        assert route(shards, part, ulo[sel], uhi[sel], *q)
    if lose is not None:
        del shards[lose[0]].parts[lose[1]]
    answers = [sh.verdict(parts) for sh in shards]
    return all(a[0] for a in answers) and sum(a[1] for a in answers) == len(ulo) and sum(a[2] for a in answers) == keys


@pytest.mark.parametrize("W", [1, 3])
@pytest.mark.parametrize("name", ["random 12x12", "coordination 8x8"])
def test_the_sharded_certificate_is_the_certificate(name, W):
    """The bases of one process's search dealt to 4 parts at random and their keys and
    bases to W shards: the shards all say yes, as the single certificate does; with one
    basis removed (three at random) both fail; a lost piece fails it."""
    from gamekit.kernel.search_driver import reverse_search

    M = _polytope(GAMES[name])
    d, k = len(M[0]), len(M)
    st, count, _ = reverse_search(M, None, None, None)
    lo, hi, nbr = st.lo[:count].copy(), st.hi[:count].copy(), st.nbr[:count].copy()
    rng = np.random.default_rng(W)
    owner = rng.integers(0, 4, count)
    keep = np.ones(count, bool)
    assert _union_verdicts(lo, hi, nbr, owner, keep, d, k)[0]
    assert _sharded_verdict(lo, hi, nbr, owner, keep, d, k, W)
    assert not _sharded_verdict(lo, hi, nbr, owner, keep, d, k, W, lose=(W - 1, 2))
    for i in rng.choice(count, 3, replace=False):
        keep[:] = True
        keep[i] = False
        assert not _union_verdicts(lo, hi, nbr, owner, keep, d, k)[0]
        assert not _sharded_verdict(lo, hi, nbr, owner, keep, d, k, W)


def test_a_job_that_cannot_reach_a_shard_fails():
    """``route`` reports a shard that cannot be reached (its worker lost: the actor call
    raises) as a failure, so the job fails (``failed="shard"``) and with it the search;
    ``choose_certificate`` names the certificates it knows."""
    from gamekit.kernel.distributed_search import choose_certificate

    class Gone:
        def add(self, *piece):
            raise OSError("Unable to contact Actor's worker")

    lo = np.array([0b0011, 0b0101, 0b0110], np.uint64)
    z = np.zeros(3, np.uint64)
    assert route([_HereShard(0, 2), _HereShard(1, 2)], 1, lo, z, lo[:1], z[:1])
    assert not route([_HereShard(0, 2), Gone()], 1, lo, z, lo[:1], z[:1])
    with pytest.raises(GameError, match="certificate must be"):
        choose_certificate("single", 2)  # type: ignore[arg-type]


def test_scheduler_address_and_cli(client, tmp_path, capsys):
    g = GAMES["random 12x12"]
    address = client.scheduler.address
    assert _same(gamekit.solve(g, "all", cluster=address), gamekit.solve(g, "all"))
    path = tmp_path / "g.nfg"
    write_nfg(g, path)
    assert main(["solve", str(path), "--json"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main(["solve", str(path), "--scheduler", address, "--json"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote["equilibria"] == local["equilibria"]
    assert remote["parameters"]["cluster"]["workers"] == 2


@pytest.mark.parametrize("address", ["nonsense", "foo://host:12"])
def test_cli_bad_address_is_one_error_line(tmp_path, capsys, address):
    path = tmp_path / "g.nfg"
    write_nfg(GAMES["random 12x12"], path)
    assert main(["solve", str(path), "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot connect to the Dask scheduler") and err.count("\n") == 1


def test_options_are_checked_before_connecting():
    g = GAMES["random 12x12"]
    nowhere = "tcp://127.0.0.1:1"  # never contacted: each call fails its option check first
    with pytest.raises(GameError, match="runs in this process only"):
        gamekit.solve(g, "all", strategy="exact", cluster=nowhere)
    with pytest.raises(GameError, match="runs in this process only"):
        gamekit.solve(g, "all", strategy="envelope_2xn", cluster=nowhere)
    with pytest.raises(GameError, match="cluster must be"):
        gamekit.solve(g, "all", cluster=42)
    with pytest.raises(GameError, match="option cluster is for method 'all'"):
        gamekit.solve(g, "lemke_howson", cluster=nowhere)


def test_threads_cluster_in_this_process():
    """A cluster of two worker threads in this process (``processes=False``)."""
    from distributed import Client, LocalCluster

    g = GAMES["degenerate {0,1,2} 12x12"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as c:
        there = gamekit.solve(g, "all", cluster=c)
    assert _same(there, gamekit.solve(g, "all")) and there.parameters["cluster"]["workers"] == 2


def test_importing_gamekit_does_not_import_dask():
    code = ("import sys, gamekit, gamekit.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT,
                         check=True)
    assert out.stdout.strip() == "[]"

