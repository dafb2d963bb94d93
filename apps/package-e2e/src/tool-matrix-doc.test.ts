// docs/tool-matrix.md is generated from the matrix rows; this fails when it is stale (CI runs
// with CI=true, where vitest never writes it). `npm run gen` rewrites it.
import { expect, it } from 'vitest';
import { renderMatrixDoc } from './matrix/doc.js';

it('docs/tool-matrix.md is what the matrix rows generate', async () => {
  await expect(renderMatrixDoc(), 'docs/tool-matrix.md is stale: run npm run gen').toMatchFileSnapshot('../../../docs/tool-matrix.md');
});
