"""The end-to-end tests (a real browser, the real local model) use the same stack as the integration tests."""

from stack import (  # noqa: F401
    admin,
    api,
    bank_db,
    cards_left_active,
    datasets_dir,
    demo_db,
    empty_db,
    maintenance_url,
    make_client,
    migrated_db,
)
