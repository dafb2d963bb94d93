import 'reflect-metadata';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { TARGETS, measureResources } from './measure.js';

// Sizes of the resources a model reads for detail (issue 14): the whole catalogue against 40% of
// its size before the split, the largest single-tool answer against 2,500 characters.
const sizes = await measureResources(() => createStagewrightServer({ toolProfile: 'testing' }));
process.stdout.write(`${JSON.stringify(sizes, null, 2)}\n`);
process.stdout.write(
  `stagewright://tools (testing): ${sizes.wholeChars} chars = ${(sizes.wholeShareOfBefore * 100).toFixed(1)}% of before (target <= ${TARGETS.wholeShareOfBefore * 100}%)\n` +
    `largest tool: ${sizes.largestTool.name} ${sizes.largestTool.chars} chars (target <= ${TARGETS.largestToolChars}); stagewright://errors ${sizes.errorsChars} chars\n`,
);
