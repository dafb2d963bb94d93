// Detail a model reads after choosing a tool is paid per read: one tool must cost one tool, and
// the whole catalogue must not repeat the error hints per tool (issue 14 targets).
import { describe, expect, it } from 'vitest';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { TARGETS, measureResources } from './measure.js';

describe('resource sizes for the testing profile', () => {
  it('meet the targets: whole catalogue <= 40% of before, largest tool <= 2,500 characters', async () => {
    const sizes = await measureResources(() => createStagewrightServer({ toolProfile: 'testing' }));
    expect(sizes.tools).toBeGreaterThan(30);
    expect(sizes.wholeShareOfBefore).toBeLessThanOrEqual(TARGETS.wholeShareOfBefore);
    expect(sizes.largestTool.chars).toBeLessThanOrEqual(TARGETS.largestToolChars);
  });
});
