// gamekit's page: edit a bimatrix game, solve it through the JSON API, show the answer.
// No framework, no build step; every number shown comes from the server (exact strings).
"use strict";

const state = { m: 3, n: 3, lastAnswer: null, lastGame: null };

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- numbers (for hover decimals and drawing only; the answer's numbers stay exact) ----
function toNumber(text) {
  const s = String(text).trim();
  const slash = s.indexOf("/");
  if (slash >= 0) return Number(s.slice(0, slash)) / Number(s.slice(slash + 1));
  return Number(s);
}

function decimal(text) {
  const x = toNumber(text);
  if (!Number.isFinite(x)) return String(text);
  return String(Number(x.toPrecision(10)));
}

function num(text) {
  const span = el("span", { class: "num", text: text });
  if (String(text).includes("/")) span.title = "≈ " + decimal(text);
  else span.title = String(text);
  if (text === "0") span.classList.add("zero");
  return span;
}

// ---- API ----
async function api(path, options = {}) {
  const response = await fetch(path, options);
  let body;
  const type = response.headers.get("content-type") || "";
  if (type.includes("application/json")) body = await response.json();
  else body = await response.text();
  return { ok: response.ok, status: response.status, body };
}

function postJSON(path, payload) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" },
                     body: JSON.stringify(payload) });
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- the grid ----
function cellValue(id, fallback) {
  const input = $(id);
  return input ? input.value : fallback;
}

function readGrid() {
  const g = { A: [], B: [], rowLabels: [], colLabels: [] };
  for (let i = 0; i < state.m; i++) {
    g.A.push([]); g.B.push([]);
    g.rowLabels.push(cellValue(`row-label-${i}`, String(i + 1)));
    for (let j = 0; j < state.n; j++) {
      g.A[i].push(cellValue(`A-${i}-${j}`, "0"));
      g.B[i].push(cellValue(`B-${i}-${j}`, "0"));
    }
  }
  for (let j = 0; j < state.n; j++) g.colLabels.push(cellValue(`col-label-${j}`, String(j + 1)));
  return g;
}

function buildGrid(g) {
  const table = $("grid");
  table.replaceChildren();
  const zeroSum = $("zero-sum").checked;
  table.classList.toggle("zero-sum", zeroSum);
  const head = el("tr", {}, el("th", { class: "corner", text: "I \\ II" }));
  for (let j = 0; j < state.n; j++) {
    const input = el("input", { id: `col-label-${j}`, class: "label", type: "text",
                                "aria-label": `label of column ${j + 1}` });
    input.value = g.colLabels[j] ?? String(j + 1);
    head.append(el("th", {}, input));
  }
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (let i = 0; i < state.m; i++) {
    const label = el("input", { id: `row-label-${i}`, class: "label", type: "text",
                                "aria-label": `label of row ${i + 1}` });
    label.value = g.rowLabels[i] ?? String(i + 1);
    const tr = el("tr", {}, el("th", {}, label));
    for (let j = 0; j < state.n; j++) {
      const a = el("input", { id: `A-${i}-${j}`, class: "pay a", type: "text", inputmode: "decimal",
                              "aria-label": `A[${i}][${j}], payoff of player I` });
      a.value = g.A[i]?.[j] ?? "0";
      const b = el("input", { id: `B-${i}-${j}`, class: "pay b", type: "text", inputmode: "decimal",
                              "aria-label": `B[${i}][${j}], payoff of player II` });
      b.value = g.B[i]?.[j] ?? "0";
      tr.append(el("td", {}, el("div", { class: "pair" }, a, b)));
    }
    body.append(tr);
  }
  table.append(body);
  $("rows-count").textContent = state.m;
  $("cols-count").textContent = state.n;
}

function setGame(g) {
  state.m = g.A.length;
  state.n = g.A[0].length;
  buildGrid({ A: g.A, B: g.B || g.A.map((r) => r.map(() => "0")),
              rowLabels: g.rowLabels || [], colLabels: g.colLabels || [] });
}

