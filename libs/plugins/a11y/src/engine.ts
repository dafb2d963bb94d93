import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ToolError, unresponsiveAfter, within, type Session } from '@stagewright/sdk';

/** Injecting the engine (about 650 kB) and checking for it are bounded like any call into a page. */
const INJECT_TIMEOUT_MS = 15_000;

type Surface = ReturnType<Session['surfaceOrThrow']>;

/**
 * axe-core, injected into a surface's main world under a private global of this plugin instance.
 * The global's name carries a random id, so a page cannot pre-define it and two servers never
 * share an engine. The app's own `window.axe`, if any, is put back exactly as it was (same
 * property descriptor), and is never read: presence is checked on the private global only.
 */
export class AxeEngine {
  /** Name of the private global holding this instance's engine in every page it audited. */
  readonly key = `__stagewrightA11y_${randomBytes(6).toString('hex')}`;
  private expression: Promise<string> | undefined;

  /** Injects the engine unless this surface's current document already has it; true when it injected. */
  async ensure(surface: Surface): Promise<boolean> {
    const present = await within(
      surface.evaluate((key: string) => Object.hasOwn(window, key), this.key),
      INJECT_TIMEOUT_MS,
      unresponsiveAfter(INJECT_TIMEOUT_MS),
    );
    if (present) return false;
    const outcome = await within(surface.evaluate(await this.injection()), INJECT_TIMEOUT_MS, unresponsiveAfter(INJECT_TIMEOUT_MS));
    if (outcome !== 'injected' && outcome !== 'present') {
      throw new ToolError('a11y.ENGINE_UNAVAILABLE', `axe-core could not be set up in this page: ${String(outcome)}.`);
    }
    return outcome === 'injected';
  }

  /** The script that installs the engine, built once per instance from axe-core's own file. */
  private injection(): Promise<string> {
    this.expression ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8').then((source) =>
      injectionScript(this.key, source),
    );
    return this.expression;
  }
}

/**
 * Runs axe-core's source with `define`, `module` and `exports` shadowed (so an app using AMD or a
 * CommonJS shim does not capture it), takes the `window.axe` it sets, restores whatever
 * `window.axe` was before and removes any other global the engine added (its bundled core-js
 * leaves `__core-js_shared__`; the engine keeps its own reference). Answers `injected`, `present` (a concurrent call won) or a reason.
 */
function injectionScript(key: string, source: string): string {
  const k = JSON.stringify(key);
  return `(() => {
  if (Object.prototype.hasOwnProperty.call(window, ${k})) return 'present';
  const before = Object.getOwnPropertyDescriptor(window, 'axe');
  const names = new Set(Object.getOwnPropertyNames(window));
  (function (define, module, exports) {
${source}
  }).call(window);
  const engine = window.axe;
  if (before) Object.defineProperty(window, 'axe', before); else delete window.axe;
  for (const name of Object.getOwnPropertyNames(window)) if (!names.has(name)) delete window[name];
  if (!engine || typeof engine.run !== 'function' || (before && 'value' in before && before.value === engine)) {
    return 'the page holds window.axe in a way that cannot be restored';
  }
  Object.defineProperty(window, ${k}, { value: engine, enumerable: false, configurable: false, writable: false });
  return 'injected';
})()`;
}
