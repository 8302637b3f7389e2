"""The simulator's dealing kernel: the compiled extension ``_shoe``, or the pure-Python reference.

One *shoe* is identified by its run's key and its number ``s`` (0, 1, 2, …). Its cards
are a uniformly random permutation of the shoe's ranks produced by the **forward
Fisher–Yates** shuffle: for i = 0 … N − 2, swap position i with a position j drawn
uniformly from {i, …, N − 1}. The uniform draws come from a per-shoe SplitMix64 stream
(Steele, Lea & Flood, *Fast splittable pseudorandom number generators*, OOPSLA 2014)
started at ``mix(mix(s + 1) ^ key)``; each 64-bit output x_k = mix(state + k·γ),
k = 1, 2, …, gives two 32-bit words, first its high half then its low half. Each bounded
draw consumes words by Lemire's multiply-shift with rejection (Lemire, *Fast random
integer generation in an interval*, ACM TOMACS 2019, Algorithm 5), so every j is
*exactly* uniform and so is the permutation (given an ideal 32-bit source). Because the
shuffle is forward, the first k cards are final after k steps: the kernel shuffles only
as far as the dealer reads. Since a shoe depends only on (key, s), shoes can be dealt in
any order and on any number of threads with the same result, and a shorter run is a
prefix of a longer one.

**Dealing without branches** (``_shoe.c``). A coup starting at position p is decided by
the two-card totals and pair flags of Player (cards p, p + 2) and Banker (p + 1, p + 3)
and by the values of the next two cards (read even when not dealt: the cut card leaves at
least 6 cards behind): its index (0 … 39 999) is a sum of four table look-ups, and one
more table gives the coup's bet class and how many third cards it used. With AVX-512
F/DQ/VL the kernel draws the positions of eight shoes in vector lanes (same stream, same
shoes); ``lanes`` chooses.

**Two implementations, one contract.** :class:`Dealer` deals with

* ``"c"``: the CPython extension :mod:`games.baccara.casino._shoe`, built at install time
  by setuptools (``setup.py``; no compiler ever runs at run time). Its one entry point
  ``_shoe.deal`` checks the element type, length, shape and contiguity of every buffer
  and the range of every number before the kernel sees them; the module carries an ABI
  number checked here, and a self-test (16 shoes against the reference) runs once per
  process before it is used;
* ``"python"``: :mod:`games.baccara.casino.shoe_reference`, the same shoes dealt by the
  plain algorithm, hundreds of times slower (≈ 150,000 coups per second).

``kernel="auto"`` (:func:`choose_kernel`, the one policy) takes the compiled kernel, and
when it is missing, damaged or fails its self-test prints **one** line on stderr saying so
and how to build it, then deals with the reference: the same coups, slower.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import ModuleType
from typing import Literal

from gamekit.core import GameError
from games.baccara.casino import shoe_reference as ref
from games.baccara.rules.drawing import punto_banco_rows

__all__ = ["Kernel", "Lanes", "KernelInfo", "compiled_kernel", "choose_kernel", "Sums", "Dealer", "seed_key",
           "ABI"]

Kernel = Literal["auto", "c", "python"]
Lanes = Literal["auto", "avx512", "scalar"]
ABI = 1
"""The version of ``_shoe.deal``'s interface this module speaks (``_shoe.ABI`` must equal it)."""
NO_COUP = 1600
MAX_THREADS = 64  # the compiled kernel's limit; more workers deal on 64 threads (same result)
seed_key = ref.seed_key
_FIX = ("the compiled dealing kernel games.baccara.casino._shoe {why}: `baccara simulate` deals with the "
        "pure-Python reference (hundreds of times slower); install a C compiler and reinstall gamekit "
        "(pip install -e .) to build it")


@dataclass(frozen=True)
class KernelInfo:
    """Which kernel dealt a run: ``name`` ``"c"`` or ``"python"``, ``lanes`` ``"avx512"``,
    ``"scalar"`` (C) or ``"none"`` (Python), and the threads that dealt (at most)."""

    name: str
    lanes: str
    threads: int


@cache
def _notice(why: str) -> None:
    """One line on stderr, once per process (the cache remembers that it was written)."""
    sys.stderr.write("notice: " + _FIX.format(why=why) + "\n")


_NAME = "games.baccara.casino._shoe"


