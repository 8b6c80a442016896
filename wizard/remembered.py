"""Bounded maps for what is worked out once and asked for again (drawings, verified cookies, form
classes, rule files read, packets), all one class built on cachetools' LRUCache with a lock.

A memo of a page's work (`pages=True`, the default) gives back what it kept for a key, so a key
that misses something the work read would show one organizer's page to another. Such memos can
all be turned off at once with `forgetting()`: tests/web/test_page_memos.py draws every page
type for organizers interleaved with them on and off and compares the pages byte for byte, and
`forgetting("drawn questions")` measures what one memo saves. A store of data rather than of a
page's work (the rule files read, the packets) is `pages=False`: forgetting leaves it alone.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Callable, Generic, Hashable, Iterator, TypeVar

from cachetools import LRUCache

Value = TypeVar("Value")
EVERY_MEMO = "every memo of the pages"
_forgotten: set[str] = set()  # names of the memos turned off, or EVERY_MEMO


@contextmanager
def forgetting(*names: str) -> Iterator[None]:
    """Every memo of the pages (or those named) keeps nothing and finds nothing while inside: each
    value is worked out as if asked for the first time. For the whole process, as the memos are:
    meant for tests and measurements, not for a server taking requests."""
    added = set(names or (EVERY_MEMO,)) - _forgotten
    _forgotten.update(added)
    try:
        yield
    finally:
        _forgotten.difference_update(added)


def remembering(name: str) -> bool:
    """Whether the memo of the pages called `name` is on (see `forgetting`)."""
    return not _forgotten or (EVERY_MEMO not in _forgotten and name not in _forgotten)


class Remembered(Generic[Value]):
    """A bounded, thread-safe map; when full, the entry asked for longest ago goes first."""

    def __init__(self, size: int, name: str, pages: bool = True):
        self.size, self.name, self.pages = size, name, pages
        self._entries: LRUCache = LRUCache(maxsize=size)
        self._lock = threading.Lock()  # cachetools' caches are not thread-safe

    @property
    def on(self) -> bool:
        return not self.pages or remembering(self.name)

    def get(self, key: Hashable) -> Value | None:
        if not self.on:
            return None
        with self._lock:
            return self._entries.get(key)  # a hit moves the key to the back of the queue

    def put(self, key: Hashable, value: Value) -> None:
        if self.on:
            with self._lock:
                self._entries[key] = value

    def get_or_make(self, key: Hashable, make: Callable[[], Value]) -> Value:
        """The value remembered for `key`, or `make()`, remembered. Two threads may both make a
        missing value (one is kept): the lock is not held while making, which can be slow."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def __len__(self) -> int:
        return len(self._entries)

    def __getstate__(self) -> dict:
        """Sent to a print worker, it goes empty (a lock does not pickle; the worker needs none)."""
        return {"size": self.size, "name": self.name, "pages": self.pages}

    def __setstate__(self, state: dict) -> None:
        self.__init__(**state)
