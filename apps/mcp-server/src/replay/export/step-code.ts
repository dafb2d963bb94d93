import type { ReplayStep } from '../spec-schema.js';
import { containsRegex, locatorCode, regexCode, valueCode } from './ts-code.js';

/** Playwright statements for one step, or why it has none. */
export type StepCode = { lines: string[] } | { unsupported: string };

type Args = Record<string, unknown>;

/** Reads whose answer a spec may check; without a checkpoint they change nothing and export as a comment (a spec may use a former name, ADR-0041). */
const READS =
  /^electron_(snapshot|screenshot|get_[a-z_]+|exists|find|elements(_list)?|focused_element|info|windows(_list)?|surfaces(_list)?|console_logs)$/;

/** State flags of electron_expect_state / wait_for_state, as Playwright assertions (negated with `.not`). */
const STATE_ASSERTIONS: Record<string, string> = {
  visible: 'toBeVisible()',
  hidden: 'toBeHidden()',
  enabled: 'toBeEnabled()',
  disabled: 'toBeDisabled()',
  editable: 'toBeEditable()',
  focused: 'toBeFocused()',
  checked: 'toBeChecked()',
  unchecked: 'toBeChecked({ checked: false })',
};

/** A `{ key: value }` options object of the arguments present, or nothing. */
function options(args: Args, keys: Record<string, string>): string {
  const parts = Object.entries(keys)
    .filter(([from]) => args[from] !== undefined)
    .map(([from, to]) => `${to}: ${valueCode(args[from])}`);
  return parts.length ? `{ ${parts.join(', ')} }` : '';
}

const expectOf = (args: Args, negate = false) => `await expect(${locatorCode(args.selector)})${negate ? '.not' : ''}`;

/** equals / contains / matches of an expect tool, as the matching Playwright assertion. */
function textAssertion(args: Args, exact: string, where: string): string | undefined {
  if (args.equals !== undefined) return `${exact}(${valueCode(args.equals)})`;
  if (args.contains !== undefined)
    return exact === 'toHaveText'
      ? `toContainText(${valueCode(args.contains)})`
      : typeof args.contains === 'string'
        ? `${exact}(${containsRegex(args.contains)})`
        : undefined;
  if (typeof args.matches === 'string') return `${exact}(${regexCode(args.matches, where)})`;
  return undefined;
}

function stateLines(args: Args, states: unknown): string[] | undefined {
  const flags = Array.isArray(states) ? states : typeof states === 'string' ? [states] : [];
  const lines = flags.map((raw) => {
    const negated = typeof raw === 'string' && raw.startsWith('!');
    const assertion = typeof raw === 'string' ? STATE_ASSERTIONS[raw.replace(/^!/, '')] : undefined;
    return assertion && `${expectOf(args, negated)}.${assertion};`;
  });
  return lines.length && lines.every(Boolean) ? (lines as string[]) : undefined;
}

/** Checkpoints on a read's answer that Playwright can state: text, value, visible, checked. */
function checkpointLines(step: ReplayStep, args: Args, where: string): string[] | undefined {
  const lines: string[] = [];
  for (const [pointer, matcher] of Object.entries(step.expect?.result ?? {})) {
    if ('ignore' in matcher) continue;
    const value = 'exact' in matcher ? valueCode(matcher.exact) : 'regex' in matcher ? regexCode(matcher.regex, where) : undefined;
    const field = `${step.tool} ${pointer}`;
    if (value === undefined) return undefined;
    if (field === 'electron_get_text /text') lines.push(`${expectOf(args)}.toHaveText(${value});`);
    else if (field === 'electron_get_value /value') lines.push(`${expectOf(args)}.toHaveValue(${value});`);
    else if (/ \/visible$/.test(field) && 'exact' in matcher && typeof matcher.exact === 'boolean')
      lines.push(`${expectOf(args)}.${matcher.exact ? 'toBeVisible()' : 'toBeHidden()'};`);
    else if (/ \/checked$/.test(field) && 'exact' in matcher && typeof matcher.exact === 'boolean')
      lines.push(`${expectOf(args)}.toBeChecked({ checked: ${matcher.exact} });`);
    else return undefined;
  }
  return lines;
}

