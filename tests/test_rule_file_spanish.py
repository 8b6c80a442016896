"""The built-in rule files' Spanish (issue 41): every two-language text has its Spanish, the
ordinance's own words stay in English beside their gloss, and a sentence's figures survive."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from wizard.rules.texts import in_language, is_text

JURISDICTIONS = Path(__file__).resolve().parent.parent / "interviews" / "jurisdictions"
RULE_FILES = sorted(JURISDICTIONS.glob("*.yaml"))
QUOTE = re.compile(r'"([^"]*)"')
FIGURE = re.compile(r"\{\w+\}")


def texts(data):
    """Every `{en, es}` text in the data."""
    if is_text(data):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from texts(value)
    elif isinstance(data, list):
        for value in data:
            yield from texts(value)


def bilingual(path: Path) -> list[dict]:
    return [text for text in texts(yaml.safe_load(path.read_text(encoding="utf-8"))) if "es" in text]


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_every_text_has_its_spanish(path):
    found = list(texts(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert found, "the file has texts in both languages"
    assert [t["en"] for t in found if not (t.get("es") or "").strip()] == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_the_ordinance_words_stay_english_beside_a_gloss(path):
    """A quotation in the English is in the Spanish word for word, in the same straight quotes,
    followed by its Spanish gloss in «...». (An example that is not the law's words, such as a
    sample answer, may be translated instead: then the Spanish has no straight quotes at all.)"""
    wrong = []
    for text in bilingual(path):
        quoted = QUOTE.findall(text["en"])
        if '"' not in text["es"] and not any(q in text["es"] for q in quoted):
            continue
        if QUOTE.findall(text["es"]) != quoted or any(f'"{q}" «' not in text["es"] for q in quoted):
            wrong.append(text["es"])
    assert wrong == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_a_sentence_keeps_its_figures(path):
    """`{one_fee}` and the like are filled in by the engine in either language."""
    assert [t["es"] for t in bilingual(path)
            if sorted(FIGURE.findall(t["en"])) != sorted(FIGURE.findall(t["es"]))] == []


def test_the_english_reads_as_it_did():
    """Each file read in English holds no Spanish (the English pages are unchanged)."""
    for path in RULE_FILES:
        english = in_language(yaml.safe_load(path.read_text(encoding="utf-8")), "en")
        assert list(texts(english)) == []
