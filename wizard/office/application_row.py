"""An application as the office's records give it (`OfficeRecords.application`), typed: the row
travels from SQL through the office's views into its pages, the organizer's status page and the
mails, and each of them reads it by these names."""
from __future__ import annotations

from typing import TypedDict


class ApplicationRow(TypedDict):
    """One row of `applications`, the columns `APPLICATION_COLUMNS` reads (dates as ISO text)."""

    reference: str
    interview_id: str
    jurisdiction: str  # the place's `id:`: its rule file may no longer be loaded (RuleBook.require)
    status: str  # a key of office.applications.STATUSES
    version: int  # the version last sent; application_versions keeps every one
    received_at: str
    updated_at: str
    closed_at: str | None
    event_name: str | None
    starts_at: str | None
    ends_at: str | None
    applicant_email: str | None
    file_by: str | None  # the day the ordinance asks it to be filed by, where it sets one
    language: str | None  # the organizer's language, None for an application sent before it was kept