function actionLines(tool: string, args: Args, where: string): string[] | undefined {
  const target = locatorCode(args.selector);
  const on = args.selector === undefined ? 'page.keyboard' : target;
  switch (tool) {
    case 'electron_click':
      return [`await ${target}.click(${options(args, { button: 'button', clickCount: 'clickCount', modifiers: 'modifiers' })});`];
    case 'electron_type':
      return [`await ${target}.fill(${valueCode(args.text)});`];
    case 'electron_clear_input':
      return [`await ${target}.clear();`];
    case 'electron_hover':
      return [`await ${target}.hover();`];
    case 'electron_check':
      return [`await ${target}.check();`];
    case 'electron_uncheck':
      return [`await ${target}.uncheck();`];
    case 'electron_select_option':
      return [`await ${target}.selectOption(${valueCode(args.values)});`];
    case 'electron_scroll_into_view':
      return [`await ${target}.scrollIntoViewIfNeeded();`];
    case 'electron_drag':
      return [`await ${target}.dragTo(${locatorCode(args.targetSelector)});`];
    case 'electron_key':
      return [`await ${on}.press(${valueCode(args.key)});`];
    case 'electron_press_sequence':
      return Array.isArray(args.keys) ? args.keys.map((key) => `await ${on}.press(${valueCode(key)});`) : undefined;
    case 'electron_keyboard_type':
      return [
        args.selector === undefined
          ? `await page.keyboard.type(${valueCode(args.text)}${args.delayMs === undefined ? '' : `, { delay: ${valueCode(args.delayMs)} }`});`
          : `await ${target}.pressSequentially(${valueCode(args.text)}${args.delayMs === undefined ? '' : `, { delay: ${valueCode(args.delayMs)} }`});`,
      ];
    case 'electron_wait':
      return [`await page.waitForTimeout(${valueCode(args.ms)});`];
    case 'electron_wait_for_selector':
      return [`await ${target}.waitFor(${options(args, { state: 'state' })});`];
    default:
      return checkLines(tool, args, where);
  }
}

/** Waits and assertions as Playwright Test's `expect`; undefined for a tool or matcher it cannot write. */
function checkLines(tool: string, args: Args, where: string): string[] | undefined {
  const target = locatorCode(args.selector);
  switch (tool) {
    case 'electron_wait_for_state':
    case 'electron_expect_state':
      return stateLines(args, args.state);
    case 'electron_expect_visible':
      return [`${expectOf(args, args.not === true)}.toBeVisible();`];
    case 'electron_expect_text': {
      const assertion = textAssertion(args, 'toHaveText', where);
      return assertion ? [`${expectOf(args, args.not === true)}.${assertion};`] : undefined;
    }
    case 'electron_expect_value': {
      const assertion = textAssertion(args, 'toHaveValue', where);
      return assertion ? [`${expectOf(args)}.${assertion};`] : undefined;
    }
    case 'electron_expect_count':
      if (args.equals !== undefined) return [`${expectOf(args)}.toHaveCount(${valueCode(args.equals)});`];
      return [
        ...(args.min === undefined ? [] : [`await expect.poll(() => ${target}.count()).toBeGreaterThanOrEqual(${valueCode(args.min)});`]),
        ...(args.max === undefined ? [] : [`await expect.poll(() => ${target}.count()).toBeLessThanOrEqual(${valueCode(args.max)});`]),
      ];
    case 'electron_expect_url': {
      const assertion = textAssertion(args, 'toHaveURL', where);
      return assertion ? [`await expect(page).${assertion};`] : undefined;
    }
    default:
      return undefined;
  }
}

