"use strict";
(() => {
  const form = document.getElementById("sign-in");
  const kind = form.dataset.kind;
  const error = document.getElementById("sign-in-error");
  const home = kind === "operator" ? "/consola" : "/inicio";
  const wanted = new URLSearchParams(location.search).get("next");
  // Only a path of this site, never another origin.
  const next = wanted && /^\/[a-z]/.test(wanted) && !wanted.startsWith("//") ? wanted : home;

  async function signIn(user, password) {
    Q.show(error, "");
    try {
      if (kind === "operator") {
        const grant = await Q.api(null, "/api/operators/token", { method: "POST", body: { username: user, password } });
        Q.setToken("operator", grant.access_token);
        location.assign(next.startsWith("/consola") ? next : home);
        return;
      }
      const grant = await Q.api(null, "/api/auth/token", { method: "POST", body: { user, password } });
      Q.setToken("customer", grant.access_token);
      const me = await Q.api("customer", "/api/me");
      Q.setLanguage(me.language);
      location.assign(next.startsWith("/consola") ? home : next);
    } catch (problem) {
      Q.show(error, problem.message);
    }
  }

  function missing(field, text) {
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", "sign-in-error");
    Q.show(error, text);
    field.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const user = form.user.value.trim();
    const password = form.password.value;
    form.user.removeAttribute("aria-invalid");
    form.password.removeAttribute("aria-invalid");
    if (!user) { missing(form.user, kind === "operator" ? Q.texts.missing_operator_user : Q.texts.missing_user); return; }
    if (!password) { missing(form.password, Q.texts.missing_password); return; }
    signIn(user, password);
  });

  document.querySelectorAll("[data-demo-user]").forEach((button) => {
    button.addEventListener("click", () => {
      form.user.value = button.dataset.demoUser;
      form.password.value = button.dataset.demoPassword;
      signIn(button.dataset.demoUser, button.dataset.demoPassword);
    });
  });
})();
