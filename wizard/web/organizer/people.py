"""The form field for a `people` answer (wizard/kinds/people.py): rows of name, age and address,
with "Add another person" and "Remove" buttons that are plain submit buttons, so the list grows
and shrinks the same way with JavaScript off (a full page) and on (htmx swaps the step's content).

A row is posted as `<key>-<n>-name`, `<key>-<n>-age` and `<key>-<n>-address`. Adding or removing a
row saves nothing and marks no half-filled row as an error: the rows as changed are kept like a
failed post (corrections.py) and the browser is redirected to the step, so Back after "Add another
person" never meets "Confirm Form Resubmission".
"""
from __future__ import annotations

import re

from wtforms import Field
from wtforms.validators import ValidationError

from ...kinds import AGE_LIMIT, NEEDABLE, PEOPLE_LIMIT, PERSON_FIELDS, SHORT_TEXT_LIMIT
from ...language import gettext as _

ADD_BUTTON, REMOVE_BUTTON = "add_person", "remove_person"
BLANK = {"name": "", "age": "", "address": ""}


class PeopleField(Field):
    """Rows of people; `rows` keeps what was typed (to show it again), `data` the finished people."""

    def __init__(self, label=None, validators=None, optional=False, required_message="", needs=(), **kwargs):
        super().__init__(label, validators, **kwargs)
        self.optional = optional
        self.required_message = required_message
        self.needs = tuple(needs)  # the parts each person must have besides the name (`each_person_needs:`)
        self.rows: list[dict] = []
        self.row_errors: dict[int, str] = {}
        self.row_error_part: dict[int, str] = {}  # the box of a row its error is about ("name", "age"...)
        self.added = False  # a row was just added: the new row's name box takes focus

    def process(self, formdata, data=None, extra_filters=None):
        self.process_errors = []
        if formdata is not None:
            self.rows = self.posted_rows(formdata)
        else:
            stored = data if isinstance(data, list) else self.default if isinstance(self.default, list) else []
            self.rows = [{f: "" if p.get(f) is None else str(p.get(f)) for f in PERSON_FIELDS} for p in stored]
        if not self.rows:
            self.rows = [dict(BLANK)]
        self.data = [row for row in (self.person(row) for row in self.rows) if row]

    def posted_rows(self, formdata) -> list[dict]:
        pattern = re.compile(rf"^{re.escape(self.name)}-(\d{{1,3}})-({'|'.join(PERSON_FIELDS)})$")
        found: dict[int, dict] = {}
        for name in formdata:
            match = pattern.match(name)
            if match and int(match[1]) < PEOPLE_LIMIT:
                value = formdata.get(name) or ""
                found.setdefault(int(match[1]), dict(BLANK))[match[2]] = value.strip()[:SHORT_TEXT_LIMIT + 1]
        return [found[n] for n in sorted(found)]

    @staticmethod
    def person(row: dict) -> dict | None:
        """A finished person from a typed row, or None for a blank or unfinished one."""
        if not row["name"]:
            return None
        age = row["age"].replace(" ", "")
        if age and not (age.isascii() and age.isdigit() and int(age) <= AGE_LIMIT):
            return None
        return {"name": row["name"], "age": int(age) if age else None, "address": row["address"]}

    def pre_validate(self, form):
        self.row_errors, self.row_error_part = {}, {}
        for n, row in enumerate(self.rows):
            message, part = self.row_problem(n + 1, row, self.needs)
            if message:
                self.row_errors[n], self.row_error_part[n] = message, part
        if self.row_errors:
            raise ValidationError(next(iter(self.row_errors.values())))
        if not self.data and not self.optional:
            raise ValidationError(self.required_message)

    @staticmethod
    def row_problem(n: int, row: dict, needs: tuple[str, ...] = ()) -> tuple[str, str]:
        """The row's error and the box it is about, or ("", "") when the row is fine or blank."""
        if not any(row.values()):
            return "", ""
        if not row["name"]:
            return _("Enter the name of person %(number)d", number=n), "name"
        age = row["age"].replace(" ", "")
        if age and not (age.isascii() and age.isdigit() and int(age) <= AGE_LIMIT):
            return _("Enter the age of person %(number)d as a whole number, like 42", number=n), "age"
        if any(len(value) > SHORT_TEXT_LIMIT for value in row.values()):
            return _("Use %(limit)s characters or fewer for person %(number)d", limit=format(SHORT_TEXT_LIMIT, ","),
                     number=n), "name"
        blank = [part for part in needs if not row[part]]
        words = [_(NEEDABLE[part]) for part in blank]
        if len(words) == 1:
            return _("Enter the %(part)s of person %(number)d (%(name)s)", part=words[0], number=n,
                     name=row["name"]), blank[0]
        if words:
            return _("Enter the %(part)s and %(other)s of person %(number)d (%(name)s)", part=words[0],
                     other=words[1], number=n, name=row["name"]), blank[0]
        return "", ""

    def box_id(self, n: int, part: str) -> str:
        """The id of a row's box: the name box is `<id>-<n>`, the others `<id>-<n>-<part>`."""
        return f"{self.id}-{n}" if part == "name" else f"{self.id}-{n}-{part}"

    def row_pairs(self) -> list[tuple[str, str]]:
        """The rows as form pairs, in the names they are posted under."""
        return [(f"{self.name}-{n}-{f}", row[f]) for n, row in enumerate(self.rows) for f in PERSON_FIELDS]

    @property
    def error_anchor(self) -> str:
        """The box the error summary links to: the box the first row with a problem is about."""
        n = min(self.row_errors, default=0)
        return self.box_id(n, self.row_error_part.get(n, "name"))

    def change_rows(self, formdata) -> bool:
        """Apply a posted "Add another person" or "Remove"; True when one was pressed for this field."""
        if formdata.get(ADD_BUTTON) == self.name:
            if len(self.rows) < PEOPLE_LIMIT:
                self.rows.append(dict(BLANK))
                self.added = True
            return True
        removed = formdata.get(REMOVE_BUTTON) or ""
        prefix = f"{self.name}-"
        if removed.startswith(prefix) and removed[len(prefix):].isdigit():
            n = int(removed[len(prefix):])
            if n < len(self.rows):
                del self.rows[n]
            if not self.rows:
                self.rows = [dict(BLANK)]
            return True
        return False


def change_people_rows(form, formdata) -> bool:
    """True when the post only added or removed a person: show the step again, save nothing."""
    if not (formdata.get(ADD_BUTTON) or formdata.get(REMOVE_BUTTON)):
        return False
    return any(field.change_rows(formdata) for field in form if isinstance(field, PeopleField))


def people_fields(form) -> list[PeopleField]:
    return [field for field in form if isinstance(field, PeopleField)]
