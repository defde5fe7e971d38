"""Statement photos and voice on the local engines (Tesseract, Whisper base, espeak-ng), through the API."""

import base64
import io
import wave

import pytest

from quipu.adapters.ocr.tesseract import TesseractReader
from quipu.adapters.postgres.connection import connect
from quipu.bank_data.statements import dispute_customers, draw_statement, statement_png
from story_model import StoryModel
from support import sign_in

DISPUTED = {
    "DEMO-MX-DUPLICATE": ("Uber Trip", "312.40"),
    "DEMO-CO-PENDING": ("Amazon Mktp", "148900.00"),
    "DEMO-MX-FX": ("Best Buy US", "1043.00"),
    "DEMO-AR-FRAUD": ("ElectroMax Córdoba", "161700.00"),
    "DEMO-CO-AMBIGUOUS": ("Rappi", "42000.00"),
    "DEMO-MX-OWN-PURCHASE": ("Liverpool", "2899.00"),
    "DEMO-AR-REVERSED": ("Mercado Libre", "54000.00"),
    "DEMO-BR-PORTUGUESE": ("iFood", "27.90"),
}


def silence(seconds: float = 1.0) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"\x00\x00" * int(16000 * seconds))
    return buffer.getvalue()


@pytest.mark.anyio
@pytest.mark.parametrize(("index", "demo"), dispute_customers(), ids=lambda v: getattr(v, "customer_id", str(v)))
async def test_ocr_recovers_the_disputed_charge_of_every_demo_statement(index, demo):
    merchant, amount = DISPUTED[demo.customer_id]
    lines = await TesseractReader().read(draw_statement(index, demo))
    assert any(line.merchant == merchant and f"{line.amount:.2f}" == amount for line in lines), lines


@pytest.fixture
def story_api(make_client):
    return make_client(model=StoryModel())


def photo_chat(api, headers, image: bytes | str, message="", **extra):
    encoded = image if isinstance(image, str) else base64.b64encode(image).decode()
    return api.post("/api/chat", headers=headers, json={"message": message, "image": encoded, **extra})


def test_lucias_photo_leads_to_the_banks_own_finding_and_is_never_stored(story_api, demo_db):
    headers = sign_in(story_api)
    png = statement_png("DEMO-MX-DUPLICATE")
    body = photo_chat(story_api, headers, png, "no reconozco estas transacciones", thread_id="photo-1").json()
    assert "4 segundos" in body["reply"] and body["skill"] == "charge_investigation"
    stored = story_api.get("/api/me/conversations/photo-1", headers=headers).json()["messages"]
    assert stored[0]["content"] == "no reconozco estas transacciones [foto]"
    with connect(demo_db.admin) as conn:
        leftovers = conn.execute(
            "SELECT count(*) FROM ops.checkpoint_blobs WHERE position(%s in encode(blob, 'escape')) > 0",
            (base64.b64encode(png[:60]).decode()[:40],),
        ).fetchone()[0]
    assert leftovers == 0


def test_a_photo_alone_is_a_question_about_charges(story_api):
    body = photo_chat(story_api, sign_in(story_api, "DEMO-BR-PORTUGUESE"), statement_png("DEMO-BR-PORTUGUESE")).json()
    assert body["skill"] == "charge_investigation" and "6 segundos" in body["reply"]


@pytest.mark.parametrize(
    ("image", "code", "status"),
    [
        (b"%PDF-1.7 not an image", "unsupported_image", 415),
        (b"GIF89a\x01\x00", "unsupported_image", 415),
        ("%%%not-base64%%%", "invalid_image", 400),
        ("", "empty_image", 400),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * (4 * 1024 * 1024), "image_too_large", 413),
    ],
)
def test_bad_images_get_a_clear_error_and_nothing_is_stored(story_api, demo_db, image, code, status):
    headers = sign_in(story_api)
    with connect(demo_db.admin) as conn:
        before = conn.execute("SELECT count(*) FROM ops.messages").fetchone()[0]
    response = photo_chat(story_api, headers, image, "mira esta foto")
    assert response.status_code == status and response.json()["error"] == code
    assert response.json()["messages"]["es"] and response.json()["messages"]["pt"]
    with connect(demo_db.admin) as conn:
        assert conn.execute("SELECT count(*) FROM ops.messages").fetchone()[0] == before


def test_an_empty_message_without_a_photo_is_refused(story_api):
    response = story_api.post("/api/chat", headers=sign_in(story_api), json={"message": "  "})
    assert response.status_code == 422 and response.json()["error"] == "empty_message"


def test_synthesize_returns_a_wav_in_each_language(story_api):
    headers = sign_in(story_api)
    for language in ("es", "pt"):
        response = story_api.post(
            "/api/speech/synthesize", headers=headers, json={"text": "Tu saldo es 312.40 MXN.", "language": language}
        )
        assert response.status_code == 200 and response.headers["content-type"] == "audio/wav"
        assert response.content.startswith(b"RIFF") and len(response.content) > 10_000
    refused = story_api.post("/api/speech/synthesize", headers=headers, json={"text": "hola", "language": "fr"})
    assert refused.status_code == 422


@pytest.mark.slow
def test_spoken_words_come_back_as_text(story_api):
    headers = sign_in(story_api)
    wav = story_api.post(
        "/api/speech/synthesize", headers=headers, json={"text": "Quiero bloquear mi tarjeta", "language": "es"}
    ).content
    response = story_api.post("/api/speech/transcribe?language=es", headers=headers, content=wav)
    heard = response.json()
    assert response.status_code == 200, heard
    assert heard["language"] == "es" and "tarjeta" in heard["text"].lower()


@pytest.mark.parametrize(
    ("body", "query", "code", "status"),
    [
        (b"", "", "empty_audio", 400),
        (b"this is not audio at all" * 10, "", "unsupported_audio", 415),
        (silence(), "", "no_speech", 422),
        (silence(), "?language=fr", "unsupported_language", 422),
    ],
)
def test_bad_audio_gets_a_clear_error(story_api, body, query, code, status):
    response = story_api.post(
        f"/api/speech/transcribe{query}",
        headers={**sign_in(story_api), "Content-Type": "audio/wav"},
        content=body,
    )
    assert response.status_code == status and response.json()["error"] == code, response.text


@pytest.mark.anyio
async def test_a_hosted_model_can_read_the_photo_and_the_ocr_takes_over_when_it_fails(monkeypatch):
    import json as _json

    import httpx

    from quipu.adapters.ocr.gemini_reader import GeminiStatementReader

    monkeypatch.setenv("QUIPU_ALLOW_MODEL_CALLS", "1")
    seen = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(_json.loads(request.content))
        rows = [{"date": "11/06/2026", "merchant": "Uber Trip", "amount": "312.40", "currency": "MXN"}]
        return httpx.Response(200, json={"candidates": [{"content": {"parts": [{"text": _json.dumps(rows)}]}}]})

    png = statement_png("DEMO-MX-DUPLICATE")
    reader = GeminiStatementReader(
        model="gemini-x", api_key="k", fallback=TesseractReader(), transport=httpx.MockTransport(answer)
    )
    lines = await reader.read(png)
    assert [line.describe() for line in lines] == ["11/06/2026 Uber Trip 312.40 MXN"]
    assert seen[0]["contents"][0]["parts"][0]["inline_data"]["mime_type"] == "image/png"
    broken = GeminiStatementReader(
        model="gemini-x",
        api_key="k",
        fallback=TesseractReader(),
        transport=httpx.MockTransport(lambda r: httpx.Response(500)),
    )
    assert any(line.merchant == "Uber Trip" for line in await broken.read(png))
