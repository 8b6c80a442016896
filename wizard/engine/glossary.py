"""A plain glossary of the legal words the ordinances use: one line each, their general
meaning only, never what a particular ordinance requires (the cited text says that).

`terms_in(texts)` picks the entries whose words appear in what a page or the packet shows, so each
page explains only the words it uses. A Spanish page reads Spanish texts, so each entry has its
Spanish words too, and the entry is said in the language in force (docs/decisions/0002-spanish-beside-the-law.md). No Flask here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..language import N_, current, gettext as _


@dataclass(frozen=True)
class Term:
    term: str
    meaning: str
    words: tuple[str, ...]  # any of these, as whole words and in any case, brings the entry in
    palabras: tuple[str, ...] = ()  # the same, in a Spanish text

    def said(self) -> "Term":
        """The entry in the language in force."""
        return Term(_(self.term), _(self.meaning), self.words, self.palabras)


GLOSSARY = (
    Term(N_("Verified petition"), N_("An application you sign under oath, swearing that what it says is true."),
         ("verified petition", "verified statement", "verified"), ("solicitud jurada", "declaración jurada", "jurada")),
    Term(N_("Notary and jurat"), N_("A notary is an official who checks who you are and watches you sign. "
         "The jurat is the notary's short note that you swore to the paper."),
         ("notary", "notarized", "jurat", "on oath", "sworn"), ("notario", "notarial", "bajo juramento", "jurado")),
    Term(N_("Surety bond"), N_("A promise from a bonding company to pay if you do not do what the permit asks. "
         "You pay the company a fee for it."), ("surety bond", "surety", "bond"), ("fianza", "garantía")),
    Term(N_("Record owner"), N_("The person or company named as the owner in the county's land records."),
         ("record owner", "owner of record"), ("propietario registrado", "dueño registrado")),
    Term(N_("Legal description"), N_("The exact words in the deed that mark out a piece of land, such as lot "
         "and block numbers."), ("legal description",), ("descripción legal",)),
    Term(N_("Certificate of insurance"), N_("A short paper from your insurer that shows what your policy covers "
         "and for how much."), ("certificate of insurance", "insurance certificate"), ("certificado de seguro",)),
    Term(N_("Additional insured"), N_("A person or body, such as the village, that is named on your policy "
         "and covered by it too."), ("additional insured", "village insured", "insuring the village"),
         ("asegurado adicional",)),
    Term(N_("Escrow"), N_("Money you hand over to be kept for one use only, such as paying for extra city "
         "help."), ("escrow",), ("depósito en garantía", "fideicomiso")),
)


def _pattern(words: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)


# A Spanish text may keep the ordinance's English words (the law stays the law: docs/decisions/0002-spanish-beside-the-law.md), so it is
# searched for both.
_PATTERNS = {"en": {term.term: _pattern(term.words) for term in GLOSSARY},
             "es": {term.term: _pattern(term.words + term.palabras) for term in GLOSSARY}}


def terms_in(texts: Iterable[str]) -> list[Term]:
    """The glossary entries whose words appear in `texts`, in glossary order, in the language in force."""
    body = "\n".join(t for t in texts if t)
    patterns = _PATTERNS.get(current(), _PATTERNS["en"])
    return [term.said() for term in GLOSSARY if patterns[term.term].search(body)]


def explained(terms: Iterable[str]) -> dict[str, Term]:
    """The entries named (by their English term), in the language in force."""
    wanted = set(terms)
    return {term.term: term.said() for term in GLOSSARY if term.term in wanted}


def assessment_texts(assessment: dict) -> list[str]:
    """Every sentence the result page shows from the assessment."""
    texts = [r["text"] for r in assessment.get("reasons") or []]
    for key in ("checklist", "warnings", "still_applies", "after_you_apply", "revocation", "penalties"):
        texts += [item["text"] for item in assessment.get(key) or []]
    texts += [(entry or {}).get("text", "") for entry in (assessment.get("fees") or {}).values()]
    texts += [entry.get("text", "") for entry in assessment.get("other_fees") or []]
    texts += [policy["coverage"] for policy in assessment.get("insurance") or []]
    return texts
