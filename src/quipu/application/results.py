"""The base of what a use case returns: a frozen pydantic model, turned into the JSON a tool or a page sends."""

from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
)

# marks the one inner serialization `Result._as_sent` asks for, so it does not ask again
_SENT: dict[str, bool] = {"result_sent": True}


class Result(BaseModel):
    """Unknown values are left out of the JSON unless a result says its nulls are part of the shape; whoever
    writes the JSON (a page, `json_ready`, or FastMCP sending a tool's result on /mcp) gets the same shape."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)
    keeps_nulls: ClassVar[bool] = False

    def json_ready(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=not self.keeps_nulls)

    @model_serializer(mode="wrap")
    def _as_sent(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo):  # type: ignore[no-untyped-def]
        # no return annotation: the published (serialization) schema stays the model's own
        if self.keeps_nulls or info.exclude_none or info.mode != "json" or info.context is _SENT:
            return handler(self)
        return self.__pydantic_serializer__.to_python(
            self, mode="json", by_alias=True, exclude_none=True, context=_SENT
        )


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
