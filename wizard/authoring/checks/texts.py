"""Every text the organizer reads has its Spanish, and the Spanish keeps the law's own words
(docs/decisions/0002-spanish-beside-the-law.md; the authoring level of `wizard check`).

A rule file that writes any text in Spanish, or declares `languages: [en, es]`, must write every
organizer text in both languages; `languages: [en]` declares it English-only (the Spanish page
then says this place's texts are in English). Which keys hold organizer texts is `TEXT_FIELDS`
below: ids, answer keys, citations, conditions, numbers and the office's own texts (the
referrals) are never translated, nor the names of the place and its ordinance; the office's names
read in sentences (`issuer`, `file_with`) may be written in both languages, not asked for.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from ...engine.assess import FIGURE
from ...errors import Problem
from ...rules.rulebook import Jurisdiction
from ...rules.texts import ENGLISH_QUOTE, is_text, languages_of, quotations
from ...rules.yamlfile import KeyPath, dotted

# Keys whose value is a text the organizer reads, wherever they appear outside NOT_FOR_THE_ORGANIZER.
# Not `names_insured`: it is the insured's legal name ("the City of DeKalb"), which the certificate
# must give in English, and the clerk's check of the certificate reads it (wizard/office/money.py).
TEXT_FIELDS = frozenset({"title", "why", "text", "label", "form_label", "hint", "error", "message", "rate_text",
                         "coverage", "heading", "asks", "attach", "signers", "file_with_note", "unless"})
# Mappings whose every value is a text: a question's options (key -> words).
TEXT_MAPPINGS = frozenset({"options"})
# Parts read by the office, not the organizer, or that hold no text at all.
NOT_FOR_THE_ORGANIZER = frozenset({"referrals", "if", "figures", "terms", "tiers", "times"})
# A question's words: their quotes are examples ("tenant under a lease"), translated as such.
QUESTIONS = frozenset({"questions", "question_wording"})
SPANISH_MISSING = ("this text has no Spanish: write it as {en: ..., es: ...} (docs/authoring.md, "
                   "\"Texts in English and Spanish\"), or declare the file English-only with `languages: [en]`")


def organizer_texts(data: Any, where: KeyPath = ()) -> Iterator[tuple[KeyPath, Any]]:
    """(key path, value) of each organizer text in a rule file as written."""
    if isinstance(data, list):
        for index, item in enumerate(data):
            yield from organizer_texts(item, where + (index,))
        return
    if not isinstance(data, dict) or is_text(data):
        return
    for key, value in data.items():
        here = where + (key,)
        if key in NOT_FOR_THE_ORGANIZER:
            continue
        if key in TEXT_FIELDS and (isinstance(value, str) or is_text(value)):
            yield here, value
        elif key == "name" and len(where) >= 1 and where[0] == "fees":  # a further fee's name
            if isinstance(value, str) or is_text(value):
                yield here, value
        elif key in TEXT_MAPPINGS and isinstance(value, dict):
            yield from ((here + (option,), words) for option, words in value.items()
                        if isinstance(words, str) or is_text(words))
        else:
            yield from organizer_texts(value, here)


def all_texts(data: Any, where: KeyPath = ()) -> Iterator[tuple[KeyPath, dict]]:
    """Every two-language text, wherever it is."""
    if is_text(data):
        yield where, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from all_texts(value, where + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from all_texts(value, where + (index,))


def texts_problems(j: Jurisdiction, written: Any) -> list[Problem]:
    """A rule file's texts (`written`: the file as written, both languages)."""
    found: list[Problem] = []
    if isinstance(written, dict):
        language_problems(written, lambda where, message: found.append(
            Problem(str(j.path), j.line(*where), dotted(where), message)))
    return found


def language_problems(written: dict, problem: Callable[[KeyPath, str], None], law: bool = True) -> None:
    """Each organizer text missing its Spanish (in a file that has Spanish); with `law`, each
    quotation of the ordinance the Spanish loses (questions quote examples, not the law)."""
    if "es" in languages_of(written):
        for where, value in organizer_texts(written):
            if isinstance(value, str) and not value.strip():
                continue
            if isinstance(value, str) or not (value.get("es") or "").strip():
                problem(where, SPANISH_MISSING)
    if law:
        quotation_problems({k: v for k, v in written.items() if k not in QUESTIONS}, problem)


def quotation_problems(written: dict, problem: Callable[[KeyPath, str], None]) -> None:
    """The law stays the law: each "quotation" of the English is kept, word for word and in
    English, in the Spanish, with its gloss after it in «guillemets»."""
    for where, text in all_texts(written):
        spanish = text.get("es")
        if not spanish:
            continue
        kept, missing = quotations(text["en"], spanish)
        for words in missing:
            problem(where + ("es",), f'the Spanish must keep the ordinance\'s words "{words}" as the English '
                    'quotes them, in English and in the same straight quotes, followed by the Spanish gloss in '
                    '«guillemets»: "the words" «la traducción»')
        figures = set(FIGURE.findall(text["en"]))
        if set(FIGURE.findall(spanish)) != figures:
            problem(where + ("es",), "the Spanish must quote the same figures as the English: "
                    + (", ".join("{" + name + "}" for name in sorted(figures)) or "none"))
        in_english = _quoted(text["en"])
        for words in dict.fromkeys(_quoted(spanish)):
            if words in in_english and words not in kept:
                problem(where + ("es",), f'the quotation "{words}" needs its Spanish gloss right after it, '
                        'in «guillemets»')


def _quoted(text: str) -> list[str]:
    return [found.group(1) for found in ENGLISH_QUOTE.finditer(text)]
