"""The built-in rule files' Spanish (docs/decisions/0002-spanish-beside-the-law.md): every two-language
text has its Spanish, the ordinance's own words stay in English beside their gloss, and a sentence's
figures survive."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from wizard.rules.texts import is_text

JURISDICTIONS = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions"
RULE_FILES = sorted(JURISDICTIONS.glob("*.yaml"))
QUOTE = re.compile(r'"([^"]*)"')
FIGURE = re.compile(r"\{\w+\}")


# Where a rule file keeps the texts an organizer reads: section -> keys. The words the engine puts
# into its own sentences (name, issuer, file_with, license_word...) and what only the office reads
# (referrals) are not here.
ORGANIZER_TEXTS = {
    "interview": {"title", "why"}, "scope": {"text"}, "fees": {"text"}, "insurance": {"coverage"},
    "checklist": {"text"}, "warnings": {"text"}, "after_filing": {"text"}, "revocation": {"text"},
    "penalties": {"text"}, "before_you_start": {"text", "why"}, "quantities": {"label", "rate_text"},
    "application_form": {"heading", "attach", "asks"}, "signatures": {"title", "text", "signers", "label"},
    "question_wording": {"label", "form_label", "hint", "error"},
    "questions": {"label", "form_label", "hint", "error"},
}


def english_only(data, keys, under_options=False):
    """The plain strings left where a two-language text belongs."""
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str) and (key in keys or under_options):
                yield value
            elif not is_text(value):
                yield from english_only(value, keys, key == "options")
    elif isinstance(data, list):
        for value in data:
            yield from english_only(value, keys)


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
    assert [t["en"] for t in found if t.get("es") == t["en"]] == [], "an English text copied as its Spanish"


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_no_organizer_text_is_left_english_only(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    left = [] if is_text(data.get("file_with_note")) or data.get("file_with_note") is None else [data["file_with_note"]]
    for section, keys in ORGANIZER_TEXTS.items():
        left += list(english_only(data.get(section), keys))
    assert left == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_the_ordinance_words_stay_english_beside_a_gloss(path):
    """A quotation in the English is in the Spanish word for word, in the same straight quotes,
    followed by its Spanish gloss in «...». A quotation brought in by "for example" is a sample
    answer, not the law's words: it is translated."""
    wrong = []
    for text in bilingual(path):
        quoted = [q for q in QUOTE.findall(text["en"]) if f'for example "{q}"' not in text["en"]]
        if QUOTE.findall(text["es"]) != quoted or any(f'"{q}" «' not in text["es"] for q in quoted):
            wrong.append(text["es"])
    assert wrong == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.stem)
def test_a_sentence_keeps_its_figures(path):
    """`{one_fee}` and the like are filled in by the engine in either language."""
    assert [t["es"] for t in bilingual(path)
            if sorted(FIGURE.findall(t["en"])) != sorted(FIGURE.findall(t["es"]))] == []
