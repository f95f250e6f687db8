// The fleet dashboard's live parts: plain JavaScript, no build step. The pages are complete
// without it; this keeps them current from the server-sent events of /events.
(() => {
  "use strict";
  const agent = document.body.dataset.agent || "";
  const live = document.querySelector("[data-live]");
  const url = agent ? "/events?agent=" + encodeURIComponent(agent) : "/events";
  const source = new EventSource(url);

  source.onopen = () => live && live.classList.add("on");
  source.onerror = () => live && live.classList.remove("on");

  function setStatus(el, status) {
    if (!el) return;
    el.textContent = status;
    el.className = "status status-" + status;
  }

  function setAttention(el, reason) {
    if (!el) return;
    el.textContent = reason ? "needs you: " + reason : "";
    el.classList.toggle("on", Boolean(reason));
  }

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function newRow(a) {
    const tr = document.createElement("tr");
    tr.dataset.row = a.name;
    const link = document.createElement("a");
    link.href = "/agents/" + encodeURIComponent(a.name);
    link.textContent = a.name;
    const name = document.createElement("td");
    name.append(link);
    const status = document.createElement("span");
    status.dataset.status = "";
    const attention = document.createElement("span");
    attention.className = "attention";
    attention.dataset.attention = "";
    const statusCell = document.createElement("td");
    statusCell.append(status);
    const attentionCell = document.createElement("td");
    attentionCell.append(attention);
    const task = cell("");
    task.className = "task";
    task.dataset.lastTask = "";
    const updated = cell("");
    updated.dataset.updated = "";
    tr.append(name, statusCell, attentionCell, cell(a.project + " · " + a.role), task, updated);
    const body = document.querySelector("[data-agents]");
    body.querySelector("tr.empty")?.remove();
    body.append(tr);
    return tr;
  }

  function showAgent(a) {
    if (agent) {
      if (a.name.toLowerCase() !== agent.toLowerCase()) return;
      setStatus(document.querySelector("h1 [data-status]"), a.status);
      setAttention(document.querySelector("[data-attention]"), a.attention_reason);
      const task = document.querySelector("[data-last-task]");
      if (task) task.textContent = a.last_task || "none";
      return;
    }
    const body = document.querySelector("[data-agents]");
    if (!body) return;
    const row = body.querySelector('tr[data-row="' + CSS.escape(a.name) + '"]') || newRow(a);
    setStatus(row.querySelector("[data-status]"), a.status);
    setAttention(row.querySelector("[data-attention]"), a.attention_reason);
    row.querySelector("[data-last-task]").textContent = a.last_task || "";
    row.querySelector("[data-updated]").textContent = a.updated_at.replace("T", " ").slice(0, 19);
    const count = document.querySelector("[data-count]");
    if (count) count.textContent = body.querySelectorAll("tr[data-row]").length;
  }

  source.addEventListener("agent", (e) => showAgent(JSON.parse(e.data)));

  source.addEventListener("removed", (e) => {
    const { name } = JSON.parse(e.data);
    if (agent && name.toLowerCase() === agent.toLowerCase()) {
      setStatus(document.querySelector("h1 [data-status]"), "deleted");
      return;
    }
    document.querySelector('tr[data-row="' + CSS.escape(name) + '"]')?.remove();
  });

  const shown = new Set(
    Array.from(document.querySelectorAll("[data-log] [data-key]"), (el) => el.dataset.key),
  );

  source.addEventListener("log", (e) => {
    const log = document.querySelector("[data-log]");
    if (!log) return;
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    for (const line of JSON.parse(e.data).lines) {
      const key = line.timestamp + "|" + line.message;
      if (shown.has(key)) continue; // rendered with the page already
      shown.add(key);
      const div = document.createElement("div");
      div.className = "line level-" + line.level;
      const time = document.createElement("time");
      time.textContent = line.timestamp.slice(11, 19);
      const level = document.createElement("b");
      level.textContent = line.level;
      div.append(time, " ", level, " ", line.message);
      log.append(div);
    }
    if (atEnd) log.scrollTop = log.scrollHeight;
  });

  const log = document.querySelector("[data-log]");
  if (log) log.scrollTop = log.scrollHeight;
})();
