"""The default model: llama.cpp in process, loaded once, its calls queued (a context is not thread-safe),
with the step's JSON schema turned into a grammar so the output always parses."""

import threading
import time
from pathlib import Path

import anyio

from quipu.adapters.llm.completions import bounded, model_call_of, refuse_in_unit_tests, to_chat
from quipu.application.ports import ModelCall

# One llama.cpp decode at a time in this process, whatever asyncio does: llama.cpp's CPU thread pool is shared by
# every context, and two decodes at once (a timed-out call still running, a second model loaded) crash it.
DECODING = threading.Lock()


class LocalModel:
    provider = "local"

    def __init__(
        self, path: Path, *, threads: int = 2, context: int = 4096, max_tokens: int = 512, allow_calls: bool = True
    ):
        self.path = path
        self.allow_calls = allow_calls
        self.model = path.name
        self.threads = threads
        self.context = context
        self.max_tokens = max_tokens
        self._llama = None

    def _load(self):
        if self._llama is None:
            try:
                from llama_cpp import Llama
            except ImportError as missing:  # an optional extra: `make up` installs it, a bare install does not
                raise RuntimeError("the local model needs llama-cpp-python: pip install 'quipu[local]'") from missing

            # No state cache: llama.cpp already reuses the evaluated prefix of the previous prompt (its KV cache
            # stays in the context), and a RAM cache of full model states (logits included) grew without bound.
            self._llama = Llama(model_path=str(self.path), n_ctx=self.context, n_threads=self.threads, verbose=False)
        return self._llama

    async def ready(self) -> bool:
        return self.path.exists()

    async def complete(self, *, purpose: str, system: str, messages: list[dict], schema: dict) -> ModelCall:
        refuse_in_unit_tests(self.provider, self.allow_calls)
        return await anyio.to_thread.run_sync(self._complete, system, messages, schema)

    def _complete(self, system: str, messages: list[dict], schema: dict) -> ModelCall:
        with DECODING:  # held in the worker thread: a cancelled caller must not let a second decode start
            return self._decode(system, messages, schema)

    def _decode(self, system: str, messages: list[dict], schema: dict) -> ModelCall:
        started = time.perf_counter()
        out = self._load().create_chat_completion(
            messages=[{"role": "system", "content": system}, *to_chat(messages)],
            response_format={"type": "json_object", "schema": bounded(schema)},
            temperature=0,
            repeat_penalty=1.15,
            max_tokens=self.max_tokens,
        )
        return model_call_of(out, self.provider, self.model, started)
