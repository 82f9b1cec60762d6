// rummy-teach: the landing page's "Your progress" box, read from this browser's own record, which the
// exercise views keep (widgets/base.js, localStorage "rummy-teach-progress": per lesson file the
// number of exercises on its page and the best stars of each one solved). Nothing is sent anywhere.
// Runs on every page of the rummy template and on the app's pages without a kernel; it does nothing
// unless the page has the box (#rummy-teach-progress, whose data-texts hold the words, from
// rummy_teach.messages through rummy_teach.pages). Each lesson link (NN-name.ipynb) gets its stars;
// the box says where to continue. body[data-rummy-progress="1"] once drawn (tests wait for it).
(function () {
  var KEY = "rummy-teach-progress";
  var STYLE =
    "#rummy-teach-progress{margin:1rem 0;padding:.75rem 1rem;border:2px solid #8a6100;" +
    "border-radius:8px;background:#fff8e1;color:#1b1b1b}" +
    "#rummy-teach-progress h2{margin:0 0 .25rem 0;font-size:1.25rem}" +
    ".rt-progress-continue a{font-weight:bold;color:#0b57d0}" +
    ".rt-progress-lesson{margin-left:.75rem;color:#3d2b00}" +
    ".rt-progress-icons{color:#8a6100;margin-right:.35rem;letter-spacing:1px}" +
    "#rummy-teach-progress button{font:inherit;padding:.25rem .75rem;border:2px solid #0b57d0;" +
    "border-radius:6px;background:#fff;color:#0b57d0;cursor:pointer}" +
    "#rummy-teach-progress button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}" +
    // 44 px targets (WCAG 2.5.5): the button always, the link to go on on a touch screen
    "#rummy-teach-progress button{min-height:44px}" +
    "@media (pointer:coarse){.rt-progress-continue a{display:inline-block;padding:10px 0}}";

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function read() {
    try {
      var stored = JSON.parse(localStorage.getItem(KEY) || "{}");
      return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
    } catch (error) {
      return {};
    }
  }

  function fileOf(link) {
    var path = (link.getAttribute("href") || "").split("#")[0].split("?")[0];
    try {
      return decodeURIComponent(path.split("/").pop() || "");
    } catch (error) {
      return "";
    }
  }

  function counts(lesson) {
    var kept = lesson && typeof lesson.stars === "object" && lesson.stars ? lesson.stars : {};
    var solved = 0;
    var stars = 0;
    Object.keys(kept).forEach(function (index) {
      var best = Math.min(3, Math.max(0, Math.floor(Number(kept[index]) || 0)));
      if (best > 0) {
        solved += 1;
        stars += best;
      }
    });
    var levels = Math.max(Math.floor(Number(lesson && lesson.levels) || 0), solved);
    return { solved: solved, stars: stars, levels: levels, done: levels > 0 && solved >= levels };
  }

  function draw(box, texts, said) {
    var progress = read();
    var links = Array.prototype.filter.call(document.querySelectorAll("a[href]"), function (link) {
      return /^\d\d-[^\/]*\.ipynb$/.test(fileOf(link)) && !box.contains(link);
    });
    var next = null;
    var started = false;
    var solvedAll = 0;
    links.forEach(function (link) {
      var lesson = counts(progress[fileOf(link)]);
      var item = link.parentNode;
      var note = item.querySelector(".rt-progress-lesson");
      if (!note) {
        note = document.createElement("span");
        note.className = "rt-progress-lesson";
        link.insertAdjacentElement("afterend", note);
      }
      note.replaceChildren();
      item.setAttribute("data-rt-solved", String(lesson.solved));
      item.setAttribute("data-rt-stars", String(lesson.stars));
      item.setAttribute("data-rt-done", lesson.done ? "1" : "0");
      if (lesson.solved > 0) {
        started = true;
        var icons = document.createElement("span");
        icons.className = "rt-progress-icons";
        icons.setAttribute("aria-hidden", "true");
        icons.textContent = "\u2605";
        var words = document.createElement("span");
        var values = { solved: lesson.solved, levels: lesson.levels, stars: lesson.stars, max: lesson.levels * 3 };
        words.textContent = fill(lesson.done ? texts.done : texts.lesson, values);
        note.append(icons, words);
      }
      solvedAll += lesson.solved;
      if (!lesson.done && !next) next = link;
    });
    box.replaceChildren();
    var heading = document.createElement("h2");
    heading.textContent = texts.title || "";
    var privacy = document.createElement("p");
    privacy.textContent = texts.private || "";
    var where = document.createElement("p");
    where.className = "rt-progress-continue";
    if (next) {
      var go = document.createElement("a");
      go.href = next.getAttribute("href");
      go.textContent = fill(started ? texts.continue : texts.start, { lesson: next.textContent });
      where.appendChild(go);
    } else {
      where.textContent = links.length ? texts.finished || "" : "";
    }
    var status = document.createElement("p");
    status.setAttribute("role", "status");
    status.textContent = said || "";
    box.append(heading, privacy, where);
    if (started) {
      var forget = document.createElement("button");
      forget.type = "button";
      forget.textContent = texts.forget || "";
      forget.addEventListener("click", function () {
        try {
          localStorage.removeItem(KEY);
        } catch (error) {
          /* storage blocked: nothing was kept */
        }
        draw(box, texts, texts.forgotten);
        box.querySelector("a, button, h2").focus();
      });
      box.appendChild(forget);
    }
    box.appendChild(status);
    box.hidden = false;
    box.setAttribute("data-solved", String(solvedAll));
    document.body.setAttribute("data-rummy-progress", "1");
  }

  function start() {
    var box = document.getElementById("rummy-teach-progress");
    if (!box) return;
    var texts = {};
    try {
      texts = JSON.parse(box.getAttribute("data-texts") || "{}");
    } catch (error) {
      texts = {};
    }
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", texts.title || "");
    draw(box, texts, "");
    // another tab solved an exercise: show it here too
    window.addEventListener("storage", function (event) {
      if (event.key === KEY || event.key === null) draw(box, texts, "");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
