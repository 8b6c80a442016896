"""A non-editable install carries the top-level templates/, static/ and interviews/ folders."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_contains_templates_static_interviews_and_fonts(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in ("wizard/_data/templates/step.html", "wizard/_data/static/htmx-2.0.11.min.js",
                     "wizard/_data/interviews/questions.yaml", "wizard/_data/interviews/jurisdictions/baroda-mi.yaml",
                     "wizard/_data/interviews/schema/jurisdiction.schema.yaml",
                     "wizard/packet/fonts/NotoSans-Regular.ttf", "wizard/packet/fonts/NotoSans-Fields.ttf"):
        assert expected in names, expected
