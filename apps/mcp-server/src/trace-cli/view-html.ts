import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { ParsedTrace, TraceCallLine, TraceTokenTotals } from './read-trace.js';

/** Every value from the trace goes through this: app text and agent input are data, never markup. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Any trace value as a string (a crafted trace may put an object anywhere); escape it with text(). */
const str = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** Any trace value as escaped text. */
const text = (value: unknown) => escapeHtml(str(value));
/** Any trace value as a number's digits: what is not a finite number shows as 0. */
const num = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) ? String(n) : '0';
};

const MAX_SHOWN_CHARS = 8000;
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

const json = (value: unknown) => {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… ${text.length - MAX_SHOWN_CHARS} more characters` : text;
};

/** Whether `path` is strictly inside `root` (both real paths): no `..`, no sibling with the same prefix. */
function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

/** The real path of an image the trace names, if it is a file under the trace's own folder. */
function imageUnder(folder: string, path: string): string | undefined {
  const named = resolve(folder, path);
  if (!inside(folder, named)) return undefined;
  try {
    const real = realpathSync(named);
    const stat = statSync(real);
    return inside(folder, real) && stat.isFile() && stat.size <= MAX_IMAGE_BYTES ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A screenshot the call wrote, inlined as a data URL (the page loads nothing) — only when it is
 * under the trace's own folder (real path, so a link cannot lead out): a crafted trace must not
 * make the page carry any other image of the reviewer's disk.
 */
function screenshotOf(call: TraceCallLine, folder: string | undefined): string {
  const path = call.envelope.path;
  if (!str(call.tool).endsWith('_screenshot') || typeof path !== 'string') return '';
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  const real = type && folder ? imageUnder(folder, path) : undefined;
  if (!real) return `<p class="note">screenshot ${escapeHtml(path)} (not inlined: only images under the trace's folder are)</p>`;
  return `<img class="shot" alt="screenshot of call ${num(call.seq)}" src="data:${type};base64,${readFileSync(real).toString('base64')}">`;
}

const tokensOf = (call: TraceCallLine) => {
  const n = Number((call.envelope._meta as { estimated_tokens?: unknown } | undefined)?.estimated_tokens);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

function callSection(call: TraceCallLine, folder: string | undefined): string {
  const { _meta, ok, code, error, hint, ...result } = call.envelope;
  const status = call.ok ? '<span class="ok">ok</span>' : `<span class="err">${text(code ?? call.code)}</span>`;
  const errorBlock = call.ok ? '' : `<p class="error">${text(error ?? '')}</p>${hint ? `<p class="hint">${text(hint)}</p>` : ''}`;
  const redacted =
    Array.isArray(call.redacted) && call.redacted.length ? `<p class="note">redacted: ${text(call.redacted.map(str).join(', '))}</p>` : '';
  const seq = num(call.seq);
  return `<section class="call" id="call-${seq}" data-tool="${text(call.tool)}">
<h2><span class="seq">#${seq}</span> <code class="tool">${text(call.tool)}</code> ${status} <span class="ms">${num(call.ms)} ms</span> <span class="tokens">${num(tokensOf(call))} tokens</span></h2>
${redacted}<details open><summary>arguments</summary><pre class="args">${escapeHtml(json(call.args))}</pre></details>
${errorBlock}<details${call.ok ? ' open' : ''}><summary>result</summary><pre class="result">${escapeHtml(json(result))}</pre></details>
${screenshotOf(call, folder)}</section>`;
}

/** The recorder's totals from the footer: cost by tool and the largest answers, each linked to its call. */
function costSection(totals: TraceTokenTotals | undefined): string {
  if (!totals) return '';
  const rows = totals.byTool
    .map((t) => `<tr><td><code>${text(t.tool)}</code></td><td>${num(t.calls)}</td><td>${num(t.tokens)}</td><td>${num(t.images)}</td></tr>`)
    .join('');
  const largest = totals.largest
    .map((a) => {
      const label = `${a.seq ? `#${num(a.seq)} ` : ''}<code>${text(a.tool)}</code>`;
      return `<li>${a.seq ? `<a href="#call-${num(a.seq)}">${label}</a>` : `${label} (over the cap, not recorded)`}: ${num(a.tokens)} tokens</li>`;
    })
    .join('');
  return `<section class="costs" id="costs"><h2>What the answers cost</h2>
<p id="cost-total">${num(totals.tokens)} tokens in ${num(totals.calls)} answers (server estimate), ${num(totals.images)} images apart</p>
<table id="cost-by-tool"><tr><th>tool</th><th>calls</th><th>tokens</th><th>images</th></tr>${rows}</table>
<h3>Largest answers</h3><ol id="largest-answers">${largest}</ol></section>`;
}

function realFolderOf(file: string): string | undefined {
  try {
    return realpathSync(dirname(resolve(file)));
  } catch {
    return undefined;
  }
}

/**
 * One self-contained page for a person reviewing an agent's run: the calls in order with their
 * arguments, results, errors, timings, inline screenshots and token totals. Its CSP forbids every
 * load but inline style and data: images, so nothing in it can reach the network or run script.
 */
export function traceHtml(trace: ParsedTrace): string {
  const { header, calls, footer } = trace;
  const folder = realFolderOf(trace.file);
  const server = header.server ?? {};
  const allowEval = Array.isArray(server.allowEval) ? server.allowEval.map(str).join(',') : '';
  const tokens = calls.reduce((sum, call) => sum + tokensOf(call), 0);
  const argTokens = calls.reduce((sum, call) => sum + Math.ceil(JSON.stringify(call.args).length / 4), 0);
  const failed = calls.filter((c) => !c.ok).length;
  const ms = calls.reduce((sum, call) => sum + (Number(num(call.ms)) || 0), 0);
  const state = footer
    ? `complete: ${num(footer.records)} calls recorded${footer.overflow ? `, ${num(footer.overflow)} more over the cap (not recorded)` : ''}`
    : 'INCOMPLETE: the recording was cut short (no footer); the calls below are those written before it ended';
  const playwright = (footer?.playwright ?? [])
    .map(
      (p) =>
        `<li>${text(p.sessionId)}: ${text(p.file ? `npx playwright show-trace ${str(p.file)}` : `not saved (${str(p.error ?? '')})`)}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>Trace ${text(header.name)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;max-width:1100px;color:#1a1a1a}
.summary{background:#f4f4f6;padding:12px 16px;border-radius:6px}.summary dt{font-weight:600;float:left;clear:left;width:13em}
.call{border-top:1px solid #ddd;padding:8px 0}.call h2{font-size:15px;margin:6px 0}.seq{color:#777}.ok{color:#0a7a2f}.err{color:#b00020;font-weight:600}
.ms,.tokens{color:#666;font-weight:normal;font-size:13px;margin-left:8px}pre{background:#fafafa;border:1px solid #eee;padding:8px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-word}
.costs table{border-collapse:collapse}.costs td,.costs th{border:1px solid #ddd;padding:2px 8px;text-align:left}
.error{color:#b00020}.hint,.note{color:#555;font-style:italic}.shot{max-width:100%;border:1px solid #ccc}
</style></head><body>
<h1>Trace <span id="trace-name">${text(header.name)}</span></h1>
<dl class="summary">
<dt>started</dt><dd>${text(header.startedAt)}</dd>
<dt>server</dt><dd>${text(`${str(server.version || '?')} (profile ${str(server.profile || '?')}, eval ${allowEval || 'off'})`)}</dd>
<dt>state</dt><dd id="trace-state">${text(state)}</dd>
<dt>calls</dt><dd id="call-count">${num(calls.length)} (${num(failed)} failed), ${num(ms)} ms in calls</dd>
<dt>tokens</dt><dd id="token-total">${num(tokens)} in answers (server estimate), ≈${num(argTokens)} in arguments, ≈${num(tokens + argTokens)} total</dd>
${playwright ? `<dt>Playwright traces</dt><dd><ul>${playwright}</ul></dd>` : ''}
</dl>
${costSection(footer?.tokens)}
${calls.map((call) => callSection(call, folder)).join('\n')}
</body></html>
`;
}
