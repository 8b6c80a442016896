"""A kiosk (docs/decisions/0010-the-kiosk-keeps-nothing-of-a-person.md) in a real browser: a screen the
clerk enrols with `wizard kiosk-link` is a kiosk at once, with no reload (the Finish button, "Are you
still there?", the idle clear that takes the person's name off the screen); a page opened before the
enrolment loads the kiosk's frame at its next step; Finish empties the clipboard and nothing outside a
field is copied; the hand-off code leaves the screen after its time, JavaScript on and off; axe on every
new state."""
from __future__ import annotations

import re

from click.testing import CliRunner

from wizard.cli import main as wizard_command
from wizard.web.app import create_app
from wizard.web.kiosk import screens

from tests.browser.audit import audit, violations
from tests.support.stories import PATHS
from tests.browser.story import answer_to_result, wait_for_new_content
from tests.browser.kiosk_pages import kiosk_server, start

JURISDICTION, STORY, _, _ = PATHS["baroda-festival"]
NAME = STORY["applicant_name"]
BARODA = re.compile("Baroda")
CLIPBOARD = ["clipboard-read", "clipboard-write"]


def new_screen(phone_pages, javascript: bool = True, **options):
    """A page in a browser of its own; `audit` reads whether its JavaScript is on from the context."""
    page = phone_pages(java_script_enabled=javascript, **options)
    page.context.javascript_enabled = javascript
    return page


def audit_screen(page, what: str) -> None:
    """axe, JavaScript on or off. Without JavaScript a kiosk page's only idle timer is its meta
    refresh to "Are you still there?" (base.html), and the hand-off page's look for the phone is one
    too: axe's meta-refresh rule finds those on every such page, so that rule alone is let pass
    there. They are the timed security clear WCAG 2.2.1 allows: warned in advance, with "Keep going"."""
    if page.context.javascript_enabled:
        return audit(page, what)
    count, report = violations(page)
    assert count == 0 or (count == 1 and "meta-refresh - " in report), f"{what}: {report}"


def public_server(serve_app, tmp_path, book, idle: int):
    """A server for the public (no --kiosk), on which the clerk enrols one screen."""
    app = create_app({"DATABASE": str(tmp_path / "e.db"), "SECRET_KEY": "e", "RULEBOOK": book,
                      "KIOSK_IDLE_SECONDS": idle})
    base = serve_app(app)
    app.config["PUBLIC_URL"] = base
    return app, base


def enrolment_link(app, base: str) -> str:
    """What the clerk runs on the server: `wizard kiosk-link`."""
    result = CliRunner().invoke(wizard_command, ["kiosk-link", "--db", app.config["DATABASE"], "--public-url", base])
    assert result.exit_code == 0, result.output
    return re.search(r"http://\S+/kiosk/enrol/\S+", result.output).group(0)


def enrol(screen, link: str) -> None:
    screen.goto(link)
    wait_for_new_content(screen, lambda: screen.get_by_role("button", name="Make this screen a kiosk").click())
    assert screen.get_by_text("This screen is now a kiosk").is_visible()


def test_an_enrolled_screen_is_a_kiosk_at_once_and_clears_the_name_when_left(phone_pages, serve_app, tmp_path, book):
    # Warned after 5 s, cleared after 10 s: the walk's typing and swaps are use, so the wait starts at "Check your answers".
    app, base = public_server(serve_app, tmp_path, book, idle=10)
    screen = new_screen(phone_pages)
    screen.goto(enrolment_link(app, base))
    audit(screen, "kiosk enrolment page")
    wait_for_new_content(screen, lambda: screen.get_by_role("button", name="Make this screen a kiosk").click())
    finish = screen.get_by_role("button", name="Finish and clear the screen")
    assert finish.is_visible()
    audit(screen, "start page of a screen just enrolled")
    screen.evaluate("document.documentElement.setAttribute('data-since-enrolment', '')")  # gone at any reload
    screen.get_by_label(BARODA).check()
    wait_for_new_content(screen, lambda: screen.get_by_role("button", name="Start now").click())
    answer_to_result(screen, STORY)
    wait_for_new_content(screen, lambda: screen.get_by_role("link", name="Check or change your answers").click())
    assert NAME in screen.locator("main").inner_text()  # "Check your answers", then the person walks away
    assert finish.is_visible()
    screen.get_by_role("dialog", name="Are you still there?").wait_for(state="visible", timeout=20_000)
    assert screen.locator("html[data-since-enrolment]").count() == 1  # every page since was a swap
    screen.wait_for_selector("text=The screen was cleared because no one had used it", timeout=20_000)
    assert NAME not in screen.content()


