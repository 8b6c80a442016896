"""Downloads for a saved interview: the PDF packet, the answers as JSON, and a calendar file."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("packet", __name__)
