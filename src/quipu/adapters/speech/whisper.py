"""Speech to text with faster-whisper (Whisper base, CTranslate2, int8 on the CPU); the VAD filter is on.
Audio is decoded in memory and never written anywhere."""

import asyncio
import io
import logging
from pathlib import Path

from quipu.adapters.speech.whisper_files import WHISPER_BASE, whisper_installed
from quipu.application.ports import Transcript
from quipu.domain.texts import words

log = logging.getLogger("quipu.speech")
SAMPLE_RATE = 16_000
BEAM_SIZE = 5
VOCABULARY = words.SPEECH_VOCABULARY


class NoSpeech(ValueError):
    """The audio holds no words (silence, noise or nothing at all)."""


class BadAudio(ValueError):
    """The bytes are not audio the decoder understands, or the recording is too long."""


class WhisperTranscriber:
    def __init__(self, models_dir: Path, *, threads: int = 2, max_seconds: float = 60.0):
        self.folder = WHISPER_BASE.target(models_dir)
        self.models_dir = models_dir
        self.threads = threads
        self.max_seconds = max_seconds
        self._model = None
        self._lock = asyncio.Lock()

    def available(self) -> bool:
        return whisper_installed(WHISPER_BASE, self.models_dir)

    def _load(self):
        if self._model is None:
            from faster_whisper import WhisperModel

            self._model = WhisperModel(str(self.folder), device="cpu", compute_type="int8", cpu_threads=self.threads)
        return self._model

    def _transcribe(self, audio: bytes, language: str) -> Transcript:
        from faster_whisper.audio import decode_audio

        try:
            samples = decode_audio(io.BytesIO(audio), sampling_rate=SAMPLE_RATE)
        except Exception as error:  # PyAV raises many kinds for bytes that are not audio
            raise BadAudio(f"undecodable audio ({type(error).__name__})") from None
        seconds = len(samples) / SAMPLE_RATE
        if seconds == 0:
            raise NoSpeech("empty recording")
        if seconds > self.max_seconds:
            raise BadAudio(f"{seconds:.0f} s is longer than {self.max_seconds:.0f} s")
        segments, info = self._load().transcribe(
            samples,
            language=language,
            vad_filter=True,
            beam_size=BEAM_SIZE,
            condition_on_previous_text=False,
            initial_prompt=VOCABULARY.get(language),
        )
        text = " ".join(s.text.strip() for s in segments).strip()
        if not text:
            raise NoSpeech("no words heard")
        return Transcript(text, info.language or language, seconds)

    async def transcribe(self, audio: bytes, language: str) -> Transcript:
        async with self._lock:  # one decode at a time: the model uses every core it is given
            return await asyncio.to_thread(self._transcribe, audio, language)