@lru_cache(maxsize=1)
def _probe() -> tuple[ModuleType | None, str]:
    """(the extension, "") if it is installed, intact, speaks :data:`ABI` and passes its
    self-test; else (None, why not). Runs once per process."""
    import importlib
    import importlib.util

    try:
        if importlib.util.find_spec(_NAME) is None:
            return None, "is not installed"
        damage = _damage()
        if damage:
            return None, f"is damaged ({damage})"
        mod = importlib.import_module(_NAME)
    except ModuleNotFoundError as exc:
        return None, "is not installed" if exc.name == _NAME else f"does not load ({type(exc).__name__})"
    except Exception as exc:  # noqa: BLE001 - a damaged module: any failure means "not usable"
        return None, f"does not load ({type(exc).__name__})"
    if getattr(mod, "ABI", None) != ABI:
        return None, f"has interface version {getattr(mod, 'ABI', None)!r}, expected {ABI} (a stale build)"
    try:
        ok = _self_test(mod)
    except Exception as exc:  # noqa: BLE001 - a kernel that raises on valid input is not usable
        return None, f"fails its self-test ({type(exc).__name__})"
    if not ok:
        return None, "deals other shoes than the reference (self-test)"
    return mod, ""


def compiled_kernel() -> ModuleType | None:
    """The compiled extension if it is installed, intact, speaks :data:`ABI` and passes its
    self-test; else None, after one line on stderr (once per process) saying why and how to
    fix it.

    Returns
    -------
    module or None
        :mod:`games.baccara.casino._shoe`, or None.

    Examples
    --------
    >>> compiled_kernel() is compiled_kernel()
    True
    """
    mod, why = _probe()
    if mod is None:
        _notice(why)
    return mod


def _damage() -> str | None:
    """Why the extension's file cannot be loaded safely, or None (no file: the import says so).

    A truncated shared object kills the process with SIGBUS when the dynamic loader maps
    the missing pages; an ELF file (Linux, BSD) is therefore read first: its header must be
    whole and every loaded segment and the section table must lie inside the file. Other
    formats are left to the loader."""
    import importlib.util
    import os
    import struct

    spec = importlib.util.find_spec(_NAME)
    path = None if spec is None else spec.origin
    if not path or not os.path.isfile(path):
        return None
    with open(path, "rb") as fh:
        head = fh.read(64)
        size = os.fstat(fh.fileno()).st_size
        if head[:4] != b"\x7fELF":
            return None if sys.platform in ("darwin", "win32") else "not an ELF file"
        if len(head) < 64:
            return "truncated"
        if head[4] != 2 or head[5] != 1:  # only 64-bit little-endian files are read here
            return None
        phoff, shoff = struct.unpack_from("<QQ", head, 32)
        phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", head, 54)
        if phoff + phentsize * phnum > size or shoff + shentsize * shnum > size or phentsize < 56:
            return "truncated"
        fh.seek(phoff)
        table = fh.read(phentsize * phnum)
    for k in range(phnum):
        ptype, _, offset, _, _, filesz = struct.unpack_from("<IIQQQQ", table, k * phentsize)
        if ptype == 1 and offset + filesz > size:  # PT_LOAD beyond the end of the file
            return "truncated"
    return None


def _self_test(mod: ModuleType) -> bool:
    """16 one-deck shoes against the reference: with 51 classes and no codes (the eight-lane
    path), and with 101 classes and codes (the wide table, shoes in pairs)."""
    base = [r for r in range(13) for _ in range(4)]
    key = ref.seed_key(20240229)
    want = [ref.deal_codes(base, key, s, 7, True) for s in range(16)]
    for wide, codes in ((50, False), (100, True)):  # over 64 classes: the 16-bit class table
        classes = [i % wide for i in range(NO_COUP)] + [wide]
        d = _CDealer(mod, base, classes, 7, True, key, "auto", 1, codes)
        sums = Sums(1, classes[-1] + 1)
        if d.deal(0, 16, 1 << 30, sums) != [len(w) for w in want]:
            return False
        got = d.codes
        if got is not None and any(list(got[s * d.maxc: s * d.maxc + len(w)]) != w for s, w in enumerate(want)):
            return False
        counts = [0] * (classes[-1] + 1)
        for w in want:
            for c in w:
                counts[classes[c]] += 1
        if list(sums.hsum) != counts:
            return False
    return True


