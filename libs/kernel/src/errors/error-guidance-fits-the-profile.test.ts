// An error's hint and next_actions are the agent's next step: they must name only tools this
// server exposes, always be present as a list, and arrive without terminal escape codes.
import { describe, expect, it } from 'vitest';
import { fitGuidance } from './error-catalog.js';

const hides = (tool: string) => ['electron_doctor', 'electron_discover_running'].includes(tool);

describe('fitGuidance', () => {
  it('drops hint sentences, parentheses and next_actions that name hidden tools', () => {
    const body = fitGuidance(
      {
        code: 'LAUNCH_FAILED',
        error: 'boom',
        hint: 'Check main/executablePath. electron_doctor shows which Electron a launch would use.',
        next_actions: ['electron_doctor', 'electron_launch'],
        retryable: false,
      },
      hides,
      'electron_launch',
    );
    expect(body.hint).toBe('Check main/executablePath.');
    expect(body.next_actions).toEqual(['electron_launch']);
    const attach = fitGuidance(
      { code: 'ATTACH_FAILED', error: 'x', hint: 'Check the port is right (electron_discover_running).', retryable: true },
      hides,
      'electron_attach',
    );
    expect(attach.hint).toBe('Check the port is right.');
  });

  it('keeps the called tool, always gives next_actions, and strips ANSI escapes', () => {
    const body = fitGuidance(
      { code: 'TOOL_NOT_IN_PROFILE', error: '\u001b[31mred\u001b[39m text', hint: 'Restart to enable electron_doctor.', retryable: false },
      hides,
      'electron_doctor',
    );
    expect(body).toMatchObject({ error: 'red text', hint: 'Restart to enable electron_doctor.', next_actions: [] });
  });
});
