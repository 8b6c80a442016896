"""No name means two things: an answer key is never also a derived fact's name,
so a rule file reading a name gets what the vocabulary says it is."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from wizard.authoring.checks.vocabulary import vocabulary_problems

ROOT = Path(__file__).resolve().parents[2]


def test_docs_vocabulary_lists_each_name_once():
    # A rule file's rewording of a shared question is in that key's own row, not a second row.
    names = re.findall(r"(?m)^\| `([a-z_0-9]+)` \|", (ROOT / "docs" / "vocabulary.md").read_text())
    assert names and [name for name, count in Counter(names).items() if count > 1] == []
    assert "*In `baroda-mi`:* label: What is the maximum number of attendants" in (ROOT / "docs" / "vocabulary.md").read_text()


def test_a_shared_question_named_like_a_derived_fact_is_refused(tmp_path):
    text = (ROOT / "interviews" / "questions.yaml").read_text()
    assert "\n  daily_hours:\n" in text
    clashing = tmp_path / "questions.yaml"
    clashing.write_text(text.replace("\n  daily_hours:\n", "\n  event_days:\n", 1))
    problems = vocabulary_problems(clashing)
    assert [p.key for p in problems] == ["questions.event_days"], problems
    assert "is the name of a derived fact" in problems[0].message and problems[0].line
