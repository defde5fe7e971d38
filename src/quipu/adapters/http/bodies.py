"""Shapes the routes share: request bodies that refuse unknown fields, and the answer of a sign-in."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Password = Annotated[str, Field(min_length=1, max_length=256)]


class StrictBody(BaseModel):
    """A request body: a field it does not know is an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


class BearerToken(BaseModel):
    """What a sign-in answers: a bearer token and its lifetime in seconds."""

    access_token: str
    token_type: str = "bearer"
    expires_in: int
