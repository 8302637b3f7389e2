"""Progress on stderr for long casino simulations: a rich bar in a terminal, a plain line every
15 s otherwise (:func:`gamekit.io.progress.stderr_progress`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["progress_bar", "json_safe"]


@contextmanager
def progress_bar(what: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """Yields ``tick(done, total)``: a transient bar on a terminal, plain lines otherwise."""
    from gamekit.io import stderr_progress

    with stderr_progress(transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def json_safe(x):
    """Replace NaN/inf floats (e.g. a standard error from one shoe) by None, recursively, for strict JSON."""
    import math

    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {k: json_safe(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [json_safe(v) for v in x]
    if hasattr(x, "item") and callable(x.item):  # numpy scalars
        return json_safe(x.item())
    return x
