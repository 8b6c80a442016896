"""`wizard serve` with a PostgreSQL database it cannot reach says so in one line, without a traceback
or the connection pool's paragraphs, and without the URL's password."""
from __future__ import annotations

import subprocess
import sys

from tests.support.served import ROOT, free_port


def test_serve_with_an_unreachable_database_says_so_in_one_line():
    url = f"postgresql://wizard:hunter2@127.0.0.1:{free_port()}/permits"  # nothing listens there
    done = subprocess.run([sys.executable, "-m", "wizard", "serve", "--db", url, "--port", "0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    said = (done.stdout + done.stderr).strip()
    assert done.returncode == 1
    assert said.count("\n") == 0, said
    assert said.startswith("refusing to start: the database cannot be reached"), said
    assert "Traceback" not in said and "hunter2" not in said and "127.0.0.1" in said
