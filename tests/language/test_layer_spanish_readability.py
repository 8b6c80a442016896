"""The State layers' Spanish (interviews/layers/*.layer.yaml: the other permits an event needs from the
State) reads as plainly as the shared questions' Spanish, measured as the rule files are
(tests/support/readability.py): Fernández-Huerta as a mean of each text's score and over the texts
joined as one body, words against the English, words a sentence. The ordinance's quoted English and its
gloss, the values put into a sentence and the English titles kept in brackets after a Spanish name
("la autoridad del Estado para el alcohol (State Liquor Authority)", marked lang=en in pages) are left out.

Measured before (December 2026, the layers as first written): mean 73.4, joined 75.9, +7.3% words against
the English, 11.9 words a sentence (English 11.0); the shared questions 83.2 and 85.4, 9.1 words a sentence.
The layers' texts were rewritten in short plain sentences, one idea each, every fact, figure, citation and
quoted word kept, no more words than before: what to ask an office as short questions ("Pregunte al
departamento de salud del condado: ¿cada puesto necesita permiso? ¿Cuánto antes pedirlo?"), "falta en el
texto que tenemos" for "no está en el texto que tenemos", the State's liquor offices named in Spanish with their
English name in brackets. After: mean 81.7, joined 83.6, +7.3%, 9.8 words a sentence. The sentences alone
(124 texts) read at 86.0 and 86.1, above the questions; the names of permits, offices and payees (36 texts:
"Licencia de establecimiento temporal de comidas", "El Departamento de Agricultura y Desarrollo Rural de
Míchigan") are names, kept as the law and the offices write them, and score 67.0. FLOORS keeps what was reached."""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.readability import (english_ease, joined_spanish_ease, pairs_of, spanish_ease, texts_in,
                                       words, words_per_sentence)

ROOT = Path(__file__).resolve().parents[2]
LAYERS = sorted((ROOT / "interviews/layers").glob("*.layer.yaml"))
QUESTIONS = ROOT / "interviews/questions.yaml"
# The reached figures: the mean of each text's ease, the texts joined, Spanish words per English word (no more
# than before the rewrite); the same two eases over the sentences alone. Words a sentence: no more than the English.
FLOORS = {"mean": 81.6, "joined": 83.5, "longer": 1.0734, "sentences mean": 85.9, "sentences joined": 86.0}
NAMES = frozenset({"name", "issuer", "payee"})  # a permit's, an office's or a payee's name: not a sentence


def measured(paths: list[Path]) -> tuple[list[str], list[str]]:
    return pairs_of([pair for path in paths for pair in texts_in(yaml.safe_load(path.read_text(encoding="utf-8")))])


def sentences_in(data, key: str = "") -> list[tuple[str, str]]:
    """The two-language texts of a layer that are not names (under a `name`, `issuer` or `payee` key)."""
    if isinstance(data, dict) and not (set(data) <= {"en", "es"}):
        return [pair for k, value in data.items() for pair in sentences_in(value, k)]
    if isinstance(data, list):
        return [pair for value in data for pair in sentences_in(value, key)]
    return [] if key in NAMES else texts_in(data)


def test_every_layer_gives_texts_to_measure():
    """A measure over nothing (a layer file unread, its texts no longer found) fails instead of passing."""
    per_layer = {path.name: len(measured([path])[1]) for path in LAYERS}
    assert len(per_layer) >= 4 and all(count >= 25 for count in per_layer.values()), per_layer


def test_the_layers_spanish_reads_as_plainly_as_the_questions():
    english, spanish = measured(LAYERS)
    assert len(english) == len(spanish) >= 100
    ease, joined = spanish_ease(spanish), joined_spanish_ease(spanish)
    longer = words(spanish) / words(english)
    sentence, english_sentence = words_per_sentence(spanish), words_per_sentence(english)
    print(f"layers: Flesch {english_ease(english):.1f} (English), Fernández-Huerta {ease:.1f} mean, {joined:.1f} "
          f"joined (Spanish), {100 * (longer - 1):+.1f}% words, {sentence:.1f} words a sentence "
          f"(English {english_sentence:.1f}), {len(english)} texts")
    assert ease >= FLOORS["mean"] and joined >= FLOORS["joined"]
    assert longer <= FLOORS["longer"]
    assert sentence <= english_sentence


def test_the_layers_sentences_read_at_the_questions_level():
    english, spanish = pairs_of([pair for path in LAYERS
                                 for pair in sentences_in(yaml.safe_load(path.read_text(encoding="utf-8")))])
    assert 100 <= len(spanish) < len(measured(LAYERS)[1])
    ease, joined = spanish_ease(spanish), joined_spanish_ease(spanish)
    print(f"layers' sentences: Fernández-Huerta {ease:.1f} mean, {joined:.1f} joined, {len(spanish)} texts")
    assert ease >= FLOORS["sentences mean"] and joined >= FLOORS["sentences joined"]
    questions = measured([QUESTIONS])[1]
    assert ease >= spanish_ease(questions) and joined >= joined_spanish_ease(questions)


def test_the_questions_are_the_mark():
    """The level the layers are held to: the shared questions' Spanish, measured the same way."""
    english, spanish = measured([QUESTIONS])
    assert len(spanish) > 100
    assert spanish_ease(spanish) >= 82.5 and joined_spanish_ease(spanish) >= 84.5
    assert words_per_sentence(spanish) <= 9.5


def test_an_english_title_in_brackets_is_left_out_of_the_spanish_only():
    english, spanish = pairs_of([
        ("Ask the State Liquor Authority how far ahead to apply.",
         "Pregunte a la autoridad del Estado para el alcohol (State Liquor Authority) cuánto antes pedirlo."),
        ("Mass gathering permit (State Sanitary Code)", "Permiso de reunión masiva (Código Sanitario del Estado)"),
        ('Apply "at least 30 days before".', 'Presente la solicitud "at least 30 days before" «al menos 30 días antes».'),
    ])
    assert spanish == ["Pregunte a la autoridad del Estado para el alcohol cuánto antes pedirlo.",
                       "Permiso de reunión masiva (Código Sanitario del Estado)"]
    assert english == ["Ask the State Liquor Authority how far ahead to apply.", "Mass gathering permit (State Sanitary Code)"]
