'use strict';
/**
 * replay: runs the stagewright replay runner on the specs of an inferred replay target
 * (src/plugins/replay-targets.js). The runner is started as `node <runner> replay <spec>...` with
 * an argument vector and no shell: a spec's file name is data, so a name such as
 * `a;id>x;#.replay.json` or `$(id).replay.json` is one argument naming one file, never a command.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

/**
 * @typedef {{ runner: string, specs: string[], args?: string[], junit?: string, cwd?: string, env?: Record<string, string> }} ReplayOptions
 */

/**
 * @param {ReplayOptions} options
 * @returns {string[]} the runner's arguments, in order
 */
function replayArgv(options) {
  return [options.runner, 'replay', ...options.specs, ...(options.args ?? []), ...(options.junit ? ['--junit', options.junit] : [])];
}

/**
 * The runner's environment: the target's env over this process's, except that the test switch
 * (STAGEWRIGHT_TEST_ELECTRON, ADR-0023), when set, chooses the Electron the specs launch with.
 * @param {ReplayOptions} options
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
function replayEnv(options, env) {
  const chosen = env.STAGEWRIGHT_TEST_ELECTRON;
  return { ...env, ...(options.env ?? {}), ...(chosen ? { STAGEWRIGHT_ELECTRON: chosen } : {}) };
}

/**
 * @param {ReplayOptions} options
 * @param {{ root: string }} context
 * @returns {Promise<{ success: boolean }>}
 */
async function replayExecutor(options, context) {
  const cwd = path.resolve(context.root, options.cwd ?? '.');
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, replayArgv(options), {
      cwd,
      env: replayEnv(options, process.env),
      stdio: 'inherit',
      shell: false,
    });
    child.on('error', (error) => {
      console.error(`replay: could not start the runner: ${error.message}`);
      resolve(1);
    });
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  return { success: code === 0 };
}

module.exports = replayExecutor;
module.exports.default = replayExecutor;
module.exports.replayArgv = replayArgv;
module.exports.replayEnv = replayEnv;