def choose_kernel(kernel: Kernel) -> Literal["c", "python"]:
    """The kernel a run uses: ``"c"`` or ``"python"`` as asked; ``"auto"`` the compiled one
    when it is usable (:func:`compiled_kernel`), else the reference.

    Parameters
    ----------
    kernel : {"auto", "c", "python"}

    Returns
    -------
    str
        ``"c"`` or ``"python"``.

    Raises
    ------
    GameError
        ``kernel`` is not one of the three, or ``"c"`` is asked and not usable.

    Examples
    --------
    >>> choose_kernel("python")
    'python'
    """
    if kernel == "python":
        return "python"
    if kernel not in ("auto", "c"):
        raise GameError(f"kernel must be 'auto', 'c' or 'python', got {kernel!r}")
    mod, why = _probe()
    if mod is not None:
        return "c"
    if kernel == "c":
        raise GameError(f"kernel 'c': the compiled dealing kernel {why}; install a C compiler and reinstall "
                        "gamekit (pip install -e .) to build it, or use kernel 'python'")
    _notice(why)
    return "python"


class Sums:
    """Exact integer sums of a run's shoes, per block: the upper triangles of Σ h·hᵀ and Σ h
    (h a shoe's class histogram), in int64 buffers the kernel adds into."""

    def __init__(self, blocks: int, n_classes: int) -> None:
        self.blocks, self.C = blocks, n_classes
        self.gram = array("q", bytes(8 * blocks * n_classes * n_classes))
        self.hsum = array("q", bytes(8 * blocks * n_classes))

    def totals(self) -> tuple[list[int], list[list[int]]]:
        """Σh over blocks and the full symmetric Σ h·hᵀ."""
        C, B, g, h = self.C, self.blocks, self.gram, self.hsum
        up = [[sum(g[b * C * C + i * C + j] for b in range(B)) for j in range(C)] for i in range(C)]
        full = [[up[i][j] if i <= j else up[j][i] for j in range(C)] for i in range(C)]
        return [sum(h[b * C + c] for b in range(B)) for c in range(C)], full


class _CDealer:
    """The compiled kernel on one run's fixed arguments."""

    def __init__(self, mod: ModuleType, base: Sequence[int], classes: Sequence[int], cut: int, burn: bool, key: int,
                 lanes: Lanes, threads: int, want_codes: bool) -> None:
        player, banker = punto_banco_rows()
        self.mod, self.cut, self.burn, self.key, self.lanes, self.threads = mod, cut, burn, key, lanes, threads
        self.base = bytes(base)
        self.cls = array("q", classes)
        self.pdraw, self.bdraw = array("q", player), array("q", [k for row in banker for k in row])
        self.maxc = len(base) // 4 + 1 if want_codes else 0
        self.codes: array | None = None
        self.ncoups = array("q")
        self.used: tuple[str, int] = ("none", 0)

    def deal(self, first: int, count: int, cap_last: int, sums: Sums) -> list[int]:
        if len(self.ncoups) < count:
            self.ncoups = array("q", bytes(8 * count))
        nc = memoryview(self.ncoups)[:count]
        codes = None
        if self.maxc:
            if self.codes is None or len(self.codes) < count * self.maxc:
                self.codes = array("h", bytes(2 * count * self.maxc))
            codes = memoryview(self.codes)[: count * self.maxc]
        lanes, threads = self.mod.deal(self.base, self.cls, self.pdraw, self.bdraw, key=self.key, first=first,
                                       count=count, cut=self.cut, burn=self.burn, cap_last=cap_last,
                                       threads=self.threads, lanes=self.lanes, gram=sums.gram, ncoups=nc,
                                       hsum=sums.hsum, codes=codes)
        self.used = (lanes, max(threads, self.used[1]))
        return nc.tolist()