function resize(dm, dn) {
  const g = readGrid();
  const m = Math.min(200, Math.max(1, state.m + dm));
  const n = Math.min(200, Math.max(1, state.n + dn));
  state.m = m; state.n = n;
  buildGrid(g);
  clearErrors();
}

function gamePayload() {
  const g = readGrid();
  const payload = { A: g.A, row_labels: g.rowLabels, col_labels: g.colLabels };
  if (!$("zero-sum").checked) payload.B = g.B;
  const title = $("title").value.trim();
  if (title) payload.title = title;
  return payload;
}

// ---- errors next to their field ----
function clearErrors() {
  for (const node of document.querySelectorAll(".invalid")) node.classList.remove("invalid");
  for (const node of document.querySelectorAll(".field-error")) node.remove();
  for (const id of ["game-error", "method-error", "paste-error"]) $(id).textContent = "";
}

function showError(body, fallbackId = "game-error") {
  const message = body && body.error ? body.error : String(body);
  const field = body && body.field ? body.field : null;
  let target = null;
  let match;
  if (field && (match = /^([AB])\[(\d+)\]\[(\d+)\]$/.exec(field))) target = $(`${match[1]}-${match[2]}-${match[3]}`);
  else if (field && (match = /^([AB])\[(\d+)\]$/.exec(field))) target = $(`${match[1]}-${match[2]}-0`);
  else if (field === "A" || field === "B") target = $(`${field}-0-0`);
  else if (field === "row_labels") target = $("row-label-0");
  else if (field === "col_labels") target = $("col-label-0");
  else if (field === "title") target = $("title");
  if (field === "method") {
    $("method").classList.add("invalid");
    $("method-error").textContent = message;
    return;
  }
  if (target) {
    target.classList.add("invalid");
    const holder = target.closest("td, th, label") || target.parentElement;
    holder.append(el("div", { class: "field-error", role: "alert", text: message }));
    target.focus();
  }
  $(fallbackId).textContent = message;
}

// ---- paste ----
function parseText(text) {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length)
    .map((line) => line.split(/[\s,;]+/).filter((s) => s.length));
}

function applyPaste() {
  clearErrors();
  const A = parseText($("paste-a").value);
  const zeroSum = $("zero-sum").checked;
  const B = zeroSum ? null : parseText($("paste-b").value);
  if (!A.length) { $("paste-error").textContent = "A is empty"; return; }
  const n = A[0].length;
  if (A.some((r) => r.length !== n)) { $("paste-error").textContent = "the rows of A differ in length"; return; }
  if (B && B.length === 0) {
    $("paste-error").textContent = "B is empty (or tick zero-sum)";
    return;
  }
  if (B && (B.length !== A.length || B.some((r) => r.length !== n))) {
    $("paste-error").textContent = `B must have the shape of A (${A.length}×${n})`;
    return;
  }
  const old = readGrid();
  setGame({ A, B, rowLabels: old.rowLabels, colLabels: old.colLabels });
}

// ---- the answer ----
function strategyCell(probs, labels) {
  const td = el("td", { class: "strategy" });
  const vec = el("span", { class: "vector" });
  probs.forEach((p, k) => {
    const s = num(p);
    s.title = `${labels[k]}: ${s.title}`;
    vec.append(s);
  });
  td.append(vec);
  return td;
}

function isPure(e) {
  return e.row.includes("1") && e.col.includes("1");
}

