"""Local OCR with Debian's Tesseract (Spanish and Portuguese); the image goes through a pipe, never to disk."""

import asyncio
import shutil

from quipu.domain.statement import StatementLine, parse_statement


class OcrUnavailable(RuntimeError):
    pass


class TesseractReader:
    def __init__(self, binary: str = "tesseract", languages: str = "spa+por", timeout: float = 30.0):
        self.binary = binary
        self.languages = languages
        self.timeout = timeout

    def available(self) -> bool:
        return shutil.which(self.binary) is not None

    async def text(self, image: bytes) -> str:
        if not self.available():
            raise OcrUnavailable(f"{self.binary} is not installed")
        process = await asyncio.create_subprocess_exec(
            self.binary, "stdin", "stdout", "-l", self.languages, "--psm", "6",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            out, error = await asyncio.wait_for(process.communicate(image), self.timeout)
        except TimeoutError:
            process.kill()
            raise OcrUnavailable("tesseract took too long") from None
        if process.returncode != 0:
            raise OcrUnavailable(f"tesseract failed: {error.decode(errors='replace')[:200]}")
        return out.decode("utf-8", errors="replace")

    async def read(self, image: bytes) -> list[StatementLine]:
        return parse_statement(await self.text(image))