class _PyDealer:
    """The reference on one run's fixed arguments (same outputs as :class:`_CDealer`)."""

    def __init__(self, base: Sequence[int], classes: Sequence[int], cut: int, burn: bool, key: int,
                 want_codes: bool) -> None:
        self.base, self.cls, self.cut, self.burn, self.key = list(base), list(classes), cut, burn, key
        self.maxc = len(base) // 4 + 1 if want_codes else 0
        self.codes: array | None = None
        self.used = ("none", 1)

    def deal(self, first: int, count: int, cap_last: int, sums: Sums) -> list[int]:
        C, cls, g, hs = sums.C, self.cls, sums.gram, sums.hsum
        if self.maxc:
            self.codes = array("h", bytes(2 * count * self.maxc))
        per = []
        for s in range(count):
            codes = ref.deal_codes(self.base, self.key, first + s, self.cut, self.burn,
                                   cap_last if s == count - 1 else None)
            if self.codes is not None:
                self.codes[s * self.maxc: s * self.maxc + len(codes)] = array("h", codes)
            h: dict[int, int] = {}
            for code in codes:
                c = cls[code]
                h[c] = h.get(c, 0) + 1
            nz = sorted(h)
            for x, a in enumerate(nz):
                hs[a] += h[a]
                for b in nz[x:]:
                    g[a * C + b] += h[a] * h[b]
            per.append(len(codes))
        return per


class Dealer:
    """Deals the shoes of one run (kernel chosen by :func:`choose_kernel`) into :class:`Sums`.

    Parameters
    ----------
    counts : sequence of int
        Cards of each rank (A … K) in a fresh shoe.
    classes : sequence of int
        Bet class of each of the 1600 final states and, last, of "no coup" (the largest).
    cut : int
        Cut card position from the end.
    burn : bool
        Burn cards at the start of each shoe.
    seed : int
        The run's seed.
    kernel : {"auto", "c", "python"}
        Which implementation deals (:func:`choose_kernel`).
    lanes : {"auto", "avx512", "scalar"}
        C kernel: draw eight shoes' positions in AVX-512 lanes (``"auto"``: when the CPU has
        them). The shoes are the same either way.
    threads : int
        Threads of the C kernel, at most :data:`MAX_THREADS` (the result does not depend on them).
    want_codes : bool
        Keep each coup's code (``codes``, int16, ``count × maxc``, row s valid up to its coups).

    Raises
    ------
    GameError
        An unknown kernel or lanes, or a kernel asked for that is not usable here.

    Examples
    --------
    >>> d = Dealer([4] * 13, list(range(1601)), 7, True, seed=1, kernel="python")
    >>> s = Sums(1, 1601)
    >>> coups = d.deal(0, 2, 1 << 30, s)
    >>> sum(coups) == sum(s.hsum), d.info.name
    (True, 'python')
    """

    def __init__(self, counts: Sequence[int], classes: Sequence[int], cut: int, burn: bool, seed: int,
                 kernel: Kernel = "auto", lanes: Lanes = "auto", threads: int = 1, want_codes: bool = False) -> None:
        if lanes not in ("auto", "avx512", "scalar"):
            raise GameError(f"lanes must be 'auto', 'avx512' or 'scalar', got {lanes!r}")
        base = [r for r, n in enumerate(counts) for _ in range(n)]
        key = ref.seed_key(seed)
        threads = max(1, min(int(threads), MAX_THREADS))
        self.kernel = choose_kernel(kernel)
        mod = compiled_kernel() if self.kernel == "c" else None
        if mod is not None:
            if lanes == "avx512" and not mod.has_avx512():
                raise GameError("lanes='avx512': this CPU has no AVX-512 F/DQ/VL (use 'auto' or 'scalar')")
            self._impl: _CDealer | _PyDealer = _CDealer(mod, base, classes, cut, burn, key, lanes, threads,
                                                        want_codes)
        else:
            self._impl = _PyDealer(base, classes, cut, burn, key, want_codes)
        self.maxc = self._impl.maxc
        self.threads = threads if mod is not None else 1

    def deal(self, first: int, count: int, cap_last: int, sums: Sums) -> list[int]:
        """Deal shoes ``first … first+count−1`` adding into ``sums`` (the last one at most
        ``cap_last`` coups); returns the coups of each shoe (codes in :attr:`codes`)."""
        return self._impl.deal(first, count, cap_last, sums)

    @property
    def codes(self) -> array | None:
        """The last chunk's coup codes (``count × maxc`` int16), when asked for."""
        return self._impl.codes

    @property
    def info(self) -> KernelInfo:
        """Which kernel dealt, with which lanes and (at most) how many threads."""
        lanes, threads = self._impl.used
        return KernelInfo(self.kernel, lanes, threads)
