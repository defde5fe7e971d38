"""The base of what a use case returns: a frozen pydantic model, turned into the JSON a tool or a page sends."""

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict


class Result(BaseModel):
    """Unknown values are left out of the JSON unless a result says its nulls are part of the shape."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)
    keeps_nulls: ClassVar[bool] = False

    def json_ready(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=not self.keeps_nulls)
