"""The kiosk in a real browser: the "Are you still there?" warning then the clear, use that keeps
the screen, the hand-off to a phone, the print view, touch targets, and axe on every new state."""
from __future__ import annotations


from tests.support.stories import PATHS
from tests.browser.story import run_story, wait_for_new_content
from tests.browser.phone import audit
from tests.browser.kiosk_pages import kiosk_server, start


def test_a_warning_then_the_clear_then_back_shows_the_screen_was_cleared(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=8)  # the warning shows 4 seconds before the clear
    page = phone_pages()
    interview_url = start(page, base)
    warning = page.get_by_role("dialog", name="Are you still there?")
    warning.wait_for(state="visible", timeout=10_000)
    assert "This screen will be cleared in" in warning.inner_text()
    assert page.get_by_role("button", name="Keep going").is_visible()
    audit(page, "kiosk warning")
    page.wait_for_selector("text=The screen was cleared because no one had used it", timeout=15_000)
    page.go_back()
    page.wait_for_selector("h1")
    assert page.locator("h1").inner_text() == "This screen was cleared"
    audit(page, "cleared screen")
    page.goto(interview_url)
    assert page.locator("h1").inner_text() == "This screen was cleared"


def test_keep_going_and_pointer_movement_count_as_use(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=8)
    page = phone_pages()
    interview_url = start(page, base)
    warning = page.locator("#kiosk-warning")
    warning.wait_for(state="visible", timeout=10_000)
    page.get_by_role("button", name="Keep going").click()
    warning.wait_for(state="hidden")
    warning.wait_for(state="visible", timeout=10_000)  # idle again: warned again
    page.mouse.move(30, 30)
    page.mouse.move(60, 80)
    warning.wait_for(state="hidden")
    assert page.url == interview_url
    assert page.locator("form.step-form").is_visible()


def test_continue_on_your_phone_moves_the_interview_and_clears_the_kiosk(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=300)
    kiosk = phone_pages()
    jurisdiction, story, _, _ = PATHS["whitesboro-one-day-fair"]
    run_story(kiosk, base, jurisdiction, story)
    result_url = kiosk.url
    main = kiosk.locator("main")
    assert main.get_by_role("link", name="Download the packet (PDF)").count() == 0  # nothing saved here
    assert main.get_by_role("link", name="Save your answers as a file").count() == 0
    audit(kiosk, "kiosk result page")
    kiosk.get_by_role("button", name="Continue on your phone").click()
    kiosk.wait_for_selector("img.qr__image")
    audit(kiosk, "hand-off page")
    link = kiosk.locator(".link-text").inner_text()
    assert link.startswith(f"{base}/handoff/")

    phone = phone_pages()
    phone.goto(link)
    phone.wait_for_selector(".panel h1")
    assert phone.url.endswith("/result") and phone.url != result_url  # a new private id
    assert phone.get_by_role("link", name="Download the packet (PDF)").is_visible()
    assert phone.get_by_role("button", name="Finish and clear the screen").count() == 0

    kiosk.wait_for_selector("text=This screen was cleared", timeout=10_000)  # it reloads itself
    kiosk.go_back()
    kiosk.wait_for_selector("h1")
    assert kiosk.locator("h1").inner_text() == "This screen was cleared"
    kiosk.goto(result_url)
    assert kiosk.locator("h1").inner_text() == "This screen was cleared"
    kiosk.goto(phone.url)  # the phone's new address does not open on the kiosk either
    assert kiosk.locator("h1").inner_text() == "This screen was cleared"
    again = phone_pages()
    again.goto(link)  # the link worked once
    assert again.locator("h1").inner_text() == "This link no longer works"
    audit(again, "used hand-off link")


def test_the_kiosk_print_view_and_touch_targets(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=300)
    page = phone_pages()
    jurisdiction, story, _, _ = PATHS["baroda-festival"]
    run_story(page, base, jurisdiction, story)
    assert_touch_targets(page, "kiosk result page")
    wait_for_new_content(page, lambda: page.get_by_role("link", name="Print your packet and checklist").click())
    assert page.get_by_role("heading", name="Checklist").is_visible()
    assert page.get_by_role("heading", name="Facilities worksheet", exact=False).is_visible()
    audit(page, "kiosk print view")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    page.emulate_media(media="screen")
    start(page, base)
    assert_touch_targets(page, "kiosk step page")


def assert_touch_targets(page, what: str) -> None:
    small = page.evaluate("""() => [...document.querySelectorAll(
        'a, button, input:not([type=hidden]), select, textarea, label.choice__label')]
        .filter(e => e.offsetParent !== null && !e.closest('.skip-link, dialog:not([open])'))
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
        .filter(([_, h]) => h < 44)""")
    assert small == [], f"{what}: controls under 44 px tall: {small}"


def test_the_limit_page_and_an_unknown_hand_off_link_pass_axe(phone_pages, serve_app, tmp_path, book):
    base = kiosk_server(serve_app, tmp_path, book, idle=300, NEW_INTERVIEWS_PER_HOUR=1)
    page = phone_pages()
    start(page, base)
    page.goto(f"{base}/for/baroda-mi")
    wait_for_new_content(page, lambda: page.get_by_role("button", name="Start now").click())
    assert page.locator("h1").inner_text() == "Too many new interviews"
    audit(page, "429 page")
    phone = phone_pages()  # a hand-off link is for a phone: the screen itself refuses it
    phone.goto(f"{base}/handoff/not-a-real-link")
    assert phone.locator("h1").inner_text() == "This link no longer works"
    audit(phone, "unknown hand-off link")
