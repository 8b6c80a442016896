"""The engine's own sentences (the result's words, the plan to the day, the glossary, the
task list's states, the date policy) are said in the language in force; English stays as it was;
and every sentence the engine writes has its Spanish in `engine.po`."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from icalendar import Calendar
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from wizard.engine.assess import assess_jurisdiction
from wizard.engine.event_dates import DateProblem
from wizard.engine.glossary import explained, terms_in
from wizard.engine.office_days import closed_because
from wizard.engine.wording import flip_notice, summarize
from wizard.interview.flow import where_step
from wizard.interview.road import said_section
from wizard.interview.timeline import build_timeline
from wizard.language import speaking
from wizard.rules.office_cards import OfficeCard

from tests.support.packet import festival
from tests.support.packet import calendar

TODAY = date(2026, 11, 29)
ROOT = Path(__file__).resolve().parents[2]
ENGINE_FOLDERS = ("wizard/engine", "wizard/interview", "wizard/rules", "wizard/office", "wizard/packet")


def result(book, jurisdiction: str):
    answers = festival(jurisdiction, book)
    j = book.jurisdictions[jurisdiction]
    assessment = assess_jurisdiction(j, answers)
    return (summarize(assessment, j.license_word, TODAY),
            build_timeline(assessment, answers, j.license_word, TODAY))


def test_the_result_headline_is_said_in_spanish_with_the_permits_word_and_its_article(book):
    with speaking("es"):
        permit, _plan = result(book, "whitesboro-ny")
        license, _plan = result(book, "baroda-mi")
    assert permit.headline == "Necesita un permiso"
    assert license.headline == "Necesita una licencia"
    assert permit.checklist[0].title == "Envíe con su solicitud"
    assert dict(permit.note_lists)["after_you_apply"] == "Después de presentar la solicitud"


def test_english_result_words_are_unchanged(book):
    summary, plan = result(book, "whitesboro-ny")
    assert summary.headline == "You need a permit"
    assert dict(summary.note_lists)["after_you_apply"] == "After you apply"
    filing = plan.milestones[0]
    assert (filing.title, filing.summary) == ("Last day to file your application",
                                              "File permit application with the Village Clerk")
    assert flip_notice("required", "not_required", "license") == \
        "With this change, you no longer need a license under this ordinance."


def test_the_plan_to_the_day_is_in_spanish(book):
    with speaking("es"):
        _summary, plan = result(book, "baroda-mi")
    by_key = {m.key: m for m in plan.milestones}
    # Baroda's 105 days are our advice (docs/decisions/0020-dates-the-text-sets-and-dates-we-advise.md), said as advice
    # (License (a)'s own day is the 60th).
    assert by_key["file-by"].title == "Nuestro consejo: presente su solicitud a más tardar este día"
    assert by_key["file-by"].detail.startswith("Preséntela ante ")
    assert by_key["license-by"].title == "Debe tener la licencia en sus manos"
    ready = by_key["before-license"].detail
    assert "puntos de su lista, entre ellos la fianza de $100,000 y la prueba de su seguro." in ready


def test_a_flip_notice_and_the_deciding_section_in_spanish():
    with speaking("es"):
        assert flip_notice("not_required", "required", "license") == "Con este cambio, necesita una licencia."
        assert said_section("Do you need a permit?", "permit") == "¿Necesita un permiso?"
        assert said_section("About you", "permit") == "Sobre usted"
    assert said_section("About you", "permit") == "About you"


def test_the_glossary_finds_spanish_words_and_explains_them_in_spanish():
    with speaking("es"):
        found = terms_in(["Debe presentar una fianza de $5,000."])
        costs = explained(["Surety bond"])
    assert [t.term for t in found] == ["Fianza (surety bond)"]
    assert found[0].meaning.startswith("Una promesa de una compañía de fianzas")
    assert costs["Surety bond"].term == "Fianza (surety bond)"
    assert [t.term for t in terms_in(["Post a surety bond."])] == ["Surety bond"]


def test_the_office_closed_on_a_weekend_and_the_date_policy_in_spanish():
    saturday = date(2027, 7, 10)
    assert closed_because(saturday, None) == "a Saturday"
    with speaking("es"):
        assert closed_because(saturday, None) == "un sábado"
        message = DateProblem("starts_at", date(2020, 1, 1), "past").message(TODAY)
    assert message.startswith("Ese día ya pasó. Hoy es ")


def test_every_sentence_the_engine_writes_has_its_spanish():
    """The catalog is current: what `pybabel extract` finds in the engine's folders is what engine.po
    translates, and every entry has a Spanish text."""
    wanted = {message if isinstance(message, str) else message[0]
              for folder in ENGINE_FOLDERS
              for _file, _line, message, _comments, _context in extract_from_dir(ROOT / folder, keywords=DEFAULT_KEYWORDS)}
    with (ROOT / "wizard/translations/es/LC_MESSAGES/engine.po").open("rb") as handle:
        catalog = read_po(handle)
    have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    assert sorted(wanted - set(have)) == []
    untranslated = [key for key, m in have.items() if not (m.string if isinstance(m.string, str) else all(m.string))]
    assert untranslated == []


def test_the_organizers_calendar_file_and_the_office_cards_labels_in_spanish(book):
    with speaking("es"):
        body = Calendar.from_ical(calendar(book, "baroda-mi"))
        labels = [label for label, _value in OfficeCard(office="Village Hall", phone="555-0100").rows()]
    summaries = [str(entry["summary"]) for entry in body.walk("VEVENT")]
    assert "Nuestro consejo: presente su solicitud a más tardar este día" in " ".join(str(e["description"]) for e in body.walk("VEVENT"))  # advice
    assert str(body["x-wr-calname"]) == "Fechas del trámite: Riverbend Music Festival"  # Baroda issues a licencia: no *permiso* here
    assert any(s.startswith("Nuestro consejo: presentar la solicitud de licencia ante ") for s in summaries)  # advice
    assert labels == ["Oficina", "Teléfono"]
    assert [label for label, _value in OfficeCard(office="Village Hall").rows()] == ["Office"]


def test_the_first_step_asks_where_in_the_language_in_force():
    with speaking("es"):
        assert where_step()["title"] == "¿Dónde es su evento?"
    assert where_step()["title"] == "Where is your event?" and where_step()["step"] == "where"