def test_enrolling_without_javascript(phone_pages, serve_app, tmp_path, book):
    app, base = public_server(serve_app, tmp_path, book, idle=300)
    screen = new_screen(phone_pages, javascript=False)
    screen.goto(enrolment_link(app, base))
    audit_screen(screen, "kiosk enrolment page, JavaScript off")
    enrol(screen, enrolment_link(app, base))
    assert screen.get_by_role("button", name="Finish and clear the screen").is_visible()
    assert "/kiosk/still-there" in screen.locator("noscript").first.inner_html()  # the idle clear without JavaScript
    audit_screen(screen, "start page of a screen just enrolled, JavaScript off")


def test_a_page_opened_before_the_enrolment_takes_the_kiosk_frame_at_its_next_step(phone_pages, serve_app,
                                                                                   tmp_path, book):
    app, base = public_server(serve_app, tmp_path, book, idle=300)
    before = new_screen(phone_pages)
    before.goto(f"{base}/for/{JURISDICTION}")
    assert before.get_by_role("button", name="Finish and clear the screen").count() == 0
    enrol(before.context.new_page(), enrolment_link(app, base))  # the same browser, another tab
    wait_for_new_content(before, lambda: before.get_by_role("button", name="Start now").click())
    assert "/step/" in before.url
    assert before.get_by_role("button", name="Finish and clear the screen").is_visible()
    assert before.locator("body").get_attribute("data-frame") == "kiosk"


def test_finish_empties_the_clipboard_and_only_fields_copy(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=300)
    screen = new_screen(phone_pages, permissions=CLIPBOARD)
    step = start(screen, base)
    screen.goto(re.sub(r"/step/.*", "/step/applicant", step))  # a step with text fields
    screen.evaluate("navigator.clipboard.writeText('left here')")
    heading = screen.locator("h1")
    box = heading.bounding_box()
    screen.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)  # dragging across the heading
    screen.mouse.down()
    screen.mouse.move(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    screen.mouse.up()
    assert screen.evaluate("String(window.getSelection())") == ""
    heading.select_text()  # selected all the same (the keyboard can): copying it copies nothing
    screen.keyboard.press("Control+C")
    assert screen.evaluate("navigator.clipboard.readText()") == "left here"
    field = screen.locator("form.step-form input[type=text]").first
    field.fill(NAME)
    field.select_text()
    screen.keyboard.press("Control+C")  # a field copies, as a person typing expects
    assert screen.evaluate("navigator.clipboard.readText()") == NAME
    wait_for_new_content(screen, lambda: screen.get_by_role("button", name="Finish and clear the screen").click())
    assert screen.get_by_text("Your answers have been cleared from this screen").is_visible()
    assert screen.evaluate("navigator.clipboard.readText()") == ""


def test_a_hand_off_left_unused_clears_the_screen(phone_pages, serve_app, tmp_path, book, monkeypatch):
    monkeypatch.setattr(screens, "HANDOFF_SECONDS", 4)  # a minute in use; the server runs in this process
    base = kiosk_server(serve_app, tmp_path, book, idle=300)
    for javascript in (True, False):
        screen = new_screen(phone_pages, javascript)
        start(screen, base) if javascript else screen.goto(f"{base}/for/{JURISDICTION}")
        if not javascript:
            screen.get_by_role("button", name="Start now").click()
        answer_to_result(screen, STORY)
        screen.get_by_role("button", name="Continue on your phone").click()
        screen.wait_for_selector("img.qr__image")
        audit_screen(screen, f"hand-off code, JavaScript {'on' if javascript else 'off'}")
        # by the page's timer, or its next refresh: the server cleared the screen as Finish does
        screen.wait_for_selector("text=This screen was cleared", timeout=10_000)
        assert screen.locator("img.qr__image").count() == 0 and screen.locator(".link-text").count() == 0
        assert screen.get_by_role("button", name="Show the code again").count() == 0
        assert NAME not in screen.content()
        audit_screen(screen, f"hand-off left unused, JavaScript {'on' if javascript else 'off'}")
