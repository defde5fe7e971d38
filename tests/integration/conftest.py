"""The integration tests run against a real (embedded) PostgreSQL and the app in process."""

from walls_db import owner_db, walls_db  # noqa: F401  (a database migrated by a non-superuser owner)

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
