// An error's hint and next_actions are the agent's next step: they must name only tools this
// server exposes (or say where a named one is), always be present as a list, and arrive without
// terminal escape codes.
import { describe, expect, it } from 'vitest';
import { fitGuidance } from './error-catalog.js';
import { fitText } from '../documents/fit-to-surface.js';

const HIDDEN: Record<string, string> = { electron_doctor: 'in profile debug', electron_discover_running: 'in profile debug' };
const noteFor = (tool: string) => HIDDEN[tool];

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
      noteFor,
      'electron_launch',
    );
    expect(body.hint).toBe('Check main/executablePath.');
    expect(body.next_actions).toEqual(['electron_launch']);
    const attach = fitGuidance(
      { code: 'ATTACH_FAILED', error: 'x', hint: 'Check the port is right (electron_discover_running).', retryable: true },
      noteFor,
      'electron_attach',
    );
    expect(attach.hint).toBe('Check the port is right.');
  });

  it('keeps the called tool, always gives next_actions, and strips ANSI escapes', () => {
    const body = fitGuidance(
      { code: 'TOOL_NOT_IN_PROFILE', error: '\u001b[31mred\u001b[39m text', hint: 'Restart to enable electron_doctor.', retryable: false },
      noteFor,
      'electron_doctor',
    );
    expect(body).toMatchObject({ error: 'red text', hint: 'Restart to enable electron_doctor.', next_actions: [] });
  });
});

describe('fitText', () => {
  it('says where a hidden tool is when dropping it would leave nothing, and keeps other lines', () => {
    expect(fitText('Run electron_doctor first.', noteFor)).toBe('Run electron_doctor (in profile debug) first.');
    expect(fitText('Use electron_launch.\nThen electron_doctor.', noteFor)).toBe(
      'Use electron_launch.\nThen electron_doctor (in profile debug).',
    );
    expect(fitText('Read it; for more, electron_doctor.', noteFor)).toBe('Read it.');
    expect(fitText('electron_launch and electron_stop only.', noteFor)).toBe('electron_launch and electron_stop only.');
  });
});
