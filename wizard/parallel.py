"""Running one function over many rule files on every core: thousands of files take minutes on one."""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, TypeVar

T = TypeVar("T")
R = TypeVar("R")
PARALLEL_FROM = 64  # items: below this, starting worker processes costs more than it saves


def in_parallel(function: Callable[[T], R], items: Iterable[T]) -> list[R]:
    """`[function(item) for item in items]`, in worker processes when there are many items.
    `function` must be a module-level function (or a partial of one), so it can be sent to a worker."""
    items = list(items)
    workers = min(os.cpu_count() or 1, 8)
    if len(items) < PARALLEL_FROM or workers < 2:
        return [function(item) for item in items]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, items, chunksize=16))
