"""One chat turn as a LangGraph graph: guard (code) → refuse | handoff | router (model, regex safety net)
→ skill agent (model tool loop) → claims check (code) → finish. Code decides; the model only proposes."""

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph

from quipu.application.actions import Proposer
from quipu.application.agent import prompts
from quipu.application.agent.case_file import build_case_file, finding_kinds
from quipu.application.agent.steps import (
    ModelOutputError,
    SkillStep,
    parse_router,
    parse_step,
    router_schema,
    skill_schema,
)
from quipu.application.ports import ModelBusy
from quipu.domain import action_text
from quipu.domain.actions import NEVER_AUTOMATED, Requested
from quipu.domain.agent_text import say
from quipu.domain.claims import claims
from quipu.domain.plain_requests import clarifying_question, lookups_needed, names_an_action, plain_request
from quipu.domain.routing import guess_skill, refused_action, settle_route, wants_person

log = logging.getLogger("quipu.agent")
MAX_SKILL_STEPS = 6
PHOTO_PLACEHOLDER = "[foto]"
MAX_HISTORY = 20
MAX_TOOL_RESULT_CHARS = 3000
PER_TURN = {
    "route": None,
    "skill": None,
    "scratch": [],
    "tools_used": [],
    "tool_results": [],
    "reply": None,
    "outcome": None,
    "handoff": None,
    "actions": None,
    "confirmation": None,
    "model_calls": 0,
    "tokens_in": 0,
    "tokens_out": 0,
    "second_chance": False,
    "problems": [],
}


def stored_outcome(update: dict, language: str) -> str | None:
    """What a stored proposal says, in code-written sentences, when the model cannot finish the turn."""
    actions, confirmation = update.get("actions"), update.get("confirmation")
    texts = [i["text"] for i in (actions or {}).get("items", [])]
    if confirmation:
        texts.append(confirmation.get("text", ""))
    if confirmation or (actions and actions.get("needs_confirmation")):
        texts.append(say("proposal_ready", language))
    return " ".join(t for t in texts if t) or None


class TurnState(TypedDict, total=False):
    history: list[dict]
    awaiting_skill: str | None
    text: str
    attachment: str | None
    language: str
    session: dict
    route: str | None
    skill: str | None
    scratch: list[dict]
    tools_used: list[str]
    tool_results: list[dict]
    reply: str | None
    outcome: str | None
    handoff: dict | None
    actions: dict | None
    confirmation: dict | None
    model_calls: int
    tokens_in: int
    tokens_out: int
    second_chance: bool
    problems: list[str]


@dataclass
class AgentDeps:
    model: Any
    skills: list
    mcp: Callable[[], Any]
    gateway: Any
    handoffs: Any
    audit: Any
    session_meta: Callable[[dict, str, str], dict]
    trace: Callable[..., Any] = field(default=lambda *a, **k: _NullSpan())


class _NullSpan:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def set(self, **attributes):
        return None


def offered(deps: AgentDeps, signed_in: bool) -> list:
    return [s for s in deps.skills if signed_in or not s.sign_in]


def usable_arguments(arguments: dict, schema: dict) -> dict:
    """Required arguments pass as given; optional ones the model filled with nothing, or with a value
    outside their vocabulary, are left out rather than sent to fail."""
    properties, required = schema.get("properties", {}), set(schema.get("required", []))
    kept = {}
    for name, value in (arguments or {}).items():
        if name not in properties:
            continue
        if name in required:
            kept[name] = value
            continue
        if value in (None, "", 0, [], {}):
            continue
        options = [s for s in properties[name].get("anyOf", [properties[name]]) if s.get("type") != "null"]
        allowed = options[0].get("enum") if options else None
        if allowed is None or value in allowed:
            kept[name] = value
    return kept


