"""A job that runs in one daemon thread per app, started at most once however many requests ask
(the mail sender and the sweeper)."""
from __future__ import annotations

import threading


class BackgroundJob:
    thread_name = "wizard-job"

    def __init__(self) -> None:
        self._started = False
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._run, name=self.thread_name, daemon=True).start()

    def _run(self) -> None:
        raise NotImplementedError
