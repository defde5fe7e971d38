"use strict";
(() => {
  if (!Q.requireSignIn("operator", "/consola/entrar")) return;
  const { texts: t, el, api } = Q;
  const $ = (id) => document.getElementById(id);
  const ROLE_LABEL = { customer: t.you, assistant: t.assistant, operator: t.operator_says, system: t.system };
  let filter = "";
  let selected = null;
  let operator = null;
  let queueTimer = null;

  function statusLabel(status) { return t[`status_${status}`] || status; }

  async function loadQueue() {
    const items = await api("operator", `/api/console/queue${filter ? `?status=${filter}` : ""}`);
    $("queue").replaceChildren(...items.map((c) => el("li", {},
      el("button", { type: "button", "data-conversation": c.conversation_id, "data-status": c.status,
        "aria-current": c.conversation_id === selected ? "true" : "false", onclick: () => open(c.conversation_id) },
        el("strong", {}, [c.first_name, c.last_name].filter(Boolean).join(" ") || c.customer_id), " ",
        el("span", { class: `badge badge-${c.status}` }, statusLabel(c.status)), " ",
        c.priority ? el("span", { class: `badge badge-${c.priority}` }, c.priority) : null,
        el("br"), el("span", { class: "muted small" }, `${c.title || ""} · ${Q.time(c.last_message_at)}`)))));
  }

  function scheduleQueue() {
    clearTimeout(queueTimer);
    queueTimer = setTimeout(() => { loadQueue(); if (operator && operator.role === "supervisor") loadDashboard(); }, 150);
  }

  function fact(f) {
    if (typeof f === "string") return f;
    const c = f.charge;
    if (!c) return JSON.stringify(f);
    const findings = (f.findings || []).join(", ") || t.none;
    return `${c.label || ""} ${c.date} · ${c.merchant} · ${Q.money(c.amount, c.currency)} · ${c.status} — ${findings}`;
  }

  function caseFile(cases) {
    const current = cases[0];
    if (!current) return [el("p", { class: "muted" }, t.none)];
    const file = current.case_file || {};
    const list = (values) => el("ul", {}, (values || []).map((v) => el("li", {}, typeof v === "string" ? v : JSON.stringify(v))));
    const facts = [].concat(file.verified_facts || []).map(fact);
    const evidence = Object.entries(file.evidence || {})
      .filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : v}`);
    return [el("dl", { class: "case" },
      el("dt", {}, t.priority), el("dd", {}, el("span", { class: `badge badge-${current.priority}`, id: "case-priority" }, current.priority)),
      el("dt", {}, t.sla), el("dd", {}, new Date(current.sla_due_at).toLocaleString()),
      el("dt", {}, t.reason), el("dd", {}, (current.reason_codes || []).join(", ")),
      el("dt", {}, t.request), el("dd", {}, file.request || t.none),
      el("dt", {}, t.facts), el("dd", {}, list(facts)),
      el("dt", {}, t.evidence), el("dd", {}, list(evidence)),
      el("dt", {}, t.actions), el("dd", {}, list((file.actions || []).map((a) => `${a.text} (${a.status})`))),
      el("dt", {}, t.open_questions), el("dd", {}, list(file.open_questions)))];
  }

  async function open(conversationId) {
    selected = conversationId;
    const c = await api("operator", `/api/console/conversations/${conversationId}`);
    if (selected !== conversationId) return;
    $("pick").hidden = true;
    $("conversation").hidden = false;
    $("conv-title").textContent = `${[c.first_name, c.last_name].filter(Boolean).join(" ")} · ${c.customer_id} · ${c.language.toUpperCase()}`;
    $("conv-status").textContent = statusLabel(c.status);
    $("conv-status").className = `badge badge-${c.status}`;
    $("conv-status").dataset.status = c.status;
    let marked = false;
    const rows = [];
    for (const m of c.messages) {
      if (m.role === "operator" && !marked) {
        marked = true;
        rows.push(el("li", { class: "divider", "data-taken-over": "" }, `${t.taken_over} · ${Q.time(m.created_at)}`));
      }
      rows.push(el("li", { class: `msg msg-${m.role}`, "data-role": m.role },
        el("span", { class: "who" }, m.operator || ROLE_LABEL[m.role] || m.role, " · ", Q.time(m.created_at)), m.content));
    }
    $("conv-thread").replaceChildren(...rows);
    $("conv-thread").scrollTop = $("conv-thread").scrollHeight;
    $("release").disabled = c.status === "bot";
    $("case").replaceChildren(...caseFile(c.cases));
    document.querySelectorAll("#queue button").forEach((b) => b.setAttribute("aria-current", String(b.dataset.conversation === selected)));
  }

  async function loadDashboard() {
    const d = await api("operator", "/api/console/dashboard?days=7");
    $("dashboard").hidden = false;
    $("dash-conversations").textContent = d.conversations;
    $("dash-without").textContent = d.conversations ? `${d.without_person} (${Math.round((100 * d.without_person) / d.conversations)}%)` : "0";
    $("dash-waiting").textContent = d.waiting;
    $("dash-first").textContent = d.first_response_p50_seconds === null ? t.none : `${d.first_response_p50_seconds.toFixed(1)} s`;
    $("dash-reasons").replaceChildren(...d.handoffs_by_reason.map((r) => el("li", {}, `${r.reason}: ${r.cases}`)));
  }

  $("reply-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("reply-text").value.trim();
    if (!text || !selected) return;
    Q.show($("reply-error"), "");
    try {
      await api("operator", `/api/console/conversations/${selected}/reply`, { method: "POST", body: { text } });
      $("reply-text").value = "";
      await open(selected);
    } catch (problem) { Q.show($("reply-error"), problem.message); }
  });

  $("release").addEventListener("click", async () => {
    if (!selected) return;
    try {
      await api("operator", `/api/console/conversations/${selected}/release`, { method: "POST" });
      await open(selected);
      scheduleQueue();
    } catch (problem) { Q.show($("reply-error"), problem.message); }
  });

  document.querySelectorAll("[data-filter]").forEach((chip) => chip.addEventListener("click", () => {
    filter = chip.dataset.filter;
    document.querySelectorAll("[data-filter]").forEach((c) => c.setAttribute("aria-pressed", String(c === chip)));
    loadQueue();
  }));

  (async () => {
    operator = await api("operator", "/api/operators/me");
    $("operator-name").textContent = `${operator.display_name} (${operator.role})`;
    await loadQueue();
    if (operator.role === "supervisor") loadDashboard();
    Q.watch("operator", "/api/console/events", (event, data) => {
      if (event !== "change") return;
      scheduleQueue();
      if (data.conversation_id === selected) open(selected);
    });
  })();
})();
