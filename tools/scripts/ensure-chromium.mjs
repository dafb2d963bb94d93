#!/usr/bin/env node
// Makes sure the headless Chromium that fake-electron drives exists (`npm run setup`, .ci/run).
// CHROMIUM_PATH wins when set; otherwise Debian's /usr/bin/chromium, installed with apt when
// running as root. Never downloads browsers from outside the package repositories.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';

function fail(message) {
  process.stderr.write(`ensure-chromium: ${message}\n`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}`);
}

const configured = process.env.CHROMIUM_PATH;
if (configured) {
  if (!existsSync(configured)) fail(`CHROMIUM_PATH=${configured} does not exist. Point it at a Chromium binary or unset it.`);
  console.log(`ensure-chromium: using CHROMIUM_PATH=${configured}`);
  process.exit(0);
}
if (existsSync(DEFAULT_PATH)) {
  console.log(`ensure-chromium: ${DEFAULT_PATH} is present`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  fail(
    `${DEFAULT_PATH} is missing. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.`,
  );
}
if (!existsSync('/usr/bin/apt-get')) {
  fail(`${DEFAULT_PATH} is missing and apt-get is not available. Install Chromium with your package manager and set CHROMIUM_PATH.`);
}
console.log('ensure-chromium: installing chromium with apt-get (about 20 s)');
run('apt-get', ['update']);
run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
if (!existsSync(DEFAULT_PATH)) fail(`apt-get finished but ${DEFAULT_PATH} is still missing.`);
console.log(`ensure-chromium: installed ${DEFAULT_PATH}`);
