"""The letter to the office is a letter. The result's words to the organizer
("Ask the Village (its name is not in the text we have): ... and ask for the answer in writing") are
not pasted into it: it asks the question, names the section it turns on, and gives the facts."""
from __future__ import annotations

from wizard.engine.ask_the_office import office_question
from wizard.engine.assess import assess_jurisdiction

# Wisconsin's reason for an unsettled verdict, as its rule file words it for the organizer.
WISCONSIN_REASON = {
    "text": ("The only number of people in the text is the owner's permission \"for an assembly of 2,000 or more "
             "persons\", which is not a threshold, so we do not guess. Ask the Village (its name is not in the text "
             "we have): \"Does Chapter 64 require a license for our event, with this many people at one time, and "
             "is there an application form or a fee?\" and ask for the answer in writing."),
    "citation": "Ch. 64, purpose; Ch. 64, application, item C"}


def test_wisconsins_letter_asks_the_question_and_names_the_sections(book):
    j = book.get("wi-village-ch64")
    answers = {"jurisdiction": j.id, "max_attendance": 300, "event_name": "Harvest Fair"}
    assessment = {**assess_jurisdiction(j, answers), "reasons": [WISCONSIN_REASON]}
    letter = office_question(assessment, answers, book.questions_for(j.id), j.license_word).body()
    for organizers_words in ("its name is not in the text", "ask for the answer in writing", "Ask the Village",
                             "so we do not guess", "What the permit wizard told me"):
        assert organizers_words not in letter
    assert ("I would like to ask:\n\nDoes Chapter 64 require a license for our event, with this many people at "
            "one time, and is there an application form or a fee?") in letter
    assert "The section it turns on: Ch. 64, purpose; Ch. 64, application, item C." in letter
    assert "- Name of the event: Harvest Fair" in letter and "- Most people at one time: 300" in letter
    assert letter.startswith("Dear Village,") and "Please reply in writing" in letter
