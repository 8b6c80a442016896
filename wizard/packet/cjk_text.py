"""Which language a run of Chinese, Japanese or Korean text is in, and the packet's HTML with each such run
marked (`<span lang>`): for the PDF's structure (tagging.cjk_languages) and the print view alike
(docs/decisions/0029-the-print-view-paged-as-the-pdf.md). No WeasyPrint, no Flask: the web process uses it too."""
from __future__ import annotations

import re

# The language a run of CJK text is read in, by its script: Hangul is Korean, kana Japanese (with or without
# kanji), Han alone Chinese (the face the packet draws it in is Noto Sans CJK SC). A run that mixes Hangul and
# Han says no language rather than a wrong one.
_SCRIPTS = (("ko", ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF))),
            ("ja", ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F))),
            ("zh", ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))))


def cjk_language(text: str) -> str | None:
    """"ko", "ja" or "zh" for text whose letters are all CJK (a name such as 李小龍 or 김민준), else None."""
    found = set()
    for char in text:
        script = next((tag for tag, ranges in _SCRIPTS if any(low <= ord(char) <= high for low, high in ranges)), None)
        if script is None and char.isalpha():
            return None  # Latin words around it: the text is in the document's language
        found.update([script] if script else [])
    if "ja" in found:
        found.discard("zh")  # kanji beside kana
    return found.pop() if len(found) == 1 else None


_CJK_RUN = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                      "\uac00-\ud7af\uf900-\ufaff]+")
_TAG_AND_TEXT = re.compile(r"(<[^>]*>)([^<]*)")
_RAW_TEXT = ("<title", "<textarea", "<style", "<script")  # their text is not markup: left as it is


def with_cjk_languages(html: str) -> str:
    """Each run of Chinese, Japanese or Korean in the document's text in a `<span lang>` of its own (a name such
    as 李小龍 or 김민준 among English words): WeasyPrint marks it as content of its own, which `cjk_languages`
    (tagging.py) gives the language in the PDF's structure."""
    if not _CJK_RUN.search(html):  # nearly every packet: nothing to look for tag by tag
        return html

    def spans(text: str) -> str:
        return _CJK_RUN.sub(lambda run: f'<span lang="{lang}">{run.group()}</span>'
                            if (lang := cjk_language(run.group())) else run.group(), text)
    return _TAG_AND_TEXT.sub(lambda m: m.group(0) if m.group(1).lower().startswith(_RAW_TEXT) or not
                             _CJK_RUN.search(m.group(2)) else m.group(1) + spans(m.group(2)), html)
