"""How the certified search treats failures of its float step.

Checked facts: a float search that gives up raises ``FloatSearchFailed`` and the certified
path then reports "no result" (None), so the solver uses the exact search, which finds the
same equilibria as the certified path; any other exception out of the search — a kernel
bug (IndexError, AssertionError, a numba error) or a failing callback — propagates instead
of silently turning into the exact path, in one thread and in the worker threads of the
parallel search. The failures are injected through parameters (the compiled chunk of the
reverse-search driver, the progress callback), never by patching module globals.
"""

from __future__ import annotations

import random
import threading

import pytest

from gamekit.bimatrix.certified_enumeration import extreme_equilibria_certified
from gamekit.bimatrix.intgame import IntGame
from gamekit.bimatrix.vertex_enumeration import extreme_equilibria
from gamekit.kernel import certified_polytope, search_driver
from gamekit.kernel.reverse_search import rs_chunk
from gamekit.kernel.search_state import FloatSearchFailed, Status


def _matrix(seed: int, k: int, d: int, hi: int = 99) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(1, hi) for _ in range(d)] for _ in range(k)]


def _int_game(seed: int, n: int) -> IntGame:
    A, B = _matrix(seed, n, n), _matrix(seed + 1000, n, n)
    return IntGame(tuple(map(tuple, A)), tuple(map(tuple, B)))


def _broken_chunk(*args):
    raise IndexError("index 7 is out of bounds for axis 0 with size 7")  # what a kernel bug looks like


def _trouble_after(chunks: int):
    """A chunk that runs the real kernel ``chunks`` times, then reports float trouble."""
    calls = [0]

    def chunk(*args):
        calls[0] += 1
        if calls[0] > chunks:
            top, count, _ = rs_chunk(*args)
            return top, count, Status.FLOAT_TROUBLE
        return rs_chunk(*args)

    return chunk


def test_a_kernel_error_propagates_out_of_the_reverse_search():
    with pytest.raises(IndexError):
        search_driver.reverse_search(_matrix(1, 7, 7), None, None, None, chunk=_broken_chunk)


def test_float_trouble_raises_float_search_failed():
    with pytest.raises(FloatSearchFailed, match="float search failed") as info:
        search_driver.reverse_search(_matrix(1, 7, 7), None, None, None, chunk=_trouble_after(1))
    assert info.value.reason


def test_the_real_chunk_through_the_parameter_finds_every_basis():
    M = _matrix(2, 7, 7)
    arrays, count, stopped = search_driver.reverse_search(M, None, None, None, chunk=rs_chunk)
    from oracles.bfs_search import bfs_search

    bfs, bcount, _ = bfs_search(M, None, None, None)
    assert not stopped and count == bcount
    assert set(zip(arrays.lo[:count].tolist(), arrays.hi[:count].tolist())) == set(
        zip(bfs.lo[:bcount].tolist(), bfs.hi[:bcount].tolist()))


def _fail_in(exc: Exception, worker_threads_only: bool = False):
    def progress(head: int, count: int) -> None:
        if not worker_threads_only or threading.current_thread() is not threading.main_thread():
            raise exc

    return progress


@pytest.mark.parametrize("threads", [1, 2])
def test_search_bases_lets_an_error_through(threads):
    """search_bases used to turn every exception into "use the exact search" (None)."""
    with pytest.raises(AssertionError, match="a bug"):
        certified_polytope.search_bases(_matrix(3, 10, 10), progress=_fail_in(AssertionError("a bug")),
                                        threads=threads)


def test_an_error_in_a_worker_thread_reaches_the_caller():
    with pytest.raises(AssertionError, match="in a worker"):
        certified_polytope.search_bases(_matrix(4, 10, 10), threads=2,
                                        progress=_fail_in(AssertionError("in a worker"), worker_threads_only=True))


@pytest.mark.parametrize("threads", [1, 2])
def test_search_bases_turns_float_search_failed_into_none(threads):
    assert certified_polytope.search_bases(_matrix(3, 10, 10), threads=threads,
                                           progress=_fail_in(FloatSearchFailed("injected"))) is None


def test_float_search_failed_leads_to_the_exact_search_with_the_same_equilibria():
    ig = _int_game(5, 8)
    failed = extreme_equilibria_certified(ig, progress=_fail_in(FloatSearchFailed("injected")))
    assert failed.pairs is None and failed.ran == "exact" and "float search failed" in failed.fallbacks[0]
    certified = extreme_equilibria_certified(ig)
    assert certified.pairs is not None
    assert set(certified.pairs.profiles()) == set(extreme_equilibria(ig)) != set()


def test_the_certified_solver_path_lets_an_error_through():
    with pytest.raises(IndexError):
        extreme_equilibria_certified(_int_game(6, 8), progress=_fail_in(IndexError("a kernel bug")))
