"""A packet is made once per version of the interview; fonts are read once but each packet
embeds exactly the characters it uses."""
from __future__ import annotations



from wizard.interview.flow import applicable_answers
from wizard.packet import cache
from wizard.packet.printing import WORKERS, packet_pdf
from wizard.web.edge.state import store

from tests.support.stories import PATHS
from tests.support.packet import festival
from tests.support.walks import walk
from tests.support.packet import text_of


def counting(monkeypatch) -> list:
    """Packets sent to a worker to be made (the worker process does not see a monkeypatch)."""
    made = []
    real = cache.start_render

    def start_render_counted(*args, **kwargs):
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(cache, "start_render", start_render_counted)
    return made


def test_a_second_download_of_the_same_answers_is_not_made_again(app, client, book, monkeypatch):
    made = counting(monkeypatch)
    answers = festival("baroda-mi", book, event_name="Cache Check Fair")
    with app.app_context():
        interview_id = store().create(answers).id
    first = client.get(f"/i/{interview_id}/packet.pdf")
    second = client.get(f"/i/{interview_id}/packet.pdf")
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and len(made) == 1
    assert "Cache Check Fair" in text_of(second.data)


def test_a_changed_answer_makes_a_new_packet(app, client, book, monkeypatch):
    made = counting(monkeypatch)
    answers = festival("dekalb-il", book, event_name="Before The Change")
    with app.app_context():
        interview = store().create(answers)
    client.get(f"/i/{interview.id}/packet.pdf")
    with app.app_context():
        interview.answers["event_name"] = "After The Change"
        store().save(interview)
    changed = text_of(client.get(f"/i/{interview.id}/packet.pdf").data)
    assert len(made) == 2
    assert "After The Change" in changed and "Before The Change" not in changed


def test_packets_made_one_after_another_each_show_their_own_names(book):
    # each packet's text read once (pypdf takes about as long to read a packet as WeasyPrint to print it)
    plain = text_of(packet_pdf(festival("whitesboro-ny", book, applicant_name="Ann Smith"), book))
    accented = text_of(packet_pdf(festival("whitesboro-ny", book, applicant_name="Zoë Łukasiewicz-Núñez 李小龍"), book))
    again = text_of(packet_pdf(festival("whitesboro-ny", book, applicant_name="Ann Smith"), book))
    assert "Ann Smith" in plain
    assert "Zoë Łukasiewicz-Núñez" in accented and "李" in accented
    assert again == plain


def test_the_packet_is_made_in_a_worker_as_soon_as_the_last_answer_is_saved(app, client, book, monkeypatch):
    app.config["PACKET_PREFETCH"] = True  # the default, which the tests' `app` turns off
    made = counting(monkeypatch)
    _, story, _, _ = PATHS["dekalb-festival"]
    story = {**story, "event_name": "Made Ahead Fair"}
    interview_id, _ = walk(client, book, "dekalb-il", story)
    assert len(made) == 1  # started by the last answer, before anyone asked for it
    with app.app_context():
        answers = applicable_answers(store().get(interview_id).answers, book)
    cache.packet_future(answers, book).result(timeout=60)
    download = client.get(f"/i/{interview_id}/packet.pdf")
    assert download.status_code == 200 and "Made Ahead Fair" in text_of(download.data)
    assert len(made) == 1  # the download found it made
    assert WORKERS <= 2


def test_a_kiosk_makes_no_packet_ahead(app, client, book, monkeypatch):
    made = counting(monkeypatch)
    app.config["KIOSK"] = True
    _, story, _, _ = PATHS["dekalb-festival"]
    walk(client, book, "dekalb-il", {**story, "event_name": "Kiosk Fair"})
    assert made == []
