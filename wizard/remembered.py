"""A bounded map for what is worked out once and asked for again (drawings, verified cookies)."""
from __future__ import annotations

import threading
from collections import OrderedDict


class Remembered:
    """A bounded, thread-safe map; when full, the entry asked for longest ago goes first."""

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key, value) -> None:
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def get_or_make(self, key, make):
        """The value remembered for `key`, or `make()`, remembered. Two threads may both make a
        missing value (one is kept): the lock is not held while making, which can be slow."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def __len__(self) -> int:
        return len(self._entries)
