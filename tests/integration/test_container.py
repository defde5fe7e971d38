"""The running service's container is whole from the start: every service there, every resource open."""

from dataclasses import fields


def test_every_service_is_there_once_the_app_has_started(api):
    services = api.app.state.services
    missing = [f.name for f in fields(services) if getattr(services, f.name) is None]
    assert missing == []
    assert set(services.probes) == {"database", "model"}


def test_the_resources_hold_the_open_pools_and_the_running_live_feed(api):
    resources = api.app.state.resources
    assert not resources.pool.closed and not resources.checkpoint_pool.closed
    assert resources.sql_pool is not None and not resources.sql_pool.closed  # the demo database's walls hold
    assert resources.live.listening.is_set()


def test_metrics_report_every_pool_the_resources_hold(api):
    body = api.get("/metrics").text
    for name in ("app", "reader", "checkpoint"):
        assert f'pool="{name}"' in body, name
