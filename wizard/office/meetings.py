"""Who decides, as the text names it (docs/decisions/0023-the-body-that-decides.md).

Where the rule file's `decision.decided_by` is a body that `meets` (Whitesboro's Board of Trustees, Ch. 40,
Permit A and B), the clerk does not decide: the clerk records the Board's meeting (its date, the agenda item, the
motion or resolution number and the vote), and the decision's date is the meeting's. The permit then says it was
issued by that body on that day under that resolution. Where the clerk decides alone (no body that meets), nothing
here applies.
"""
from __future__ import annotations

from datetime import date

from ..rules.rulebook import Jurisdiction
from .records import OfficeRecords, now_text
from .review import Decided, ReviewError, decision_day

NAME_LIMIT = 100  # an agenda item or a resolution number is a short label
VOTE_LIMIT = 1000  # no village board has this many members: a typing slip
VOTES = (("ayes", "in favor"), ("nays", "against"), ("abstained", "abstaining"))
MEETING_FIELDS = ("agenda_item", "motion", "ayes", "nays", "abstained")  # beside the decision's own (its date)
REVOCATION = "revocation_"  # the revocation form's meeting fields: MEETING_FIELDS with this prefix


def _count(form: dict, key: str, words: str) -> int:
    typed = (form.get(key) or "").strip()
    if not typed:
        return 0 if key == "abstained" else -1
    if not (typed.isascii() and typed.isdigit()) or int(typed) > VOTE_LIMIT:
        raise ReviewError(f"Enter the number of votes {words} as a whole number, like 4.")
    return int(typed)


def read_meeting(form: dict, j: Jurisdiction, about: Decided) -> dict:
    """The meeting the clerk typed beside the decision, checked: a day between receipt and today, an agenda
    item, a motion or resolution number and a vote in which the motion carried."""
    day = decision_day(form.get("decided_on", ""), about)
    return dict(met_on=day.isoformat(), **read_vote(form, j.decided_by["body"]))


def read_vote(form: dict, body: str, prefix: str = "") -> dict:
    """The agenda item, the motion or resolution and a vote that carried it; `prefix`: the form's field names'
    (the revocation's form sits on the same page as the decision's)."""
    agenda = " ".join((form.get(prefix + "agenda_item") or "").split())[:NAME_LIMIT]
    motion = " ".join((form.get(prefix + "motion") or "").split())[:NAME_LIMIT]
    if not agenda:
        raise ReviewError(f"Enter the agenda item under which {body} decided, like 7(b).")
    if not motion:
        raise ReviewError("Enter the motion or resolution number, like Resolution 2027-14.")
    votes = {key: _count({key: form.get(prefix + key)}, key, words) for key, words in VOTES}
    if votes["ayes"] < 0 or votes["nays"] < 0:
        raise ReviewError("Enter the votes in favor and against (0 where none).")
    if votes["ayes"] <= votes["nays"]:
        raise ReviewError(f"The vote recorded did not carry the motion ({votes['ayes']} in favor, {votes['nays']} "
                          f"against): record the decision {body} made.")
    return dict(body=body, agenda_item=agenda, motion=motion, **votes)


def read_revocation_meeting(form: dict, j: Jurisdiction) -> dict | None:
    """Where the body the text gives revocation to meets (Whitesboro's Board, Permit G; Wisconsin's Village Board),
    a revocation is recorded with its meeting (dated the revocation's day); None for any other change."""
    revoking = j.revoked_by or {}
    if form.get("action") != "revoked" or not revoking.get("meets"):
        return None
    return read_vote(form, revoking["body"], REVOCATION)


def vote_words(meeting: dict) -> str:
    return ", ".join(f"{meeting[key]} {words}" for key, words in VOTES)


def meeting_words(meeting: dict) -> str:
    """One line for the history and the pages."""
    return (f"{meeting['body'][:1].upper()}{meeting['body'][1:]}, meeting of {meeting['met_on']}, agenda item "
            f"{meeting['agenda_item']}, {meeting['motion']}; vote: {vote_words(meeting)}")


def record_meeting(records: OfficeRecords, reference: str, j: Jurisdiction, meeting: dict, decision: str,
                   who: str) -> dict:
    """`decision`: approved or denied (the decision's meeting), or revoked (the revocation's)."""
    about, citation = ("revocation", j.revoked_by["citation"]) if decision == "revoked" else \
        ("decision", j.decided_by["citation"])
    row = dict(reference=reference, about=about, decision=decision, recorded_by=who, recorded_at=now_text(),
               **meeting)
    records.review.add_meeting(row)
    records.applications.add_history(reference, who, "Meeting recorded", f"{meeting_words(meeting)} ({citation})")
    return row


def revocation_meetings(records: OfficeRecords, reference: str) -> list[str]:
    return [meeting_words(m) for m in records.review.meetings(reference) if m["about"] == "revocation"]


def deciding_meeting(records: OfficeRecords, reference: str, decision: dict | None) -> dict | None:
    """The meeting the decision in force was made at: the last one recorded on that day with that decision."""
    if not decision:
        return None
    found = [m for m in records.review.meetings(reference)
             if m["met_on"] == decision["decided_on"] and m["decision"] == decision["decision"]]
    return found[-1] if found else None


def meeting_day(meeting: dict) -> date:
    return date.fromisoformat(meeting["met_on"])
