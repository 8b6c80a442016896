"""Kiosk apps and screens: enrolled and public screens, a kiosk result and its hand-off."""
from __future__ import annotations

import re

from click.testing import CliRunner

from wizard.cli import main
from wizard.web.app import create_app
from wizard.web.edge.state import store
from wizard.web.kiosk.screens import SCREEN_COOKIE

from tests.support.html import attributes, parse, refresh, texts
from tests.support.packet import festival

SECRET_NAME = "Quentin Marlowe-Ashbury"


TEXT_TYPES = {"text", "email", "tel", "url", "search", "number", None}


def text_boxes(page) -> list:
    """Every text box of a page (an input of a text type, a textarea), with its attributes."""
    return [box for box in parse(page).select("input, textarea")
            if box.name == "textarea" or box.get("type") in TEXT_TYPES]


def public_app(tmp_path, book, **config):
    """A server for the public that may have enrolled kiosk screens (no --kiosk)."""
    return create_app({"DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "p", "WTF_CSRF_ENABLED": False,
                       "RULEBOOK": book, "KIOSK_IDLE_SECONDS": 120, "PUBLIC_URL": "https://permits.example.org",
                       "SWEEPER": False, **config})


def enrol(app, client) -> None:
    """What a clerk does: `wizard kiosk-link`, then open the link on the screen and confirm."""
    result = CliRunner().invoke(main, ["kiosk-link", "--db", app.config["DATABASE"]])
    assert result.exit_code == 0, result.output
    path = re.search(r"/kiosk/enrol/\S+", result.output).group(0)
    assert "Make this screen a kiosk" in client.get(path).get_data(as_text=True)
    response = client.post(path)
    assert response.status_code == 303 and SCREEN_COOKIE in response.headers.get("Set-Cookie", "")


def started(client, jurisdiction="baroda-mi") -> str:
    return client.post("/start", data={"jurisdiction": jurisdiction}).headers["Location"].split("/")[2]


def kiosk_app(tmp_path, book, **config):
    return create_app({"DATABASE": str(tmp_path / "k.db"), "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False,
                       "RULEBOOK": book, "KIOSK": True, "KIOSK_IDLE_SECONDS": 120,
                       "PUBLIC_URL": "https://kiosk.example.org", **config})


def kiosk_result(app, client, book, jurisdiction="baroda-mi", **changes) -> str:
    """A finished interview started on the kiosk by `client`'s session; its id."""
    with app.app_context():
        steps = [s["step"] for s in book.jurisdictions[jurisdiction].steps]
        interview = store().create(festival(jurisdiction, book, **changes), steps)
        store().mark_kiosk([interview.id])
    with client.session_transaction() as session:
        session["kiosk_interviews"] = session.get("kiosk_interviews", []) + [interview.id]
    return interview.id


def handoff_link(client, ident) -> str:
    page = client.get(client.post(f"/i/{ident}/handoff").headers["Location"]).get_data(as_text=True)
    assert refresh(page) is not None  # without JavaScript the page reloads to see the hand-off done
    assert attributes(page, "img.qr__image", "src")[0].startswith("data:image/svg+xml")
    (link,) = texts(page, ".link-text")
    assert link.startswith("https://kiosk.example.org/handoff/")
    return link.removeprefix("https://kiosk.example.org")
