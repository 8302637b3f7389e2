"""The C dealing kernel (``shoe_kernel.c``): built once with the system C compiler, loaded by ctypes.

Why a second compiled backend next to numba: a fresh ``baccara simulate`` process pays
≈ 1 CPU-second for ``import numba`` and for loading numba's cached kernel (numba
initialises its whole code generator and pulls in ``scipy.linalg``), which is more than
dealing 2·10⁷ coups. A shared library built from the same algorithm loads in a millisecond
through :mod:`ctypes`, and ctypes releases the GIL during the call, so two Python threads
deal disjoint blocks of shoes on two cores.

**Build and cache.** The library is compiled on first use (``cc -O2 -shared -fPIC -pthread``,
≈ 0.5 s) into the first writable directory among ``$GAMEKIT_CACHE_DIR``,
``$XDG_CACHE_HOME/gamekit`` (default ``~/.cache/gamekit``) and the system temporary
directory (``gamekit-<uid>``), under a name holding the SHA-256 of the source, the
compiler command and the platform, so a changed source, compiler or machine type gets a new
build and a read-only installation is never written to. The file is written under a
temporary name and renamed into place (atomic: concurrent first runs are safe). A
directory or library file not owned by this user, or world-writable, is skipped: nothing
another user could have planted is loaded. Without a
C compiler :func:`load` returns None and
:func:`games.baccara.casino.shoe_kernel.backend` uses numba, then numpy (or what
``GAMEKIT_SIM_KERNEL`` asks for); every backend deals the same cards
(``tests/test_shoe_kernel.py``).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import sys
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path

__all__ = ["load", "load_library", "library_path", "set_simd"]

_SOURCE = Path(__file__).with_name("shoe_kernel.c")
_FLAGS = ("-O2", "-shared", "-fPIC", "-fno-strict-aliasing", "-pthread")

_P = ctypes.c_void_p
_I = ctypes.c_int64
_ARGTYPES = [_P, _I, ctypes.c_uint64, _I, _I, _I, _I, _I,  # base n key first count blocks b0 b1
             _P, _P, _P, _P, _P, _P, _P,  # px bx v10 v1 ct8 ct16 code_t
             _P, _I, ctypes.c_int,  # burn_len cut burn
             _P, _I, _P, _P, _P, _I, _P, _I]  # hist C gram hsum codes maxc ncoups cap_last
#: deal_threads: deal_range's arguments with (b0, b1) replaced by the thread count.
_THREAD_ARGTYPES = _ARGTYPES[:6] + [_I] + _ARGTYPES[8:]
_TABLE_ARGTYPES = [_P] * 11  # val pdraw bdraw cls px bx v10 v1 ct8 ct16 code_t


def _compiler() -> str | None:
    import shutil

    cc = os.environ.get("CC") or "cc"
    exe = cc.split()[0] if cc.split() else "cc"
    if shutil.which(exe):
        return cc
    return next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)


def _cache_dirs() -> Iterator[Path]:
    """Candidate directories, in order (the temporary one only if the others fail)."""
    if os.environ.get("GAMEKIT_CACHE_DIR"):
        yield Path(os.environ["GAMEKIT_CACHE_DIR"])
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        yield (Path(xdg) if xdg else Path.home() / ".cache") / "gamekit"
    except RuntimeError:  # no home directory
        pass
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else "user"
    yield Path(tempfile.gettempdir()) / f"gamekit-{uid}"


def _machine() -> str:
    if hasattr(os, "uname"):
        return os.uname().machine
    import platform

    return platform.machine()


def library_path(cc: str) -> str:
    """File name of the library for this source, compiler command and platform."""
    h = hashlib.sha256(_SOURCE.read_bytes())
    h.update(repr((cc, _FLAGS, sys.platform, _machine(), sys.implementation.cache_tag)).encode())
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return f"shoe_kernel-{h.hexdigest()[:20]}{suffix}"


class _CompileError(Exception):
    """The compiler ran and failed (no other directory will do better)."""


def _build(cc: str, target: Path) -> bool:
    """Compile into ``target`` (written as a temporary file, then renamed); False when the
    directory is unusable, :class:`_CompileError` when the compiler fails."""
    import subprocess
    import tempfile

    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        os.close(fd)
    except OSError:
        return False
    try:
        cmd = [*cc.split(), *_FLAGS, "-o", tmp, str(_SOURCE)]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            raise _CompileError(str(exc)) from None
        if done.returncode != 0:
            raise _CompileError(done.stderr.decode(errors="replace")[-500:])
        os.chmod(tmp, 0o755)
        os.replace(tmp, target)
        return True
    except OSError:
        return False
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _private(path: Path) -> bool:
    """Whether ``path`` and its directory are ours (POSIX): owned by this user and not
    world-writable. A library in a directory another user controls (say a pre-created
    ``/tmp/gamekit-<uid>``) is never loaded."""
    return _ours(path.parent) and _ours(path)


def _ours(path: Path) -> bool:
    if not hasattr(os, "getuid"):
        return True
    try:
        st = os.stat(path)
    except OSError:
        return False
    return st.st_uid == os.getuid() and not st.st_mode & 0o002


def _open(path: Path) -> ctypes.CDLL:
    if not _private(path):
        raise OSError(f"{path} is not private to this user")
    lib = ctypes.CDLL(str(path))
    for name, types, res in (("deal_range", _ARGTYPES, ctypes.c_int), ("deal_threads", _THREAD_ARGTYPES, ctypes.c_int),
                             ("build_tables", _TABLE_ARGTYPES, None), ("set_simd", [ctypes.c_int], ctypes.c_int)):
        fn = getattr(lib, name)
        fn.argtypes = types
        fn.restype = res
    lib.set_simd(os.environ.get("GAMEKIT_SIM_SIMD", "1") != "0")
    return lib


def set_simd(on: bool) -> bool:
    """Draw the Fisher–Yates positions of eight shoes in AVX-512 lanes when the CPU has them
    (default; the environment variable ``GAMEKIT_SIM_SIMD=0`` turns them off: eight shoes are
    then shuffled by the scalar code, and still dealt together); returns whether they are
    used. The shoes dealt are the same either way."""
    lib = load_library()
    return bool(lib is not None and lib.set_simd(int(on)))


def load() -> Callable[..., int] | None:
    """The C function ``deal_range`` (ctypes), building the library if needed; None if impossible."""
    lib = load_library()
    return None if lib is None else lib.deal_range


def _clear() -> None:
    load_library.cache_clear()


load.cache_clear = _clear  # type: ignore[attr-defined]  # forget the loaded library (tests)


@lru_cache(maxsize=1)
def load_library() -> ctypes.CDLL | None:
    """The C library (``deal_range``, ``deal_threads``, ``build_tables`` typed for ctypes),
    building it if needed; None if impossible."""
    if not _SOURCE.exists():
        return None
    built = _built(library_path(os.environ.get("CC") or "cc"))  # the usual case: no compiler lookup
    if built is not None:
        return built
    cc = _compiler()
    if cc is None:
        return None
    name = library_path(cc)
    try:
        return _load_from_dirs(cc, name)
    except _CompileError:  # a compiler that fails once fails everywhere: use numba / numpy
        return None


def _built(name: str) -> ctypes.CDLL | None:
    """The library ``name`` if an earlier run built it into the first of our cache
    directories (the one :func:`_load_from_dirs` would build into), else None."""
    for d in _cache_dirs():
        if d.exists() and not _ours(d):
            continue
        path = d / name
        if not path.exists():
            return None
        try:
            return _open(path)
        except OSError:
            return None
    return None


def _load_from_dirs(cc: str, name: str) -> ctypes.CDLL | None:
    for d in _cache_dirs():
        if d.exists() and not _ours(d):
            continue  # never build into, nor load from, a directory others can write
        path = d / name
        if path.exists() or _build(cc, path):
            try:
                return _open(path)
            except OSError:  # a damaged or foreign file: rebuild it once in place
                if _build(cc, path):
                    try:
                        return _open(path)
                    except OSError:
                        pass
    return None