function renderAnswer(answer, game) {
  state.lastAnswer = answer;
  state.lastGame = game;
  $("result").hidden = false;
  const labels = answer.labels || { rows: game.row_labels, cols: game.col_labels };
  const count = answer.equilibria.length;
  const noun = count === 1 ? "equilibrium" : "equilibria";
  let summary;
  if (answer.complete) {
    summary = `${count} extreme ${noun}: every extreme equilibrium of this ${answer.rows}×${answer.cols} game`;
    if (answer.unique) summary += "; the equilibrium is unique";
  } else {
    summary = `${count} ${noun} found by ${answer.method.replace(/_/g, " ")} (not necessarily all)`;
  }
  $("summary").textContent = summary + ".";
  const notes = $("notes");
  notes.replaceChildren(...(answer.notes || []).map((t) => el("li", { text: t })));

  // which connected component each equilibrium lies in
  const where = equilibriumComponents(answer);
  const table = $("equilibria");
  table.replaceChildren();
  const head = el("tr", {}, el("th", { text: "#" }), el("th", { text: "player I (rows)" }),
                  el("th", { text: "player II (columns)" }), el("th", { text: "payoffs I, II" }),
                  el("th", { text: "" }));
  if (where) head.append(el("th", { text: "component" }));
  const labelRow = el("tr", { class: "labels" }, el("th"),
    el("th", {}, el("span", { class: "vector" }, ...labels.rows.map((t) => el("span", { text: t })))),
    el("th", {}, el("span", { class: "vector" }, ...labels.cols.map((t) => el("span", { text: t })))),
    el("th"), el("th"));
  if (where) labelRow.append(el("th"));
  table.append(el("thead", {}, head, labelRow));
  const body = el("tbody");
  answer.equilibria.forEach((e, k) => {
    const tr = el("tr", { class: "equilibrium" });
    tr.append(el("td", { class: "index", text: String(k + 1) }));
    tr.append(strategyCell(e.row, labels.rows));
    tr.append(strategyCell(e.col, labels.cols));
    const pay = el("td", { class: "payoffs" }, num(e.payoffs[0]), ", ", num(e.payoffs[1]));
    tr.append(pay);
    tr.append(el("td", {}, isPure(e) ? el("span", { class: "badge", text: "pure" }) : ""));
    if (where) tr.append(el("td", { class: "component", text: where[k] }));
    body.append(tr);
  });
  table.append(body);
  renderComponents(answer);
  renderPictures(answer, game, labels);
}

function equilibriumComponents(answer) {
  if (!answer.components) return null;
  const rows = answer.row_vertices.map((v) => v.join(","));
  const cols = answer.col_vertices.map((v) => v.join(","));
  return answer.equilibria.map((e) => {
    const r = rows.indexOf(e.row.join(","));
    const c = cols.indexOf(e.col.join(","));
    const comp = answer.components.find((x) => x.rows.includes(r) && x.cols.includes(c));
    return comp ? String(comp.connected + 1) : "";
  });
}

function renderComponents(answer) {
  const box = $("components");
  box.replaceChildren();
  if (!answer.components) return;
  const nConnected = new Set(answer.components.map((c) => c.connected)).size;
  const rows = answer.row_vertices.map((v) => v.join(","));
  const cols = answer.col_vertices.map((v) => v.join(","));
  const items = [];
  answer.components.forEach((c, k) => {
    if (c.rows.length * c.cols.length <= 1) return;
    const rs = new Set(c.rows.map((i) => rows[i]));
    const cs = new Set(c.cols.map((j) => cols[j]));
    const eqs = [];
    answer.equilibria.forEach((e, t) => {
      if (rs.has(e.row.join(",")) && cs.has(e.col.join(","))) eqs.push(t + 1);
    });
    items.push(el("li", { text: `subset ${k + 1}: every mixture of equilibria ${eqs.join(", ")} ` +
                                `(${c.rows.length} row × ${c.cols.length} column extreme strategies; ` +
                                `connected component ${c.connected + 1})` }));
  });
  const text = nConnected === 1 ? "1 connected component" : `${nConnected} connected components`;
  box.append(el("p", { text: `The equilibrium set has ${text}` +
                             (items.length ? "; maximal Nash subsets that are continua:" : "; every one is a single point.") }));
  if (items.length) box.append(el("ul", { class: "subsets" }, ...items));
}

// ---- pictures: upper envelope / best-response regions for 2×n and m×2 games ----
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
                "#7f7f7f", "#bcbd22"];

