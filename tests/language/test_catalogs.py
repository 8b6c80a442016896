"""The translation catalogs (docs/decisions/0002-spanish-beside-the-law.md): `scripts/catalogs.py check`,
which ./scripts/test.sh runs, fails on a stale catalog, an untranslated or fuzzy entry, or a .mo that is
not its .po."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)

ONLY_PAGES = {"messages": ("templates",)}


def test_the_catalogs_are_complete_and_compiled():
    assert catalogs.problems() == []


@pytest.fixture
def tree(tmp_path):
    """A small project: one page with two texts, its Spanish catalog made and translated."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.html").write_text(
        '<p>{{ _("Where is your event?") }}</p>\n'
        '<p>{{ ngettext("%(num)d question left", "%(num)d questions left", n) }}</p>\n', encoding="utf-8")
    catalogs.DOMAINS, saved = ONLY_PAGES, catalogs.DOMAINS
    try:
        catalogs.update(tmp_path)
    finally:
        catalogs.DOMAINS = saved
    po = catalogs.po_path(tmp_path / "wizard" / "translations", "es", "messages")
    return tmp_path, po


def translate(tree_root, po, text: str) -> None:
    po.write_text(text, encoding="utf-8")
    shutil.copy(po, po.with_suffix(".keep"))
    catalogs.pybabel("compile", "-D", "messages", "-d", str(po.parents[2]), "-l", "es", root=tree_root)


SPANISH = '''msgid ""
msgstr ""
"Language: es\\n"
"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Where is your event?"
msgstr "¿Dónde será su evento?"

msgid "%(num)d question left"
msgid_plural "%(num)d questions left"
msgstr[0] "Queda %(num)d pregunta"
msgstr[1] "Quedan %(num)d de preguntas"
msgstr[2] "Quedan %(num)d preguntas"
'''


def test_a_new_catalog_lacks_every_translation(tree):
    root, po = tree
    found = catalogs.problems(root, ONLY_PAGES)
    assert any("'Where is your event?' has no es translation" in p for p in found)
    assert any("'%(num)d question left' has no es translation" in p for p in found)


def test_a_translated_catalog_passes_and_a_new_text_makes_it_stale(tree):
    root, po = tree
    translate(root, po, SPANISH)
    assert catalogs.problems(root, ONLY_PAGES) == []
    page = root / "templates" / "page.html"
    page.write_text(page.read_text() + '<p>{{ _("Check your answers") }}</p>\n', encoding="utf-8")
    assert catalogs.problems(root, ONLY_PAGES) == [
        "wizard/translations/es/LC_MESSAGES/messages.po is stale: no entry for 'Check your answers' "
        "(run scripts/catalogs.py update)"]


def test_a_missing_plural_form_a_fuzzy_entry_and_an_old_mo_fail(tree):
    root, po = tree
    translate(root, po, SPANISH)
    po.write_text(SPANISH.replace('msgstr[2] "Quedan %(num)d preguntas"', 'msgstr[2] ""')
                  .replace('msgid "Where is', '#, fuzzy\nmsgid "Where is'), encoding="utf-8")
    found = catalogs.problems(root, ONLY_PAGES)
    assert any("'%(num)d question left' has no es translation" in p for p in found)
    assert any("'Where is your event?' has no es translation (fuzzy)" in p for p in found)
    assert any("messages.mo is not messages.po compiled" in p for p in found)
