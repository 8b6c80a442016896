"""The shared questions and the rule files (docs/decisions/0002-spanish-beside-the-law.md) read in the
organizer's language, every memo of their texts kept per language, `wizard check` naming each text that
lacks its Spanish, and the law kept in its own words on a Spanish page."""
from __future__ import annotations

import json
import pickle
import re
import shutil
import statistics
from pathlib import Path

import pytest
import textstat
import yaml
from click.testing import CliRunner
from flask import request

from wizard import language
from wizard.authoring.checks import run_checks, vocabulary_problems
from wizard.authoring.checks.texts import language_problems, organizer_texts
from wizard.authoring.loader import load_rulebook
from wizard.cli import main
from wizard.interview.road import plan_road
from wizard.engine.assess import assess
from wizard.rules.yamlfile import dotted
from wizard.rules.texts import ENGLISH_QUOTE, NOT_OFFICIAL, Quoting, in_language, is_text
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.engine import ESSENTIALS
from tests.support.html import parse, texts
from tests.support.language import question_texts
from tests.support.language import baroda_in_two_languages, ENGLISH_ONLY

RULES = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions"
QUESTIONS = RULES.parent / "questions.yaml"
SETTING_TITLE = "    title: Where will the crowd be?\n"
SPANISH_LABEL = "¿Quién es dueño del terreno donde será el evento?"


@pytest.fixture(scope="module")
def rules(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("rules")
    baroda_in_two_languages(folder)
    shutil.copy(ENGLISH_ONLY / "whitesboro-ny.yaml", folder)  # English only: no Spanish written
    return folder


@pytest.fixture(scope="module")
def two_language_book(rules):
    return load_rulebook([rules])


@pytest.fixture
def app(tmp_path, two_language_book):
    """The app, with each request in the language its test asks for (the X-Test-Language header)
    until the organizer's own choice of language is wired at the web edge."""
    app = create_app({"TESTING": True, "RULEBOOK": two_language_book, "DATABASE": str(tmp_path / "wizard.db"),
                      "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": False, "PACKET_PREFETCH": False})
    tokens = []

    @app.before_request
    def in_the_language_asked():
        tokens.append(language.set_for_request(request.headers.get("X-Test-Language", "en")))

    @app.teardown_request
    def back_to_english(_error):
        if tokens:
            language.reset(tokens.pop())

    yield app
    app.extensions["interview_store"].close()


def step_page(client, app, jurisdiction: str, step: str, lang: str, htmx: bool = False):
    with app.app_context():
        interview = store().create({"jurisdiction": jurisdiction})
    return client.get(f"/i/{interview.id}/step/{step}",
                      headers={"X-Test-Language": lang, **({"HX-Request": "true"} if htmx else {})})


# ---------------------------------------------------------------- the loader

def test_the_rule_book_reads_each_text_in_the_language_in_force(two_language_book):
    book = two_language_book
    j = book.get("baroda-mi")
    assert j.steps[0]["title"] == "Who owns the land?"
    assert book.questions_for("baroda-mi")["property_owner"]["label"] == "Who owns the land where the event will be held?"
    with language.speaking("es"):
        assert j.steps[0]["title"] == "¿Quién es dueño del terreno?"
        assert book.questions_for("baroda-mi")["property_owner"]["label"] == SPANISH_LABEL
        assert book.questions["setting"]["options"]["outdoors"] == "Al aire libre"
        assert j.steps[1]["title"] == "Where will the crowd be?"  # not written in Spanish: its English
    assert j.steps[0]["title"] == "Who owns the land?", "Spanish never leaks back into English"


def test_what_is_worked_out_from_a_rule_file_is_kept_per_language(two_language_book):
    j, book = two_language_book.get("baroda-mi"), two_language_book
    english = plan_road(j, book.questions_for(j.id))
    with language.speaking("es"):
        spanish = plan_road(j, book.questions_for(j.id))
    assert english.steps[0]["title"] == "Who owns the land?"
    assert spanish.steps[0]["title"] == "¿Quién es dueño del terreno?"
    assert plan_road(j, book.questions_for(j.id)) is english


def test_every_text_of_the_shared_questions_has_its_spanish():
    written = yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))
    found = list(organizer_texts(written))
    assert len(found) > 250
    missing = [where for where, text in found if not (is_text(text) and text.get("es"))]
    assert missing == []
    assert vocabulary_problems() == []
    # The English reads as it did: a two-language text's `en` is the English, unchanged.
    assert in_language(written, "en")["questions"]["event_name"]["label"] == "What is the name of your event?"


# ---------------------------------------------------------------- wizard check

def line_of(path: Path, text: str) -> int:
    content = path.read_text(encoding="utf-8")
    assert content.count(text) == 1, text
    return content[: content.index(text)].count("\n") + 1


