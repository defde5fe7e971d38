"use strict";
(() => {
  if (!Q.requireSignIn("customer", "/entrar")) return;
  const { texts: t, el, api } = Q;
  const thread = document.getElementById("thread");
  const form = document.getElementById("composer");
  const message = document.getElementById("message");
  const send = document.getElementById("send");
  const chatError = document.getElementById("chat-error");
  const statusLine = document.getElementById("status-line");
  const photo = document.getElementById("photo");
  const photoName = document.getElementById("photo-name");
  const photoRemove = document.getElementById("photo-remove");
  const mic = document.getElementById("mic");
  const outbox = document.getElementById("outbox");
  const rendered = new Set();
  let threadId = sessionStorage.getItem("quipu.thread");
  let me = null;
  let image = null;
  let watching = null;
  let refreshing = Promise.resolve();
  const ROLE_LABEL = { customer: t.you, assistant: t.assistant, operator: t.operator_says, system: t.system };
  const TONE_CLASS = { ok: "tone-good", error: "tone-bad", warn: "tone-wait", info: "" };

  function scrollDown() { thread.scrollTop = thread.scrollHeight; }

  function addMessage(m) {
    if (rendered.has(m.message_id)) return;
    rendered.add(m.message_id);
    const item = el("li", { class: `msg msg-${m.role}`, "data-role": m.role, "data-message-id": m.message_id },
      el("span", { class: "who" }, ROLE_LABEL[m.role] || m.role, " · ", Q.time(m.created_at)), m.content);
    if (m.role === "assistant" || m.role === "operator") {
      item.append(" ", el("button", { type: "button", class: "link small", onclick: () => readAloud(m.content) }, t.read_aloud));
    }
    thread.append(item);
    scrollDown();
  }

  function setStatus(status) {
    Q.show(statusLine, status === "waiting" || status === "human" ? t.waiting_person : "");
  }

  async function refresh() {
    if (!threadId) return;
    refreshing = refreshing.then(async () => {
      try {
        const conversation = await api("customer", `/api/me/conversations/${encodeURIComponent(threadId)}`);
        conversation.messages.forEach(addMessage);
        setStatus(conversation.status);
      } catch (problem) {
        if (problem.status === 404) startNewThread();
      }
    });
    return refreshing;
  }

  function follow() {
    if (watching) watching.abort();
    watching = new AbortController();
    Q.watch("customer", `/api/me/conversations/${encodeURIComponent(threadId)}/events`, (event) => {
      if (event === "change") refresh();
    }, watching.signal);
  }

  function startNewThread() {
    if (watching) watching.abort();
    watching = null;
    threadId = null;
    sessionStorage.removeItem("quipu.thread");
    rendered.clear();
    thread.replaceChildren();
    setStatus("bot");
  }

  // --- confirmation cards, drawn only from what the server stored -------------------------------------
  function actionCard(batch) {
    const card = el("li", { class: "action-card", "data-batch": batch.batch_id });
    const draw = (view) => {
      const items = el("ul", {}, view.items.map((item) => el("li", { "data-action": item.action, "data-status": item.status },
        item.text, " ", el("span", { class: `state ${TONE_CLASS[item.tone] || ""}` }, `(${item.state})`))));
      const children = [items];
      if (view.needs_confirmation) {
        if (view.strong) children.push(el("p", { class: "warning" }, t.irreversible));
        if (view.expires_at) children.push(el("p", { class: "muted small" }, `${t.expires} ${Q.time(view.expires_at)}`));
        const buttons = el("div", { class: "row tools" });
        const confirm = el("button", { type: "button", class: view.strong ? "danger" : "", onclick: () => press("confirm") }, t.confirm);
        const cancel = el("button", { type: "button", class: "secondary", onclick: () => press("cancel") }, t.cancel);
        // an irreversible action (cancelling a card) waits for the same step-up as money
        const stepUp = view.strong ? stepUpBox(() => { confirm.disabled = false; }) : null;
        const press = async (verb) => {
          buttons.querySelectorAll("button").forEach((b) => { b.disabled = true; });
          try {
            const result = await api("customer", `/api/actions/${batch.batch_id}/${verb}`, { method: "POST", body: { thread_id: threadId } });
            draw(result);
            loadOutbox();
          } catch (problem) {
            children.push(el("p", { class: "error" }, problem.message));
            card.append(children[children.length - 1]);
            if (problem.code === "step_up_required" && stepUp) {
              stepUp.hidden = false;
              cancel.disabled = false;
            }
          }
        };
        buttons.append(confirm, cancel);
        if (stepUp) {
          stepUp.hidden = Boolean(me && me.stepped_up);
          confirm.disabled = !(me && me.stepped_up);
          children.push(stepUp);
        }
        children.push(buttons);
      }
      card.replaceChildren(...children);
    };
    draw(batch);
    return card;
  }

  function transferCard(proposal) {
    const card = el("li", { class: "action-card", "data-transfer": proposal.transfer_id });
    const result = el("p", { role: "status" });
    const confirm = el("button", { type: "button", onclick: () => press("confirm") }, t.confirm);
    const cancel = el("button", { type: "button", class: "secondary", onclick: () => press("cancel") }, t.cancel);
    const stepUp = stepUpBox(() => { confirm.disabled = false; });
    let done = false;
    confirm.disabled = !(me && me.stepped_up);
    async function press(verb) {
      if (done) return;
      confirm.disabled = cancel.disabled = true;
      try {
        const outcome = await api("customer", `/api/khipu/${verb}`, { method: "POST", body: { transfer_id: proposal.transfer_id } });
        done = true;
        card.dataset.status = outcome.status;
        if (outcome.status === "executed") {
          // the receipt is an object {reference, subject, text}; its text is code's sentences, one per line
          const lines = String(outcome.receipt.text || "").split("\n").flatMap((line, i) => (i ? [el("br"), line] : [line]));
          result.replaceChildren(`${t.transfer_done} `, el("strong", { id: "new-balance" }, Q.money(outcome.new_balance, outcome.currency)),
            el("br"), el("strong", { class: "receipt-subject" }, outcome.receipt.subject), el("br"), ...lines);
        } else {
          result.textContent = outcome.text || outcome.status;
        }
        stepUp.hidden = true;
        loadOutbox();
      } catch (problem) {
        result.textContent = problem.message;
        if (problem.code === "step_up_required") stepUp.hidden = false;
        confirm.disabled = problem.code === "step_up_required";
        cancel.disabled = false;
      }
    }
    card.append(el("p", {}, proposal.text), el("p", { class: "muted small" }, `${t.expires} ${Q.time(proposal.expires_at)}`),
      stepUp, el("div", { class: "row tools" }, confirm, cancel), result);
    stepUp.hidden = Boolean(me && me.stepped_up);
    return card;
  }

  function stepUpBox(onVerified) {
    const code = el("input", { id: "step-up-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "6" });
    const note = el("p", { class: "muted small", role: "status" });
    const verify = el("button", { type: "button", disabled: true }, t.step_up_verify);
    const request = el("button", { type: "button", class: "secondary" }, t.step_up_send);
    request.addEventListener("click", async () => {
      try {
        await api("customer", "/api/auth/step-up", { method: "POST" });
        note.textContent = t.step_up_sent;
        verify.disabled = false;
        loadOutbox();
      } catch (problem) { note.textContent = problem.message; }
    });
    verify.addEventListener("click", async () => {
      try {
        await api("customer", "/api/auth/step-up/verify", { method: "POST", body: { code: code.value.trim() } });
        note.textContent = t.step_up_ok;
        me.stepped_up = true;
        box.hidden = true;
        onVerified();
      } catch (problem) { note.textContent = problem.message; }
    });
    const box = el("div", { class: "step-up" }, el("p", {}, t.step_up_title), request,
      el("label", { for: "step-up-code" }, t.step_up_label), code, el("div", { class: "row tools" }, verify), note);
    return box;
  }

  // --- sending ---------------------------------------------------------------------------------------
  async function submit(text) {
    Q.show(chatError, "");
    if (!text && !image) return;
    send.disabled = true;
    const thinking = el("li", { class: "msg msg-system" }, t.thinking);
    thread.append(thinking);
    scrollDown();
    try {
      const body = { message: text || "", thread_id: threadId || undefined };
      if (image) Object.assign(body, { image: image.data, image_type: image.type });
      const turn = await api("customer", "/api/chat", { method: "POST", body });
      const isNew = turn.thread_id !== threadId;
      threadId = turn.thread_id;
      sessionStorage.setItem("quipu.thread", threadId);
      clearPhoto();
      message.value = "";
      await refresh();
      if (isNew) follow();
      if (turn.actions && turn.actions.items && turn.actions.items.length) thread.append(actionCard(turn.actions));
      if (turn.confirmation && turn.confirmation.transfer_id) thread.append(transferCard(turn.confirmation));
      scrollDown();
    } catch (problem) {
      Q.show(chatError, problem.message);
    } finally {
      thinking.remove();
      send.disabled = false;
    }
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); submit(message.value.trim()); });
  message.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); submit(message.value.trim()); }
  });
  document.getElementById("new-chat").addEventListener("click", startNewThread);

  // --- photo -----------------------------------------------------------------------------------------
  function clearPhoto() {
    image = null;
    photo.value = "";
    Q.show(photoName, "");
    photoRemove.hidden = true;
  }
  photo.addEventListener("change", () => {
    const file = photo.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      image = { data: String(reader.result).split(",")[1], type: file.type };
      Q.show(photoName, `${t.attached}: ${file.name}`);
      photoRemove.hidden = false;
    };
    reader.readAsDataURL(file);
  });
  photoRemove.addEventListener("click", clearPhoto);

  // --- voice: degrades to a message when the browser or the server cannot do it -------------------------
  let recorder = null;
  mic.addEventListener("click", async () => {
    if (recorder) { recorder.stop(); return; }
    if (!navigator.mediaDevices || !window.MediaRecorder) { Q.show(chatError, t.speech_unavailable); return; }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks = [];
      recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (event) => chunks.push(event.data);
      recorder.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder = null;
        mic.textContent = t.mic;
        mic.setAttribute("aria-pressed", "false");
        const audio = new Blob(chunks, { type: chunks[0] ? chunks[0].type : "audio/webm" });
        try {
          const heard = await api("customer", `/api/speech/transcribe?language=${Q.lang}`, { method: "POST", raw: audio, contentType: audio.type || "audio/webm" });
          message.value = heard.text;
          message.focus();
        } catch (problem) { Q.show(chatError, problem.message || t.speech_unavailable); }
      };
      recorder.start();
      mic.textContent = t.mic_stop;
      mic.setAttribute("aria-pressed", "true");
    } catch (problem) { Q.show(chatError, t.speech_unavailable); }
  });

  async function readAloud(text) {
    try {
      const response = await api("customer", "/api/speech/synthesize", { method: "POST", body: { text, language: Q.lang } });
      const url = URL.createObjectURL(await response.blob());
      new Audio(url).play().catch(() => Q.show(chatError, t.speech_unavailable));
    } catch (problem) { Q.show(chatError, t.speech_unavailable); }
  }

  // --- the Mensajes tray ------------------------------------------------------------------------------
  async function loadOutbox() {
    try {
      const mails = await api("customer", "/api/me/outbox?limit=20");
      outbox.replaceChildren(...(mails.length ? mails.map((m) => el("li", { "data-template": m.template },
        el("strong", {}, m.subject), el("br"),
        el("span", { class: "muted small" }, `${Q.time(m.created_at)} · ${m.mode === "simulated" ? t.simulated : t.accepted}`),
        el("br"), m.body)) : [el("li", { class: "muted" }, t.messages_empty)]));
    } catch (problem) { /* the tray is informative; the chat goes on without it */ }
  }

  (async () => {
    me = await api("customer", "/api/me");
    if (Q.setLanguage(me.language)) { location.reload(); return; }
    loadOutbox();
    if (threadId) { await refresh(); if (threadId) follow(); }
    message.focus();
  })();
})();
