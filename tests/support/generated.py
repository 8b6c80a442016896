"""Many jurisdictions for the tests: copies of the built-in rule files under new ids and names
(`town-0000`...). scripts/bench.py makes its 20,000 files with this same function (fixtures never
import from scripts/), so the benchmark measures what the tests check."""
from __future__ import annotations

import re
from pathlib import Path


def generate_jurisdictions(source: Path, folder: Path, count: int) -> list[str]:
    """`count` rule files in `folder`: copies of the files in `source` under new ids and names."""
    originals = [path.read_text(encoding="utf-8") for path in sorted(source.glob("*.yaml"))]
    ids = []
    for i in range(count):
        text = originals[i % len(originals)]
        new_id = f"town-{i:04d}"
        text = re.sub(r"(?m)^id: .*$", f"id: {new_id}", text, count=1)
        text = re.sub(r"(?m)^name: (\S.*)$", lambda m: f"name: Town {i:04d} ({m.group(1)})", text, count=1)
        # A name written in two languages (`name:` then `en:` and `es:` lines): the town's number in each.
        text = re.sub(r"(?m)^(name:.*\n  en: )(.*)(\n  es: )(.*)$",
                      lambda m: f"{m.group(1)}Town {i:04d} ({m.group(2)}){m.group(3)}Town {i:04d} ({m.group(4)})", text,
                      count=1)
        (folder / f"{new_id}.yaml").write_text(text, encoding="utf-8")
        ids.append(new_id)
    return ids
