"""`quipu eval conversations`: choose the conversations, run them, write the JSON and Markdown report."""

import hashlib
import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import anyio

from quipu.evaluation import conversation_runner
from quipu.evaluation.actions_eval import prompt_fingerprints
from quipu.evaluation.conversations import HELD_OUT, counts, load, select
from quipu.evaluation.replies import UNSAFE_TYPES
from quipu.evaluation.report import commit, nearest_rank, pct, share

CONVERSATIONS = Path("evals/conversations")


@dataclass(frozen=True)
class ConversationRun:
    split: str
    provider: str = "scripted"
    model: str = "oracle"
    ids: tuple[str, ...] = ()
    directory: Path = CONVERSATIONS

    @property
    def name(self) -> str:
        where = "" if self.directory == CONVERSATIONS else f"{self.directory.name}_"
        return f"conversations_{where}{self.split}_{self.provider}_{self.model}"


def set_fingerprint(directory: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(directory.glob("*.yaml")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def summarize(results: list, provenance: dict) -> dict:
    served = [r for r in results if not r.observed.provider_error]
    n = len(served)

    def grouped(key) -> dict:
        groups = defaultdict(list)
        for r in served:
            groups[key(r)].append(r)
        return {str(k): share(sum(r.verdict.correct for r in v), len(v)) for k, v in sorted(groups.items(), key=str)}

    unsafe = Counter(u for r in served for u in r.verdict.unsafe)
    floating = [f for r in served for f in r.verdict.ungrounded]
    seconds = [r.observed.seconds for r in served]
    return {
        "messages": len(results),
        "provider_errors": len(results) - n,
        "crashed_turns": sum(1 for r in results if r.observed.crashed),
        "correct": share(sum(r.verdict.correct for r in served), n),
        "skill": share(sum(r.verdict.skill_ok for r in served), n),
        "tool_and_arguments": share(sum(r.verdict.tool_ok for r in served), n),
        "facts": share(sum(r.verdict.facts_ok for r in served), n),
        "outcome": share(sum(r.verdict.outcome_ok for r in served), n),
        "ungrounded": {
            "figures": len(floating),
            "replies": sum(1 for r in served if r.verdict.ungrounded),
            "examples": sorted(set(floating))[:20],
        },
        "unsafe": {
            "replies": sum(1 for r in served if r.verdict.unsafe),
            "upper_bound_if_zero": round(3 / n, 4) if n and not unsafe else None,
            "by_type": {t: unsafe.get(t, 0) for t in UNSAFE_TYPES},
        },
        # acting only on the customer's own request: a card drawn by words that asked for none (no claim is needed)
        "cards_not_asked": {
            "turns": sum(1 for r in served if r.verdict.card_not_asked),
            "examples": [f"{r.conversation.id}#{r.index + 1}" for r in served if r.verdict.card_not_asked][:20],
        },
        "by_skill": grouped(lambda r: r.conversation.turns[r.index].expect.skill or "none"),
        "by_language": grouped(lambda r: r.conversation.language),
        "by_region": grouped(lambda r: r.conversation.region),
        "follow_ups": share(sum(r.verdict.correct for r in served if r.follow_up), sum(r.follow_up for r in served)),
        "efficiency": {
            "seconds_p50": nearest_rank(seconds, 0.5),
            "seconds_p95": nearest_rank(seconds, 0.95),
            "model_calls_mean": round(sum(r.observed.model_calls for r in served) / n, 2) if n else None,
            "tokens_in_mean": round(sum(r.observed.tokens_in for r in served) / n, 1) if n else None,
            "tokens_out_mean": round(sum(r.observed.tokens_out for r in served) / n, 1) if n else None,
        },
        "provenance": {**provenance, "commit": commit(), "date": datetime.now(UTC).isoformat(timespec="seconds")},
    }


def turn_rows(results: list) -> list[dict]:
    return [
        {
            "id": r.conversation.id,
            "turn": r.index + 1,
            "customer": r.customer_id,
            "says": r.conversation.turns[r.index].says,
            "correct": r.verdict.correct,
            "failures": r.verdict.failures,
            "skill": r.observed.skill,
            "tools": [c.get("tool") for c in r.observed.tool_calls],
            "reply": r.observed.reply,
            "seconds": round(r.observed.seconds, 3),
            "model_calls": r.observed.model_calls,
        }
        for r in results
    ]


def markdown(report: dict, title: str) -> str:
    u, f, g = report["unsafe"], report["efficiency"], report["ungrounded"]
    rows = [
        ("Messages (provider errors apart)", f"{report['messages']} ({report['provider_errors']})"),
        ("Answered correctly", pct(report["correct"])),
        ("Right skill / tool and arguments", f"{pct(report['skill'])} / {pct(report['tool_and_arguments'])}"),
        ("Every expected fact in the reply", pct(report["facts"])),
        ("Follow-ups answered correctly", pct(report["follow_ups"])),
        ("Ungrounded figures (replies with any)", f"{g['figures']} ({g['replies']})"),
        ("Cards drawn by words that asked for none", f"{report['cards_not_asked']['turns']}"),
        ("Unsafe replies", f"{u['replies']}"
         + (f" (rule of three: ≤ {100 * u['upper_bound_if_zero']:.1f}%)" if u["upper_bound_if_zero"] else "")),
        ("Latency p50 / p95", f"{f['seconds_p50']} s / {f['seconds_p95']} s"),
        ("Model calls per message", f"{f['model_calls_mean']}"),
    ]  # fmt: skip
    lines = [f"# {title}", "", "| Measure | Value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows), ""]
    for key in ("by_skill", "by_language", "by_region"):
        lines += [
            f"{key.replace('_', ' ').capitalize()}: " + ", ".join(f"{k} {pct(v)}" for k, v in report[key].items()),
            "",
        ]
    lines += ["Unsafe by type: " + ", ".join(f"{k} {v}" for k, v in u["by_type"].items()), ""]
    lines += ["Provenance: " + ", ".join(f"{k} {v}" for k, v in report["provenance"].items())]
    return "\n".join(lines) + "\n"


def write(report: dict, results: list, plan: ConversationRun, out: Path, stamp: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    body = dict(report)
    if plan.split != HELD_OUT:  # a held-out run shows totals only, so nobody tunes to its messages
        body["turns"] = turn_rows(results)
    path = out / f"{plan.name}_{stamp}.json"
    path.write_text(json.dumps(body, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    path.with_suffix(".md").write_text(markdown(report, f"Conversation evaluation: {plan.name}"), encoding="utf-8")
    return path


def evaluate(plan: ConversationRun, settings, *, model=None, urls=None, out=Path(".quipu/eval"), progress=None):
    """model None runs the oracle (scripted); otherwise the given provider answers every message."""
    directory = plan.directory
    everything = load(directory)
    chosen = select(everything, plan.split, list(plan.ids) or None)
    facts = {
        "split": plan.split,
        "provider": plan.provider,
        "model": plan.model,
        "set": {"dir": str(directory), "fingerprint": set_fingerprint(directory), **counts(chosen)},
        "prompts": prompt_fingerprints(),
    }
    stamp = datetime.now(UTC).strftime("%Y%m%d_%H%M%S")
    results: list = []

    def record(result) -> None:
        results.append(result)
        if progress:
            progress(result)

    anyio.run(lambda: conversation_runner.run(settings, chosen, real_model=model, urls=urls, on_turn=record))
    report = summarize(results, facts)
    return report, results, write(report, results, plan, out, stamp)
