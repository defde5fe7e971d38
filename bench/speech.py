"""Voice round trip on the local engines: espeak-ng speaks 20 fixed sentences (10 ES, 10 PT), Whisper base
transcribes them; word error rate per language and the transcription real-time factor (seconds of compute
per second of audio, lower is faster).

    python bench/speech.py            # all 20 sentences
    python bench/speech.py --quick    # 4 sentences
"""

import argparse
import asyncio
import io
import re
import sys
import time
import unicodedata
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import table, write_result  # noqa: E402

from quipu.adapters.speech.espeak import EspeakSynthesizer  # noqa: E402
from quipu.adapters.speech.whisper import SAMPLE_RATE, WhisperTranscriber  # noqa: E402
from quipu.settings import Settings  # noqa: E402

SENTENCES = {
    "es": [
        "No reconozco estos cargos de mi tarjeta",
        "Quiero bloquear mi tarjeta de crédito",
        "Cuál es el saldo de mi cuenta de ahorro",
        "Me cobraron dos veces el mismo viaje",
        "Quiero hablar con una persona del banco",
        "Cuánto gasté en comida el mes pasado",
        "Activa la alerta de cargos duplicados",
        "Transfiere dinero de mi cuenta de ahorro a la corriente",
        "Cuándo vence el pago mínimo de mi préstamo",
        "Llámenme mañana por la tarde por favor",
    ],
    "pt": [
        "Não reconheço essas cobranças no meu cartão",
        "Quero bloquear meu cartão de crédito",
        "Qual é o saldo da minha conta poupança",
        "Fui cobrado duas vezes pela mesma compra",
        "Quero falar com um atendente do banco",
        "Quanto eu gastei com comida no mês passado",
        "Ative o alerta de cobranças duplicadas",
        "Quero pagar a conta de internet",
        "Quando vence o pagamento do meu empréstimo",
        "Me liguem amanhã de manhã por favor",
    ],
}


def words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", folded)


def edit_distance(a: list[str], b: list[str]) -> int:
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def wav_seconds(wav: bytes) -> float:
    """From the data length: espeak-ng streams, so its header does not carry the frame count."""
    with wave.open(io.BytesIO(wav)) as w:
        rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
    return (len(wav) - 44) / (rate * width * channels)


async def run(quick: bool) -> dict:
    settings = Settings()
    voice = EspeakSynthesizer()
    ear = WhisperTranscriber(settings.models_dir, threads=settings.llm_threads)
    if not ear.available():
        raise SystemExit("Whisper base is not installed: run `quipu model install` first")
    await ear.transcribe(await voice.synthesize("hola", "es"), "es")  # load the model outside the timing
    results = {}
    for language, sentences in SENTENCES.items():
        chosen = sentences[:2] if quick else sentences
        errors = total = 0
        compute = audio = 0.0
        rows = []
        for sentence in chosen:
            wav = await voice.synthesize(sentence, language)
            started = time.perf_counter()
            heard = await ear.transcribe(wav, language)
            compute += time.perf_counter() - started
            audio += wav_seconds(wav)
            distance = edit_distance(words(sentence), words(heard.text))
            errors += distance
            total += len(words(sentence))
            rows.append({"said": sentence, "heard": heard.text, "word_errors": distance})
        results[language] = {
            "sentences": len(chosen),
            "words": total,
            "word_errors": errors,
            "wer": round(errors / total, 4),
            "audio_seconds": round(audio, 2),
            "compute_seconds": round(compute, 2),
            "real_time_factor": round(compute / audio, 3),
            "sample_rate": SAMPLE_RATE,
            "transcripts": rows,
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    quick = parser.parse_args().quick
    results = asyncio.run(run(quick))
    print(
        table(
            [
                (lang, r["sentences"], r["words"], r["word_errors"], f"{100 * r['wer']:.1f}%", r["audio_seconds"],
                 r["compute_seconds"], r["real_time_factor"])
                for lang, r in results.items()
            ],
            ("language", "sentences", "words", "errors", "WER", "audio s", "compute s", "RTF"),
        )
    )  # fmt: skip
    print(
        write_result(
            "speech-quick" if quick else "speech", {"engines": "espeak-ng → faster-whisper base int8", **results}
        )
    )


if __name__ == "__main__":
    main()
