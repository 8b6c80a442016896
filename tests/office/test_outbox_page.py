"""The inbox stays the same size whatever mail is waiting: with mail not delivered it shows how many
emails wait and the oldest few, with a link to the outbox's pages, which list every one; with no mail
server configured it says once that mail is off instead of counting attempts (3,999 items, 234 KB at
2,000 applications when it listed them all)."""
from __future__ import annotations

from wizard.web.edge.state import office_records
from wizard.web.office import inbox as inbox_pages

from tests.support.html import links, texts
from tests.support.office import clerk, keep, sign_in
from tests.support.office_mail import mail_app
from tests.support.served import free_port


def waiting(app, references: list[str], failed: bool) -> None:
    """Two mails about each application, each tried once and refused when `failed`."""
    with app.app_context():
        records = office_records()
        for reference in references:
            for subject in (f"Application received: {reference}", f"New application {reference}"):
                records.mail.queue_mail(reference, "o@example.org", subject, "text", "<p>text</p>")
        if failed:
            for mail in (m for m in records.mail.unsent_mail(["baroda-mi"]) if m["attempts"] == 0):
                records.mail.mail_failed(mail["id"], "ConnectionRefusedError", "2999-01-01T00:00:00+00:00")


def test_the_inbox_counts_the_waiting_mail_and_names_the_oldest_few(tmp_path, book, monkeypatch):
    app = mail_app(tmp_path, book, free_port())
    clerk(app)
    client = app.test_client()
    sign_in(client)
    waiting(app, keep(app, 3), failed=True)
    small = client.get("/office").get_data(as_text=True)
    waiting(app, keep(app, 60, start=3), failed=True)
    page = client.get("/office").get_data(as_text=True)
    assert "126 emails not sent yet" in " ".join(texts(page, ".notice--danger"))
    oldest = texts(page, ".unsent-mail li")
    assert oldest == [f"{s}: 1 attempt, last error ConnectionRefusedError" for s in (
        "Application received: BAR-2027-00000", "New application BAR-2027-00000", "Application received: BAR-2027-00001",
        "New application BAR-2027-00001", "Application received: BAR-2027-00002")]
    told = " ".join(texts(page, ".notice--danger"))  # the same notice as with 6 waiting, but for the count
    assert "/office/outbox" in links(page) and told == " ".join(texts(small, ".notice--danger")).replace("6 ", "126 ", 1)
    listed = []
    address = "/office/outbox"
    while address:
        shown = client.get(address).get_data(as_text=True)
        listed += texts(shown, "table.outbox tbody tr")
        address = next((a for a in links(shown, "a[rel=next]")), "")
    assert len(listed) == 126 and len(set(listed)) == 126  # every one once, across three pages
    assert listed[0] == "Application received: BAR-2027-00000 BAR-2027-00000 1 ConnectionRefusedError"
    last = client.get("/office/outbox?page=3").get_data(as_text=True)
    assert "Page 3 of 3" in " ".join(texts(last, "nav.pagination")) and len(texts(last, "table.outbox tbody tr")) == 26
    assert client.get("/office/outbox?page=99").status_code == 200  # past the end: the last page
    monkeypatch.setattr(inbox_pages, "COUNTED_UP_TO", 100)  # counted so far and no further, on every visit
    assert "100 or more emails not sent yet" in " ".join(texts(client.get("/office").get_data(as_text=True),
                                                               ".notice--danger"))


def test_with_mail_off_the_inbox_says_so_once_instead_of_counting_attempts(app):
    clerk(app)
    client = app.test_client()
    sign_in(client)
    waiting(app, keep(app, 20), failed=False)
    page = client.get("/office").get_data(as_text=True)
    assert len(texts(page, ".notice--warning")) == 1 and "Mail is off" in texts(page, ".notice--warning")[0]
    assert "40 emails in the outbox" in texts(page, ".notice--warning")[0]
    assert "attempt" not in page and texts(page, ".unsent-mail") == []
    outbox = client.get("/office/outbox").get_data(as_text=True)
    assert "Mail is off" in outbox and "attempt" not in outbox.lower()
    assert len(texts(outbox, "table.outbox tbody tr")) == 40
