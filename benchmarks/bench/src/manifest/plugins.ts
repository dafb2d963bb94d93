/**
 * First-party plugins (libs/plugins/<name>) measured by the manifest benchmark, by the name the
 * server's --plugin option accepts. Empty until the first plugin lands; a test fails when a
 * libs/plugins/<name> folder exists that this list does not name, so none is left unmeasured.
 */
export const FIRST_PARTY_PLUGINS: readonly string[] = [];
