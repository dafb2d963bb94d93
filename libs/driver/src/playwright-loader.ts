import type * as PlaywrightCore from 'playwright-core';

/**
 * playwright-core is loaded at the first session use (launch or attach), not at server start:
 * it is most of a cold start's cost, and answering `initialize` and `tools/list` needs none of
 * it. Types come from `import type` elsewhere, so nothing else loads it early. In the bundle
 * the module stays external and this becomes a plain `import('playwright-core')`.
 */
let loading: Promise<typeof PlaywrightCore> | undefined;

export function loadPlaywright(): Promise<typeof PlaywrightCore> {
  loading ??= import('playwright-core');
  return loading;
}