function envelope(lines) {
  // lines: [{y0, y1}] payoff at x=0 and x=1; returns pieces [{x0, x1, k}] of the upper envelope
  const xs = new Set([0, 1]);
  for (let a = 0; a < lines.length; a++) {
    for (let b = a + 1; b < lines.length; b++) {
      const d = (lines[a].y1 - lines[a].y0) - (lines[b].y1 - lines[b].y0);
      if (Math.abs(d) < 1e-15) continue;
      const x = (lines[b].y0 - lines[a].y0) / d;
      if (x > 0 && x < 1) xs.add(x);
    }
  }
  const pts = [...xs].sort((p, q) => p - q);
  const pieces = [];
  for (let t = 0; t + 1 < pts.length; t++) {
    const mid = (pts[t] + pts[t + 1]) / 2;
    let best = 0;
    lines.forEach((l, k) => {
      const v = l.y0 + (l.y1 - l.y0) * mid;
      const w = lines[best].y0 + (lines[best].y1 - lines[best].y0) * mid;
      if (v > w + 1e-12) best = k;
    });
    const last = pieces[pieces.length - 1];
    if (last && last.k === best) last.x1 = pts[t + 1];
    else pieces.push({ x0: pts[t], x1: pts[t + 1], k: best });
  }
  return pieces;
}

function picture(opts) {
  // opts: {title, xLabel, lines: [{y0, y1, label}], marks: [{x, label}], ends: [label0, label1]}
  const W = 470, H = 320, L = 52, R = 96, T = 34, B = 70;
  const w = W - L - R, h = H - T - B;
  const ys = opts.lines.flatMap((l) => [l.y0, l.y1]);
  let lo = Math.min(...ys), hi = Math.max(...ys);
  if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.08;
  lo -= pad; hi += pad;
  const X = (x) => L + x * w;
  const Y = (y) => T + (hi - y) / (hi - lo) * h;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "picture envelope-pic",
                            role: "img", "aria-label": opts.title });
  root.append(svg("text", { x: L, y: 18, class: "pic-title" }, opts.title));
  root.append(svg("rect", { x: L, y: T, width: w, height: h, class: "frame" }));
  // y ticks
  const ticks = niceTicks(lo, hi, 5);
  for (const t of ticks) {
    root.append(svg("line", { x1: L, x2: L + w, y1: Y(t), y2: Y(t), class: "gridline" }));
    root.append(svg("text", { x: L - 6, y: Y(t) + 4, class: "tick", "text-anchor": "end" }, String(t)));
  }
  // the lines, then the envelope
  opts.lines.forEach((l, k) => {
    const color = COLORS[k % COLORS.length];
    root.append(svg("line", { x1: X(0), y1: Y(l.y0), x2: X(1), y2: Y(l.y1), stroke: color, class: "payline" }));
    root.append(svg("text", { x: X(1) + 6, y: Y(l.y1) + 4, fill: color, class: "line-label" }, l.label));
  });
  const pieces = envelope(opts.lines);
  const path = pieces.map((p, t) => {
    const l = opts.lines[p.k];
    const a = `${X(p.x0)},${Y(l.y0 + (l.y1 - l.y0) * p.x0)}`;
    const b = `${X(p.x1)},${Y(l.y0 + (l.y1 - l.y0) * p.x1)}`;
    return (t === 0 ? "M" : "L") + a + " L" + b;
  }).join(" ");
  root.append(svg("path", { d: path, class: "envelope" }));
  // best-response regions under the axis
  for (const p of pieces) {
    const color = COLORS[p.k % COLORS.length];
    root.append(svg("rect", { x: X(p.x0), y: T + h + 4, width: Math.max(1, X(p.x1) - X(p.x0)), height: 12,
                              fill: color, class: "region" }));
    if (X(p.x1) - X(p.x0) > 24) {
      root.append(svg("text", { x: (X(p.x0) + X(p.x1)) / 2, y: T + h + 14, class: "region-label",
                                "text-anchor": "middle" }, opts.lines[p.k].label));
    }
  }
  root.append(svg("text", { x: L, y: T + h + 32, class: "tick", "text-anchor": "middle" }, opts.ends[0]));
  root.append(svg("text", { x: L + w, y: T + h + 32, class: "tick", "text-anchor": "middle" }, opts.ends[1]));
  root.append(svg("text", { x: L + w / 2, y: H - 8, class: "axis-label", "text-anchor": "middle" }, opts.xLabel));
  // equilibrium strategies of the other player
  const seen = new Set();
  for (const mk of opts.marks) {
    if (seen.has(mk.label)) continue;
    seen.add(mk.label);
    const x = toNumber(mk.label);
    let top = -Infinity;
    for (const l of opts.lines) top = Math.max(top, l.y0 + (l.y1 - l.y0) * x);
    root.append(svg("line", { x1: X(x), x2: X(x), y1: T, y2: T + h, class: "eq-line" }));
    root.append(svg("circle", { cx: X(x), cy: Y(top), r: 4.5, class: "eq-dot" },
                    undefined));
    if (x > 0.02 && x < 0.98) {
      root.append(svg("text", { x: X(x), y: T + h + 32, class: "eq-label", "text-anchor": "middle" }, mk.label));
    }
  }
  return root;
}

