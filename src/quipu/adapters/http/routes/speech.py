from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from quipu.adapters.http.bodies import StrictBody
from quipu.adapters.http.deps import CustomerDep, ServicesDep
from quipu.adapters.http.errors import ApiError
from quipu.adapters.speech.espeak import SpeechUnavailable
from quipu.adapters.speech.whisper import BadAudio, NoSpeech
from quipu.application.services import Services

router = APIRouter(prefix="/api/speech", tags=["speech"])
MAX_AUDIO_BYTES = 5 * 1024 * 1024


class Heard(BaseModel):
    text: str
    language: str


class SayIn(StrictBody):
    text: str = Field(min_length=1, max_length=1500)
    language: Literal["es", "pt"]


async def preferred_language(services: Services, customer_id: str) -> str:
    return (await services.views.greeting(customer_id)).language


@router.post("/transcribe", summary="Raw audio body (≤ 5 MB, ≤ 60 s) → {text, language}; the audio is never kept")
async def transcribe(
    request: Request,
    who: CustomerDep,
    services: ServicesDep,
    language: Annotated[str | None, Query(max_length=8)] = None,
) -> Heard:
    if language is not None and language not in ("es", "pt"):
        raise ApiError("unsupported_language")
    if not services.transcriber.available():
        raise ApiError("speech_unavailable")
    audio = await request.body()
    if not audio:
        raise ApiError("empty_audio")
    if len(audio) > MAX_AUDIO_BYTES:
        raise ApiError("audio_too_long")
    hint = language or await preferred_language(services, who.customer_id)
    try:
        heard = await services.transcriber.transcribe(audio, hint)
    except NoSpeech:
        raise ApiError("no_speech") from None
    except BadAudio as error:
        raise ApiError("audio_too_long" if "longer" in str(error) else "unsupported_audio") from None
    return Heard(text=heard.text, language=heard.language if heard.language in ("es", "pt") else hint)


@router.post("/synthesize", summary="{text, language} → audio/wav, read the way a person would say it")
async def synthesize(body: SayIn, who: CustomerDep, services: ServicesDep) -> Response:
    try:
        wav = await services.voice.synthesize(body.text, body.language)
    except SpeechUnavailable:
        raise ApiError("speech_unavailable") from None
    return Response(wav, media_type="audio/wav", headers={"Cache-Control": "no-store"})