class Agent:
    def __init__(self, deps: AgentDeps):
        self.deps = deps
        self._schemas: dict[str, dict] = {}

    def build(self, checkpointer=None):
        graph = StateGraph(TurnState)
        for name in ("guard", "refuse", "router", "skill_agent", "claims_check", "handoff", "finish"):
            graph.add_node(name, getattr(self, name))
        graph.add_edge(START, "guard")
        graph.add_conditional_edges("guard", lambda s: s["route"], ["refuse", "handoff", "router"])
        graph.add_conditional_edges("router", self._after_router, ["skill_agent", "handoff", "finish"])
        graph.add_conditional_edges("skill_agent", self._after_skill, ["claims_check", "handoff", "finish"])
        graph.add_conditional_edges("claims_check", self._after_claims, ["skill_agent", "handoff", "finish"])
        graph.add_edge("refuse", "finish")
        graph.add_edge("handoff", "finish")
        graph.add_edge("finish", END)
        return graph.compile(checkpointer=checkpointer)

    # --- nodes -------------------------------------------------------------------------------------------

    async def guard(self, state: TurnState) -> dict:
        with self.deps.trace("node.guard") as span:
            text = state["text"]
            span.set(input=text, language=state["language"])
            if wants_person(text):
                route, handoff = "handoff", {"reason": "customer_asked"}
            elif refused_action(text):
                route, handoff = "refuse", None
            else:
                route, handoff = "router", None
            return {**PER_TURN, "route": route, "handoff": handoff}

    async def refuse(self, state: TurnState) -> dict:
        """What the bank never automates is answered by code and audited; a person gets the case."""
        with self.deps.trace("node.refuse"):
            action = refused_action(state["text"])
            session, language = state["session"], state["language"]
            if session["signed_in"]:
                who = Proposer(session["customer_id"], session.get("conversation_id"), language, True)
                view = await self.deps.gateway.propose(who, [Requested(action, {})])
                item = view["items"][0]
                reason, escalated = item["reason"], item["status"] == "escalated"
            else:
                verdict, reason = NEVER_AUTOMATED[action]
                escalated = False
                await self.deps.audit.log(
                    customer_id=session["customer_id"],
                    conversation_id=session.get("conversation_id"),
                    tool=f"refuse:{action}",
                    proposed={"said": state["text"][:200]},
                    decision=verdict,
                    reason=reason,
                )
            text = action_text.reason_text(reason, language) or ""
            reply = say("refused_person" if escalated else "refused", language, reason=text)
            if not session["signed_in"]:
                reply = f"{reply} {say('sign_in', language)}"
            return {
                "reply": reply,
                "outcome": "handed_off" if escalated else "refused",
                "skill": "refuse",
                "handoff": {"reason": reason, "already_open": True} if escalated else None,
            }

    async def router(self, state: TurnState) -> dict:
        with self.deps.trace("node.router") as span:
            session, text = state["session"], state["text"]
            skills = offered(self.deps, session["signed_in"])
            names = [s.name for s in skills]
            all_names = [s.name for s in self.deps.skills]
            regex = guess_skill(text, all_names)
            if regex is None and state.get("attachment") and "charge_investigation" in all_names:
                regex = "charge_investigation"  # a statement photo is a question about charges
            if state.get("awaiting_skill") in names and regex in (None, state["awaiting_skill"]):
                span.set(skill=state["awaiting_skill"], by="awaiting")
                return {"skill": state["awaiting_skill"]}
            if regex and regex not in names:
                return {"reply": say("sign_in", state["language"]), "outcome": "refused", "skill": regex}
            try:
                call = await self._model(
                    "router", prompts.router_prompt(skills), self._transcript(state), router_schema(names)
                )
                skill = settle_route(parse_router(call[0].data, names).skill, regex, asks_to_act=names_an_action(text))
                usage = call[1]
            except ModelBusy:  # back-pressure, not an outage: the HTTP edge answers 503 and stores nothing
                raise
            except Exception as error:  # the router failing is an outage only if the regex cannot route either
                log.warning("router failed: %s", type(error).__name__)
                if regex is None:
                    return {"handoff": {"reason": "assistant_error"}}
                skill, usage = regex, {}
            span.set(skill=skill or "none")
            if skill is None:
                return {**usage, "reply": say("out_of_scope", state["language"]), "outcome": "answered"}
            return {**usage, "skill": skill}

    async def skill_agent(self, state: TurnState) -> dict:
        skill = next(s for s in self.deps.skills if s.name == state["skill"])
        scratch = list(state.get("scratch") or [])
        update: dict = {
            "tools_used": list(state.get("tools_used") or []),
            "tool_results": list(state.get("tool_results") or []),
            "model_calls": state.get("model_calls", 0),
            "tokens_in": state.get("tokens_in", 0),
            "tokens_out": state.get("tokens_out", 0),
            "actions": state.get("actions"),
            "confirmation": state.get("confirmation"),
        }
        try:
            async with self.deps.mcp() as client:
                tools = [t for t in await client.list_tools() if t.name.startswith(f"{skill.mcp}_")]
                names = [t.name.split("_", 1)[1] for t in tools]
                self._schemas.update({t.name.split("_", 1)[1]: t.input_schema or {} for t in tools})
                system = prompts.skill_prompt(skill, tools, state["language"])
                for _ in range(MAX_SKILL_STEPS):
                    call, step = await self._step(system, self._transcript(state) + scratch, names, update)
                    first = skill.flags.get("look_first")
                    if step.action != "tool" and first and first not in update["tools_used"]:
                        step = await self._records_first(client, skill, state)
                        call = type(call)(step.model_dump(), "code", "look_first")
                    elif step.action != "tool" and skill.flags.get("propose_first") and not update["actions"]:
                        planned = await self._plain_proposal(client, skill, state)
                        if planned is not None:
                            step, call = planned, type(call)(planned.model_dump(), "code", "propose_first")
                    if step.action != "tool":
                        return {**update, "scratch": scratch, **self._ending(step, skill, state)}
                    result = await self._call_tool(client, skill, step, state)
                    update["tools_used"].append(step.tool)
                    update["tool_results"].append({"tool": step.tool, "result": result})
                    self._note_proposals(step.tool, result, update)
                    scratch += [
                        {"role": "assistant", "content": json.dumps(call.data, ensure_ascii=False)},
                        {
                            "role": "tool",
                            "content": json.dumps(result, ensure_ascii=False, default=str)[:MAX_TOOL_RESULT_CHARS],
                        },
                    ]
        except ModelBusy:
            raise
        except Exception as error:  # a model or tool outage: a fixed reply and a person, never a 500
            log.warning("skill %s failed: %s", skill.name, type(error).__name__)
            stored = stored_outcome(update, state["language"])
            if stored:  # the proposal is stored and shown: code says what it holds, the button stays theirs
                return {**update, "scratch": scratch, "reply": stored, "outcome": "answered"}
            return {**update, "scratch": scratch, "handoff": {"reason": "assistant_error"}}
        return {**update, "scratch": scratch, "reply": say("too_many_steps", state["language"]), "outcome": "answered"}

    async def claims_check(self, state: TurnState) -> dict:
        with self.deps.trace("node.claims"):
            actions, confirmation = state.get("actions"), state.get("confirmation")
            has_proposal = bool(confirmation) or bool(actions and actions.get("needs_confirmation"))
            done_allowed = bool(actions and any(i["status"] == "verified" for i in actions["items"]))
            problems = claims(state.get("reply") or "", has_proposal=has_proposal, done_allowed=done_allowed)
            if actions and actions.get("escalate") and not state.get("handoff"):
                return {"problems": problems, "handoff": {"reason": "action_escalated", "already_open": True}}
            if "possible_fraud" in finding_kinds(state.get("tool_results") or []) and not state.get("handoff"):
                # the bank's own records flag possible fraud: a person takes the case, whatever the model said
                return {"problems": problems, "handoff": {"reason": "possible_fraud"}}
            if not problems:
                return {"problems": []}
            if not state.get("second_chance"):
                note = {
                    "role": "user",
                    "content": "[system note] " + prompts.SECOND_CHANCE.format(problems=", ".join(problems)),
                }
                return {
                    "problems": problems,
                    "second_chance": True,
                    "reply": None,
                    "scratch": list(state.get("scratch") or []) + [note],
                }
            return {"problems": problems, "reply": say("unsafe_reply", state["language"]), "outcome": "answered"}

    async def handoff(self, state: TurnState) -> dict:
        with self.deps.trace("node.handoff"):
            handoff = dict(state.get("handoff") or {"reason": "model_requested"})
            session, language = state["session"], state["language"]
            if not handoff.get("already_open"):
                case = build_case_file(state)
                await self.deps.handoffs.open_case(
                    case_id=case["case_id"],
                    customer_id=session["customer_id"],
                    conversation_id=session.get("conversation_id"),
                    priority=case["priority"],
                    sla_hours=case["sla_hours"],
                    reason_codes=[handoff["reason"]],
                    case_file=case,
                )
                handoff["case_id"] = case["case_id"]
            key = "outage" if handoff["reason"] == "assistant_error" else "handoff"
            reply = state.get("reply") if handoff.get("already_open") and state.get("reply") else say(key, language)
            return {"handoff": handoff, "reply": reply, "outcome": "handed_off"}

    async def finish(self, state: TurnState) -> dict:
        history = list(state.get("history") or [])
        said = f"{state['text']} {PHOTO_PLACEHOLDER}".strip() if state.get("attachment") else state["text"]
        history += [
            {"role": "user", "content": said},
            {"role": "assistant", "content": state.get("reply") or ""},
        ]
        asked = state.get("outcome") == "question"
        return {
            "history": history[-MAX_HISTORY:],
            "awaiting_skill": state.get("skill") if asked else None,
            "attachment": None,  # what was read from a photo lives for one turn only
        }

    # --- edges -------------------------------------------------------------------------------------------

    @staticmethod
    def _after_router(state: TurnState) -> str:
        if state.get("handoff"):
            return "handoff"
        return "finish" if state.get("reply") else "skill_agent"

    @staticmethod
    def _after_skill(state: TurnState) -> str:
        if state.get("handoff"):
            return "handoff"
        return "claims_check" if state.get("reply") else "finish"

    @staticmethod
    def _after_claims(state: TurnState) -> str:
        if state.get("handoff"):
            return "handoff"
        return "skill_agent" if state.get("reply") is None else "finish"

    # --- helpers -----------------------------------------------------------------------------------------

    async def _step(self, system: str, messages: list[dict], names: list[str], update: dict):
        """One typed skill step; output that is not the allowed JSON is asked for once more."""
        for attempt in (1, 2):
            try:
                call, usage = await self._model("skill", system, messages, skill_schema(names))
            except ValueError:  # the model's text was not JSON at all (cut short or chatty)
                if attempt == 2:
                    raise
                continue
            for key, value in usage.items():
                update[key] = update.get(key, 0) + value
            try:
                return call, parse_step(call.data, names)
            except ModelOutputError as error:
                if attempt == 2:
                    raise
                messages = messages + [
                    {
                        "role": "user",
                        "content": f"[system note] Invalid step ({error}). Answer with one valid JSON step.",
                    }
                ]
        raise AssertionError("unreachable")

    async def _model(self, purpose: str, system: str, messages: list[dict], schema: dict):
        with self.deps.trace(f"model.{purpose}") as span:
            call = await self.deps.model.complete(purpose=purpose, system=system, messages=messages, schema=schema)
            span.set(
                provider=call.provider,
                model=call.model,
                tokens_in=call.tokens_in,
                tokens_out=call.tokens_out,
                seconds=round(call.seconds, 3),
            )
            return call, {"model_calls": 1, "tokens_in": call.tokens_in, "tokens_out": call.tokens_out}

    async def _call_tool(self, client, skill, step, state: TurnState) -> dict:
        meta = self.deps.session_meta(state["session"], state["language"], state["text"])
        with self.deps.trace("tool.call") as span:
            span.set(tool=step.tool, arguments=json.dumps(step.arguments, ensure_ascii=False, default=str))
            arguments = usable_arguments(step.arguments, self._schemas.get(step.tool, {}))
            result = await client.call_tool(f"{skill.mcp}_{step.tool}", arguments, meta=meta, raise_on_error=False)
        if result.is_error:
            return {"error": "tool_error", "detail": " ".join(getattr(c, "text", "") for c in result.content)[:300]}
        return result.structured_content or {}

    async def _records_first(self, client, skill, state: TurnState):
        """The bank looks at its own records before asking the customer anything: when the model would
        ask first, code investigates the charges of the merchant the customer named (or the newest)."""
        meta = self.deps.session_meta(state["session"], state["language"], state["text"])
        found = await client.call_tool(
            f"{skill.mcp}_search_transactions", {"days": 90, "limit": 20}, meta=meta, raise_on_error=False
        )
        merchants = {
            c.get("merchant") for c in (found.structured_content or {}).get("charges", []) if c.get("merchant")
        }
        text = f"{state['text']} {state.get('attachment') or ''}".casefold()
        named = next(
            (
                m
                for m in sorted(merchants, key=len, reverse=True)
                if m.casefold() in text or m.split()[0].casefold() in text.split()
            ),
            None,
        )
        arguments = {"merchant": named.split()[0]} if named else {}
        return SkillStep(action="tool", tool="investigate_charges", arguments=arguments)

    async def _plain_proposal(self, client, skill, state: TurnState) -> SkillStep | None:
        """The customer named one action completely, and the model answered with words: code puts the
        proposal card in front of them instead (nothing runs until they press the button)."""
        text = state["text"]
        meta = self.deps.session_meta(state["session"], state["language"], text)
        needs, looked = lookups_needed(text), {}
        for needed, tool, arguments in (
            ("cards", "my_cards", {}),
            ("charges", "recent_charges", {"days": 90, "limit": 20}),
        ):
            if needed in needs:
                found = await client.call_tool(f"{skill.mcp}_{tool}", arguments, meta=meta, raise_on_error=False)
                looked[needed] = (found.structured_content or {}).get(needed, [])
        request = plain_request(text, looked.get("cards"), looked.get("charges"))
        if request is None:
            question = clarifying_question(text, looked.get("cards"), state["language"])
            return SkillStep(action="question", text=question) if question else None
        return SkillStep(action="tool", tool=skill.flags["propose_first"], arguments={"actions": [request]})

    @staticmethod
    def _note_proposals(tool: str, result: dict, update: dict) -> None:
        if tool == "propose_actions" and isinstance(result.get("proposal"), dict):
            update["actions"] = result["proposal"]
        if tool in ("propose_transfer", "propose_service_payment") and result.get("status") == "proposed":
            update["confirmation"] = result["confirmation"]

    @staticmethod
    def _ending(step, skill, state: TurnState) -> dict:
        if step.action == "handoff":
            return {"handoff": {"reason": "model_requested", "detail": (step.text or "")[:200]}}
        return {"reply": step.text.strip(), "outcome": "question" if step.action == "question" else "answered"}

    @staticmethod
    def _transcript(state: TurnState) -> list[dict]:
        said = state["text"]
        if state.get("attachment"):
            said = f"{said}\n\n{state['attachment']}".strip()
        return list(state.get("history") or [])[-8:] + [{"role": "user", "content": said}]
