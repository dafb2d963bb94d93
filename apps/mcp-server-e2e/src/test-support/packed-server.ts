// Moved to the harness (shared with package-e2e); re-exported so this project's tests keep their imports.
export { PACKED_SERVER, assertPacked, emptyFolder, npxArgs, snippetArgsForTarball } from '@stagewright/harness';
