import { Params, SESSION_ERRORS, TARGET_ERRORS, WINDOW_ERRORS, describeRule, ruleParams, type ArgumentRule } from '@stagewright/sdk';
import { toJsonSchema, type JsonSchema } from './schema-text.js';

/**
 * Parameters and error codes the sdk's definers add to many tools (defineSessionTool,
 * defineElementTool). The reference documents each group once, in a shared section, and a tool
 * links to it instead of repeating its rows: what a group holds is read from the sdk, so the
 * shared section cannot drift from what the definers add.
 */
export interface SharedGroup {
  /** Heading of the shared section; its anchor is what tools link to. */
  heading: string;
  /** What the section says before its rows. */
  intro: string;
  /** What a tool's link to the parameters says. */
  paramsLabel: string;
  /** What a tool's link to the codes says. */
  errorsLabel: string;
  /** Parameter name → the schema exactly as the definer adds it. */
  params: Record<string, JsonSchema>;
  errors: readonly string[];
}

export const ELEMENT_GROUP: SharedGroup = {
  heading: 'Element tools',
  intro:
    "A tool that acts on or reads one element takes a target, `ref` (from `electron_snapshot` or `electron_find`) or `selector`, plus `sessionId`; its entry says whether the target is required. Resolving them can return these codes besides the tool's own.",
  paramsLabel: 'element target',
  errorsLabel: 'element errors',
  params: { ref: toJsonSchema(Params.ref()), selector: toJsonSchema(Params.selector()), sessionId: toJsonSchema(Params.sessionId()) },
  errors: TARGET_ERRORS,
};

export const SESSION_GROUP: SharedGroup = {
  heading: 'Session tools',
  intro:
    'A tool that works on one app session takes `sessionId` (optional while one session is live) and can return these codes besides its own.',
  paramsLabel: 'session parameter',
  errorsLabel: 'session errors',
  params: { sessionId: toJsonSchema(Params.sessionId()) },
  errors: [...SESSION_ERRORS, ...WINDOW_ERRORS],
};

/** Most specific first: an element tool's parameters include a session tool's. */
export const SHARED_GROUPS: readonly SharedGroup[] = [ELEMENT_GROUP, SESSION_GROUP];

/** GitHub's anchor for a heading. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9_ -]/g, '')
    .replace(/ /g, '-');
}

export const linkTo = (group: SharedGroup, text: string) => `[${text}](#${anchorOf(group.heading)})`;

const same = (a: JsonSchema | undefined, b: JsonSchema) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** The group whose parameters the tool takes unchanged (and optional), if any. */
export function paramGroup(schema: JsonSchema): SharedGroup | undefined {
  const required = new Set(schema.required ?? []);
  return SHARED_GROUPS.find((group) =>
    Object.entries(group.params).every(([name, p]) => !required.has(name) && same(schema.properties?.[name], p)),
  );
}

/** The group whose codes the tool documents all of, if any. */
export function errorGroup(errors: readonly string[]): SharedGroup | undefined {
  return SHARED_GROUPS.find((group) => group.errors.every((code) => errors.includes(code)));
}

/** How the tool picks its element (`exactly one of ref or selector`), from its declared rules. */
export function targetRule(rules: readonly ArgumentRule[] | undefined): string | undefined {
  const rule = rules?.find((r) => ruleParams(r).includes('ref') && ruleParams(r).includes('selector'));
  return rule && describeRule(rule);
}