// Best-response regions over a simplex of three strategies: the region of strategy k is where
// k's payoff (a linear function of the mixed strategy) is at least every other's.
function clip(poly, f) {
  // keep the part of the polygon (points in barycentric coordinates) where f >= 0
  const out = [];
  for (let t = 0; t < poly.length; t++) {
    const p = poly[t], q = poly[(t + 1) % poly.length];
    const fp = f(p), fq = f(q);
    if (fp >= 0) out.push(p);
    if ((fp >= 0) !== (fq >= 0)) {
      const s = fp / (fp - fq);
      out.push(p.map((v, i) => v + s * (q[i] - v)));
    }
  }
  return out;
}

function triangle(opts) {
  // opts: {title, payoff: (k, x) => number, count, labels (of the regions), corners, marks: [[x1,x2,x3]], markLabels}
  const W = 400, H = 360, cx = W / 2;
  const V = [[60, 300], [W - 60, 300], [cx, 300 - (W - 120) * Math.sqrt(3) / 2]];
  const P = (x) => [x[0] * V[0][0] + x[1] * V[1][0] + x[2] * V[2][0], x[0] * V[0][1] + x[1] * V[1][1] + x[2] * V[2][1]];
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "picture simplex-pic",
                            role: "img", "aria-label": opts.title });
  root.append(svg("text", { x: 16, y: 20, class: "pic-title" }, opts.title));
  // strategies with the same payoffs (duplicates) share one region and one label
  const corners = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const groups = new Map();
  for (let k = 0; k < opts.count; k++) {
    const key = corners.map((x) => opts.payoff(k, x)).join(",");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(k);
  }
  const firsts = [...groups.values()].map((g) => g[0]);
  const names = new Map([...groups.values()].map((g) => [g[0], g.map((k) => opts.labels[k]).join(" = ")]));
  for (const k of firsts) {
    let poly = corners.map((x) => x.slice());
    for (const l of firsts) {
      if (l !== k && poly.length) poly = clip(poly, (x) => opts.payoff(k, x) - opts.payoff(l, x) + 1e-12);
    }
    if (poly.length < 3) continue;
    const pts = poly.map(P);
    let area = 0;
    pts.forEach((p, t) => { const q = pts[(t + 1) % pts.length]; area += p[0] * q[1] - q[0] * p[1]; });
    if (Math.abs(area) < 1) continue;
    const color = COLORS[k % COLORS.length];
    root.append(svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: color, class: "br-region" }));
    const c = [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
    root.append(svg("text", { x: c[0], y: c[1] + 4, class: "br-label", "text-anchor": "middle" }, names.get(k)));
  }
  root.append(svg("polygon", { points: V.map((p) => p.join(",")).join(" "), class: "frame" }));
  const anchor = ["end", "start", "middle"];
  const off = [[-8, 14], [8, 14], [0, -8]];
  V.forEach((p, i) => root.append(svg("text", { x: p[0] + off[i][0], y: p[1] + off[i][1], class: "corner-label",
                                                "text-anchor": anchor[i] }, opts.corners[i])));
  const seen = new Set();
  opts.marks.forEach((x) => {
    const key = x.join(",");
    if (seen.has(key)) return;
    seen.add(key);
    const p = P(x.map(toNumber));
    root.append(svg("circle", { cx: p[0], cy: p[1], r: 4.5, class: "eq-dot" }, undefined));
  });
  root.append(svg("text", { x: cx, y: H - 8, class: "axis-label", "text-anchor": "middle" }, opts.xLabel));
  return root;
}

