"""Jinja filters and globals: money, numbers and dates as people read them (wizard/readable.py) and answer kinds."""
from __future__ import annotations

from ..readable import long_date, money, number, when
from ..kinds import KINDS


def init_app(app) -> None:
    app.add_template_filter(money)
    app.add_template_filter(number)
    app.add_template_filter(long_date)
    app.add_template_filter(when)
    app.add_template_global(KINDS.__getitem__, "answer_kind")
