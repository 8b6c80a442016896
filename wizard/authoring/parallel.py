"""Running one function over many rule files on more than one core: thousands of files take minutes on one."""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")
PARALLEL_FROM = 64  # items: below this, starting worker processes costs more than it saves
# Each worker holds the checks, the schema and a file's data: about 50 MB beside the server's 100.
# Two keep the start-up peak under 300 MB on any machine (eight took 574 MB on an eight-core one).
MAX_WORKERS = 2


def each_in_parallel(function: Callable[[T], R], items: Iterable[T], most: int | None = MAX_WORKERS) -> Iterator[R]:
    """`function(item)` for each item, in order, as each is done; in worker processes when there
    are many items, at most `most` of them (None: one per core). `function` must be a module-level
    function (or a partial of one), so it can be sent to a worker."""
    items = list(items)
    workers = min(os.cpu_count() or 1, most or os.cpu_count() or 1)
    if len(items) < PARALLEL_FROM or workers < 2:
        yield from map(function, items)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(function, items, chunksize=16)


def in_parallel(function: Callable[[T], R], items: Iterable[T]) -> list[R]:
    """`[function(item) for item in items]`, as `each_in_parallel`."""
    return list(each_in_parallel(function, items))
