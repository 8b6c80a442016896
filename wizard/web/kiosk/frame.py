"""The frame a page is drawn in: a kiosk screen's (the Finish button, "Are you still there?", the
idle clear, the no-JavaScript refresh) or the site's. The frame lives outside `#content`, and htmx
swaps only `#content`: a page whose frame differs from the one on screen must load whole.

Measured: a screen enrolled by a boosted "Make this screen a kiosk" kept the site's frame for every later swap, so
when the person walked away and the server deleted their answers, their name and address stayed on the screen, with
no Finish button and no idle clear (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md).

Every page says which frame it was drawn in (`<body data-frame=...>`), and its htmx requests carry
it (`hx-headers` on the body, inherited by every boosted link and form). A request from a page of
the other frame is answered with `HX-Redirect` to its own address (a navigation: htmx loads it
whole) or, once a form's work is done, `HX-Refresh` (the page on screen, reloaded whole).
"""
from __future__ import annotations

from flask import make_response, request

from ..edge.pages import is_htmx, pushed_url
from ..edge.security import add_vary
from .screens import on_screen

FRAME_HEADER = "X-Wizard-Frame"
FRAMES = ("kiosk", "site")


def frame() -> str:
    """The frame this request's pages are drawn in."""
    return "kiosk" if on_screen() else "site"


def frame_on_screen() -> str | None:
    """The frame of the page that sent this htmx request; None for a whole-page request, or a
    request that does not say (a page from before this header, a client that is not the site's)."""
    if not is_htmx():
        return None
    shown = request.headers.get(FRAME_HEADER)
    return shown if shown in FRAMES else None


def reload_whole(response=None):
    """Tell htmx to load the page whole instead of swapping: a link's or a GET form's address, or,
    after a POST has done its work, the page on screen again."""
    response = response if response is not None else make_response("", 200)
    response.set_data(b"")
    response.status_code = 200
    response.headers.pop("Location", None)
    response.headers.pop("HX-Push-Url", None)
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    if request.method == "GET":
        response.headers["HX-Redirect"] = pushed_url()
    else:
        response.headers["HX-Refresh"] = "true"
    return response


def before_other_frame():
    """A GET from a page of the other frame is answered before its view runs: nothing is drawn (or
    a flashed message used up) for a swap that must not happen."""
    shown = frame_on_screen()
    if request.method == "GET" and request.endpoint != "static" and shown and shown != frame():
        return reload_whole()
    return None


def after_other_frame(response):
    """A POST from a page of the other frame did its work; what it drew goes on screen whole. Its
    redirect is left as it is: htmx follows it, and the GET it makes is answered above."""
    if is_htmx():
        add_vary(response, FRAME_HEADER)  # the same htmx request is a swap or a reload, by frame
    shown = frame_on_screen()
    left_alone = response.status_code == 204 or 300 <= response.status_code < 400
    if request.method != "GET" and shown and shown != frame() and not left_alone:
        return reload_whole(response)
    return response


def init_app(app) -> None:
    app.before_request(before_other_frame)
    app.after_request(after_other_frame)
