"""The permit's word in the language in force (the rule file's `license_word`), with its articles,
and the sentences that carry it. Apart from wording.py so that the modules it reads (filing_days.py)
can say the word too."""
from __future__ import annotations

from ..language import N_, gettext as _

# The words rule files use for the permit (`license_word`), and each with its article: Spanish
# says "un permiso" but "una licencia", so a sentence takes the form it needs ({a_word}, {the_word}).
WORD_FORMS = {
    "permit": (N_("permit"), N_("a permit"), N_("the permit")),
    "license": (N_("license"), N_("a license"), N_("the license")),
}


def word_forms(word: str) -> dict[str, str]:
    """The permit's word in the language in force, bare and with its articles (`The_word` to begin a
    sentence), for `str.format`."""
    forms = WORD_FORMS.get(word)
    said = ((word, word, word) if forms is None  # a word no catalog knows: as the rule file writes it
            else (_(forms[0]), _(forms[1]), _(forms[2])))
    return {"word": said[0], "a_word": said[1], "the_word": said[2], "The_word": said[2][:1].upper() + said[2][1:]}


def say(sentence: str, word: str, **variables: str) -> str:
    """One of the tables' sentences in the language in force, with the permit's word in it."""
    return _(sentence).format(**word_forms(word), **variables)
