/**
 * Core tool profiles (ADR-0035). Reviewed lists of stable tool names, never inferred. `full` is
 * every non-eval core tool and is the default. Eval-gated tools compose with every profile
 * through --allow-eval; plugin tools and electron_plugins are visible whatever the profile.
 * Changing membership needs an ADR with benchmark evidence.
 */
export const PROFILE_NAMES = ['essential', 'testing', 'debug', 'full'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const DEFAULT_PROFILE: ProfileName = 'full';

const ESSENTIAL = [
  'electron_launch',
  'electron_stop',
  'electron_status',
  'electron_info',
  'electron_windows',
  'electron_switch_window',
  'electron_snapshot',
  'electron_find',
  'electron_click',
  'electron_type',
  'electron_key',
  'electron_clear_input',
  'electron_select_option',
  'electron_check',
  'electron_uncheck',
  'electron_scroll',
  'electron_scroll_into_view',
  'electron_get_text',
  'electron_get_value',
  'electron_get_state',
  'electron_exists',
  'electron_wait_for_selector',
  'electron_wait_for_state',
  'electron_expect_text',
  'electron_expect_value',
  'electron_expect_visible',
  'electron_expect_state',
  'electron_expect_count',
  'electron_expect_url',
] as const;

const TESTING = [
  ...ESSENTIAL,
  'electron_attach',
  'electron_detach',
  'electron_surfaces',
  'electron_switch_surface',
  'electron_hover',
  'electron_drag',
  'electron_keyboard_type',
  'electron_type_into_editor',
  'electron_press_sequence',
  'electron_set_files',
  'electron_drop_file',
  'electron_get_attribute',
  'electron_get_bbox',
  'electron_get_computed_style',
  'electron_focused_element',
  'electron_elements',
  'electron_wait',
  'electron_wait_for_event',
  'electron_assert_pattern',
  'electron_screenshot',
] as const;

const DEBUG = [
  ...ESSENTIAL,
  'electron_attach',
  'electron_inject',
  'electron_detach',
  'electron_force_kill',
  'electron_doctor',
  'electron_discover_running',
  'electron_surfaces',
  'electron_switch_surface',
  'electron_hover',
  'electron_get_attribute',
  'electron_get_bbox',
  'electron_get_computed_style',
  'electron_focused_element',
  'electron_elements',
  'electron_wait',
  'electron_wait_for_event',
  'electron_screenshot',
  'electron_console_logs',
  'electron_dialog_handler',
] as const;

/** Named lists. `full` is computed from the registry: every registered non-eval core tool. */
export const PROFILE_LISTS: Readonly<Record<Exclude<ProfileName, 'full'>, readonly string[]>> = {
  essential: ESSENTIAL,
  testing: TESTING,
  debug: DEBUG,
};

export function isProfileName(value: string): value is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(value);
}

/** Profiles in the order a restart hint prefers them: the smallest surface that has the tool. */
const PREFERENCE: readonly Exclude<ProfileName, 'full'>[] = ['essential', 'testing', 'debug'];

/**
 * The tools a profile lists, among the registered non-eval core tools. `full` is all of them;
 * named lists keep only names that are registered (a separate test pins that every listed name
 * is registered in the shipped server).
 */
export function resolveProfile(profile: ProfileName, coreNonEvalTools: readonly string[]): Set<string> {
  if (profile === 'full') return new Set(coreNonEvalTools);
  const registered = new Set(coreNonEvalTools);
  return new Set(PROFILE_LISTS[profile].filter((name) => registered.has(name)));
}

/** Named profiles that list a tool, smallest first; `full` always ends the list for a core tool. */
export function profilesContaining(tool: string): ProfileName[] {
  return [...PREFERENCE.filter((profile) => PROFILE_LISTS[profile].includes(tool)), 'full'];
}

/** Names each named list holds that are not among `registered`: must be empty for the shipped server. */
export function unregisteredProfileEntries(registered: readonly string[]): Partial<Record<ProfileName, string[]>> {
  const known = new Set(registered);
  const result: Partial<Record<ProfileName, string[]>> = {};
  for (const profile of PREFERENCE) {
    const missing = PROFILE_LISTS[profile].filter((name) => !known.has(name));
    if (missing.length) result[profile] = missing;
  }
  return result;
}
