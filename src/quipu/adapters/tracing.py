"""Traces of every node, model call and tool call, masked inside the process before anything is exported:
card and account numbers keep their last four digits; e-mails, names, documents and phones are removed."""

import json
from contextlib import contextmanager

from quipu.adapters.logs import REQUEST_ID
from quipu.application.chat import CUSTOMER_NAMES
from quipu.domain.masking import mask


class _Span:
    def __init__(self, span=None):
        self._span = span

    def set(self, **attributes) -> None:
        if self._span is None:
            return
        names = CUSTOMER_NAMES.get()
        for key, value in attributes.items():
            if value is None:
                continue
            if not isinstance(value, str | int | float | bool):
                value = json.dumps(value, ensure_ascii=False, default=str)
            self._span.set_attribute(f"quipu.{key}", mask(value, names) if isinstance(value, str) else value)


class Tracer:
    """Off unless given an exporter (OTLP in production, in-memory in tests)."""

    def __init__(self, exporter=None):
        self._tracer = None
        if exporter is not None:
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.trace import TracerProvider
            from opentelemetry.sdk.trace.export import SimpleSpanProcessor

            self.provider = TracerProvider(resource=Resource.create({"service.name": "quipu"}))
            self.provider.add_span_processor(SimpleSpanProcessor(exporter))
            self._tracer = self.provider.get_tracer("quipu")

    @contextmanager
    def span(self, name: str, **attributes):
        if self._tracer is None:
            yield _Span()
            return
        with self._tracer.start_as_current_span(name) as span:
            wrapped = _Span(span)
            wrapped.set(request_id=REQUEST_ID.get(), **attributes)  # the id on this request's log lines
            yield wrapped


def otlp_tracer(endpoint: str | None) -> Tracer:
    if not endpoint:
        return Tracer()
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

    return Tracer(OTLPSpanExporter(endpoint=endpoint))
