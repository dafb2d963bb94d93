'use strict';
// Connects a WebContents to its freshly attached (and still paused) page target: installs the
// IPC binding and the bootstrap + preload script before any page script runs, translates CDP
// events into Electron's webContents events, then lets the page run.

const { registry } = require('./registry.cjs');
const { host, bindingName, dispatcherName } = require('./host.cjs');
const { makeEvent } = require('./events.cjs');
const { buildBootstrapScript } = require('./renderer-bootstrap.cjs');
const { isHoldUrl, holdUrl } = require('./hold-server.cjs');
const { fromServed } = require('./protocol.cjs');

const CONSOLE_LEVELS = { debug: ['debug', 0], warning: ['warning', 2], error: ['error', 3], assert: ['error', 3] };

function remoteObjectText(arg) {
  if (arg.type === 'string') return arg.value;
  if (arg.type === 'undefined') return 'undefined';
  if ('value' in arg) return typeof arg.value === 'object' ? JSON.stringify(arg.value) : String(arg.value);
  return arg.unserializableValue ?? arg.description ?? '';
}

function emitConsoleMessage(contents, level, message, lineNumber, sourceId) {
  const [name, number] = CONSOLE_LEVELS[level] || ['info', 1];
  const event = makeEvent({ level: name, message, lineNumber, sourceId, frame: contents.mainFrame });
  contents.emit('console-message', event, number, message, lineNumber, sourceId);
}

function rendererProcessInfo(contents) {
  const preferences = contents._webPreferences;
  const nodeIntegration = preferences.nodeIntegration === true;
  return {
    type: 'renderer',
    platform: process.platform,
    arch: process.arch,
    version: process.version,
    versions: { ...process.versions },
    argv: ['--type=renderer', ...(preferences.additionalArguments || [])],
    // A Node-integrated renderer sees the app's environment, as in Electron; a sandboxed one none.
    env: nodeIntegration ? { ...process.env } : {},
    cwd: process.cwd(),
    execPath: process.argv[0],
    pid: 0,
    sandboxed: !unsandboxed(preferences),
    contextIsolated: preferences.contextIsolation !== false,
    isMainFrame: true,
  };
}

/** Electron turns the sandbox off for nodeIntegration and for sandbox: false. */
function unsandboxed(preferences) {
  return preferences.nodeIntegration === true || preferences.sandbox === false;
}

/** What the page's Node layer (renderer-node.cjs) needs from this process, or undefined when sandboxed. */
function rendererNodeConfig(contents) {
  const preferences = contents._webPreferences;
  if (!unsandboxed(preferences)) return undefined;
  const os = require('node:os');
  return {
    pageGlobals: preferences.nodeIntegration === true && preferences.contextIsolation === false,
    cwd: process.cwd(),
    appPath: require('./app.cjs').app.getAppPath(),
    builtinModules: require('node:module').builtinModules.filter((name) => !name.startsWith('_')),
    os: {
      platform: process.platform,
      arch: process.arch,
      type: os.type(),
      release: os.release(),
      hostname: os.hostname(),
      homedir: os.homedir(),
      tmpdir: os.tmpdir(),
    },
  };
}

/**
 * Another DevTools client (Playwright) may resume the paused target before our script is
 * installed; then the current document ran without bootstrap and preload. It is reloaded when
 * it needs a preload; otherwise only its title is picked up.
 */
async function verifyBootstrap(contents, session) {
  const probe = await session.sendQuietly('Runtime.evaluate', {
    expression: `[location.href, typeof globalThis[${JSON.stringify(dispatcherName())}], document.title]`,
    returnByValue: true,
  });
  const [href, dispatcher, title] = probe?.result?.value ?? ['', 'function', ''];
  if (dispatcher !== 'undefined' || href === 'about:blank' || href === '') return;
  if (process.env.FAKE_ELECTRON_DEBUG) process.stderr.write(`[fake-electron] ${href} started before its preload; reloading\n`);
  if (contents._webPreferences.preload) await session.sendQuietly('Page.reload');
  else contents._onDocumentTitle(title);
}

/**
 * Navigates an adopted popup to the URL it was opened with (once more if a late start aborted it).
 * A file:// popup of a file:// opener can commit in the opener's renderer process, where the
 * document may start before the bootstrap is installed there: checked once more after the load.
 */
async function loadInitialUrl(contents, attempt = 0) {
  try {
    await contents.loadURL(contents._initialUrl || 'about:blank');
    if (!contents.isDestroyed()) await verifyBootstrap(contents, contents._session);
  } catch (error) {
    if (error.code === 'ERR_ABORTED' && attempt < 2 && !contents.isDestroyed()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await loadInitialUrl(contents, attempt + 1);
    }
  }
}

