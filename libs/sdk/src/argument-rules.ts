/**
 * Rules between optional parameters that a flat JSON Schema cannot state without `oneOf` (which
 * listed schemas avoid: every byte of tools/list is paid by every conversation). A definition
 * declares them; the kernel's validation boundary enforces them with one wording and the
 * `stagewright://tools` entry lists them. Handlers never re-check them.
 */
export type ArgumentRule =
  | { readonly exactlyOne: readonly string[] }
  | { readonly atLeastOne: readonly string[] }
  | { readonly atMostOne: readonly string[] }
  /** Matchers (contains, title, url filters...): "" would match everything, a vacuous success. */
  | { readonly nonEmpty: readonly string[] };

/** `a, b or c` */
function either(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The parameters a rule is about. */
export function ruleParams(rule: ArgumentRule): readonly string[] {
  if ('nonEmpty' in rule) return rule.nonEmpty;
  return 'exactlyOne' in rule ? rule.exactlyOne : 'atLeastOne' in rule ? rule.atLeastOne : rule.atMostOne;
}

/** The rule in words, as the detail resource lists it: `exactly one of ref or selector`. */
export function describeRule(rule: ArgumentRule): string {
  const names = either(ruleParams(rule));
  if ('exactlyOne' in rule) return `exactly one of ${names}`;
  if ('atLeastOne' in rule) return `at least one of ${names}`;
  if ('nonEmpty' in rule) return `${names} not empty when given`;
  return `at most one of ${names}`;
}

/** Undefined when `args` keep the rule, else the sentence a BAD_ARGUMENT carries: `Pass exactly one of ref or selector.` */
export function ruleViolation(rule: ArgumentRule, args: Record<string, unknown>): string | undefined {
  if ('nonEmpty' in rule) {
    const empty = rule.nonEmpty.find((name) => args[name] === '');
    return empty === undefined
      ? undefined
      : `${empty} is empty, which would match anything; pass the text to match, or leave ${empty} out.`;
  }
  const given = ruleParams(rule).filter((name) => args[name] !== undefined).length;
  const kept = 'exactlyOne' in rule ? given === 1 : 'atLeastOne' in rule ? given >= 1 : given <= 1;
  return kept ? undefined : `Pass ${describeRule(rule)}.`;
}
