"use strict";
(() => {
  const form = document.getElementById("sign-in");
  const kind = form.dataset.kind;
  const error = document.getElementById("sign-in-error");

  async function signIn(user, password) {
    Q.show(error, "");
    try {
      if (kind === "operator") {
        const grant = await Q.api(null, "/api/operators/token", { method: "POST", body: { username: user, password } });
        Q.setToken("operator", grant.access_token);
        location.assign("/consola");
        return;
      }
      const grant = await Q.api(null, "/api/auth/token", { method: "POST", body: { user, password } });
      Q.setToken("customer", grant.access_token);
      const me = await Q.api("customer", "/api/me");
      Q.setLanguage(me.language);
      location.assign("/chat");
    } catch (problem) {
      Q.show(error, problem.message);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const user = form.user.value.trim();
    const password = form.password.value;
    if (!user || !password) { Q.show(error, Q.texts.error_generic); return; }
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
