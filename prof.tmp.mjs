import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
const tool = process.argv[2] ?? 'electron_get_text';
const args = JSON.parse(process.argv[3] ?? '{"selector":"#refresh"}');
const n = Number(process.argv[4] ?? 200);
const extra = (process.env.NODEARGS ?? '').split(' ').filter(Boolean);
const transport = new StdioClientTransport({ command: process.execPath, args: [...extra, 'dist/apps/mcp-server/main.mjs'],
  env: { ...getDefaultEnvironment(), STAGEWRIGHT_ELECTRON: 'libs/testing/fake-electron/bin/fake-electron.cjs', ...(process.env.DBG ? { DEBUG: process.env.DBG } : {}) }, stderr: process.env.DBG ? 'pipe' : 'ignore' });
let lines = [];
if (process.env.DBG) transport.stderr?.on('data', (d) => lines.push(...d.toString().split('\n')));
const client = new Client({ name: 'p', version: '0' });
await client.connect(transport);
await client.listTools();
const r = await client.callTool({ name: 'electron_launch', arguments: { main: 'libs/testing/fixtures/apps/bench' } });
if (r.isError) { console.log(r.content[0].text); process.exit(1); }
for (let i = 0; i < 20; i++) await client.callTool({ name: tool, arguments: args });
lines = [];
const times = [];
for (let i = 0; i < n; i++) { const t = performance.now(); const res = await client.callTool({ name: tool, arguments: args }); times.push(performance.now() - t); if (i === 0 && process.env.SHOW) console.log(JSON.stringify(res).slice(0, 600)); }
const snap = lines.slice();
times.sort((a, b) => a - b);
console.log(tool, 'median', times[n >> 1].toFixed(2), 'p10', times[Math.floor(n * 0.1)].toFixed(2));
if (process.env.DBG) { console.log('stderr lines during', n, 'calls:', snap.length, 'per call', (snap.length / n).toFixed(1)); console.log(snap.filter(l=>l.includes('SEND')).slice(0, 40).join('\n')); }
await client.callTool({ name: 'electron_stop', arguments: {} });
await client.close();
