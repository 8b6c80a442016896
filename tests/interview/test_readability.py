"""Question texts read at US grade 8 or below on average (Flesch-Kincaid, textstat)."""
from __future__ import annotations

import statistics

import textstat
from tests.support.language import question_texts


def grade(texts):
    return statistics.mean(textstat.flesch_kincaid_grade(t) for t in texts)


def test_questions_read_at_grade_8_or_below(book):
    average = grade(question_texts(book))
    print(f"question texts: average grade {average:.1f}")
    assert average <= 8


def test_why_we_ask_reads_at_grade_8_or_below(book):
    whys = [step["why"] for j in book.jurisdictions.values() for step in j.steps]
    average = grade(whys)
    print(f"why-we-ask texts: average grade {average:.1f}")
    assert average <= 8
