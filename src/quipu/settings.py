"""The one validated configuration object; built once by the composition root and passed down."""

import ipaddress
import secrets
from decimal import Decimal
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, urlsplit

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "db"}
WEAK_SECRET_PREFIXES = ("change-me", "changeme", "changethis", "secret", "quipu")
MIN_SECRET_LENGTH = 32


class InsecureSettings(ValueError):
    pass


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="QUIPU_", env_file=".env", extra="ignore", frozen=True)

    env: Literal["local", "cloud"] = Field("local", description="local (laptop, demo data) or cloud (guards on).")
    home: Path = Field(Path(".quipu"), description="Folder for the embedded database, datasets and models.")
    database_url: SecretStr | None = Field(None, description="PostgreSQL URL; unset runs an embedded PostgreSQL.")
    models_path: Path | None = Field(None, description="Folder of the local model files; unset uses home/models.")
    seed: int = Field(2026, description="Seed of the synthetic bank; the same seed gives the same rows.")
    demo_customers: int = Field(1500, ge=0, le=500_000, description="Organizer-shaped customers in the demo data.")
    host: str = Field("127.0.0.1", description="Address the API and web listen on.")
    port: int = Field(8080, ge=1, le=65535, description="Port of the API and web.")
    jwt_secret: SecretStr | None = Field(None, description="HS256 signing key; local mode generates one under home.")
    access_token_minutes: int = Field(15, ge=1, le=60, description="Lifetime of an access token.")
    login_max_failures: int = Field(3, ge=1, le=10, description="Failed sign-ins before an account locks.")
    lockout_minutes: int = Field(15, ge=1, le=1440, description="How long a locked account stays locked.")
    login_rate_per_minute: int = Field(8, ge=1, le=1000, description="Sign-in attempts per minute per client.")
    step_up_minutes: int = Field(10, ge=1, le=60, description="How long a step-up lets money move.")
    max_body_bytes: int = Field(6_000_000, ge=1024, description="Largest request body accepted.")
    transfer_limit_per_operation_usd: Decimal = Field(
        Decimal(1000), gt=0, description="Third-party transfer limit per operation."
    )
    llm: Literal["local", "scripted", "rules", "ollama", "openai", "gemini"] = Field(
        "local", description="Model provider: local llama.cpp (default), rules (no model), hosted ones."
    )
    llm_model: str = Field("qwen2.5-coder-1.5b", description="Local model key, or the hosted model's name.")
    llm_base_url: str | None = Field(None, description="Base URL of an OpenAI-compatible or Ollama endpoint.")
    llm_api_key: SecretStr | None = Field(
        None, description="API key of the hosted model provider, or of `quipu model serve` on another machine."
    )
    llm_threads: int = Field(2, ge=1, le=64, description="CPU threads of the local model.")
    mail_mode: Literal["simulated", "smtp"] = Field("simulated", description="simulated stores mail; smtp sends.")
    smtp_host: str | None = Field(None, description="SMTP server (mail_mode=smtp).")
    smtp_port: int = Field(25, ge=1, le=65535, description="SMTP port.")
    smtp_from: str = Field("quipu@localhost", description="Sender address of outgoing mail.")
    mail_allowlist: str = Field("", description="Comma-separated addresses SMTP may send to; nobody else.")
    otlp_endpoint: str | None = Field(None, description="OTLP/HTTP traces endpoint; unset keeps traces off.")
    photo_reader: Literal["ocr", "model"] = Field(
        "ocr", description="ocr: local Tesseract; model: the hosted multimodal model (gemini), OCR as fallback."
    )
    actions_enabled: bool = Field(
        True, description="false removes the acting skills and their buttons (the evaluation's baseline)."
    )
    transfer_limit_per_day_usd: Decimal = Field(Decimal(3000), gt=0, description="Third-party transfer limit per day.")
    llm_slots: int = Field(
        1,
        ge=1,
        le=64,
        description="Model calls one API process runs at once (1 in process; the server's parallel slots).",
    )
    llm_warm_up: bool | None = Field(
        None,
        description="Read the system prompt into every model slot at start; unset: on for the local model, Ollama "
        "and any QUIPU_LLM_BASE_URL (servers of your own), off for hosted endpoints.",
    )
    llm_queue: int = Field(
        8, ge=0, le=1000, description="Model calls that may wait for a slot; past it the turn gets 503."
    )
    llm_timeout_seconds: float = Field(45, gt=0, le=600, description="Longest one model call may run (a hung model).")
    turn_deadline_seconds: float = Field(
        60, gt=0, le=600, description="Longest a chat turn may wait for the model; past it 503 and Retry-After."
    )
    chat_rate_per_minute: int = Field(20, ge=1, le=10_000, description="Chat turns per minute per customer.")
    log_format: Literal["json", "text"] = Field("json", description="Logs: one JSON object a line, or plain text.")
    app_database_url: SecretStr | None = Field(
        None, description="The application's own login (least privilege); cloud mode requires it, never the owner."
    )
    reader_database_url: SecretStr | None = Field(
        None, description="The login of dwh_reader, the only role guarded SQL runs as; cloud mode requires it."
    )
    sql_per_minute: int = Field(20, ge=1, le=600, description="run_sql queries one customer may run per minute.")
    sql_concurrent_per_customer: int = Field(
        1, ge=1, le=8, description="run_sql queries one customer may have running at the same time."
    )
    show_step_up_codes: bool | None = Field(
        None,
        description="The simulated Mensajes tray shows step-up codes; unset: on only in local mode with simulated "
        "mail.",
    )
    trusted_proxies: str = Field(
        "",
        description="Comma-separated proxy addresses or CIDRs whose X-Forwarded-For names the client; none by default.",
    )
    reader: Literal["rules", "learned", "learned+model", "model"] = Field(
        "learned",
        description="How words are read: the lexicon alone, the learned reader (in doubt code asks), the learned "
        "reader with the model for what it leaves in doubt, or the model for every clause.",
    )
    rephrase: Literal["off", "on"] = Field(
        "off", description="on: a model may rewrite code's answer for tone; code checks it keeps every figure."
    )
    chat_memory: Literal["off", "on"] | None = Field(
        None,
        description="on: a new conversation starts with code's summary of what is still going on from earlier ones "
        "(disputes, waiting proposals, cases with a person, last findings); unset: on for `quipu up`, off otherwise.",
    )
    metrics_token: SecretStr | None = Field(
        None, description="Bearer token /metrics requires; cloud mode serves /metrics only with one (32+ characters)."
    )
    allow_model_calls: bool = Field(
        True, description="false refuses every call to a real model (unit tests run so); scripted ones still run."
    )

    @property
    def embedded(self) -> bool:
        return self.database_url is None

    @property
    def pgdata(self) -> Path:
        return self.home.resolve() / "pgdata"

    @property
    def datasets_dir(self) -> Path:
        return self.home.resolve() / "datasets"

    @property
    def models_dir(self) -> Path:
        return (self.models_path or self.home / "models").resolve()

    @property
    def memory_on(self) -> bool:
        return self.chat_memory == "on"

    @property
    def step_up_codes_shown(self) -> bool:
        """Whether the outbox keeps step-up codes where the customer API shows them (the local demo tray)."""
        demo_tray = self.env == "local" and self.mail_mode == "simulated"
        return demo_tray if self.show_step_up_codes is None else self.show_step_up_codes

    @property
    def trusted_networks(self) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
        return tuple(
            ipaddress.ip_network(p.strip(), strict=False) for p in self.trusted_proxies.split(",") if p.strip()
        )

    @model_validator(mode="after")
    def _refuse_insecure(self) -> "Settings":
        database_is_local = self.database_url is None or is_local_url(self.database_url.get_secret_value())
        if self.env == "local" and not database_is_local:
            raise InsecureSettings("local mode refuses a remote database (QUIPU_DATABASE_URL)")
        if self.mail_mode == "smtp" and not self.smtp_host:
            raise InsecureSettings("mail_mode=smtp needs QUIPU_SMTP_HOST")
        if self.show_step_up_codes and (self.env != "local" or self.mail_mode != "simulated"):
            raise InsecureSettings("QUIPU_SHOW_STEP_UP_CODES is only for local mode with simulated mail")
        try:
            _ = self.trusted_networks
        except ValueError as error:
            raise InsecureSettings(f"QUIPU_TRUSTED_PROXIES: {error}") from None
        if self.env == "cloud":
            if database_is_local:
                raise InsecureSettings("cloud mode refuses a local or embedded database")
            if weak_secret(self.jwt_secret):
                raise InsecureSettings(f"cloud mode needs QUIPU_JWT_SECRET of {MIN_SECRET_LENGTH}+ random characters")
            if self.metrics_token is not None and weak_secret(self.metrics_token):
                raise InsecureSettings(f"QUIPU_METRICS_TOKEN needs {MIN_SECRET_LENGTH}+ random characters")
            refuse_shared_logins(self)
        return self

    def signing_key(self) -> str:
        """The configured key, or (local mode only) one generated once and kept under home."""
        if self.jwt_secret is not None:
            return self.jwt_secret.get_secret_value()
        path = self.home.resolve() / "jwt-secret"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o600)
            path.write_text(secrets.token_urlsafe(48))
        return path.read_text().strip()


def weak_secret(secret: SecretStr | None) -> bool:
    if secret is None:
        return True
    value = secret.get_secret_value()
    return len(value) < MIN_SECRET_LENGTH or value.lower().startswith(WEAK_SECRET_PREFIXES)


def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    host = parts.hostname or parse_qs(parts.query).get("host", [""])[0]
    return host == "" or host.startswith("/") or host in LOCAL_HOSTS


def refuse_shared_logins(settings: Settings) -> None:
    """Cloud mode: migrations use QUIPU_DATABASE_URL (the owner); the application and the reader log in
    as themselves (start-up also checks, against the database, that neither is the owner)."""
    owner = settings.database_url.get_secret_value() if settings.database_url else None
    for name, url in (
        ("QUIPU_APP_DATABASE_URL", settings.app_database_url),
        ("QUIPU_READER_DATABASE_URL", settings.reader_database_url),
    ):
        if url is None:
            raise InsecureSettings(f"cloud mode needs {name}: a login of its own, not the schema owner's")
        if url.get_secret_value() == owner:
            raise InsecureSettings(f"cloud mode refuses {name} equal to QUIPU_DATABASE_URL (the schema owner)")
