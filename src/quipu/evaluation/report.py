"""The report of a run: what matters to a bank, with the uncertainty that small numbers carry."""

import hashlib
import math
import subprocess
from collections import Counter, defaultdict
from datetime import UTC, datetime

from quipu.evaluation.verdict import UNSAFE_TYPES


def nearest_rank(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 3)


def share(n: int, d: int) -> dict:
    return {"n": n, "of": d, "rate": round(n / d, 4) if d else None}


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cost(tokens_in: float, tokens_out: float, prices: dict) -> float | str:
    if not prices:
        return "not defined"
    return round((tokens_in * prices["input_per_million"] + tokens_out * prices["output_per_million"]) / 1e6, 6)


def summarize(attempts: list, provenance: dict, prices: dict | None = None) -> dict:
    served = [a for a in attempts if not a.observed.provider_error]
    n = len(served)
    correct = [a for a in served if a.verdict.correct]
    automated = [a for a in served if a.scenario.automated]
    unsafe_attempts = [a for a in served if a.verdict.unsafe]
    by_type = Counter(u for a in served for u in a.verdict.unsafe)
    escalation = Counter(a.verdict.escalation for a in served)
    routed = [a for a in served if a.verdict.route_ok is not None]
    by_scenario = defaultdict(set)
    for a in served:
        by_scenario[a.scenario.id].add(a.verdict.correct)
    repeated = {k: v for k, v in by_scenario.items() if sum(1 for a in served if a.scenario.id == k) > 1}
    tokens_in = sum(a.observed.tokens_in for a in served) / n if n else 0
    tokens_out = sum(a.observed.tokens_out for a in served) / n if n else 0
    safe = [a for a in served if a.verdict.safe_resolution]
    per_attempt = cost(tokens_in, tokens_out, prices or {})

    def grouped(key) -> dict:
        groups = defaultdict(list)
        for a in served:
            groups[key(a)].append(a)
        return {k: share(sum(a.verdict.correct for a in v), len(v)) for k, v in sorted(groups.items())}

    return {
        "attempts": len(attempts),
        "provider_errors": len(attempts) - n,
        "correct": share(len(correct), n),
        "safe_automated_resolution": share(len(safe), len(automated)),
        "containment": share(sum(1 for a in served if not a.observed.handoff), n),
        "escalation": {
            "expected": sum(1 for a in served if a.scenario.expect.handoff is True),
            "correct": escalation["correct"],
            "missed": escalation["missed"],
            "unnecessary": escalation["unnecessary"],
        },
        "unsafe": {
            "attempts": len(unsafe_attempts),
            "n": n,
            "upper_bound_if_zero": round(3 / n, 4) if n and not unsafe_attempts else None,
            "by_type": {t: by_type.get(t, 0) for t in UNSAFE_TYPES},
        },
        "route": {
            "model": share(sum(a.verdict.route_ok for a in routed), len(routed)),
            "rules_only": share(sum(a.verdict.rules_route_ok for a in routed), len(routed)),
        },
        "by_category": grouped(lambda a: a.scenario.category),
        "by_language": grouped(lambda a: a.scenario.language),
        "by_segment": grouped(lambda a: a.segment),
        "consistency": {
            "cases_repeated": len(repeated),
            "same_every_time": sum(1 for v in repeated.values() if len(v) == 1),
        },
        "efficiency": {
            "seconds_p50": nearest_rank([a.observed.seconds for a in served], 0.5),
            "seconds_p95": nearest_rank([a.observed.seconds for a in served], 0.95),
            "model_calls_mean": round(sum(a.observed.model_calls for a in served) / n, 2) if n else None,
            "tokens_in_mean": round(tokens_in, 1),
            "tokens_out_mean": round(tokens_out, 1),
            "cost_per_attempt_usd": per_attempt,
            "cost_per_safe_resolution_usd": (
                "not defined"
                if isinstance(per_attempt, str)
                else (round(per_attempt * n / len(safe), 6) if safe else None)
            ),
        },
        "provenance": {**provenance, "commit": commit(), "date": datetime.now(UTC).isoformat(timespec="seconds")},
    }


def scenario_rows(attempts: list) -> list[dict]:
    return [
        {
            "id": a.scenario.id,
            "repeat": a.repeat,
            "correct": a.verdict.correct,
            "unsafe": a.verdict.unsafe,
            "escalation": a.verdict.escalation,
            "failures": a.verdict.failures,
            "executed": sorted(a.observed.executed),
            "route": a.observed.routes,
            "rules_route": a.observed.rules_route,
            "handoff": a.observed.handoff,
            "seconds": round(a.observed.seconds, 3),
            "model_calls": a.observed.model_calls,
            "provider_error": a.observed.provider_error,
            "replies": a.observed.replies,
        }
        for a in attempts
    ]


def pct(s: dict) -> str:
    return "n/a" if not s["of"] else f"{100 * s['rate']:.0f}% ({s['n']}/{s['of']})"


def markdown(report: dict, title: str) -> str:
    e, u, f = report["escalation"], report["unsafe"], report["efficiency"]
    lines = [
        f"# {title}",
        "",
        "| Measure | Value |",
        "|---|---|",
        f"| Attempts (provider errors apart) | {report['attempts']} ({report['provider_errors']}) |",
        f"| Correct end state | {pct(report['correct'])} |",
        f"| Safe automated resolution | {pct(report['safe_automated_resolution'])} |",
        f"| Needed a person: handed / missed; unnecessary | {e['correct']} / {e['missed']}; {e['unnecessary']} |",
        f"| Containment | {pct(report['containment'])} |",
        f"| Unsafe attempts | {u['attempts']} of {u['n']}"
        + (f" (rule of three: ≤ {100 * u['upper_bound_if_zero']:.1f}%)" if u["upper_bound_if_zero"] else "")
        + " |",
        f"| Router: model / rules only | {pct(report['route']['model'])} / {pct(report['route']['rules_only'])} |",
        f"| Same verdict on every repeat | {report['consistency']['same_every_time']}"
        f"/{report['consistency']['cases_repeated']} |",
        f"| Latency p50 / p95 | {f['seconds_p50']} s / {f['seconds_p95']} s |",
        f"| Model calls per attempt | {f['model_calls_mean']} |",
        f"| Tokens in / out per attempt | {f['tokens_in_mean']} / {f['tokens_out_mean']} |",
        f"| Cost per attempt | {f['cost_per_attempt_usd']} |",
        "",
        "Unsafe by type: " + ", ".join(f"{k} {v}" for k, v in u["by_type"].items()),
        "",
        "By category: " + ", ".join(f"{k} {pct(v)}" for k, v in report["by_category"].items()),
        "",
        "By language: " + ", ".join(f"{k} {pct(v)}" for k, v in report["by_language"].items()),
        "",
        "By segment: " + ", ".join(f"{k} {pct(v)}" for k, v in report["by_segment"].items()),
        "",
        "Provenance: " + ", ".join(f"{k} {v}" for k, v in report["provenance"].items()),
    ]
    return "\n".join(lines) + "\n"
