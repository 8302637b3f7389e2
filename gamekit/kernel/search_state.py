"""The typed state of the float search step (:mod:`gamekit.kernel.reverse_search`,
:func:`gamekit.kernel.float_search.bfs_chunk`): a few named tuples of numpy arrays, the
kernels' status codes and the exception that ends a failed float search.

numba compiles a :class:`typing.NamedTuple` of arrays as a struct of arrays: the compiled
kernels read ``arrays.lo``, ``stack.Ts`` … as they read separate arguments, and a call
passes four containers instead of forty arrays. The containers are immutable; the arrays
in them are filled in place by the kernels, and growing one (:func:`grow_arrays`,
:func:`grow_stack`) returns a new container. This module does not import numba.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

__all__ = ["Status", "FloatSearchFailed", "SearchArrays", "Stack", "Frontier", "Work", "new_arrays",
           "new_stack", "new_work", "grow_arrays", "grow_stack", "grow_frontier", "make_room", "append_basis"]

NO_NEIGHBOUR = 255
"""Entry of ``SearchArrays.nbr`` not recorded yet (variables are < 128)."""


class Status(IntEnum):
    """Why a compiled search chunk returned (the kernels return ``int(Status.X)``)."""

    DONE = 0
    """Stopped normally: the steps are done, or the search is over."""
    ARRAYS_FULL = 1
    """The per-basis arrays or the hash table are full: grow them and resume."""
    FLOAT_TROUBLE = 2
    """A singular float basis, or an entering column without positive entry."""
    STACK_FULL = 3
    """The reverse-search stack is full: grow it and resume."""
    FRONTIER_FULL = 4
    """The frontier (bases left for other threads) is full: grow it and resume."""


class FloatSearchFailed(Exception):
    """The float search gave up (``reason``, e.g. a singular float basis); the caller
    falls back to the exact search. Nothing else means "use the exact search": any other
    exception out of a kernel is a bug and propagates.

    Examples
    --------
    >>> str(FloatSearchFailed("singular basis"))
    'float search failed: singular basis'
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"float search failed: {reason}")
        self.reason = reason


class SearchArrays(NamedTuple):
    """What the float search records per basis i, and its hash table.

    ``lo[i]``, ``hi[i]``: the two-word bitmask of the basic variables; ``parent[i] < i``,
    ``enter[i]``, ``leave[i]``: the tree (basis i is its parent with ``enter[i]`` entering
    and ``leave[i]`` leaving); ``nbr[i, t]``: the variable that leaves when the t-th
    nonbasic variable enters (:data:`NO_NEIGHBOUR` until basis i is expanded); ``table``:
    open-addressing hash of the masks (basis index or −1; a power of 2 long)."""

    lo: np.ndarray
    hi: np.ndarray
    parent: np.ndarray
    enter: np.ndarray
    leave: np.ndarray
    nbr: np.ndarray
    table: np.ndarray


class Stack(NamedTuple):
    """The reverse-search stack, one entry per depth level s: the tableau ``Ts[s]``, the
    objective row ``objs[s]``, the basic variable of each row ``basics[s]``, the basis
    index ``node[s]``, its children ``kidc[s, :nkid[s]]`` (entering column) and
    ``kidr[s, :nkid[s]]`` (leaving row), the next child ``nxt[s]``."""

    Ts: np.ndarray
    objs: np.ndarray
    basics: np.ndarray
    node: np.ndarray
    kidc: np.ndarray
    kidr: np.ndarray
    nkid: np.ndarray
    nxt: np.ndarray


class Frontier(NamedTuple):
    """Bases at the frontier depth, left unexpanded for other threads: ``nodes[:size[0]]``."""

    nodes: np.ndarray
    size: np.ndarray


class Work(NamedTuple):
    """Work arrays of the compiled search (nothing is allocated inside the kernels that run
    without reference counting): the tableau from a basis (``rowof`` … ``piv``, see
    :func:`gamekit.kernel.float_search.tableau`), the ratio tests (``ties``, ``Q``,
    ``lim``, ``cnt``, ``arg``) and the basic-variable marks ``isb``."""

    rowof: np.ndarray
    G: np.ndarray
    Zv: np.ndarray
    Zr: np.ndarray
    Rr: np.ndarray
    Sr: np.ndarray
    xz: np.ndarray
    piv: np.ndarray
    ties: np.ndarray
    isb: np.ndarray
    Q: np.ndarray
    lim: np.ndarray
    cnt: np.ndarray
    arg: np.ndarray


