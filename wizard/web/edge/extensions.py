"""Flask extensions, created once and bound to each app in `create_app`."""
from __future__ import annotations

from flask_htmx import HTMX
from flask_wtf import CSRFProtect

csrf = CSRFProtect()
htmx = HTMX()
