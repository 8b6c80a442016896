"""Question texts read at US grade 8 or below on average (Flesch-Kincaid, textstat)."""
from __future__ import annotations

import statistics

import textstat


def question_texts(book):
    texts = []
    for question in book.questions.values():
        texts.append(question["label"])
        texts.extend([question["hint"]] if question.get("hint") else [])
        texts.extend(question.get("options", {}).values() if question["kind"] != "choice" or
                     question is not book.questions["jurisdiction"] else [])
    return [t for t in texts if t]


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