function niceTicks(lo, hi, count) {
  const span = hi - lo;
  const step0 = Math.pow(10, Math.floor(Math.log10(span / count)));
  const step = [1, 2, 5, 10].map((k) => k * step0).find((s) => span / s <= count) || 10 * step0;
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-12; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

function renderPictures(answer, game, labels) {
  const box = $("pictures");
  box.replaceChildren();
  const A = game.A.map((r) => r.map(toNumber));
  const B = game.B ? game.B.map((r) => r.map(toNumber)) : A.map((r) => r.map((v) => -v));
  const m = A.length, n = A[0].length;
  if (m === 2 && n <= 40) {
    box.append(picture({
      title: "Player II's payoffs against player I's mixed strategy",
      xLabel: `probability of row ${labels.rows[1]}`,
      ends: [labels.rows[0], labels.rows[1]],
      lines: B[0].map((_, j) => ({ y0: B[0][j], y1: B[1][j], label: labels.cols[j] })),
      marks: answer.equilibria.map((e) => ({ label: e.row[1] })),
    }));
  }
  if (n === 2 && m <= 40) {
    box.append(picture({
      title: "Player I's payoffs against player II's mixed strategy",
      xLabel: `probability of column ${labels.cols[1]}`,
      ends: [labels.cols[0], labels.cols[1]],
      lines: A.map((r, i) => ({ y0: r[0], y1: r[1], label: labels.rows[i] })),
      marks: answer.equilibria.map((e) => ({ label: e.col[1] })),
    }));
  }
  if (m === 3 && n <= 40) {
    box.append(triangle({
      title: "Best responses of player II",
      xLabel: "corners: player I's pure strategies; regions: player II's best response",
      count: n, labels: labels.cols, corners: labels.rows,
      payoff: (j, x) => x[0] * B[0][j] + x[1] * B[1][j] + x[2] * B[2][j],
      marks: answer.equilibria.map((e) => e.row),
    }));
  }
  if (n === 3 && m <= 40) {
    box.append(triangle({
      title: "Best responses of player I",
      xLabel: "corners: player II's pure strategies; regions: player I's best response",
      count: m, labels: labels.rows, corners: labels.cols,
      payoff: (i, y) => y[0] * A[i][0] + y[1] * A[i][1] + y[2] * A[i][2],
      marks: answer.equilibria.map((e) => e.col),
    }));
  }
  if (box.children.length) {
    box.append(el("p", { class: "hint", text: "Lines: a player's payoffs against the other's mixed strategy, " +
      "thick: the upper envelope (best-response payoff), the bar under the axis: which strategy is a best " +
      "response. Triangles: the other player's mixed strategies, coloured by the best response. Dots: the " +
      "equilibrium strategies. Drawn in floating point; the equilibria above are exact." }));
  }
}

// ---- actions ----
async function solve() {
  clearErrors();
  const payload = gamePayload();
  payload.method = $("method").value || "all";
  const button = $("solve");
  button.disabled = true;
  $("status").textContent = "solving…";
  try {
    const r = await postJSON("/api/solve", payload);
    if (!r.ok) {
      showError(r.body);
      $("status").textContent = "";
      return;
    }
    renderAnswer(r.body, payload);
    $("status").textContent = "solved";
  } catch (err) {
    showError({ error: `the server did not answer (${err})` });
    $("status").textContent = "";
  } finally {
    button.disabled = false;
  }
}

async function downloadNfg() {
  clearErrors();
  const r = await postJSON("/api/format-nfg", gamePayload());
  if (!r.ok) { showError(r.body); return; }
  download(($("title").value.trim() || "game").replace(/[^\w.-]+/g, "_") + ".nfg", r.body, "text/plain");
}

function loadParsed(doc) {
  $("title").value = doc.title || "";
  const zeroSum = doc.A.every((r, i) => r.every((a, j) => toNumber(a) === -toNumber(doc.B[i][j])));
  $("zero-sum").checked = false;
  setGame({ A: doc.A, B: doc.B, rowLabels: doc.row_labels, colLabels: doc.col_labels });
  $("status").textContent = `loaded ${doc.rows}×${doc.cols}` + (zeroSum ? " (zero-sum)" : "");
  $("result").hidden = true;
}

async function uploadNfg(file) {
  clearErrors();
  if (!file) return;
  const r = await api(`/api/parse-nfg?filename=${encodeURIComponent(file.name)}`,
                      { method: "POST", body: file });
  if (!r.ok) { showError(r.body); return; }
  loadParsed(r.body);
}

async function loadExample(name) {
  clearErrors();
  if (!name) return;
  const r = await api(`/api/examples/${encodeURIComponent(name)}`);
  if (!r.ok) { showError(r.body); return; }
  loadParsed(r.body);
}

// ---- plugin tabs ----
function renderReport(box, report) {
  box.replaceChildren();
  box.append(el("h2", { text: report.title || "" }));
  for (const line of report.lines || []) box.append(el("p", { class: "report-line", text: line }));
  for (const grid of report.grids || []) {
    box.append(el("h3", { text: grid.title || "" }));
    const table = el("table", { class: "report-grid" });
    table.append(el("thead", {}, el("tr", {}, ...grid.columns.map((c) =>
      el("th", { class: `align-${c.align}`, text: c.label })))));
    const body = el("tbody");
    grid.rows.forEach((row, k) => {
      const tr = el("tr", { class: grid.sections && grid.sections[k] ? "section" : "" });
      row.forEach((cell, c) => {
        const col = grid.columns[c] || {};
        const styles = `${col.style || ""} ${cell.style || ""}`.trim().split(/\s+/).filter((s) => s);
        const td = el("td", { class: [`align-${col.align || "left"}`, ...styles.map((s) => `s-${s}`)].join(" "),
                              text: cell.text });
        tr.append(td);
      });
      body.append(tr);
    });
    table.append(body);
    box.append(el("div", { class: "table-wrap" }, table));
  }
  if (report.legend) box.append(el("p", { class: "hint", text: report.legend }));
  if (report.notes && report.notes.length) {
    box.append(el("ul", { class: "hint report-notes" }, ...report.notes.map((t) => el("li", { text: t }))));
  }
}

function addPluginTab(plugin) {
  const tab = el("button", { type: "button", role: "tab", class: "tab", "data-tab": plugin.name,
                             "aria-selected": "false", text: plugin.title });
  $("tabs").append(tab);
  const form = el("div", { class: "toolbar" });
  for (const f of plugin.fields) {
    let input;
    if (f.choices) {
      input = el("select", { id: `${plugin.name}-${f.name}` }, ...f.choices.map((c) => el("option", { value: c, text: c })));
    } else {
      input = el("input", { id: `${plugin.name}-${f.name}`, type: "text", size: "8" });
    }
    input.value = f.default;
    const label = el("label", { title: f.help || "" }, f.label + " ", input);
    form.append(label);
  }
  const run = el("button", { type: "button", class: "primary", id: `${plugin.name}-run`, text: "Solve" });
  const dl = el("button", { type: "button", id: `${plugin.name}-json`, text: "Download answer (JSON)" });
  dl.disabled = true;
  const status = el("span", { class: "status", role: "status" });
  form.append(run, dl, status);
  const error = el("p", { class: "error-text", role: "alert" });
  const out = el("div", { class: "report", id: `${plugin.name}-report` });
  const panel = el("section", { id: `panel-${plugin.name}`, class: "panel", role: "tabpanel", hidden: "" },
                   el("div", { class: "card" }, el("p", { class: "hint", text: plugin.description }), form, error),
                   el("div", { class: "card" }, out));
  document.querySelector("main").append(panel);
  let last = null;
  run.addEventListener("click", async () => {
    for (const node of panel.querySelectorAll(".invalid")) node.classList.remove("invalid");
    for (const node of panel.querySelectorAll(".field-error")) node.remove();
    error.textContent = "";
    const payload = {};
    for (const f of plugin.fields) payload[f.name] = $(`${plugin.name}-${f.name}`).value;
    run.disabled = true;
    status.textContent = "solving…";
    try {
      const r = await postJSON(plugin.endpoint, payload);
      if (!r.ok) {
        const input = r.body.field ? $(`${plugin.name}-${r.body.field}`) : null;
        if (input) {
          input.classList.add("invalid");
          input.closest("label").append(el("div", { class: "field-error", role: "alert", text: r.body.error }));
        }
        error.textContent = r.body.error || String(r.body);
        status.textContent = "";
        return;
      }
      last = r.body;
      renderReport(out, r.body);
      dl.disabled = false;
      status.textContent = "solved";
    } catch (err) {
      error.textContent = `the server did not answer (${err})`;
      status.textContent = "";
    } finally {
      run.disabled = false;
    }
  });
  dl.addEventListener("click", () => {
    if (last) download(`${plugin.name}.json`, JSON.stringify(last.data ?? last, null, 1), "application/json");
  });
}

function selectTab(name) {
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.tab === name;
    t.classList.toggle("active", on);
    t.setAttribute("aria-selected", on ? "true" : "false");
  }
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== `panel-${name}`;
}

