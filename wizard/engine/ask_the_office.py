"""The question to send the office when the ordinance does not settle the answer (docs/decisions/0012-readings-never-invented.md).

An "uncertain" result comes with a ready-to-send message: to the office the ordinance names, the
exact question, the section it turns on, and the event's facts from the answers. The question is
the one the rule file's reason quotes ("Ask the Village Clerk: "Does Chapter 64 require...?"")
when it quotes one; otherwise a plain one built from the ordinance's name. Nothing is invented: the
office's email comes only from the office card (instance/offices.yaml). No Flask here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote

from ..kinds import show_answer
from .wording import office_short

# The answers that tell the office what the event is, in the order a letter gives them.
EVENT_FACTS = ("event_name", "event_purpose", "starts_at", "ends_at", "max_attendance", "total_attendance",
               "overnight_stay", "site_address", "property_owner", "setting", "organizer_type", "organization_name")
SIGNED_BY = ("applicant_name", "organization_name", "applicant_address", "applicant_phone", "applicant_email")
_QUOTED_QUESTION = re.compile(r'["“]([^"”]{10,400}\?)["”]')


@dataclass(frozen=True)
class OfficeQuestion:
    office: str  # "the Village Clerk"
    subject: str
    question: str
    what_we_were_told: list[tuple[str, str]]  # (the reason's text, its section)
    facts: list[tuple[str, str]]  # (label, answer)
    signed: list[str]
    email: str | None  # from the office card, when there is one
    ordinance: str = "ordinance"  # "Chapter 64", as the assessment names it

    def body(self) -> str:
        """The message as plain text, for the mailto: link and the printed letter alike: a letter to
        the office with what the organizer asks, the section it turns on and the event's facts. The
        result's own words are written to the organizer ("Ask the Village ... and ask for the answer
        in writing"), so they are not pasted in: the office reads the question alone."""
        lines = [f"Dear {self.office[4:] if self.office.startswith('the ') else self.office},", "",
                 f"I am planning an event and want to follow the {self.ordinance}. I would like to ask:", "",
                 self.question, ""]
        if self.sections:
            lines += [f"As I read it, the ordinance does not settle this for my event. "
                      f"The section{'s' if len(self.sections) > 1 else ''} it turns on: {'; '.join(self.sections)}.", ""]
        if self.facts:
            lines.append("About the event:")
            lines += [f"- {label}: {value}" for label, value in self.facts]
            lines.append("")
        lines += ["Please reply in writing, so I can keep your answer with my papers.", "", "Thank you,"]
        lines += self.signed or ["(your name and how to reach you)"]
        return "\n".join(lines)

    @property
    def sections(self) -> list[str]:
        """The sections of the reasons, each once, in order."""
        return list(dict.fromkeys(citation for _text, citation in self.what_we_were_told if citation))

    def mailto(self) -> str:
        return f"mailto:{quote(self.email or '')}?subject={quote(self.subject)}&body={quote(self.body())}"


def the_question(reasons: list[dict], ordinance: str, word: str) -> str:
    for reason in reasons:
        found = _QUOTED_QUESTION.search(reason.get("text", ""))
        if found:
            return found.group(1)
    return f"Does the {ordinance} require a {word} for our event, with the facts below? If it does, is there a form to use?"


def office_question(assessment: dict, answers: dict, questions: dict, word: str,
                    email: str | None = None) -> OfficeQuestion:
    """The message for an uncertain assessment, from its reasons and the answers that still apply."""
    facts = [(questions[key].get("form_label") or questions[key]["label"].rstrip("?"),
              show_answer(key, answers, questions)) for key in EVENT_FACTS if key in answers and key in questions]
    signed = [str(answers[key]) for key in SIGNED_BY if answers.get(key)]
    ordinance = assessment["ordinance"]
    return OfficeQuestion(
        office=office_short(assessment["file_with"]),
        subject=f"Does our event need a {word}? ({ordinance})",
        question=the_question(assessment["reasons"], ordinance, word),
        what_we_were_told=[(r["text"], r["citation"]) for r in assessment["reasons"]],
        facts=facts, signed=signed, email=email, ordinance=ordinance)
