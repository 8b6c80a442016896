"""An uploaded PDF that carries JavaScript or an action that runs by itself is refused at the upload,
with a clear message, wherever the PDF keeps it: a plain dictionary, an object stream, a name written
with #xx escapes; a PDF whose dictionaries cannot be read (encrypted object streams) is refused too,
and an ordinary PDF, even with image bytes that spell "/JS", is kept."""
from __future__ import annotations

import io

import pikepdf
import pytest

from wizard.office.attachments import UploadRefused, refuse_scripts
from wizard.office.attachments import has_scripts
from wizard.web.edge.state import office_records

from tests.support.office import finished, upload, visible_text

SCRIPT = "app.alert('hello');"


def saved(pdf: pikepdf.Pdf, streams: bool = False, **options) -> bytes:
    out = io.BytesIO()
    mode = pikepdf.ObjectStreamMode.generate if streams else pikepdf.ObjectStreamMode.disable
    pdf.save(out, object_stream_mode=mode, **options)
    return out.getvalue()


def plain() -> pikepdf.Pdf:
    pdf = pikepdf.new()
    pdf.add_blank_page()
    return pdf


def opening_script() -> pikepdf.Pdf:
    pdf = plain()
    pdf.Root.OpenAction = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String(SCRIPT)))
    return pdf


def named_script() -> pikepdf.Pdf:
    pdf = plain()
    action = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String(SCRIPT)))
    pdf.Root.Names = pikepdf.Dictionary(JavaScript=pikepdf.Dictionary(Names=pikepdf.Array(["hello", action])))
    return pdf


def launching() -> pikepdf.Pdf:
    pdf = plain()
    pdf.Root.OpenAction = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.Launch, F=pikepdf.String("calc.exe")))
    return pdf


@pytest.mark.parametrize("make", [opening_script, named_script, launching])
@pytest.mark.parametrize("streams", [False, True])
def test_scripts_and_launches_are_found_in_dictionaries_and_object_streams(make, streams):
    data = saved(make(), streams)
    assert (b"/ObjStm" in data) == streams
    assert has_scripts(data)
    with pytest.raises(UploadRefused, match="script or an action that runs by itself"):
        refuse_scripts(data)


def test_a_name_written_with_escapes_is_read_as_the_name():
    data = saved(plain()).replace(b"/Type /Catalog", b"/Type /Catalog /OpenAction << /S /J#61vaScript /#4AS (x) >>", 1)
    assert b"/JavaScript" not in data and b"/JS" not in data
    assert has_scripts(data)


def test_a_page_destination_to_open_at_and_stream_bytes_that_spell_js_are_kept():
    pdf = plain()
    pdf.Root.OpenAction = pikepdf.Array([pdf.pages[0].obj, pikepdf.Name.Fit])  # open at page one: no script
    pdf.pages[0].Contents = pdf.make_stream(b"% /JS /JavaScript /Launch in a page's own bytes\n")
    for streams in (False, True):
        data = saved(pdf, streams)
        assert not has_scripts(data)
        refuse_scripts(data)  # kept


def test_a_password_protected_pdf_with_object_streams_cannot_be_checked_and_is_refused():
    data = saved(plain(), True, encryption=pikepdf.Encryption(owner="owner", user=""))
    with pytest.raises(UploadRefused, match="password-protected"):
        refuse_scripts(data)


def test_the_organizer_is_told_at_the_upload_and_nothing_is_kept(app, client):
    ident = finished(app)
    response = upload(client, ident, saved(opening_script(), True), "certificate.pdf")
    assert response.status_code == 200
    assert "contains a script or an action that runs by itself" in visible_text(response.get_data(as_text=True))
    assert upload(client, ident, saved(plain(), True), "plain.pdf").status_code == 200
    with app.app_context():
        assert [u["filename"] for u in office_records().applications.uploads(ident)] == ["plain.pdf"]
