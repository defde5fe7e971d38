"""Text to speech with Debian's espeak-ng; behind the SpeechSynthesizer port, so a better voice can replace it."""

import asyncio
import shutil

from quipu.domain.speech_text import speakable

VOICES = {"es": "es-419", "pt": "pt-br"}  # Latin American Spanish and Brazilian Portuguese


class SpeechUnavailable(RuntimeError):
    pass


class EspeakSynthesizer:
    def __init__(
        self, binary: str = "espeak-ng", words_per_minute: int = 140, word_gap: int = 3, timeout: float = 20.0
    ):
        self.binary = binary
        self.words_per_minute = words_per_minute
        self.word_gap = word_gap
        self.timeout = timeout

    def available(self) -> bool:
        return shutil.which(self.binary) is not None

    async def synthesize(self, text: str, language: str) -> bytes:
        if not self.available():
            raise SpeechUnavailable(f"{self.binary} is not installed")
        process = await asyncio.create_subprocess_exec(
            self.binary, "-v", VOICES[language], "-s", str(self.words_per_minute), "-g", str(self.word_gap), "--stdout",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            wav, error = await asyncio.wait_for(process.communicate(speakable(text, language).encode()), self.timeout)
        except TimeoutError:
            process.kill()
            raise SpeechUnavailable("espeak-ng took too long") from None
        if process.returncode != 0 or not wav.startswith(b"RIFF"):
            raise SpeechUnavailable(f"espeak-ng failed: {error.decode(errors='replace')[:200]}")
        return wav
