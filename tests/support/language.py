"""Question texts and the two-language rule files, for the readability and Spanish tests."""
from __future__ import annotations

from pathlib import Path


def question_texts(book):
    texts = []
    for question in book.questions.values():
        texts.append(question["label"])
        texts.extend([question["hint"]] if question.get("hint") else [])
        texts.extend(question.get("options", {}).values() if question["kind"] != "choice" or
                     question is not book.questions["jurisdiction"] else [])
    return [t for t in texts if t]


# Baroda and Whitesboro as they were before their Spanish was written: a file with some texts in
# Spanish and the rest English, and a file in English only, for what `wizard check` says of each.
ENGLISH_ONLY = Path(__file__).resolve().parents[1] / "fixtures" / "english-only"


LAND_TITLE = "    title: Who owns the land?\n    questions: [property_owner]\n"


LAND_WHY = "    why: The law only covers crowds on private land.\n"


LAND_WHY_BOTH = (
    "    why:\n"
    "      en: 'The law covers a \"mass gathering\" on private land only.'\n"
    "      es: 'La ley cubre una \"mass gathering\" «reunión masiva» solo en terreno privado.'\n")


LAND_TITLE_BOTH = ("    title: {en: Who owns the land?, es: ¿Quién es dueño del terreno?}\n"
                   "    questions: [property_owner]\n")


def baroda_in_two_languages(folder: Path, extra: str = "") -> Path:
    """Baroda's rule file with its first step written in English and Spanish (the rest English)."""
    text = (ENGLISH_ONLY / "baroda-mi.yaml").read_text(encoding="utf-8")
    assert text.count(LAND_TITLE) == 1 and text.count(LAND_WHY) == 1
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "baroda-mi.yaml"
    path.write_text(extra + text.replace(LAND_TITLE, LAND_TITLE_BOTH).replace(LAND_WHY, LAND_WHY_BOTH),
                    encoding="utf-8")
    return path
