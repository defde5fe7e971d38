"""/metrics names pools, queues and refusals: in cloud mode only a scraper holding QUIPU_METRICS_TOKEN reads it."""

from pydantic import SecretStr

from support import TEST_SECRET

SCRAPER = "metrics-scraper-token-0123456789abcdef"


def test_with_a_token_set_metrics_answer_only_the_scraper_that_holds_it(make_client):
    api = make_client(metrics_token=SCRAPER)
    assert api.get("/metrics").status_code == 401
    assert api.get("/metrics", headers={"Authorization": "Bearer not-the-token"}).status_code == 401
    assert api.get("/metrics", headers={"Authorization": f"Bearer {TEST_SECRET}"}).status_code == 401
    answered = api.get("/metrics", headers={"Authorization": f"Bearer {SCRAPER}"})
    assert answered.status_code == 200 and "quipu_db_pool_connections" in answered.text


def test_cloud_mode_without_a_token_serves_no_metrics_to_anyone(make_client):
    """Before, /metrics answered anyone in cloud mode: pools, queue depth and refusals by reason."""
    api = make_client()
    services = api.app.state.services
    services.settings = services.settings.model_copy(update={"env": "cloud"})  # the route reads the running settings
    assert api.get("/metrics").status_code == 404
    services.settings = services.settings.model_copy(update={"metrics_token": SecretStr(SCRAPER)})
    assert api.get("/metrics", headers={"Authorization": f"Bearer {SCRAPER}"}).status_code == 200


def test_local_mode_without_a_token_still_serves_metrics_on_the_laptop(make_client):
    assert make_client().get("/metrics").status_code == 200