/** The path a page's ipcRenderer.sendSync posts to (on its own origin, or file://). */
function syncPath() {
  return `/__fake_electron_sync__/${host.token}`;
}

/** What a page's Fetch domain pauses: sendSync's requests, the schemes protocol.handle serves, and all while a webRequest hook may change them. */
function fetchPatterns(contents) {
  return [
    { urlPattern: `file://${syncPath()}` },
    { urlPattern: `*${syncPath()}` },
    ...require('./protocol.cjs').protocolPatterns(),
    ...require('./web-request.cjs').webRequestPatterns(contents),
  ];
}

async function onRequestPaused(contents, session, event) {
  const { handlerFor, serveRequest } = require('./protocol.cjs');
  const hooks = require('./web-request.cjs');
  const url = event.request.url;
  const { requestId } = event;
  if (event.responseStatusCode !== undefined || event.responseErrorReason !== undefined) {
    if (!(await hooks.onHookedResponse(contents, session, event))) await session.sendQuietly('Fetch.continueRequest', { requestId });
    return;
  }
  if (new URL(url).pathname === syncPath()) return answerSendSync(contents, session, event);
  // The hold page a window starts on is the stand-in's own: neither hooked nor the app's to serve.
  if (isHoldUrl(url)) return session.sendQuietly('Fetch.continueRequest', { requestId });
  // webRequest's hooks come first, then the scheme's handler (protocol.handle) or the network.
  const next = await hooks.beforeRequest(contents, session, event);
  if (next.cancel) return;
  const handler = handlerFor(next.url);
  if (handler) {
    const request = { ...event.request, url: next.url, ...(next.headers ? { headers: next.headers } : {}) };
    return serveRequest(session, { ...event, request }, handler);
  }
  if (next.url === url && !next.headers) return session.sendQuietly('Fetch.continueRequest', { requestId });
  return hooks.continueHooked(session, event, next);
}

/**
 * What the page's synchronous channel gets: ipcRenderer.sendSync's event.returnValue, or (with
 * `node`) what the renderer's Node layer asked of the main process (renderer-node-host.cjs).
 */
