"""Dates the text sets (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md): an application kept
before the office stored the ordinance's own last day (its `file_by` then held the day we advised) is
flagged late only after the text's own day."""
from __future__ import annotations

from wizard.office.applications import filed_late


def kept(place: str, file_by: str, received_at: str, starts_at: str) -> dict:
    return {"jurisdiction": place, "file_by": file_by, "received_at": received_at, "starts_at": starts_at}


def test_wisconsin_is_never_late_whatever_an_older_record_kept(book):
    j = book.jurisdictions["wi-village-ch64"]
    # Ch. 64 sets no filing deadline: the 21 days (June 18) kept by an older record were advice.
    assert not filed_late(kept(j.id, "2027-06-18", "2027-07-01T15:00:00Z", "2027-07-09T12:00"), j.zone, j)


def test_baroda_is_late_only_after_license_a_60th_day(book):
    j = book.jurisdictions["baroda-mi"]
    # License (a): "at least 60 days prior" (May 10 for July 9); March 26 (105 days) was advice.
    assert not filed_late(kept(j.id, "2027-03-26", "2027-04-20T15:00:00Z", "2027-07-09T12:00"), j.zone, j)
    assert filed_late(kept(j.id, "2027-03-26", "2027-05-11T15:00:00Z", "2027-07-09T12:00"), j.zone, j)
