"""One Spanish word for each thing (interviews/glossary-es.yaml, docs/decisions/0028-one-spanish-word-for-each-thing.md):
no Spanish text of the catalogs, the shared questions or a rule file uses a variant the glossary forbids, and a
text that does is named by file and line, so the author goes straight to it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "interviews" / "glossary-es.yaml"
CATALOGS = sorted((ROOT / "wizard" / "translations").glob("es/LC_MESSAGES/*.po"))
QUESTIONS = ROOT / "interviews" / "questions.yaml"
RULE_FILES = sorted((ROOT / "interviews" / "jurisdictions").glob("*.yaml")) + sorted((ROOT / "interviews" / "layers").glob("*.yaml"))


@dataclass(frozen=True)
class Spanish:
    path: Path
    line: int  # of the text's first line: the msgid's in a catalog, the value's in a YAML file
    text: str  # as written in the file (a YAML text may break its lines), or a catalog's msgstr
    place: str | None  # the rule file's id; None for the shared texts


def words(pattern: str) -> re.Pattern:
    """A glossary pattern as a whole-word match in any case; a space matches a line break too."""
    return re.compile(r"(?<!\w)(?:" + pattern.replace(" ", r"\s+") + r")(?!\w)", re.IGNORECASE)


def terms() -> list[dict]:
    return yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))["terms"]


def catalog_texts(path: Path) -> list[Spanish]:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        found += [Spanish(path, message.lineno, text, None) for text in strings if message.id and text]
    return found


def yaml_texts(path: Path, place: str | None) -> list[Spanish]:
    """Every `es:` value, with the line it starts on, walked over the composed nodes (which keep lines)."""
    source = path.read_text(encoding="utf-8")
    found, nodes = [], [yaml.compose(source)]
    while nodes:
        node = nodes.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == "es" and isinstance(value, yaml.ScalarNode):
                    written = source[value.start_mark.index:value.end_mark.index]
                    found.append(Spanish(path, value.start_mark.line + 1, written, place))
                else:
                    nodes.append(value)
        elif isinstance(node, yaml.SequenceNode):
            nodes.extend(node.value)
    return found


def spanish_texts(catalogs=CATALOGS, questions=QUESTIONS, rule_files=RULE_FILES) -> list[Spanish]:
    texts = [text for path in catalogs for text in catalog_texts(path)] + yaml_texts(questions, None)
    for path in rule_files:
        texts += yaml_texts(path, yaml.safe_load(path.read_text(encoding="utf-8"))["id"])
    return texts


def misused(texts: list[Spanish], glossary: list[dict]) -> list[str]:
    """"file:line: 'variant' for <en>: write '<es>'" for each forbidden variant outside an allowed phrase."""
    problems = []
    for term in glossary:
        forbidden = [words(p) for p in term["not"]]
        allowed = [words(p) for p in term.get("allow", ())]
        for text in texts:
            if term.get("places") and text.place not in term["places"]:
                continue
            spans = [m.span() for pattern in allowed for m in pattern.finditer(text.text)]
            for pattern in forbidden:
                for m in pattern.finditer(text.text):
                    if any(start <= m.start() and m.end() <= end for start, end in spans):
                        continue
                    line = text.line + text.text.count("\n", 0, m.start())
                    where = text.path.relative_to(ROOT) if ROOT in text.path.parents else text.path
                    problems.append(f"{where}:{line}: {' '.join(m.group().split())!r} for {term['en']}: "
                                    f"write {term['es']!r}")
    return problems


def test_every_spanish_text_uses_the_glossarys_word():
    texts = spanish_texts()
    assert {t.place for t in texts} >= {"baroda-mi", "dekalb-il", "whitesboro-ny", "wi-village-ch64", None}
    assert len(texts) > 1500  # the catalogs, the questions and the four rule files were all read
    assert misused(texts, terms()) == []


def test_the_glossary_is_sound():
    glossary = terms()
    places = {yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in RULE_FILES}
    for term in glossary:
        assert term["en"] and term["es"] and term["not"] and term["why"], term
        assert set(term.get("places", ())) <= places, term
        for pattern in (*term["not"], *term.get("allow", ())):
            words(pattern)
    by_place = {place: term["es"] for term in glossary for place in term.get("places", ())}
    # The ordinance's own word, per place (the rule file's license_word as the catalog says it).
    assert by_place == {"baroda-mi": "licencia", "wi-village-ch64": "licencia",
                        "whitesboro-ny": "permiso", "dekalb-il": "permiso"}


def test_a_forbidden_variant_is_named_by_file_and_line(tmp_path):
    rule_file = tmp_path / "somewhere.yaml"
    rule_file.write_text("id: baroda-mi\nchecklist:\n  - text:\n      en: Officers sign.\n"
                         "      es: Los ejecutivos y\n        los funcionarios\n        firman.\n"
                         "  - text: {en: Health, es: El funcionario de salud revisa.}\n", encoding="utf-8")
    catalog = tmp_path / "messages.po"
    catalog.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                       'msgid "Your %(license)s application"\nmsgstr "Su solicitud de permiso (%(license)s)"\n',
                       encoding="utf-8")
    questions = tmp_path / "questions.yaml"
    questions.write_text("questions:\n  a: {label: {en: 'Where?', es: '¿Dónde será la concentración?'}}\n",
                         encoding="utf-8")
    found = misused(spanish_texts([catalog], questions, [rule_file]), terms())
    assert sorted(p.split(": ")[0] + ": " + p.split(": ")[1] for p in found) == sorted([
        f"{rule_file}:6: 'funcionarios' for officer (of a company, corporation or group)",
        f"{catalog}:5: 'permiso (%(license)s)' for the place's word for the permit, inside a shared sentence",
        f"{questions}:2: 'concentración' for mass gathering (gathering, assembly, in the ordinances' sense)",
    ])
    # Baroda's word is licencia: the same rule file with a *permiso* for its license is named too.
    rule_file.write_text("id: baroda-mi\nscope:\n  - text: {en: A license., es: Un permiso.}\n", encoding="utf-8")
    assert sorted(p.split(": ")[0] for p in misused(spanish_texts([], questions, [rule_file]), terms())) == sorted([
        f"{questions}:2", f"{rule_file}:3"])
