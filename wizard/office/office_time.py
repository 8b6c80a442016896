"""The office's own days and hours (docs/decisions/0004-office-days.md): stamps are stored in UTC, and every office
date and time is shown and counted in the jurisdiction's time zone (`time_zone:` in its rule file).

Counted in UTC, an application filed at 7:30 pm in Whitesboro was the next day's, so its decision
deadline came a day later than the ordinance allows and an evening filing on the last day looked late."""
from __future__ import annotations

from datetime import date, datetime, timezone, tzinfo


def local_moment(stamp: str, zone: tzinfo) -> datetime:
    """A stored ISO stamp (UTC, or naive meaning UTC) in the office's zone."""
    moment = datetime.fromisoformat(stamp)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(zone)


def local_day(stamp: str, zone: tzinfo) -> date:
    """The office's calendar day of a stored stamp."""
    return local_moment(stamp, zone).date()


def office_today(zone: tzinfo, now: datetime | None = None) -> date:
    """Today where the office is (the server may be in another zone, or in UTC)."""
    return (now or datetime.now(timezone.utc)).astimezone(zone).date()


def moment_text(stamp: str, zone: tzinfo) -> str:
    """A history line's time as the office reads it: `2027-03-01 19:30 EST`."""
    moment = local_moment(stamp, zone)
    return f"{moment:%Y-%m-%d %H:%M} {moment.tzname()}"


def zone_name(zone: tzinfo) -> str:
    """The zone a column of office times is in, as a heading says it: `America/Detroit`, or `UTC` for a place
    whose rules are no longer loaded (its times are shown in UTC then)."""
    return getattr(zone, "key", None) or "UTC"
