"""The `pdfua` checker with every rule run, and the whole of its report read.

pdfua 0.1.3's rule UA-14-001 (no empty heading) asks each heading's /K whether it `is_integer`; for a
heading of more than one piece /K is an array, which pikepdf 10 answers with ValueError, so the checker
skipped the rule on every packet and permit, and a test reading only the findings did not notice.
Here the rule's own number test answers "not a number" for an array, as it does for a dictionary, and
the rule runs in full; a rule skipped for any other reason fails the test."""
from __future__ import annotations

from unittest import mock

import pikepdf
from pdfua import validate
from pdfua.rules import structure


def _as_integer(value):
    return None if isinstance(value, pikepdf.Array) else _checkers_as_integer(value)


_checkers_as_integer = structure.as_integer


def pdfua_problems(path) -> list[str]:
    """Every finding (error or warning) and every rule the checker could not run, for the PDF at `path`."""
    with mock.patch.object(structure, "as_integer", _as_integer):
        report = validate(str(path))
    return ([f"{f.rule_id}: {f.message}" for f in report.findings]
            + [f"{o.rule_id} not run: {o.skipped_reason}" for o in report.skipped])
