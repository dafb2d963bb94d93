import { definePlugin } from '@stagewright/sdk';
import { auditTool } from './audit-tool.js';
import { AxeEngine } from './engine.js';

/**
 * The a11y plugin: accessibility audits with axe-core. Not gated: the only code it runs in the
 * app is axe-core itself and a fixed function around it, never the agent's. A factory, so each
 * server gets its own engine key (and reads axe-core's file once).
 */
export const createA11yPlugin = () =>
  definePlugin({
    name: 'a11y',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [auditTool(new AxeEngine())],
    errorCodes: {
      ENGINE_UNAVAILABLE: {
        retryable: false,
        hint: 'axe-core could not run here; audit another window or frame (electron_switch_surface).',
      },
      PAGE_CHANGED: { retryable: true, hint: 'Wait for the page to settle (electron_wait_for_selector), then audit again.' },
    },
  });

export default createA11yPlugin;
