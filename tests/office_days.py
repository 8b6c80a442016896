"""Today as a place's office counts it, for tests that post or read an office date (a decision's day,
a month's counts): the app counts in the rule file's `time_zone:`, so the machine's `date.today()`
is the next day in UTC's early hours, when it is still the evening before in Chicago."""
from __future__ import annotations

from datetime import date
from functools import cache
from zoneinfo import ZoneInfo

import yaml

from wizard.office.office_time import office_today
from wizard.rules.rulebook import builtin_rules_dir


@cache
def zone_of(place: str) -> ZoneInfo:
    rules = yaml.safe_load((builtin_rules_dir() / f"{place}.yaml").read_text(encoding="utf-8"))
    return ZoneInfo(rules["time_zone"])


def office_day(place: str) -> date:
    """Today in `place`'s office, by the app's own office_today."""
    return office_today(zone_of(place))
