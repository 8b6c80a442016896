"""The organizer's words for what the permit waits for before it issues (docs/decisions/0022-approval-and-issuance.md),
in the language in force: the status page's and the mails'. Apart from prerequisites.py, which reads the
records and the money, so that the decision's mail (review.py) can say them too."""
from __future__ import annotations

from ..engine.permit_word import say
from ..language import N_, gettext as _
from ..rules.rulebook import Jurisdiction

# What the organizer reads beside each kind of record (their status page and the decision's mail).
ORGANIZER_HOW = {"fee": N_("Pay it to the office; the office records the payment."),
                 "deposit": N_("Pay it to the office; the office records the payment."),
                 "bond": N_("File it with the office; the office records it."),
                 "escrow": N_("Post it with the office; the office records it."),
                 "insurance": N_("Send the office the certificate of insurance; the office records it."),
                 "inspection": N_("The office records the inspection's result."),
                 "conditions": N_("Meet each condition listed; the office records each as met."),
                 "confirmation": N_("The office records it once it has it.")}
# An inspection scheduled where the rule file lists none to pass still holds the permit until it passes.
INSPECTION_HELD = N_("The inspection scheduled, passed")


def said(j: Jurisdiction, items) -> list[str]:
    """Each item (an id and a citation) as the organizer reads it, in the language in force (a mail's, not
    the clerk's page's): its text, its section."""
    texts = {p["id"]: p["text"] for p in j.before_issuance or []}
    return [f"{texts.get(p.id) or _(INSPECTION_HELD)} ({p.citation})" for p in items]


def waiting_words(j: Jurisdiction) -> dict[str, str]:
    """The organizer's words around the list of what the permit waits for, in the language in force."""
    word = j.license_word
    return {"heading": say(N_("Approved, {word} not yet issued: waiting for:"), word),
            "after": say(N_("The office emails you the {word} once the last of these is recorded."), word)}
