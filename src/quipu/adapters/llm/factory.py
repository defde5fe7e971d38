"""The model provider named by QUIPU_LLM; every one returns JSON matching the step's schema."""

from quipu.adapters.llm.gemini import GeminiModel
from quipu.adapters.llm.local import LocalModel
from quipu.adapters.llm.model_files import MODELS
from quipu.adapters.llm.openai_compatible import OpenAICompatibleModel
from quipu.adapters.llm.queue import QueuedModel
from quipu.adapters.llm.rules import RulesModel
from quipu.adapters.llm.scripted import ScriptedModel
from quipu.adapters.llm.server_key import key_path, loopback, read_key
from quipu.settings import Settings

OLLAMA_URL = "http://127.0.0.1:11434/v1"
OPENAI_URL = "https://api.openai.com/v1"


class ModelNotConfigured(ValueError):
    pass


def build_model(settings: Settings):
    """The provider behind this process's bounded queue (in-process tests build their own models, unqueued)."""
    return QueuedModel(
        provider_of(settings),
        slots=settings.llm_slots,
        max_waiting=settings.llm_queue,
        call_timeout=settings.llm_timeout_seconds,
        warm_up_in_slot=settings.llm == "local",  # one llama.cpp context in this process: the warm-up is a call
    )


def warm_up_copies(settings: Settings, model) -> int:
    """Calls that read the system prompt at start-up, one per slot: for the model in this process and for model
    servers of our own (each slot keeps its own evaluated prompt), none for hosted endpoints unless asked."""
    provider = getattr(model, "provider", None)
    ours = provider == "local" or (
        provider == settings.llm and (settings.llm == "ollama" or settings.llm_base_url is not None)
    )
    wanted = ours if settings.llm_warm_up is None else settings.llm_warm_up and provider == settings.llm
    return settings.llm_slots if wanted else 0


def provider_of(settings: Settings):
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    if settings.llm == "local":
        spec = MODELS.get(settings.llm_model)
        if spec is None:
            raise ModelNotConfigured(f"unknown local model {settings.llm_model}; known: {', '.join(MODELS)}")
        return LocalModel(
            spec.target(settings.models_dir), threads=settings.llm_threads, allow_calls=settings.allow_model_calls
        )
    if settings.llm == "rules":
        return RulesModel()
    if settings.llm == "scripted":
        return ScriptedModel()
    if settings.llm == "gemini":
        if not key:
            raise ModelNotConfigured("QUIPU_LLM=gemini needs QUIPU_LLM_API_KEY")
        return GeminiModel(
            model=settings.llm_model,
            api_key=key,
            timeout=settings.llm_timeout_seconds,
            allow_calls=settings.allow_model_calls,
        )
    base = settings.llm_base_url or (OLLAMA_URL if settings.llm == "ollama" else OPENAI_URL)
    if key is None and settings.llm_base_url and loopback(base):  # `quipu model serve` on this machine
        key = read_key(key_path(settings.home))
    return OpenAICompatibleModel(
        provider=settings.llm,
        base_url=base,
        model=settings.llm_model,
        api_key=key,
        timeout=settings.llm_timeout_seconds,
        allow_calls=settings.allow_model_calls,
    )
