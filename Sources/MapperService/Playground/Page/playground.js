// mapper playground: edit a mapping and an input, see the output as you type.
// Talks to POST /v1/try (check and map) and POST /v1/try/graph (the model graph); the editors are
// CodeMirror 5 with its lint add-on, which draws the markers and their tooltips.
"use strict";

(function () {
  let newFile = "playground.yaml";             // renamed at start if the catalog has one
  const ROUTE = "\u0000route";
  const STARTER_MAPPING = `mapper: 1
enums:
  Status:
    cases: { placed: placed, shipped: shipped }
    default: placed            # for values not listed
models:
  Order:
    key_style: snake_case      # placedAt ← placed_at
    properties:
      id:       { type: int, required: true }
      placedAt: date
      status:   Status
      customer: Customer
      items:    "[LineItem]"
      total:    { type: decimal, minimum: 0 }
  Customer:
    properties:
      name:  string
      email: { type: string, key: contact.email }
  LineItem:
    properties:
      sku:      { type: string, required: true }
      quantity: int
`;
  const STARTER_INPUT = `{
  "id": 1042,
  "placed_at": "2024-05-01T09:30:00Z",
  "status": "shipped",
  "customer": {
    "name": "Ada",
    "contact": {
      "email": "ada@example.com"
    }
  },
  "items": [
    { "sku": "KB-101", "quantity": 2 },
    { "sku": "MS-7", "quantity": 1 }
  ],
  "total": 129.90
}
`;
  const NEW_FILE_TEXT = `mapper: 1
# Models, enums and formats written here join those of the loaded catalog.
# Pick one of its files above to edit it instead.
`;

  const $ = (id) => document.getElementById(id);
  const state = {
    live: {},                       // file name -> the text the server loaded
    edits: {},                      // file name -> the text edited here
    file: newFile,
    direction: "decode",
    inputs: { decode: null, encode: null },
    models: [],
    result: null,
    sequence: 0,
    graphStale: true,
    token: sessionStorage.getItem("mapper-token") || "",
    // Pins `computed: now` for every try, so that a saved golden test expects what it saw.
    now: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  };
  const annotations = { yaml: [], input: [] };

  // ---------------------------------------------------------------- editors

  function lint(which) {
    return { getAnnotations: () => annotations[which], lintOnChange: false, highlightLines: which === "yaml" };
  }
  const common = {
    lineNumbers: true, tabSize: 2, indentUnit: 2, styleActiveLine: true, matchBrackets: true,
    gutters: ["CodeMirror-lint-markers"],
    extraKeys: { Tab: (cm) => cm.execCommand("insertSoftTab") },
  };
  const yaml = CodeMirror($("yaml"), Object.assign({}, common, { mode: "yaml", lint: lint("yaml") }));
  const json = { name: "javascript", json: true };
  const input = CodeMirror($("input"), Object.assign({}, common, { mode: json, lineWrapping: true, lint: lint("input") }));
  const output = CodeMirror($("output"), { mode: json, lineNumbers: true, lineWrapping: true, readOnly: true, tabSize: 2 });
  $("output").classList.add("readonly");

  // ---------------------------------------------------------------- talking to the server

  class Unauthorized extends Error {}

  async function api(method, path, body) {
    const headers = { "content-type": "application/json" };
    if (state.token) headers.authorization = "Bearer " + state.token;
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await response.json().catch(() => ({}));
    if (response.status === 401) throw new Unauthorized(json.detail || "a token is needed");
    if (!response.ok) throw new Error(json.detail || `${response.status} ${response.statusText}`);
    return json;
  }

  /** The files that differ from what the server loaded (the others it uses as loaded). */
  function changedFiles() {
    const files = {};
    for (const [name, text] of Object.entries(state.edits)) {
      const changed = name === newFile ? text.trim() !== "" && text !== NEW_FILE_TEXT : text !== state.live[name];
      if (changed) files[name] = text;
    }
    return files;
  }

  function tryRequest() {
    const body = { files: changedFiles(), direction: state.direction, input: input.getValue(), now: state.now };
    const model = $("model").value;
    if (model === ROUTE) body.route = $("route").value.trim() || "/";
    else if (model) body.model = model;
    return body;
  }

  let timer = null;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
    setStatus("busy", "mapping…");
  }

  async function run() {
    const sequence = ++state.sequence;
    const started = performance.now();
    try {
      const result = await api("POST", "v1/try", tryRequest());
      if (sequence !== state.sequence) return;          // a newer edit is on its way
      show(result, Math.round(performance.now() - started));
    } catch (error) {
      if (sequence === state.sequence) failed(error);
    }
    if (!$("graph").hidden && state.graphStale) drawGraph();
  }

  function failed(error) {
    if (error instanceof Unauthorized) {
      $("token-message").textContent = `This server asks for a token for /v1/try (its admin token when it has one): ${error.message}.`;
      $("token-bar").hidden = false;
      setStatus("bad", "token needed");
    } else {
      setStatus("bad", error instanceof TypeError ? "the server does not answer" : error.message);
    }
  }

  // ---------------------------------------------------------------- showing a result

  function show(result, milliseconds) {
    // The answer was for a model that is gone: try the one picked now instead.
    if (result.models && setModels(result.models)) return schedule();
    state.result = result;
    const own = result.diagnostics.filter((d) => d.file === state.file);
    annotations.yaml = own.map((d) => ({
      from: position(yaml, d.line, d.column), to: tokenEnd(yaml, d.line, d.column),
      severity: d.severity, messageHTML: tooltip(d.message, d.hint, `${d.code}`),
    }));
    annotations.input = result.errors.filter((e) => e.span).map((e) => ({
      from: position(input, e.span.start.line, e.span.start.column),
      to: position(input, e.span.end.line, e.span.end.column),
      severity: "error", messageHTML: tooltip(e.message, null, [e.path, e.code, e.source].filter(Boolean).join(" · ")),
    }));
    yaml.performLint();
    input.performLint();

    const problems = result.diagnostics.length + result.errors.length;
    if (result.output !== null) {
      setOutput(result.output, null);
      setStatus("ok", `✓ ${result.model} in ${milliseconds} ms`);
    } else {
      const reason = result.models === null ? "the mapping does not load" : result.errors.length ? "the input does not map" : "nothing to map: pick a model";
      setOutput("", `No output: ${reason}.` + (problems ? " See Problems below." : ""), !problems);
      setStatus(problems ? "bad" : "busy", problems ? `✗ ${problems} problem${problems === 1 ? "" : "s"}` : "no model");
    }
    $("output-model").textContent = result.model || "";
    $("save").disabled = !result.test;
    listProblems(result);
  }

  /** The output, or (with `note`) why there is none. */
  function setOutput(text, note, quiet) {
    output.setValue(text);
    $("output-note").hidden = !note;
    $("output-note").textContent = note || "";
    $("output-note").classList.toggle("quiet", Boolean(quiet));
  }

  function setStatus(kind, text) {
    $("status").className = "status " + kind;
    $("status").textContent = text;
  }

  /** A tooltip: the message, the fix, and where the rule lives. An `--explain` trace of the
   *  value would be one more section here. */
  function tooltip(message, hint, where) {
    let html = `<div>${escape(message)}</div>`;
    if (hint) html += `<div class="tip-hint">${escape(hint)}</div>`;
    if (where) html += `<div class="tip-where">${escape(where)}</div>`;
    return html;
  }

  function escape(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  /** The editor position of a 1-based line and column counted in characters (the server's
   *  columns are Unicode scalars; CodeMirror counts UTF-16 units). */
  function position(cm, line, column) {
    const index = Math.min(Math.max(line - 1, 0), cm.lineCount() - 1);
    const text = cm.getLine(index);
    let ch = 0;
    let counted = 1;
    for (const character of text) {
      if (counted >= column) break;
      ch += character.length;
      counted += 1;
    }
    return CodeMirror.Pos(index, ch);
  }

  /** The end of the word at a diagnostic, so that the marker underlines the name it is about. */
  function tokenEnd(cm, line, column) {
    const from = position(cm, line, column);
    const word = cm.findWordAt(from);
    const end = word.head.ch > from.ch ? word.head : CodeMirror.Pos(from.line, from.ch + 1);
    return CodeMirror.Pos(end.line, Math.min(end.ch, cm.getLine(end.line).length || 1));
  }

  function listProblems(result) {
    const list = $("problems");
    list.textContent = "";
    const add = (severity, where, message, hint, code, jump) => {
      const item = document.createElement("li");
      item.innerHTML = `<span class="severity ${severity}">${severity}</span><span class="where">${escape(where)}</span>`
        + `<span class="what">${escape(message)}${hint ? ` <span class="fix">${escape(hint)}</span>` : ""}`
        + ` <span class="code">[${escape(code)}]</span></span>`;
      if (jump) {
        item.classList.add("jump");
        item.addEventListener("click", jump);
      }
      list.appendChild(item);
    };
    for (const d of result.diagnostics) {
      add(d.severity, `${d.file}:${d.line}:${d.column}`, d.message, d.hint, d.code, () => jumpTo(d.file, d.line, d.column));
    }
    for (const e of result.errors) {
      const where = "input " + (e.pointer || "/") + (e.path ? ` (${e.path})` : "");
      const span = e.span;
      add("error", where, e.message, null, e.code, span && (() => focus(input, span.start.line, span.start.column)));
    }
    for (const w of result.warnings) add("warning", "input " + (w.pointer || "/"), w.message, null, w.code, null);
    const count = result.diagnostics.length + result.errors.length + result.warnings.length;
    $("problem-count").textContent = String(count);
    $("problem-count").className = "count" + (result.diagnostics.some((d) => d.severity === "error") || result.errors.length ? " bad" : "");
    if (count === 0) list.innerHTML = `<li class="none">No problems: the mapping loads and the input maps.</li>`;
  }

  function jumpTo(file, line, column) {
    if (file !== state.file && file in state.live) selectFile(file);
    if (file === state.file) focus(yaml, line, column);
  }

  function focus(cm, line, column) {
    const at = position(cm, line, column);
    cm.focus();
    cm.setCursor(at);
    cm.scrollIntoView(at, 60);
  }

  // ---------------------------------------------------------------- the bar

  /** Lists the models; true when the picked one changed. */
  function setModels(models) {
    const select = $("model");
    const chosen = select.value;
    if (models.join("\n") === state.models.join("\n") && select.options.length) return false;
    state.models = models;
    select.textContent = "";
    for (const name of models) select.add(new Option(name, name));
    select.add(new Option("By route (URL)…", ROUTE));
    select.value = models.includes(chosen) || chosen === ROUTE ? chosen : (models[0] || ROUTE);
    $("route-field").hidden = select.value !== ROUTE;
    return select.value !== chosen;
  }

  function selectFile(name) {
    state.edits[state.file] = yaml.getValue();
    state.file = name;
    $("file").value = name;
    $("file-name").textContent = name;
    yaml.setValue(name in state.edits ? state.edits[name] : state.live[name]);
    yaml.clearHistory();
  }

  function setDirection(direction) {
    if (direction === state.direction) return;
    state.inputs[state.direction] = input.getValue();
    // The other way round starts from what this way produced.
    const next = state.inputs[direction] ?? (state.result && state.result.output) ?? "{}";
    state.direction = direction;
    for (const which of ["decode", "encode"]) $(which).setAttribute("aria-checked", String(which === direction));
    $("input-kind").textContent = direction === "decode" ? "external JSON" : "canonical JSON";
    $("output-kind").textContent = direction === "decode" ? "canonical JSON" : "external JSON";
    input.setValue(next);
  }

  function save() {
    const test = state.result && state.result.test;
    if (!test) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([test], { type: "application/yaml" }));
    link.download = `${(state.result.model || "playground").replace(/[^A-Za-z0-9_-]+/g, "-")}.test.yaml`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // ---------------------------------------------------------------- the graph

  function showTab(graph) {
    $("tab-output").setAttribute("aria-selected", String(!graph));
    $("tab-graph").setAttribute("aria-selected", String(graph));
    $("output-view").hidden = graph;
    $("graph").hidden = !graph;
    if (graph) drawGraph();
    else output.refresh();
  }

  async function drawGraph() {
    state.graphStale = false;
    try {
      const graph = await api("POST", "v1/try/graph", { files: changedFiles() });
      const note = $("graph-note");
      note.hidden = !graph.renderError && graph.dot !== null;
      note.textContent = graph.dot === null ? "The mapping does not load: see Problems below." : graph.renderError || "";
      $("graph-picture").innerHTML = graph.svg ? graph.svg.slice(graph.svg.indexOf("<svg")) : "";
      $("graph-dot").hidden = !graph.renderError;
      $("graph-dot").textContent = graph.renderError ? graph.dot : "";
    } catch (error) {
      state.graphStale = true;
      failed(error);
    }
  }

  // ---------------------------------------------------------------- start

  function edited() {
    state.graphStale = true;
    schedule();
  }

  async function start() {
    let live = {};
    try {
      live = (await api("GET", "v1/try")).files;
    } catch (error) {
      failed(error);
    }
    state.live = live;
    const names = Object.keys(live);
    // The new file must not stand for a loaded one (the server matches names by path suffix).
    for (let n = 2; names.some((name) => name === newFile || name.endsWith("/" + newFile)); n++) newFile = `playground-${n}.yaml`;
    state.file = newFile;
    state.edits[newFile] = names.length ? NEW_FILE_TEXT : STARTER_MAPPING;
    $("file").add(new Option(`${newFile} (new)`, newFile));
    for (const name of names) $("file").add(new Option(name, name));
    $("file-name").textContent = newFile;
    yaml.setValue(state.edits[newFile]);
    input.setValue(names.length ? "{}\n" : STARTER_INPUT);

    yaml.on("change", () => { state.edits[state.file] = yaml.getValue(); edited(); });
    input.on("change", schedule);
    $("file").addEventListener("change", () => { selectFile($("file").value); edited(); });
    $("model").addEventListener("change", () => { $("route-field").hidden = $("model").value !== ROUTE; schedule(); });
    $("route").addEventListener("input", schedule);
    $("decode").addEventListener("click", () => setDirection("decode"));
    $("encode").addEventListener("click", () => setDirection("encode"));
    $("save").addEventListener("click", save);
    $("tab-output").addEventListener("click", () => showTab(false));
    $("tab-graph").addEventListener("click", () => showTab(true));
    $("graph-picture").addEventListener("click", () => $("graph-picture").classList.toggle("fit"));
    $("token-bar").addEventListener("submit", (event) => {
      event.preventDefault();
      state.token = $("token").value.trim();
      sessionStorage.setItem("mapper-token", state.token);
      $("token-bar").hidden = true;
      location.reload();
    });
    run();
  }

  start();
})();
