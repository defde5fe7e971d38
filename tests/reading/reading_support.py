"""What the reading's unit tests share: the learned reader trained on today's corpus (loaded from the cache
`quipu reader train` fills, trained once otherwise) and the intents the skills declare."""

from functools import cache

from quipu.adapters.reader.store import trained
from quipu.application.skills.manifest import discover, read_intents
from quipu.application.understanding.catalog import Catalog

CATALOG = Catalog.build({s.name: s.intents() for s in discover()}, read_intents("_shared"))


@cache
def learned_reader():
    return trained()
