// rummy-teach: the language switch at the top of every page (the lesson list, the rule book, each
// lesson), drawn from the page config the server writes (page_config.rummyTeach, made by
// rummy_teach.app.page_languages: the page's language, the same page in each other language, the
// server's words in the page's language). A choice is remembered in this browser (localStorage
// "rummy-teach-language", the record the front door / reads); the stars are kept per lesson file,
// the same in every language (widgets/base.js), so they count whichever language a lesson is in.
// Without that config (Binder, JupyterLab) there is no switch. Each choice is a plain link:
// keyboard reachable, and it works even where storage is blocked.
(function () {
  var STYLE =
    "#rummy-teach-languages{margin:0 0 .75rem 0;font:16px/1.4 system-ui,sans-serif}" +
    "#rummy-teach-languages ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;margin:0;padding:0}" +
    "#rummy-teach-languages a{color:#0b57d0;text-decoration:underline;padding:2px 4px}" +
    "#rummy-teach-languages a[aria-current]{font-weight:bold;color:#1b1b1b;text-decoration:none}" +
    "#rummy-teach-languages a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}" +
    // a finger's target on a touch screen (WCAG 2.5.5: 44 px high; 23 px otherwise); a space after
    // the brace, as a brace then a hash opens a Jinja comment (the lesson template includes this)
    "@media (pointer:coarse){ #rummy-teach-languages a{display:inline-block;padding:11px 8px}}";

  function config() {
    var node = document.getElementById("jupyter-config-data");
    try {
      var parsed = JSON.parse((node && node.textContent) || "{}");
      return parsed && parsed.rummyTeach ? parsed.rummyTeach : null;
    } catch (error) {
      return null;
    }
  }

  function remember(store, code) {
    try {
      localStorage.setItem(store, code);
    } catch (error) {
      /* storage blocked: the link still opens the page in that language */
    }
  }

  function start() {
    var settings = config();
    if (!settings) return;
    document.documentElement.lang = settings.language || "en";
    var heading = document.querySelector("#rendered_cells h1");
    if (heading && heading.textContent) document.title = heading.textContent.replace(/\u00b6$/, "").trim();
    var choices = Array.isArray(settings.languages) ? settings.languages : [];
    if (choices.length < 2 || document.getElementById("rummy-teach-languages")) return;
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    var nav = document.createElement("nav");
    nav.id = "rummy-teach-languages";
    nav.setAttribute("aria-label", (settings.texts && settings.texts.label) || "");
    var list = document.createElement("ul");
    choices.forEach(function (choice) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = choice.url;
      link.textContent = choice.name;
      link.lang = choice.code;
      link.hreflang = choice.code;
      link.setAttribute("data-lang", choice.code);
      if (choice.code === settings.language) link.setAttribute("aria-current", "page");
      link.addEventListener("click", function () {
        remember(settings.store, choice.code);
      });
      item.appendChild(link);
      list.appendChild(item);
    });
    nav.appendChild(list);
    // inside the page's main landmark, at its top: a lesson's bar, before its projector switch
    var main = document.getElementById("rendered_cells");
    var holder = document.getElementById("rummy-teach-bar") ||
      (main && main.firstElementChild && main.firstElementChild.tagName === "DIV" ? main.firstElementChild : main);
    if (!holder) return;
    holder.insertBefore(nav, holder.firstChild);
    document.body.setAttribute("data-rummy-language", settings.language || "en");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
