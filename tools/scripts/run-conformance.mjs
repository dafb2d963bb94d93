// Runs the MCP conformance suite (0.1.16) against the bundled server over Streamable HTTP, with
// the expected failures of .ci/conformance-expected-failures.yml. Needs the bundle
// (nx run mcp-server:build) and the npm registry (npx fetches the suite and Node 22, which it
// requires). Output is printed and kept in dist/conformance/ (conformance.txt plus the suite's
// own results). Exit code: the suite's (0 when only the expected scenarios fail).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const bundle = join(root, 'dist/apps/mcp-server/main.mjs');
const out = join(root, 'dist/conformance');
if (!existsSync(bundle)) {
  console.error(`${bundle} is missing: run npx nx run mcp-server:build first.`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });
const log = createWriteStream(join(out, 'conformance.txt'));
const print = (text) => {
  process.stdout.write(text);
  log.write(text);
};

// Each scenario opens its own MCP session and leaves it to idle out, so allow plenty.
const server = spawn(process.execPath, [bundle, '--transport', 'http', '--port', '0', '--max-sessions', '128'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise((resolve, reject) => {
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(stderr);
    if (match) resolve(match[1]);
  });
  server.on('close', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
});
print(`conformance: MCP conformance 0.1.16 against ${url}\n`);
const suite = spawn(
  'npx',
  [
    '-y',
    '-p',
    'node@22',
    '-p',
    '@modelcontextprotocol/conformance@0.1.16',
    'conformance',
    'server',
    '--url',
    url,
    '--expected-failures',
    join(root, '.ci/conformance-expected-failures.yml'),
    '--output-dir',
    join(out, 'results'),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } },
);
suite.stdout.on('data', (chunk) => print(String(chunk)));
suite.stderr.on('data', (chunk) => print(String(chunk)));
const code = await new Promise((resolve) => suite.on('close', resolve));
server.kill('SIGTERM');
print(`conformance: exit ${code} (output kept in dist/conformance/)\n`);
log.end();
process.exitCode = code ?? 1;