/** Steps that end or start the app: Playwright Test closes and relaunches it (issue 42 item 5). */
function lifecycleLines(step: ReplayStep, context: StepContext): string[] | undefined {
  if (step.tool === 'electron_stop') {
    if (step.args && Object.keys(step.args).some((key) => key !== 'sessionId')) return undefined;
    return ['await app.close();', 'running = false;'];
  }
  if (step.tool === 'electron_launch') {
    if (!context.sameLaunch(step.args ?? {})) return undefined;
    return ['app = await launchApp();', 'running = true;', 'page = await app.firstWindow();'];
  }
  return undefined;
}

/**
 * A main-process step as `electronApp.evaluate` (ipcInvoke, written once in the file), when the
 * grant it was recorded under allows main-process code: ipc_invoke calls the handler as the
 * renderer would; a check of its `/result` becomes an expect on the value.
 */
function mainProcessLines(step: ReplayStep, index: number, where: string): string[] | undefined {
  if (step.tool !== 'ipc_invoke') return undefined;
  const args = (step.args ?? {}) as Args;
  const checks = Object.entries(step.expect?.result ?? {}).filter(([, matcher]) => !('ignore' in matcher));
  const value = `result${index + 1}`;
  const lines = [
    `${checks.length ? `const ${value} = ` : ''}await ipcInvoke(app, ${valueCode(args.channel)}, ${valueCode(args.args ?? [])});`,
  ];
  for (const [pointer, matcher] of checks) {
    if (pointer === '/channel' && 'exact' in matcher) continue;
    if (pointer !== '/result') return undefined;
    if ('exact' in matcher) lines.push(`expect(${value}).toEqual(${valueCode(matcher.exact)});`);
    else if ('subset' in matcher) lines.push(`expect(${value}).toMatchObject(${valueCode(matcher.subset)});`);
    else if ('regex' in matcher) lines.push(`expect(String(${value})).toMatch(${regexCode(matcher.regex, where)});`);
    else return undefined;
  }
  return lines;
}

/** What a step's code depends on beyond the step: the grant recorded, and the spec's own launch. */
export interface StepContext {
  /** Main-process code may be written (the recording had --allow-eval=main). */
  mainProcess: boolean;
  /** Whether a launch step starts the spec's own app (its arguments, sessionId aside). */
  sameLaunch(args: Record<string, unknown>): boolean;
}

const NO_CONTEXT: StepContext = { mainProcess: false, sameLaunch: () => false };

/**
 * One spec step as Playwright Test statements. A step Playwright cannot state (a plugin tool, an
 * expected failure, a check on a field it has no assertion for) is reported, never dropped.
 */
export function stepCode(step: ReplayStep, index: number, context: StepContext = NO_CONTEXT): StepCode {
  const args = (step.args ?? {}) as Args;
  const where = `steps/${index}`;
  if (step.expect?.code !== undefined || step.expect?.ok === false) return { unsupported: 'it expects the call to fail' };
  try {
    if (step.tool === 'electron_stop' || step.tool === 'electron_launch') {
      const lines = lifecycleLines(step, context);
      return lines
        ? { lines }
        : {
            unsupported:
              step.tool === 'electron_stop'
                ? 'it stops with options Playwright has no equivalent for'
                : 'it launches another app than the spec',
          };
    }
    if (step.tool === 'ipc_invoke') {
      if (!context.mainProcess)
        return { unsupported: 'it runs in the main process, which the recording was not granted (--allow-eval=main)' };
      const lines = mainProcessLines(step, index, where);
      return lines ? { lines } : { unsupported: 'it checks a field of the answer Playwright has no assertion for' };
    }
    if (READS.test(step.tool)) {
      const lines = checkpointLines(step, args, where);
      if (!lines) return { unsupported: 'it checks a field Playwright has no assertion for' };
      return { lines: lines.length ? lines : [`// (a read without a checkpoint: nothing to do in Playwright)`] };
    }
    if (step.expect?.result && Object.keys(step.expect.result).length) return { unsupported: 'it checks the answer of an action' };
    const lines = actionLines(step.tool, args, where);
    return lines?.length ? { lines } : { unsupported: `${step.tool} has no Playwright equivalent` };
  } catch (error) {
    return { unsupported: (error as Error).message };
  }
}