async function answerSync(contents, message) {
  if (message.node) {
    try {
      return await require('./renderer-node-host.cjs').handleNodeOp(contents, message.node);
    } catch (error) {
      return { thrown: require('./renderer-node-host.cjs').out(error) };
    }
  }
  try {
    return { value: require('./ipc-main.cjs').handleSendSync(contents, message) };
  } catch (error) {
    return { error: `Error in the main process handling ipcRenderer.sendSync: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Answers a paused ipcRenderer.sendSync request: the message goes to ipcMain's listeners at once
 * and the page, blocked in its synchronous XMLHttpRequest, gets event.returnValue.
 */
async function answerSendSync(contents, session, { requestId, request }) {
  let body;
  try {
    const postData = request.postData ?? (await session.send('Fetch.getRequestPostData', { requestId })).postData;
    body = await answerSync(contents, JSON.parse(postData));
  } catch (error) {
    body = { error: `Error in the main process handling ipcRenderer.sendSync: ${error instanceof Error ? error.message : String(error)}` };
  }
  await session.sendQuietly('Fetch.fulfillRequest', {
    requestId,
    responseCode: 200,
    responseHeaders: [
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Access-Control-Allow-Origin', value: '*' },
    ],
    body: Buffer.from(JSON.stringify(body)).toString('base64'),
  });
}

/** session.setPreloads' scripts, which run before the page's own preload (as in Electron). */
function sessionPreloads(contents) {
  return [...(contents.session?._preloads ?? [])];
}

/** Whether a page can reach ipcRenderer (a preload, or Node in the page), so sendSync's debugger channel is on. */
function reachesIpc(contents) {
  const preferences = contents._webPreferences;
  return Boolean(preferences.preload) || preferences.nodeIntegration === true || sessionPreloads(contents).length > 0;
}

const SYNC_REQUEST = `typeof feSyncBox === 'object' && feSyncBox !== null && feSyncBox.token === ${JSON.stringify(host.token)} ? String(feSyncBox.request) : undefined`;

/**
 * Answers ipcRenderer.sendSync's pause (renderer-bootstrap.cjs, syncPause): reads the request from
 * the paused frame, runs ipcMain's listeners at once and writes event.returnValue (or the error)
 * into the same frame before resuming. Any other pause (a `debugger` statement of the app's) is
 * resumed at once, as a page without DevTools open never stops in Electron.
 */
async function onPaused(contents, session, { callFrames }) {
  const frame = callFrames?.[0];
  if (frame?.functionName !== 'feSyncPause') {
    await session.sendQuietly('Debugger.resume');
    return;
  }
  contents._syncPaused = true;
  contents._afterSyncPause ??= [];
  try {
    const read = await session.send('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression: SYNC_REQUEST,
      returnByValue: true,
      silent: true,
    });
    const request = read?.result?.value;
    if (typeof request !== 'string') return;
    const body = await answerSync(contents, JSON.parse(request));
    if (body.compile !== undefined) {
      // Compiled by DevTools in the paused frame: as Node's require is, not subject to the page's CSP.
      const compiled = await session.send('Debugger.evaluateOnCallFrame', {
        callFrameId: frame.callFrameId,
        expression: `feSyncBox.compiled = ${body.compile}`,
        silent: true,
      });
      if (compiled?.exceptionDetails)
        body.thrown = { $e: { name: 'SyntaxError', message: compiled.exceptionDetails.exception?.description ?? 'SyntaxError' } };
      delete body.compile;
    }
    await session.send('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression: `feSyncBox.answer = ${JSON.stringify(JSON.stringify(body))}`,
      silent: true,
    });
  } finally {
    await session.sendQuietly('Debugger.resume');
    contents._syncPaused = false;
    for (const resume of contents._afterSyncPause.splice(0)) resume();
  }
}

function attach(contents, session, targetInfo) {
  contents._session = session;
  contents._targetId = targetInfo.targetId;
  contents._url = isHoldUrl(targetInfo.url) ? '' : fromServed(targetInfo.url);
  registry.byTargetId.set(targetInfo.targetId, contents);
  const isMain = (frameId) => frameId === contents._targetId;
  const loaded = contents._loadedLoaders;

  session.on('Page.frameStartedLoading', ({ frameId }) => {
    if (!isMain(frameId) || !contents._navigated) return;
    contents._loading = true;
    contents.emit('did-start-loading');
  });
  session.on('Page.frameStoppedLoading', ({ frameId }) => {
    if (!isMain(frameId) || !contents._loading) return;
    contents._loading = false;
    contents.emit('did-stop-loading');
  });
  session.on('Page.frameNavigated', ({ frame }) => {
    if (frame.parentId) return;
    contents._url = fromServed(frame.url);
    contents._loaderId = frame.loaderId;
    if (frame.url !== 'about:blank') contents._navigated = true;
    if (!contents._navigated) return;
    contents._crashed = false;
    contents.emit('did-navigate', makeEvent(), contents._url, -1, '');
    contents._refreshHistory();
  });
  // Main-frame document requests: did-start-navigation, and will-redirect / did-redirect-navigation
  // on a server redirect (reported, not preventable: the request is not held).
  session.on('Network.requestWillBeSent', ({ type, frameId, request, redirectResponse }) => {
    if (type !== 'Document' || !isMain(frameId) || isHoldUrl(request.url)) return;
    const url = fromServed(request.url);
    const details = () => makeEvent({ url, isSameDocument: false, isMainFrame: true, frame: contents.mainFrame });
    if (redirectResponse) {
      contents.emit('will-redirect', details(), url, false, true, 0, 0);
      contents.emit('did-redirect-navigation', details(), url, false, true, 0, 0);
    } else {
      contents.emit('did-start-navigation', details(), url, false, true, 0, 0);
    }
  });
  session.on('Page.navigatedWithinDocument', ({ frameId, url }) => {
    if (!isMain(frameId)) return;
    contents._url = fromServed(url);
    contents.emit('did-navigate-in-page', makeEvent(), contents._url, true, 0, 0);
    contents._refreshHistory();
  });
  session.on('Page.domContentEventFired', () => {
    if (!contents._navigated) return;
    contents.emit('dom-ready', makeEvent());
    contents._owner?._onDomReady();
  });
  session.on('Page.loadEventFired', () => {
    if (!contents._navigated) return;
    // A popup that starts as its same-origin (file://) opener's blank window can lose what its
    // first document sent over the binding while loading, its title among them: read it here.
    if (contents._owner?._adopted) {
      session.sendQuietly('Runtime.evaluate', { expression: 'document.title', returnByValue: true }).then((answer) => {
        if (typeof answer?.result?.value === 'string') contents._onDocumentTitle(answer.result.value);
      });
    }
    loaded.push(contents._loaderId);
    if (loaded.length > 8) loaded.shift();
    contents._refreshHistory();
    contents.emit('did-frame-finish-load', makeEvent(), true, 0, 0);
    contents.emit('did-finish-load', makeEvent());
    contents._settleLoads();
  });
  session.on('Runtime.consoleAPICalled', ({ type, args, stackTrace }) => {
    const top = stackTrace?.callFrames?.[0];
    emitConsoleMessage(contents, type, args.map(remoteObjectText).join(' '), top ? top.lineNumber + 1 : 0, top?.url ?? '');
  });
  session.on('Runtime.exceptionThrown', ({ exceptionDetails }) => {
    const description = exceptionDetails.exception?.description || exceptionDetails.text || 'Error';
    const first = description.split('\n')[0];
    const message = first.startsWith('Uncaught') ? first : `Uncaught ${first}`;
    emitConsoleMessage(contents, 'error', message, exceptionDetails.lineNumber + 1, exceptionDetails.url ?? '');
  });
  session.on('Runtime.bindingCalled', ({ name, payload, executionContextId }) => {
    if (name !== bindingName()) return;
    let message;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    require('./ipc-main.cjs').handleRendererMessage(contents, message, executionContextId);
  });
  session.on('Fetch.requestPaused', (event) => {
    onRequestPaused(contents, session, event).catch(() => {});
  });
  require('./web-request.cjs').observeNetwork(contents, session);
  session.on('Debugger.paused', (event) => {
    onPaused(contents, session, event).catch(() => {});
  });
  session.once('detached', () => contents._onTargetGone());
  require('./web-contents-frames.cjs').trackFrames(contents, session);

  // A popup's own first navigation (to the hold URL) starts when the target is resumed; ours
  // must come after it, or it would cancel ours.
  const holdStarted = new Promise((resolve) => {
    const timer = setTimeout(resolve, 500);
    session.once('Page.frameStartedLoading', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  const source = buildBootstrapScript({
    binding: bindingName(),
    dispatcher: dispatcherName(),
    holdPrefix: holdUrl(''),
    syncPath: syncPath(),
    syncToken: host.token,
    openPrefix: `p${contents.id}-${host.token}-`,
    preloadPath: contents._webPreferences.preload,
    sessionPreloads: sessionPreloads(contents),
    process: rendererProcessInfo(contents),
    node: rendererNodeConfig(contents),
    subFrames: contents._webPreferences.nodeIntegrationInSubFrames === true,
  });
  const setup = [
    session.send('Page.enable'),
    session.send('Runtime.enable'),
    // Events only: no response bodies are kept for this session.
    session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 }),
    session.send('Runtime.addBinding', { name: bindingName() }),
    // ipcRenderer.sendSync's requests (see answerSendSync); nothing else is paused.
    session.send('Fetch.enable', { patterns: fetchPatterns(contents) }),
    session.send('Page.addScriptToEvaluateOnNewDocument', { source }),
  ];
  // sendSync's channel (onPaused); scripts are not kept for this session beyond what V8 needs.
  if (reachesIpc(contents)) setup.push(session.send('Debugger.enable', { maxScriptsCacheSize: 0 }));
  if (contents._userAgent) setup.push(session.send('Emulation.setUserAgentOverride', { userAgent: contents._userAgent }));
  else if (contents.session?._userAgent) setup.push(session.send('Emulation.setUserAgentOverride', contents.session._userAgentOverride()));
  if (contents.session?._networkConditions)
    setup.push(session.send('Network.emulateNetworkConditions', contents.session._networkConditions));
  // nativeTheme.themeSource applies to every page, those made after it was set included. Chromium
  // keeps the emulated media of a target across same-process navigations only: set it again on
  // each new main-frame document.
  const theme = require('./desktop.cjs');
  if (theme.nativeTheme.themeSource !== 'system') theme.applyTheme(contents);
  session.on('Page.frameNavigated', ({ frame }) => {
    if (!frame.parentId && theme.nativeTheme.themeSource !== 'system') theme.applyTheme(contents);
  });
  session.sendQuietly('Runtime.runIfWaitingForDebugger');
  contents._owner?._onAttached(session);
  Promise.all(setup).then(
    () => {
      contents._resolveAttached();
      if (contents._initialUrl !== undefined) {
        holdStarted.then(() => loadInitialUrl(contents));
      } else if (!contents._navigationRequested && isHoldUrl(targetInfo.url)) {
        // Like an Electron window nobody loaded anything into: no document but the initial one.
        session.sendQuietly('Page.stopLoading');
      }
      if (contents._owner?._adopted) return verifyBootstrap(contents, session);
      return undefined;
    },
    (error) => {
      if (process.env.FAKE_ELECTRON_DEBUG)
        process.stderr.write(`[fake-electron] attach of ${targetInfo.targetId} failed: ${error.message}\n`);
      contents._rejectAttached(error);
    },
  );
}

module.exports = { attach, fetchPatterns };
