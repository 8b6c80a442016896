"""Texts written as `{en: ..., es: ...}` in a rule file or the shared questions
(docs/decisions/0002-spanish-beside-the-law.md): the file still passes its checks and the English pages
read the English."""
from __future__ import annotations

from pathlib import Path

from wizard.rules.texts import in_language, is_text
from wizard.authoring.checks import check_file
from wizard.rules.rulebook import load_questions

BARODA = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions" / "baroda-mi.yaml"
LABEL = "    label: What is the maximum number of attendants you expect on each day the gathering is held?\n"


def test_a_two_language_text_is_read_in_the_language_asked_for():
    data = {"label": {"en": "How many?", "es": "¿Cuántos?"}, "options": [{"en": "Yes"}], "n": 3}
    assert in_language(data, "es") == {"label": "¿Cuántos?", "options": ["Yes"], "n": 3}
    assert in_language(data, "en")["label"] == "How many?"
    assert not is_text({"en": "x", "id": "y"})


def test_a_rule_file_with_a_two_language_label_passes_and_reads_english(tmp_path):
    text = BARODA.read_text(encoding="utf-8")  # already in both languages
    bilingual = tmp_path / "baroda-mi.yaml"
    bilingual.write_text(text.replace(LABEL, (
        "    label:\n"
        "      en: What is the maximum number of attendants you expect on each day the gathering is held?\n"
        "      es: ¿Cuál es el número máximo de asistentes que espera cada día del evento?\n")), encoding="utf-8")
    assert "      en: What is the maximum number of attendants" in bilingual.read_text(encoding="utf-8")
    j, problems = check_file(bilingual, load_questions())
    assert problems == []
    assert j.question_wording["daily_attendance"]["label"].startswith("What is the maximum")
