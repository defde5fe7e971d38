"""The base of what a use case returns: a frozen pydantic model, turned into the JSON a tool or a page sends."""

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer


class Result(BaseModel):
    """Unknown values are left out of the JSON unless a result says its nulls are part of the shape."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)
    keeps_nulls: ClassVar[bool] = False

    def json_ready(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=not self.keeps_nulls)


class NullsKept(BaseModel):
    """A part of a result whose unknown values are sent as null even where the result leaves nulls out (a
    check ran and the record has no value); only the fields named in `left_out_when_none` are left out."""

    model_config = ConfigDict(frozen=True)
    left_out_when_none: ClassVar[frozenset[str]] = frozenset()

    @model_serializer(mode="wrap")
    def _nulls_kept(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {
            name: data.get(name)
            for name in type(self).model_fields
            if data.get(name) is not None or name not in self.left_out_when_none
        }