def new_arrays(k: int, d: int, cap: int) -> SearchArrays:
    """Arrays for ``cap`` bases holding basis 0, the slack basis (variables d … d+k−1);
    the caller inserts it into ``table``."""
    arrays = SearchArrays(np.zeros(cap, np.uint64), np.zeros(cap, np.uint64), np.zeros(cap, np.int32),
                          np.zeros(cap, np.uint8), np.zeros(cap, np.uint8), np.full((cap, d), NO_NEIGHBOUR, np.uint8),
                          np.full(1 << (4 * cap - 1).bit_length(), -1, np.int32))
    for v in range(d, d + k):
        if v < 64:
            arrays.lo[0] |= np.uint64(1 << v)
        else:
            arrays.hi[0] |= np.uint64(1 << (v - 64))
    return arrays


def new_stack(levels: int, k: int, d: int) -> Stack:
    """An empty reverse-search stack of ``levels`` levels."""
    w = d + k + 1
    return Stack(np.empty((levels, k, w)), np.empty((levels, w)), np.empty((levels, k), np.int64),
                 np.empty(levels, np.int64), np.empty((levels, d), np.int64), np.empty((levels, d), np.int64),
                 np.zeros(levels, np.int64), np.zeros(levels, np.int64))


def new_work(k: int, W: int) -> Work:
    """Work arrays for a tableau of k rows and W columns (W − 1 variables)."""
    ints = np.empty((6, k), np.int64)
    return Work(np.full(W - 1, -1, np.int64), np.empty((k, k)), ints[0], ints[1], ints[2], ints[3], np.empty(k),
                ints[4], ints[5], np.zeros(W - 1, np.bool_), np.empty((k, W)), np.empty(W), np.empty(W, np.int64),
                np.empty(W, np.int64))


def grow_arrays(arrays: SearchArrays, newcap: int) -> SearchArrays:
    """The per-basis arrays with room for ``newcap`` bases (same hash table)."""

    def grown(old: np.ndarray, fill: int = 0) -> np.ndarray:
        new = np.full((newcap, *old.shape[1:]), fill, dtype=old.dtype)
        new[: len(old)] = old
        return new

    return SearchArrays(grown(arrays.lo), grown(arrays.hi), grown(arrays.parent), grown(arrays.enter),
                        grown(arrays.leave), grown(arrays.nbr, NO_NEIGHBOUR), arrays.table)


def make_room(arrays: SearchArrays, count: int, more: int) -> SearchArrays:
    """``arrays`` with room for ``more`` bases after ``count``: the arrays and/or the hash
    table doubled as needed."""
    from gamekit.kernel.float_search import rehash

    if count + more > len(arrays.lo):
        arrays = grow_arrays(arrays, 2 * len(arrays.lo))
    if 2 * (count + more) > arrays.table.shape[0]:
        arrays = arrays._replace(table=np.full(arrays.table.shape[0] * 2, -1, dtype=np.int32))
        rehash(arrays.table, arrays.lo, arrays.hi, count)
    return arrays


def append_basis(arrays: SearchArrays, count: int, lo, hi, parent: int, enter: int,
                 leave: int) -> tuple[SearchArrays, int]:
    """Insert a basis (mask lo/hi) at index ``count``, basis ``parent`` with ``enter``
    entering and ``leave`` leaving: the arrays (grown first if needed) and its index (an
    existing one if the basis is there already, its entries then unchanged)."""
    from gamekit.kernel.float_search import lookup_insert

    arrays = make_room(arrays, count, 1)
    arrays.lo[count], arrays.hi[count] = lo, hi
    # uint64 keys always: a Python int below 2⁶³ would be typed int64 and one above uint64,
    # and once the int64 version is loaded numba converts a larger key to it (OverflowError).
    j = lookup_insert(arrays.table, arrays.lo, arrays.hi, np.uint64(lo), np.uint64(hi), count)
    if j >= 0:
        return arrays, j
    arrays.parent[count], arrays.enter[count], arrays.leave[count] = parent, enter, leave
    return arrays, count


def grow_stack(stack: Stack, levels: int) -> Stack:
    """The stack with ``levels`` levels, its content kept."""
    out = []
    for a in stack:
        b = np.zeros((levels, *a.shape[1:]), a.dtype)
        b[: len(a)] = a
        out.append(b)
    return Stack(*out)


def grow_frontier(front: Frontier) -> Frontier:
    """The frontier with twice the room, its content kept."""
    return Frontier(np.concatenate([front.nodes, np.zeros_like(front.nodes)]), front.size)
