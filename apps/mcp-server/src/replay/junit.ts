import type { SpecResult } from './spec-result.js';

const xml = (text: string) =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * JUnit XML as CI systems read it: one testsuite, one testcase per spec. A checkpoint mismatch is a
 * <failure>; an invalid spec, a failed launch or an infrastructure failure is an <error>.
 */
export function junitXml(results: readonly SpecResult[]): string {
  const failures = results.filter((r) => r.status === 'failed').length;
  const errors = results.filter((r) => r.status !== 'failed' && r.status !== 'passed').length;
  const total = results.reduce((ms, r) => ms + r.ms, 0);
  const cases = results.map((r) => {
    const open = `    <testcase classname="stagewright-replay" name="${xml(r.name ?? r.spec)}" file="${xml(r.spec)}" time="${seconds(r.ms)}"`;
    if (r.status === 'passed') return `${open}/>`;
    const tag = r.status === 'failed' ? 'failure' : 'error';
    const message = (r.problems ?? []).join('; ');
    const steps = r.steps
      .map((s) => `step ${s.index + 1} ${s.tool}: ${s.status}${s.mismatches ? ` (${s.mismatches.join('; ')})` : ''}`)
      .join('\n');
    return `${open}>\n      <${tag} type="${r.status}" message="${xml(message)}">${xml(`${message}\n${steps}`)}</${tag}>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${results.length}" failures="${failures}" errors="${errors}" time="${seconds(total)}">`,
    `  <testsuite name="stagewright-replay" tests="${results.length}" failures="${failures}" errors="${errors}" time="${seconds(total)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
