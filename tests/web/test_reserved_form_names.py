"""A question is a field of its step's form class: a rule file's own question named like an attribute
the form has itself would replace it. `wizard check` refuses every such name (docs/authoring.md,
"Reserved names"); this keeps its list in step with the form."""
from __future__ import annotations

import re

from wizard.authoring.checks.reserved import RESERVED_QUESTIONS
from wizard.web.organizer.forms import AnswerForm
from wizard.web.organizer.people import ADD_BUTTON, REMOVE_BUTTON


def test_every_attribute_of_the_step_form_is_a_reserved_question_key():
    # The names a question key may take (the schema's pattern) that the form already has.
    own = {name for name in dir(AnswerForm) if re.fullmatch(r"[a-z][a-z0-9_]*", name)}
    assert own - set(RESERVED_QUESTIONS) == set()
    assert {ADD_BUTTON, REMOVE_BUTTON, "csrf_token"} <= set(RESERVED_QUESTIONS)
