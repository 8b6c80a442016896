"""A plan to the day: the dated steps from today to after the event, from the ordinance's
dates and the organizer's own, and nothing invented where the text gives no date."""
from __future__ import annotations

from datetime import date

from wizard.engine.assess import assess_jurisdiction
from wizard.interview.timeline import build_timeline

from tests.support.packet import festival, packet_document, packet_text

TODAY = date(2026, 11, 29)


def plan(book, jurisdiction: str, today: date = TODAY, **changes):
    answers = festival(jurisdiction, book, **changes)
    j = book.jurisdictions[jurisdiction]
    return build_timeline(assess_jurisdiction(j, answers), answers, j.license_word, today)


def steps(timeline) -> list[tuple[date | None, str]]:
    return [(m.day, m.key) for m in timeline.milestones]


def test_whitesboro_plan_runs_from_filing_to_the_deposit_coming_back(book):
    # Filing 30 days before (Permit B), a 20-day decision (Permit B), cleanup within 5 days after the
    # event (Permit F) and the deposit back within 10 days of its end (Permit E).
    assert steps(plan(book, "whitesboro-ny")) == [
        (date(2027, 6, 9), "file-by"), (date(2027, 6, 29), "decision"), (date(2027, 6, 29), "before-license"),
        (date(2027, 7, 9), "event"), (date(2027, 7, 11), "event-end"), (date(2027, 7, 16), "due-cleanup-5-days"),
        (date(2027, 7, 21), "due-after_you_apply2")]


def test_what_must_be_ready_names_the_money_the_ordinance_wants(book):
    ready = next(m for m in plan(book, "baroda-mi").milestones if m.key == "before-license")
    assert ready.day == date(2027, 5, 10)  # the day the license must be in hand (60 days before)
    assert "the $100,000 bond and proof of your insurance" in ready.detail


def test_dekalb_gives_no_date_for_what_must_be_ready_so_none_is_invented(book):
    timeline = plan(book, "dekalb-il")
    ready = next(m for m in timeline.milestones if m.key == "before-license")
    assert ready.day is None and "The ordinance sets no date" in ready.detail
    assert "decision" not in [m.key for m in timeline.milestones]  # the chapter sets no decision period
    keys = [m.key for m in timeline.milestones]
    assert keys.index("before-license") == keys.index("event") - 1


def test_steps_before_today_are_marked_passed(book):
    timeline = plan(book, "whitesboro-ny", today=date(2027, 6, 20))
    passed = [m.key for m in timeline.milestones if timeline.passed(m)]
    assert passed == ["file-by"]


def test_no_dates_no_plan(book):
    answers = {k: v for k, v in festival("baroda-mi", book).items() if k not in ("starts_at", "ends_at")}
    j = book.jurisdictions["baroda-mi"]
    timeline = build_timeline(assess_jurisdiction(j, answers), answers, "license", TODAY)
    assert timeline.dated == []


def test_the_packet_has_the_plan(book):
    text = packet_text(packet_document(festival("whitesboro-ny", book), book, today=TODAY))
    assert "Your plan, day by day" in text
    assert "Friday, July 16, 2027 Remove all trash" in text
    assert "Wednesday, July 21, 2027 The $500 deposit is returned" in text
