import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import type { ParsedTrace, TraceCallLine } from './read-trace.js';

/** Every value from the trace goes through this: app text and agent input are data, never markup. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const MAX_SHOWN_CHARS = 8000;
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

const json = (value: unknown) => {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… ${text.length - MAX_SHOWN_CHARS} more characters` : text;
};

/** A screenshot the call wrote, inlined as a data URL (the page loads nothing). */
function screenshotOf(call: TraceCallLine): string {
  const path = call.envelope.path;
  if (!call.tool.endsWith('_screenshot') || typeof path !== 'string') return '';
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  if (!type || !existsSync(path) || statSync(path).size > MAX_IMAGE_BYTES)
    return `<p class="note">screenshot ${escapeHtml(path)} (not inlined)</p>`;
  return `<img class="shot" alt="screenshot of call ${call.seq}" src="data:${type};base64,${readFileSync(path).toString('base64')}">`;
}

const tokensOf = (call: TraceCallLine) =>
  Number((call.envelope._meta as { estimated_tokens?: unknown } | undefined)?.estimated_tokens) || 0;

function callSection(call: TraceCallLine): string {
  const { _meta, ok, code, error, hint, ...result } = call.envelope;
  const status = call.ok ? '<span class="ok">ok</span>' : `<span class="err">${escapeHtml(String(code ?? call.code))}</span>`;
  const errorBlock = call.ok
    ? ''
    : `<p class="error">${escapeHtml(String(error ?? ''))}</p>${hint ? `<p class="hint">${escapeHtml(String(hint))}</p>` : ''}`;
  const redacted = call.redacted?.length ? `<p class="note">redacted: ${escapeHtml(call.redacted.join(', '))}</p>` : '';
  return `<section class="call" id="call-${call.seq}" data-tool="${escapeHtml(call.tool)}">
<h2><span class="seq">#${call.seq}</span> <code class="tool">${escapeHtml(call.tool)}</code> ${status} <span class="ms">${call.ms} ms</span> <span class="tokens">${tokensOf(call)} tokens</span></h2>
${redacted}<details open><summary>arguments</summary><pre class="args">${escapeHtml(json(call.args))}</pre></details>
${errorBlock}<details${call.ok ? ' open' : ''}><summary>result</summary><pre class="result">${escapeHtml(json(result))}</pre></details>
${screenshotOf(call)}</section>`;
}

/**
 * One self-contained page for a person reviewing an agent's run: the calls in order with their
 * arguments, results, errors, timings, inline screenshots and token totals. Its CSP forbids every
 * load but inline style and data: images, so nothing in it can reach the network or run script.
 */
export function traceHtml(trace: ParsedTrace): string {
  const { header, calls, footer } = trace;
  const tokens = calls.reduce((sum, call) => sum + tokensOf(call), 0);
  const argTokens = calls.reduce((sum, call) => sum + Math.ceil(JSON.stringify(call.args).length / 4), 0);
  const failed = calls.filter((c) => !c.ok).length;
  const ms = calls.reduce((sum, call) => sum + call.ms, 0);
  const state = footer
    ? `complete: ${footer.records} calls recorded${footer.overflow ? `, ${footer.overflow} more over the cap (not recorded)` : ''}`
    : 'INCOMPLETE: the recording was cut short (no footer); the calls below are those written before it ended';
  const playwright = (footer?.playwright ?? [])
    .map(
      (p) =>
        `<li>${escapeHtml(p.sessionId)}: ${escapeHtml(p.file ? `npx playwright show-trace ${p.file}` : `not saved (${p.error ?? ''})`)}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>Trace ${escapeHtml(header.name)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;max-width:1100px;color:#1a1a1a}
.summary{background:#f4f4f6;padding:12px 16px;border-radius:6px}.summary dt{font-weight:600;float:left;clear:left;width:13em}
.call{border-top:1px solid #ddd;padding:8px 0}.call h2{font-size:15px;margin:6px 0}.seq{color:#777}.ok{color:#0a7a2f}.err{color:#b00020;font-weight:600}
.ms,.tokens{color:#666;font-weight:normal;font-size:13px;margin-left:8px}pre{background:#fafafa;border:1px solid #eee;padding:8px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-word}
.error{color:#b00020}.hint,.note{color:#555;font-style:italic}.shot{max-width:100%;border:1px solid #ccc}
</style></head><body>
<h1>Trace <span id="trace-name">${escapeHtml(header.name)}</span></h1>
<dl class="summary">
<dt>started</dt><dd>${escapeHtml(header.startedAt)}</dd>
<dt>server</dt><dd>${escapeHtml(`${header.server?.version ?? '?'} (profile ${header.server?.profile ?? '?'}, eval ${(header.server?.allowEval ?? []).join(',') || 'off'})`)}</dd>
<dt>state</dt><dd id="trace-state">${escapeHtml(state)}</dd>
<dt>calls</dt><dd id="call-count">${calls.length} (${failed} failed), ${ms} ms in calls</dd>
<dt>tokens</dt><dd id="token-total">${tokens} in answers (server estimate), ≈${argTokens} in arguments, ≈${tokens + argTokens} total</dd>
${playwright ? `<dt>Playwright traces</dt><dd><ul>${playwright}</ul></dd>` : ''}
</dl>
${calls.map(callSection).join('\n')}
</body></html>
`;
}