// ---- start ----
async function start() {
  setGame({ A: [["3", "0", "5"], ["2", "2", "1"], ["0", "4", "2"]],
            B: [["1", "2", "0"], ["0", "3", "1"], ["4", "0", "2"]] });
  $("rows-plus").addEventListener("click", () => resize(1, 0));
  $("rows-minus").addEventListener("click", () => resize(-1, 0));
  $("cols-plus").addEventListener("click", () => resize(0, 1));
  $("cols-minus").addEventListener("click", () => resize(0, -1));
  $("zero-sum").addEventListener("change", () => {
    buildGrid(readGrid());
    $("paste-b-label").hidden = $("zero-sum").checked;
  });
  $("paste-toggle").addEventListener("click", () => { $("paste-panel").hidden = !$("paste-panel").hidden; });
  $("paste-apply").addEventListener("click", applyPaste);
  $("solve").addEventListener("click", solve);
  $("download-nfg").addEventListener("click", downloadNfg);
  $("download-json").addEventListener("click", () => {
    if (state.lastAnswer) download("equilibria.json", JSON.stringify(state.lastAnswer, null, 1), "application/json");
  });
  $("nfg-file").addEventListener("change", (ev) => uploadNfg(ev.target.files[0]).finally(() => { ev.target.value = ""; }));
  $("examples").addEventListener("change", (ev) => loadExample(ev.target.value));
  $("grid").addEventListener("keydown", (ev) => { if (ev.key === "Enter") solve(); });
  $("tabs").addEventListener("click", (ev) => { if (ev.target.dataset.tab) selectTab(ev.target.dataset.tab); });

  const [methods, examples, plugins] = await Promise.all([api("/api/methods"), api("/api/examples"), api("/api/plugins")]);
  if (methods.ok) {
    for (const m of methods.body.methods) {
      $("method").append(el("option", { value: m.name, title: m.description, text: m.name.replace(/_/g, " ") }));
    }
    $("method").value = methods.body.default;
    const describe = () => {
      const m = methods.body.methods.find((x) => x.name === $("method").value);
      $("method-hint").textContent = m ? m.description : "";
    };
    $("method").addEventListener("change", describe);
    describe();
  }
  if (examples.ok) {
    for (const name of examples.body.examples) $("examples").append(el("option", { value: name, text: name.replace(/_/g, " ") }));
  }
  if (plugins.ok) for (const p of plugins.body.plugins) addPluginTab(p);
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", start);