def test_wizard_check_names_each_text_missing_its_spanish_with_file_and_line(tmp_path):
    path = baroda_in_two_languages(tmp_path / "rules")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    reported = result.stdout.splitlines()
    expected = f"{path}:{line_of(path, SETTING_TITLE)}: interview[1].title: this text has no Spanish"
    assert any(line.startswith(expected) for line in reported), "\n".join(reported[:5])
    assert not any(":interview[0].title:" in line or "interview[0].why:" in line for line in reported)
    assert not any(".citation:" in line or ".step:" in line or "].id:" in line for line in reported), \
        "ids and citations are never translated"


def test_a_file_declared_english_only_passes_and_one_declared_in_both_languages_does_not(tmp_path):
    english_only = baroda_in_two_languages(tmp_path / "a", extra="languages: [en]\n")
    assert run_checks([english_only]) == []
    both = tmp_path / "b" / "whitesboro-ny.yaml"
    both.parent.mkdir()
    both.write_text("languages: [en, es]\n" + (ENGLISH_ONLY / "whitesboro-ny.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    problems = run_checks([both])
    assert problems and all("has no Spanish" in p.message and p.line for p in problems)


def test_wizard_check_refuses_a_spanish_text_that_loses_the_ordinances_words(tmp_path):
    path = baroda_in_two_languages(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"mass gathering" «reunión masiva»', '"reunión masiva"')
    path.write_text(text, encoding="utf-8")
    problems = [p for p in run_checks([path]) if "mass gathering" in p.message]
    assert [(p.line, p.key) for p in problems] == [(line_of(path, "      es: 'La ley cubre"), "interview[0].why.es")]


# ---------------------------------------------------------------- pages

def test_a_spanish_step_page_reads_in_spanish_and_keeps_the_law_in_english(client, app):
    page = step_page(client, app, "baroda-mi", "land", "es")
    assert texts(page, "h1") == [SPANISH_LABEL]  # one question: its label is the page's heading
    assert texts(page, "title")[0].startswith("¿Quién es dueño del terreno?")
    quote = parse(page).select_one(".why q")
    assert quote is not None and quote["lang"] == "en" and quote.get_text() == "mass gathering"
    gloss = parse(page).select_one(".why .gloss")
    assert gloss["title"] == NOT_OFFICIAL and "«reunión masiva»" in gloss.get_text()
    assert NOT_OFFICIAL.lower() in gloss.get_text()
    english = step_page(client, app, "baroda-mi", "land", "en")
    assert texts(english, "title")[0].startswith("Who owns the land?") and parse(english).select_one(".why q") is None
    assert "mass gathering" in " ".join(texts(english, ".why p"))


def test_the_same_step_drawn_in_one_language_is_not_shown_in_the_other(client, app):
    for lang, label, option in [("en", "Who owns the land where the event will be held?", "A person, business"),
                                ("es", SPANISH_LABEL, "Una persona, empresa"),
                                ("en", "Who owns the land where the event will be held?", "A person, business")]:
        page = step_page(client, app, "baroda-mi", "land", lang).get_data(as_text=True)
        assert label in page and option in page, lang


def test_a_place_written_in_english_only_says_so_in_spanish(client, app):
    page = step_page(client, app, "whitesboro-ny", "dates", "es")
    (notice,) = parse(page).select("[role=note][lang=es]")
    assert "solo en inglés" in notice.get_text()
    swapped = step_page(client, app, "whitesboro-ny", "dates", "es", htmx=True)  # a boosted link's page
    assert parse(swapped).select("[role=note][lang=es]") and parse(swapped).select("h1")
    assert not parse(step_page(client, app, "whitesboro-ny", "dates", "en")).select("[role=note][lang=es]")
    assert not parse(step_page(client, app, "baroda-mi", "land", "es")).select("[role=note][lang=es]")


def test_a_quoting_text_is_a_plain_string_outside_a_page():
    text = in_language({"en": 'It needs "adequate toilet facilities".',
                        "es": 'Exige "adequate toilet facilities" «instalaciones sanitarias adecuadas».'}, "es")
    assert isinstance(text, Quoting) and text.quotes == ("adequate toilet facilities",)
    assert pickle.loads(pickle.dumps(text)).__html__() == text.__html__()
    assert json.loads(json.dumps({"t": text}))["t"] == str(text)
    assert '"' not in text.__html__().replace("&quot;", ""), "safe even inside an attribute"


def test_an_english_title_kept_in_brackets_is_marked_english_in_a_page(app):
    """A screen reader says "(Village Clerk)" in English: the title a Spanish text keeps after its own name for it."""
    text = in_language({"en": "Ask the Clerk first.", "es": "Pregunte antes a la Secretaría del Pueblo (Village Clerk)."}, "es")
    assert isinstance(text, Quoting) and text.names == ("Village Clerk",)
    assert "Pueblo <span lang=en>(Village Clerk)</span>." in text.__html__()
    assert str(text) == "Pregunte antes a la Secretaría del Pueblo (Village Clerk)."  # mails and JSON unchanged
    assert pickle.loads(pickle.dumps(text)).__html__() == text.__html__()
    assert not isinstance(in_language({"en": "Ask.", "es": "Pregunte (si lo sabe)."}, "es"), Quoting)
    with app.app_context():  # as a page's template draws it
        drawn = parse(app.jinja_env.from_string("<p>{{ why }}</p>").render(why=text))
    assert [name.get_text() for name in drawn.select("span[lang=en]")] == ["(Village Clerk)"]
    assert drawn.get_text() == str(text)
    # Every bracket of capitalised plain words in the built-in files' Spanish is an English title.
    def spanish_of(data) -> list[str]:
        if is_text(data):
            return [data.get("es") or ""]
        values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else []
        return [text for value in values for text in spanish_of(value)]
    found = {name for path in sorted(RULES.glob("*.yaml"))
             for text in spanish_of(yaml.safe_load(path.read_text(encoding="utf-8")))
             for name in re.findall(r"\(([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)\)", text)}
    assert found <= {"Administrator", "Board of Trustees", "City Manager", "Commercial Event", "Permit D", "Permit E",
                     "Village Board", "Village Building Official", "Village Clerk", "Village Council", "Village", "Female",
                     "Oneida County Health Department", "DeKalb Park District"}, found


# ---------------------------------------------------------------- the built-in files, as part D converts them

def spanish_stand_in(english: str) -> str:
    """A stand-in Spanish that follows the quotation convention: each "quotation" kept, then a gloss."""
    return "ES " + ENGLISH_QUOTE.sub(lambda found: f'"{found.group(1)}" «glosa»', english)


def converted(written, where=()):
    """A rule file with every organizer text `wizard check` asks Spanish for written as {en, es}."""
    texts = {path for path, _text in organizer_texts(written)}

    def convert(node, here):
        if here in texts and isinstance(node, str):
            return {"en": node, "es": spanish_stand_in(node)}
        if isinstance(node, dict):
            return {key: convert(value, here + (key,)) for key, value in node.items()}
        if isinstance(node, list):
            return [convert(value, here + (index,)) for index, value in enumerate(node)]
        return node
    return convert(written, where)


@pytest.fixture(scope="module")
def converted_rules(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("converted")
    for path in sorted(RULES.glob("*.yaml")):
        written = in_language(yaml.safe_load(path.read_text(encoding="utf-8")), "en")  # as first written
        (folder / path.name).write_text(yaml.safe_dump(converted(written), allow_unicode=True, sort_keys=False),
                                        encoding="utf-8")
    return folder


def test_the_built_in_files_written_in_both_languages_check_clean_and_read_in_each(converted_rules, book):
    assert run_checks([converted_rules]) == []
    both = load_rulebook([converted_rules])
    for jurisdiction_id, answers in ESSENTIALS.items():
        english = assess(answers, book)
        assert assess(answers, both) == english, "the English reads exactly as before"
        with language.speaking("es"):
            spanish = assess(answers, both)
        assert spanish["outcome"] == english["outcome"]
        assert spanish["checklist"] and all(item["text"].startswith("ES ") for item in spanish["checklist"])
        j = both.get(jurisdiction_id)
        with language.speaking("es"):
            assert all(step["title"].startswith("ES ") for step in j.own_steps)  # the State's pages are the layer's
            assert all(step["citation"] == english_step["citation"]
                       for step, english_step in zip(j.steps, book.get(jurisdiction_id).steps))


def test_a_spanish_warning_must_quote_the_same_figures_as_the_english():
    written = {"warnings": [{"id": "w", "citation": "§ 1", "text": {
        "en": "We show {fee}; if the Clerk counts everyone, it is {visits}.",
        "es": "Mostramos {fee}; si la Secretaría cuenta a todos, es otra suma."}}]}
    found = []
    language_problems(written, lambda where, message: found.append((dotted(where), message)))
    assert found == [("warnings[0].text.es", "the Spanish must quote the same figures as the English: {fee}, {visits}")]


def test_a_placeholder_left_in_the_spanish_is_refused_like_one_in_the_english(tmp_path):
    path = baroda_in_two_languages(tmp_path)
    text = path.read_text(encoding="utf-8").replace("es: ¿Quién es dueño del terreno?", "es: 'TODO: el título'")
    path.write_text(text, encoding="utf-8")
    (problem,) = [p for p in run_checks([path]) if "placeholder" in p.message]
    assert (problem.line, problem.key) == (line_of(path, "    title: {en: Who owns"), "interview[0].title")


def test_the_spanish_questions_read_as_plainly_as_the_english(book):
    """Fernández-Huerta (Spanish's Flesch) of the shared questions' Spanish at least the English's
    Flesch reading ease: the same scale, higher is easier (measured: 84.8 against 77.0)."""
    english = [t for t in question_texts(book) if t]
    with language.speaking("es"):
        spanish = [t for t in question_texts(book) if t]
    assert len(spanish) == len(english) and spanish != english
    english_ease = statistics.mean(textstat.flesch_reading_ease(t) for t in english)
    textstat.set_lang("es")
    try:
        spanish_ease = statistics.mean(textstat.fernandez_huerta(t) for t in spanish)
    finally:
        textstat.set_lang("en")
    assert spanish_ease >= english_ease
