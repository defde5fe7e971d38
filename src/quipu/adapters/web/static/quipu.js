// Shared by every page: texts, tokens kept for the tab only, API calls with one error shape, live updates.
"use strict";
const Q = (() => {
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const lang = document.body.dataset.lang || "es";
  const locale = lang === "pt" ? "pt-BR" : "es-MX";
  const tokenKey = (kind) => `quipu.${kind}.token`;
  const token = (kind) => sessionStorage.getItem(tokenKey(kind));

  function setToken(kind, value) { sessionStorage.setItem(tokenKey(kind), value); }

  function signOut(kind, page) {
    sessionStorage.removeItem(tokenKey(kind));
    location.replace(page);
  }

  function requireSignIn(kind, page) {
    if (!token(kind)) { location.replace(page); return false; }
    return true;
  }

  class ApiError extends Error {
    constructor(status, body) {
      super((body && body.messages && body.messages[lang]) || texts.error_generic);
      this.status = status; this.code = body && body.error;
    }
  }

  async function api(kind, path, { method = "GET", body, raw, contentType } = {}) {
    const headers = { Accept: "application/json" };
    const t = kind && token(kind);
    if (t) headers.Authorization = `Bearer ${t}`;
    let payload;
    if (raw !== undefined) { payload = raw; headers["Content-Type"] = contentType || "application/octet-stream"; }
    else if (body !== undefined) { payload = JSON.stringify(body); headers["Content-Type"] = "application/json"; }
    const response = await fetch(path, { method, headers, body: payload });
    const type = response.headers.get("content-type") || "";
    const data = type.includes("json") ? await response.json() : response;
    if (response.status === 401 && kind) {
      alert(texts.session_expired);
      signOut(kind, kind === "operator" ? "/consola/entrar" : "/entrar");
    }
    if (!response.ok) throw new ApiError(response.status, type.includes("json") ? data : null);
    return data;
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "style") node.style.cssText = value; // CSSOM, which the Content-Security-Policy allows
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== undefined && child !== null) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function money(amount, currency) {
    const value = Number(amount);
    if (!Number.isFinite(value)) return `${amount} ${currency || ""}`.trim();
    return `${value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency || ""}`.trim();
  }

  function time(iso) {
    return new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  }

  function show(node, text) {
    node.textContent = text || "";
    node.hidden = !text;
  }

  // Server-Sent Events over fetch, so the bearer token travels in a header and never in a URL.
  async function watch(kind, path, onEvent, signal) {
    let delay = 1000;
    while (!signal || !signal.aborted) {
      try {
        const response = await fetch(path, {
          headers: { Authorization: `Bearer ${token(kind)}`, Accept: "text/event-stream" }, signal,
        });
        if (!response.ok) return;
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (\w+)/m.exec(block);
            const data = /^data: (.*)$/m.exec(block);
            if (event) onEvent(event[1], data ? JSON.parse(data[1]) : {});
          }
        }
      } catch (error) {
        if (signal && signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15000);
    }
  }

  function setLanguage(language) {
    if (language !== "es" && language !== "pt") return false;
    document.cookie = `quipu_lang=${language}; path=/; max-age=31536000; samesite=strict`;
    return language !== lang;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-sign-out]");
    if (!button) return;
    const page = button.dataset.signOut;
    signOut(page.startsWith("/consola") ? "operator" : "customer", page);
  });

  return { texts, lang, api, token, setToken, signOut, requireSignIn, el, money, time, show, watch, setLanguage, ApiError };
})();
