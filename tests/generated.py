"""Many jurisdictions for the tests: copies of the built-in rule files under new ids and names
(`town-0000`...). The tests make their own rather than import from scripts/ (the benchmark has its
own copy), so a change to the benchmark cannot break a fixture."""
from __future__ import annotations

import re
from pathlib import Path


def generate_jurisdictions(source: Path, folder: Path, count: int) -> list[str]:
    """`count` rule files in `folder`: copies of the files in `source` under new ids and names."""
    originals = sorted(source.glob("*.yaml"))
    ids = []
    for i in range(count):
        text = originals[i % len(originals)].read_text(encoding="utf-8")
        new_id = f"town-{i:04d}"
        text = re.sub(r"(?m)^id: .*$", f"id: {new_id}", text, count=1)
        text = re.sub(r"(?m)^name: (.*)$", lambda m: f"name: Town {i:04d} ({m.group(1)})", text, count=1)
        (folder / f"{new_id}.yaml").write_text(text, encoding="utf-8")
        ids.append(new_id)
    return ids
