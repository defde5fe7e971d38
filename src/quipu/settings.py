"""The one validated configuration object; built once by the composition root and passed down."""

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="QUIPU_", env_file=".env", extra="ignore", frozen=True)

    env: Literal["local", "cloud"] = Field(
        "local", description="local (laptop, demo data) or cloud (production guards on)."
    )
    home: Path = Field(Path(".quipu"), description="Folder for the embedded database, generated datasets and models.")
    database_url: SecretStr | None = Field(
        None, description="PostgreSQL URL; unset runs an embedded PostgreSQL under home."
    )
    seed: int = Field(2026, description="Seed of the synthetic bank; the same seed gives the same rows.")
    demo_customers: int = Field(
        1500,
        ge=0,
        le=500_000,
        description="How many organizer-shaped customers the demo data has (plus the ten demo customers).",
    )
    host: str = Field("127.0.0.1", description="Address the API and web listen on.")
    port: int = Field(8080, ge=1, le=65535, description="Port of the API and web.")

    @property
    def embedded(self) -> bool:
        return self.database_url is None

    @property
    def pgdata(self) -> Path:
        return self.home.resolve() / "pgdata"

    @property
    def datasets_dir(self) -> Path:
        return self.home.resolve() / "datasets"
