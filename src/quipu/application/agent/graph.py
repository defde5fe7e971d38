"""One chat turn as a LangGraph graph: guard (code) → refuse | handoff | small talk (code) | router (model,
regex safety net) → skill (model picks one tool of the routed skill; the skill's hooks chain lookups) →
answer (code: the skill's ES/PT templates over the tool results; optional rephrasing checked by code) →
claims check (code) → finish. The graph knows no tool: skill-specific steps live in the skill folders."""

import logging
from typing import Any

from langgraph.graph import END, START, StateGraph

from quipu.application.agent import prompts
from quipu.application.agent.deps import offered
from quipu.application.agent.followups import is_follow_up, joined_words, merged_arguments, remembered
from quipu.application.agent.model_calls import ModelCalls
from quipu.application.agent.refusal import refuse_by_code
from quipu.application.agent.rephrase import checked_rephrasing
from quipu.application.agent.state import (
    MAX_HISTORY,
    PER_TURN,
    PHOTO_PLACEHOLDER,
    TurnState,
    answers_a_question,
    asks_back,
)
from quipu.application.agent.steps import (
    ModelOutputError,
    SkillStep,
    parse_router,
    router_schema,
)
from quipu.application.agent.tool_caller import SkillTools
from quipu.application.ports import ModelBusy
from quipu.application.turn_case import finding_kinds
from quipu.domain.agent_text import say
from quipu.domain.claims import claims
from quipu.domain.out_of_scope import names_a_topic_no_skill_serves, plainly_out_of_scope
from quipu.domain.routing import (
    acting_skill_asked,
    guess_skill,
    plainly_one_skill,
    refused_action,
    settle_route,
    small_talk,
    wants_person,
)
from quipu.domain.signals import Signal
from quipu.skills.answering import SkillTurn, ToolOutcome, Voice
from quipu.skills.registry import Skill

