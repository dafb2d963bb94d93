import 'reflect-metadata';
import { it } from 'vitest';
import { encode } from 'gpt-tokenizer';
import { connectInMemory } from '@stagewright/harness';
it('measure', async () => {
  const conn = await connectInMemory({ allowEval: true });
  const tools = (await conn.client.listTools()).tools;
  const rows = tools.map((t) => [t.name, encode(JSON.stringify(t)).length, encode(JSON.stringify(t.inputSchema)).length] as const);
  const mine = /get_|exists|focused|elements_list|wait|expect|assert|screenshot|console|dialog|eval/;
  let sum = 0, n = 0, all = 0;
  for (const [name, bpe, schema] of rows) { all += bpe; if (mine.test(name)) { sum += bpe; n++; } console.log(`${mine.test(name) ? '*' : ' '} ${name} ${bpe} schema=${schema}`); }
  console.log('mine avg', (sum / n).toFixed(1), 'n', n, 'all avg', (all / rows.length).toFixed(1), rows.length);
  for (const x of tools.filter((t) => ['electron_wait_for_selector','electron_console_logs','electron_screenshot','electron_eval_main'].includes(t.name))) console.log(JSON.stringify(x));
  await conn.close();
});
