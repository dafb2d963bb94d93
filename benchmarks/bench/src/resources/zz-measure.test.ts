import { it } from 'vitest';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { measureResources } from './measure.js';
it('prints', async () => {
  for (const toolProfile of ['testing', 'full'] as const) {
    const s = await measureResources(() => createStagewrightServer({ toolProfile }));
    console.log('SIZES', toolProfile, s.errorsChars, s.wholeChars, s.wholeShareOfBefore);
  }
});
