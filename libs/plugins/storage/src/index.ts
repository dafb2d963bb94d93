import { definePlugin } from '@stagewright/sdk';
import { cookieTools } from './cookie-tools.js';
import { indexedDbTools } from './indexeddb-tool.js';
import { indexedDbWriteTools } from './indexeddb-write-tools.js';
import { siteClearTools } from './site-clear-tool.js';
import { snapshotTools } from './snapshot-tool.js';
import { webStorageTools } from './web-storage-tool.js';

/**
 * The storage plugin: cookies and an overview of each origin's storage through the session's own
 * browser context and DevTools (no script in the app, ungated), and per-key web storage and
 * IndexedDB reads, which run in the renderer and so follow the `--allow-eval=renderer` grant;
 * IndexedDB writes run the plugin's own code in an isolated world with JSON data only (ADR-0031), ungated.
 * It keeps no state and patches nothing in the app, so a session's end leaves nothing to undo.
 */
export const createStoragePlugin = () =>
  definePlugin({
    name: 'storage',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [...cookieTools, ...snapshotTools, ...siteClearTools, ...webStorageTools, ...indexedDbTools, ...indexedDbWriteTools],
    errorCodes: {
      NO_ORIGIN: {
        retryable: false,
        hint: 'Switch to a window or frame showing an http(s) page (electron_windows).',
        next: ['electron_windows', 'electron_surfaces'],
      },
      COOKIE_REJECTED: { retryable: false, hint: 'Match secure, sameSite and expires to the URL; storage_cookies shows what is kept.' },
      DB_NOT_FOUND: {
        retryable: true,
        hint: 'Use a database name from storage_idb op "schema" or storage_snapshot; none is ever created.',
      },
      STORE_NOT_FOUND: { retryable: false, hint: 'Use an object store from storage_idb op "schema".' },
      INDEX_NOT_FOUND: { retryable: false, hint: 'Use an index from storage_idb op "schema".' },
    },
  });

export default createStoragePlugin;
