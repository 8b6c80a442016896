"""Jinja filters that show answers and figures the way an organizer reads them."""
from __future__ import annotations

from datetime import date, datetime

from ..answers import DATETIME_FORMAT


def money(value) -> str:
    if value is None:
        return "Not set by the ordinance"
    return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"


def number(value) -> str:
    if value is None:
        return ""
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}".rstrip("0").rstrip(".")


def long_date(value) -> str:
    if not value:
        return ""
    day = value if isinstance(value, date) else date.fromisoformat(str(value)[:10])
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def when(value: str) -> str:
    moment = datetime.strptime(value, DATETIME_FORMAT)
    hour = moment.strftime("%I:%M %p").lstrip("0")
    return f"{long_date(moment.date())}, {hour}"


def show_answer(key: str, answers: dict, questions: dict) -> str:
    """One answer as words, for check-your-answers."""
    question = questions[key]
    kind = question["kind"]
    if kind == "flag_set":
        chosen = [label for flag, label in question["options"].items() if answers.get(flag)]
        return "; ".join(chosen) if chosen else "None of these"
    value = answers.get(key)
    if value is None:
        return "Not answered"
    if kind == "yes_no":
        return "Yes" if value else "No"
    if kind == "choice":
        return question["options"].get(value, value)
    if kind == "choices":
        return "; ".join(question["options"][v] for v in value) if value else "None of these"
    if kind == "share":
        return f"{round(value * 100)} percent"
    if kind == "datetime":
        return when(value)
    if kind == "count":
        return number(value)
    return str(value)


def init_app(app) -> None:
    app.add_template_filter(money)
    app.add_template_filter(number)
    app.add_template_filter(long_date)
    app.add_template_filter(when)