log = logging.getLogger("quipu.agent")
class Agent(ModelCalls):
    def build(self, checkpointer: Any = None) -> Any:  # langgraph's compiled graph
        graph = StateGraph(TurnState)
        for name in ("guard", "refuse", "router", "skill_agent", "answer", "claims_check", "handoff", "finish"):
            graph.add_node(name, getattr(self, name))
        graph.add_edge(START, "guard")
        graph.add_conditional_edges("guard", lambda s: s["route"], ["refuse", "handoff", "router", "finish"])
        graph.add_conditional_edges("router", self._after_router, ["skill_agent", "handoff", "finish"])
        graph.add_conditional_edges("skill_agent", self._after_skill, ["answer", "handoff", "finish"])
        graph.add_edge("answer", "claims_check")
        graph.add_conditional_edges("claims_check", lambda s: "handoff" if s.get("handoff") else "finish")
        graph.add_edge("refuse", "finish")
        graph.add_edge("handoff", "finish")
        graph.add_edge("finish", END)
        return graph.compile(checkpointer=checkpointer)

    # --- nodes -------------------------------------------------------------------------------------------

    async def guard(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.guard") as span:
            text, language = state["text"], state["language"]
            span.set(input=text, language=language)
            if wants_person(text):
                return {**PER_TURN, "route": "handoff", "handoff": {"reason": "customer_asked"}}
            if refused_action(text):
                return {**PER_TURN, "route": "refuse"}
            chat = None if state.get("attachment") else small_talk(text)
            if chat:  # a greeting, thanks or goodbye: code answers with what the assistant can do, no model
                return {**PER_TURN, "route": "finish", "reply": say(chat, language), "outcome": "answered"}
            return {**PER_TURN, "route": "router", "follow_up": answers_a_question(state) or is_follow_up(text, state.get("last"))}

    async def refuse(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.refuse"):
            return await refuse_by_code(self.deps, state)

    async def router(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.router") as span:
            caller, text = state["caller"], state["text"]
            skills = offered(self.deps, caller.signed_in)
            names = [s.name for s in skills]
            regex = guess_skill(text, [s.name for s in self.deps.skills])
            if regex is None and state.get("attachment") and "charge_investigation" in names:
                regex = "charge_investigation"  # a statement photo is a question about charges
            resumed = state.get("awaiting_skill") or ((state.get("last") or {}).get("skill") if state["follow_up"] else None)
            if resumed and regex is None and names_a_topic_no_skill_serves(text):
                resumed = None  # a branch or opening hours asked mid-conversation is not about the last request
            if resumed in names and regex in (None, resumed):
                span.set(skill=resumed, by="follow_up")
                return {"skill": resumed}
            if regex is None and not state.get("attachment") and plainly_out_of_scope(text):
                span.set(skill="none", by="words")  # nothing a skill serves: code names what it can do, no model
                return {"reply": say("out_of_scope", state["language"]), "outcome": "answered"}
            if regex and regex not in names:
                return {"reply": say("sign_in", state["language"]), "outcome": "refused", "skill": regex}
            if regex and plainly_one_skill(text, names):  # the words name one skill plainly: no model call needed
                span.set(skill=regex, by="words")
                return {"skill": regex}
            try:
                call, usage = await self._model("router", state, prompts.route_instruction(names), router_schema(names))
                skill = settle_route(parse_router(call.data, names).skill, regex, asked=acting_skill_asked(text))
            except ModelBusy:  # back-pressure, not an outage: the HTTP edge answers 503 and stores nothing
                raise
            except Exception as error:  # the router failing is an outage only if the regex cannot route either
                log.warning("router failed", exc_info=error)
                if regex is None:
                    return {"handoff": {"reason": "assistant_error"}}
                skill, usage = regex, {}
            span.set(skill=skill or "none")
            if skill is None:
                return {**usage, "reply": say("out_of_scope", state["language"]), "outcome": "answered"}
            return {**usage, "skill": skill}

    async def skill_agent(self, state: TurnState) -> dict[str, Any]:
        skill = next(s for s in self.deps.skills if s.name == state["skill"])
        hooks = skill.hooks()
        update = {k: state.get(k, 0) for k in ("model_calls", "tokens_in", "tokens_out")}
        try:
            async with self.deps.mcp() as client:
                tools = await self._tools(client, skill, state)
                names = sorted(tools.schemas)
                words = joined_words(state.get("last"), state["text"], state["follow_up"])
                last = state.get("last") or {}
                earlier = (last.get("arguments") or {}) if last.get("skill") == skill.name else {}
                turn = SkillTurn(words, state["language"], tools, said=state["text"], earlier=earlier)
                if "plain" in hooks and hooks["plain"](turn):  # plain words: the skill's own reading, no model
                    step = SkillStep(action="ask")
                else:
                    instruction = prompts.step_instruction(skill.name, names, hooks["askable"])
                    try:
                        step = await self._step(state, instruction, names, hooks["askable"], update)
                    except ModelOutputError:  # no usable step twice: the skill's own first look still answers
                        step = SkillStep(action="ask")
                if step.action == "handoff":
                    return {**update, "handoff": {"reason": "model_requested"}}
                if step.action == "tool":
                    assert step.tool is not None  # parse_step names a tool for every tool step
                    arguments = merged_arguments(state.get("last"), skill.name, step.tool, step.arguments)
                    called = await tools.call(step.tool, arguments)
                    if called.result.get("error") == "tool_error" and "first" in hooks:
                        tools.outcomes.clear()  # arguments the tool refused: the skill's own first look answers
                        found = await hooks["first"](turn)
                    else:
                        found = await hooks["then"](turn, tools.outcomes) if "then" in hooks else []
                else:
                    found = await hooks["first"](turn) if "first" in hooks else []
                if isinstance(found, str):  # code words the one question the request still needs
                    return {**update, **self._recorded(tools.outcomes), "reply": found, "outcome": "question"}
                if not tools.outcomes:
                    question = Voice(skill.name, state["language"]).say(f"ask_{step.missing}") if step.missing else None
                    return {**update, "reply": question or say("clarify", state["language"]), "outcome": "question"}
                return {**update, **self._recorded(tools.outcomes)}
        except ModelBusy:
            raise
        except Exception as error:  # a model or tool outage: a fixed reply and a person, never a 500
            log.warning("skill %s failed", skill.name, exc_info=error)
            return {**update, "handoff": {"reason": "assistant_error"}}

    async def answer(self, state: TurnState) -> dict[str, Any]:
        """Code writes the reply from the tool results with the skill's templates; a model may rephrase it."""
        with self.deps.trace("node.answer"):
            skill = next(s for s in self.deps.skills if s.name == state["skill"])
            outcomes = [ToolOutcome(c["tool"], c["arguments"], c["result"], c.get("also", False)) for c in state["tool_calls"]]
            voice = Voice(skill.name, state["language"], state.get("country"))
            reply = skill.hooks()["answer"](outcomes, voice)
            last = outcomes[-1]
            words = joined_words(state.get("last"), state["text"], state["follow_up"])
            update = {
                "reply": reply,
                "outcome": "question" if asks_back(reply, last.result) else "answered",
                "last": remembered(skill.name, last.tool, last.arguments, words, last.result),
            }
            if self.deps.rephrase:
                update |= await checked_rephrasing(self, state, reply)
            return update

    async def claims_check(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.claims"):
            actions, confirmation = state.get("actions"), state.get("confirmation")
            has_proposal = bool(confirmation) or bool(actions and actions.get("needs_confirmation"))
            done = bool(actions and any(i["status"] == "verified" for i in actions["items"]))
            problems = claims(state.get("reply") or "", has_proposal=has_proposal, done_allowed=done)
            if actions and actions.get("escalate") and not state.get("handoff"):
                return {"problems": problems, "handoff": {"reason": "action_escalated", "already_open": True}}
            if Signal.POSSIBLE_FRAUD in finding_kinds(state.get("tool_calls") or []) and not state.get("handoff"):
                # the bank's own records flag possible fraud: a person takes the case, whatever was asked
                return {"problems": problems, "handoff": {"reason": Signal.POSSIBLE_FRAUD.value, "keep_reply": True}}
            if problems:  # code-written replies never claim; a rephrasing that does is replaced by code's words
                return {"problems": problems, "reply": say("unsafe_reply", state["language"])}
            return {"problems": []}

    async def handoff(self, state: TurnState) -> dict[str, Any]:
        with self.deps.trace("node.handoff"):
            handoff = dict(state.get("handoff") or {"reason": "model_requested"})
            if not handoff.get("already_open"):
                handoff["case_id"] = await self.deps.open_case(state, handoff["reason"])
            key = "outage" if handoff["reason"] == "assistant_error" else "handoff"
            reply = say(key, state["language"])
            if handoff.get("already_open") and state.get("reply"):
                reply = state.get("reply") or reply  # the refusal or escalation already says a person has the case
            elif handoff.get("keep_reply") and state.get("reply"):
                reply = f"{state['reply']}\n\n{reply}"  # what the records show, then who takes it
            return {"handoff": handoff, "reply": reply, "outcome": "handed_off"}

    async def finish(self, state: TurnState) -> dict[str, Any]:
        history = list(state.get("history") or [])
        said = f"{state['text']} {PHOTO_PLACEHOLDER}".strip() if state.get("attachment") else state["text"]
        history += [{"role": "user", "content": said}, {"role": "assistant", "content": state.get("reply") or ""}]
        asked = state.get("outcome") == "question"
        last = state.get("last")
        if asked and state.get("skill") and state["skill"] != "refuse":  # the answer is read with these words
            words = joined_words(last, state["text"], state.get("follow_up", False))
            call = (state.get("tool_calls") or [{}])[-1]
            last = remembered(state["skill"], call.get("tool"), call.get("arguments") or {}, words, call.get("result") or {})
        return {
            "history": history[-MAX_HISTORY:],
            "awaiting_skill": state.get("skill") if asked else None,
            "last": last,
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
        return "finish" if state.get("reply") else "answer"

    # --- helpers -----------------------------------------------------------------------------------------

    async def _tools(self, client: Any, skill: Skill, state: TurnState) -> SkillTools:
        listed = [t for t in await client.list_tools() if t.name.startswith(f"{skill.mcp}_")]
        schemas = {t.name.split("_", 1)[1]: t.input_schema or {} for t in listed}
        words = joined_words(state.get("last"), state["text"], state["follow_up"])  # what the customer said, in full
        caller = state["caller"].speaking(state["language"], words)
        return SkillTools(client, skill.mcp, schemas, caller, self.deps.trace)

    @staticmethod
    def _recorded(outcomes: list[ToolOutcome]) -> dict[str, Any]:
        """The turn's tool calls, and the proposal a tool stored (shown as a card with the customer's button)."""
        update: dict[str, Any] = {
            "tool_calls": [
                {"tool": o.tool, "arguments": o.arguments, "result": o.result, **({"also": True} if o.also else {})}
                for o in outcomes
            ],
            "tools_used": [o.tool for o in outcomes],
        }
        for o in outcomes:
            if isinstance(o.result.get("proposal"), dict):
                update["actions"] = o.result["proposal"]
            if o.result.get("status") == "proposed" and isinstance(o.result.get("confirmation"), dict):
                update["confirmation"] = o.result["confirmation"]
        return update
