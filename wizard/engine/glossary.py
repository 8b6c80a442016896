"""A plain glossary of the legal words the ordinances use (issue 11): one line each, their general
meaning only, never what a particular ordinance requires (the cited text says that).

`terms_in(texts)` picks the entries whose words appear in what a page or the packet shows, so each
page explains only the words it uses. No Flask here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class Term:
    term: str
    meaning: str
    words: tuple[str, ...]  # any of these, as whole words and in any case, brings the entry in


GLOSSARY = (
    Term("Verified petition", "An application you sign under oath, swearing that what it says is true.",
         ("verified petition", "verified statement", "verified")),
    Term("Notary and jurat", "A notary is an official who checks who you are and watches you sign. "
         "The jurat is the notary's short note that you swore to the paper.",
         ("notary", "notarized", "jurat", "on oath", "sworn")),
    Term("Surety bond", "A promise from a bonding company to pay if you do not do what the permit asks. "
         "You pay the company a fee for it.", ("surety bond", "surety", "bond")),
    Term("Record owner", "The person or company named as the owner in the county's land records.",
         ("record owner", "owner of record")),
    Term("Legal description", "The exact words in the deed that mark out a piece of land, such as lot "
         "and block numbers.", ("legal description",)),
    Term("Certificate of insurance", "A short paper from your insurer that shows what your policy covers "
         "and for how much.", ("certificate of insurance", "insurance certificate")),
    Term("Additional insured", "A person or body, such as the village, that is named on your policy "
         "and covered by it too.", ("additional insured", "village insured", "insuring the village")),
    Term("Escrow", "Money you hand over to be kept for one use only, such as paying for extra city "
         "help.", ("escrow",)),
)


def _pattern(words: tuple[str, ...]) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)


_PATTERNS = {term.term: _pattern(term.words) for term in GLOSSARY}


def terms_in(texts: Iterable[str]) -> list[Term]:
    """The glossary entries whose words appear in `texts`, in glossary order."""
    body = "\n".join(t for t in texts if t)
    return [term for term in GLOSSARY if _PATTERNS[term.term].search(body)]


def assessment_texts(assessment: dict) -> list[str]:
    """Every sentence the result page shows from the assessment."""
    texts = [r["text"] for r in assessment.get("reasons") or []]
    for key in ("checklist", "warnings", "still_applies", "after_you_apply", "revocation", "penalties"):
        texts += [item["text"] for item in assessment.get(key) or []]
    texts += [(entry or {}).get("text", "") for entry in (assessment.get("fees") or {}).values()]
    texts += [entry.get("text", "") for entry in assessment.get("other_fees") or []]
    texts += [policy["coverage"] for policy in assessment.get("insurance") or []]
    return texts
