import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

/**
 * ADR-0036's two recipes as MCP prompts. They are guidance only: text naming ordinary tool calls
 * for the model to make (or not). A prompt runs nothing, takes no list of steps and names no
 * tool for the server to run, so the no-macro rule holds.
 */
interface RecipeSpec {
  prompt: Prompt;
  /** The steps, each naming only tools the server lists (`lists`); numbered when rendered. */
  steps(args: Record<string, string>, lists: (tool: string) => boolean): (string | false)[];
  intro(args: Record<string, string>): string;
}

const RECIPES: readonly RecipeSpec[] = [
  {
    prompt: {
      name: 'launch_then_inspect',
      title: 'Launch an app and look at it',
      description: 'Guidance: start an Electron app and read its first window before acting.',
      arguments: [{ name: 'app', description: "The app's folder or main script (what electron_launch takes as main).", required: true }],
    },
    intro: ({ app }) => `Launch and inspect the Electron app at ${JSON.stringify(app)}:`,
    steps: ({ app }, lists) => [
      `Call electron_launch with { "main": ${JSON.stringify(app)} }. ${
        lists('electron_doctor')
          ? 'If it answers LAUNCH_FAILED, call electron_doctor and report what it says.'
          : 'If it answers LAUNCH_FAILED, report its error and hint.'
      }`,
      'Call electron_windows to see the windows and which one is active.',
      'Call electron_snapshot to read the active window as an accessibility tree with refs (e12).',
      'Summarize what the app shows and which refs matter for the task. Act only with tool calls you choose; refs expire when the page changes, so take a new snapshot after acting.',
      'When done, call electron_stop.',
    ],
  },
  {
    prompt: {
      name: 'failure_diagnostics',
      title: 'Diagnose a failed step',
      description: 'Guidance: gather evidence after a tool call failed, before retrying.',
      arguments: [{ name: 'code', description: 'The error code the failed call returned, if known.', required: false }],
    },
    intro: ({ code }) => `A step failed${code ? ` with ${code}` : ''}. Gather evidence before retrying:`,
    steps: (_args, lists) => [
      'Read the failed envelope: follow its hint and next_actions; retry unchanged only if retryable is true. The meaning of each code is in the resource stagewright://errors.',
      'Call electron_status: is the session still live, and what was the last error?',
      'Call electron_snapshot to see the page as it is now (new refs).',
      lists('electron_console_logs') && 'Call electron_console_logs for renderer and main-process errors.',
      lists('electron_screenshot') && 'Call electron_screenshot for visual evidence.',
      'Report the cause you found and the smallest next call that would fix or confirm it.',
    ],
  },
];

export function listPrompts(): Prompt[] {
  return RECIPES.map((recipe) => recipe.prompt);
}

/**
 * The rendered recipe, or undefined for an unknown name. Missing required arguments throw. Steps
 * that need a tool the server does not list (`lists`) are left out.
 */
export function getPrompt(
  name: string,
  args: Record<string, string> = {},
  lists: (tool: string) => boolean = () => true,
): GetPromptResult | undefined {
  const recipe = RECIPES.find((entry) => entry.prompt.name === name);
  if (!recipe) return undefined;
  for (const argument of recipe.prompt.arguments ?? []) {
    if (argument.required && !args[argument.name]?.trim()) throw new Error(`prompt ${name} needs the argument "${argument.name}".`);
  }
  return {
    description: recipe.prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: render(recipe, args, lists) } }],
  };
}

function render(recipe: RecipeSpec, args: Record<string, string>, lists: (tool: string) => boolean): string {
  const steps = recipe.steps(args, lists).filter((step): step is string => typeof step === 'string');
  return [recipe.intro(args), ...steps.map((step, i) => `${i + 1}. ${step}`)].join('\n');
}
