"""The days an office keeps (docs/decisions/0004-office-days.md): "5 business days" counts weekdays that are not public
holidays, from the `holidays` library's US federal calendar with the rule file's state (`state: IL`);
a last day to file that falls on a weekend or holiday is a day the office is likely closed."""
from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

import holidays
from babel.dates import format_date

from ..language import gettext as _, locale


@lru_cache(maxsize=64)
def office_holidays(state: str | None) -> holidays.HolidayBase:
    """The US federal holidays, with the state's own where the rule file names its state. The
    calendar fills in each year as it is asked about."""
    if state and state in holidays.country_holidays("US").subdivisions:
        return holidays.country_holidays("US", subdiv=state)
    return holidays.country_holidays("US")


def closed_because(day: date, state: str | None) -> str | None:
    """Why the office is likely closed that day ("a Saturday", "Independence Day (observed)"), else None."""
    if day.weekday() >= 5:
        return _("a %(weekday)s", weekday=format_date(day, "EEEE", locale=locale()))
    return office_holidays(state).get(day)


def working_day_before(day: date, state: str | None) -> date:
    """The last day before `day` the office is likely open."""
    day -= timedelta(days=1)
    while closed_because(day, state):
        day -= timedelta(days=1)
    return day


def business_days_before(day: date, count: int, state: str | None) -> date:
    """`count` business days before `day`: weekdays that are not a federal or state holiday."""
    for _ in range(count):
        day = working_day_before(day, state)
    return day
