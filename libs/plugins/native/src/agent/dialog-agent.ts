// The dialog agent: native dialogs (electron.dialog) in the app's main process (ADR-0042). Its
// source is sent with every call and preloaded at launch, so it must stay self-contained: no
// imports, no outer names; Node modules come through `load`, the app's require.
// The hooks replace dialog.showOpenDialog / showSaveDialog / showMessageBox (and their Sync forms)
// and showErrorBox. Nothing is drawn: each call is recorded and, like the user's dialog on real
// Electron, the app's promise waits until the agent answers (or a queued answer is there). A sync
// call blocks the main process, where no answer can reach it, so it takes a queued answer or is
// cancelled at once. A dialog nobody answers within `dialogTimeoutMs` is answered as cancelled and
// reported, never left hanging. Each dialog is also told to the action that opened it through the
// shared main-process effects list (Symbol.for('stagewright.effects'), read by the driver's watch).

import type { DialogAnswer, DialogFailure, DialogRequest } from './dialog-protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's module as seen from inside the app, untyped here.
type Loose = any;

export function dialogAgent(electron: Loose, request: DialogRequest, load: (id: string) => Loose): unknown {
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.native.dialogs.${request.key}`);
  const MAX_TEXT = 300;
  const MAX_QUEUED = 5;
  const cut = (value: unknown) => {
    const s = typeof value === 'string' ? value : value == null ? '' : String(value);
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
  };
  const fail = (failure: DialogFailure['failure'], message: string, details?: Record<string, unknown>): DialogFailure => ({
    failure,
    message,
    details,
  });

  /** One line for the action that opened (or timed out) a dialog: the driver's watch reads these. */
  const tellAction = (record: Loose) => {
    const key = Symbol.for('stagewright.effects');
    if (!g[key]) g[key] = { seq: 0, list: [] };
    const effects = g[key];
    effects.seq += 1;
    const line: Record<string, unknown> = { dialog: record.id, type: record.type, state: record.state };
    if (record.title) line.title = record.title.slice(0, 120);
    if (record.message) line.message = record.message.replace(/\s+/g, ' ').slice(0, 120);
    effects.list.push({ seq: effects.seq, at: Date.now(), nativeDialog: line });
    while (effects.list.length > 50) effects.list.shift();
  };

  /** Electron's cancel for a message box: cancelId, else the button labelled cancel/no, else 0. */
  const cancelIdOf = (record: Loose) => {
    if (typeof record.cancelId === 'number') return record.cancelId;
    const index = (record.buttons ?? []).findIndex((label: string) => /^(cancel|no)$/i.test(label.replace(/&/g, '').trim()));
    return Math.max(index, 0);
  };
  const fold = (label: string) =>
    label
      .replace(/&/g, '')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/\u2026/g, '...')
      .trim()
      .toLowerCase();

  /** What the app's call returns for an answer, or why the answer does not fit the dialog. */
  const fitAnswer = (record: Loose, answer: DialogAnswer): { value: Loose } | { mismatch: string } => {
    const checked = answer.checked ?? record.checkbox?.checked ?? false;
    if (record.type === 'message') {
      if (answer.paths || answer.savePath) return { mismatch: 'A message box takes a button (or cancel), not paths.' };
      if (answer.cancel) return { value: { response: cancelIdOf(record), checkboxChecked: checked } };
      const buttons: string[] = record.buttons?.length ? record.buttons : ['OK'];
      let index = -1;
      if (typeof answer.button === 'number') index = answer.button < buttons.length ? answer.button : -1;
      else if (typeof answer.button === 'string') {
        const wanted = answer.button;
        index = buttons.indexOf(wanted);
        if (index < 0) index = buttons.findIndex((label) => fold(label) === fold(wanted));
      }
      if (index < 0) {
        return { mismatch: `No button ${JSON.stringify(answer.button)}; buttons: ${buttons.map((b, i) => `${i} "${b}"`).join(', ')}.` };
      }
      return { value: { response: index, checkboxChecked: checked } };
    }
    if (answer.button !== undefined || answer.checked !== undefined) {
      return { mismatch: `A ${record.type} dialog takes paths (or cancel), not a button or checkbox.` };
    }
    if (record.type === 'open') {
      if (answer.cancel) return { value: { canceled: true, filePaths: [] } };
      if (!answer.paths)
        return { mismatch: 'An open dialog takes existing paths inside the app folder, --app-root or the screenshot folder.' };
      const paths = answer.paths;
      if (paths.length > 1 && !(record.properties ?? []).includes('multiSelections')) {
        return { mismatch: 'This open dialog takes one path (its properties have no multiSelections).' };
      }
      const fs = load('node:fs');
      const missing = paths.find((path) => !fs.existsSync(path));
      if (missing) return { mismatch: `path does not exist: ${missing}` };
      return { value: { canceled: false, filePaths: paths } };
    }
    if (answer.cancel) return { value: { canceled: true, filePath: '' } };
    if (answer.savePath === undefined) return { mismatch: 'A save dialog takes exactly one path, inside the screenshot folder.' };
    return { value: { canceled: false, filePath: answer.savePath } };
  };
  /** The Sync forms return the bare value: filePaths or undefined, filePath or '', the response. */
  const syncValue = (record: Loose, value: Loose) => {
    if (record.type === 'open') return value.canceled ? undefined : value.filePaths;
    if (record.type === 'save') return value.canceled ? '' : value.filePath;
    return value.response;
  };
  const cancelled = (record: Loose) => (fitAnswer(record, { cancel: true }) as { value: Loose }).value;

  const install = () => {
    const state: Loose = {
      stage: request.stage ?? 'call',
      seq: 0,
      dropped: 0,
      dialogs: [],
      waiting: new Map(),
      queue: [],
      untold: [],
      restore: [],
    };
    g[slot] = state;
    const live = () => g[slot] === state;

    const describe = (type: string, win: Loose, options: Loose, sync: boolean) => {
      state.seq += 1;
      const o = options && typeof options === 'object' ? options : {};
      const record: Loose = { id: state.seq, at: new Date().toISOString(), type, state: 'open' };
      if (sync) record.sync = true;
      if (o.title) record.title = cut(o.title);
      if (o.message) record.message = cut(o.message);
      if (o.detail) record.detail = cut(o.detail);
      if (type === 'message') {
        record.buttons = Array.isArray(o.buttons) ? o.buttons.slice(0, 20).map(cut) : [];
        if (typeof o.defaultId === 'number') record.defaultId = o.defaultId;
        if (typeof o.cancelId === 'number') record.cancelId = o.cancelId;
        if (o.checkboxLabel) record.checkbox = { label: cut(o.checkboxLabel), checked: Boolean(o.checkboxChecked) };
        if (o.type && o.type !== 'none') record.kind = cut(o.type);
      } else {
        if (o.defaultPath) record.defaultPath = cut(o.defaultPath);
        if (o.buttonLabel) record.buttonLabel = cut(o.buttonLabel);
        if (Array.isArray(o.filters) && o.filters.length) {
          record.filters = o.filters.slice(0, 20).map((f: Loose) => ({
            name: cut(f?.name),
            extensions: Array.isArray(f?.extensions) ? f.extensions.slice(0, 20).map(cut) : [],
          }));
        }
        if (Array.isArray(o.properties) && o.properties.length) record.properties = o.properties.slice(0, 20).map(cut);
      }
      if (win && typeof win.getTitle === 'function' && !win.isDestroyed?.()) record.window = cut(win.getTitle());
      state.dialogs.push(record);
      while (state.dialogs.length > request.options.capacity) {
        const index = state.dialogs.findIndex((d: Loose) => d.state !== 'open');
        if (index < 0) break;
        state.dialogs.splice(index, 1);
        state.dropped += 1;
      }
      return record;
    };
    const close = (record: Loose, value: Loose, by: string) => {
      // Nobody chose: a timeout, a detach, the app's own AbortSignal, or a sync call with no queued answer.
      record.state = by === 'agent' || by === 'queue' ? 'answered' : 'cancelled';
      record.by = by;
      record.answer = value;
      const waiter = state.waiting.get(record.id);
      if (waiter) {
        clearTimeout(waiter.timer);
        state.waiting.delete(record.id);
        waiter.resolve(value);
      }
      if (by === 'timeout') {
        state.untold.push(record.id);
        tellAction(record);
      }
    };
    state.close = close;
    /** The first queued answer, when it fits; one that does not fit stays queued and is noted on the dialog. */
    const takeQueued = (record: Loose) => {
      const answer = state.queue[0];
      if (!answer) return undefined;
      const fitted = fitAnswer(record, answer);
      if ('mismatch' in fitted) {
        record.queuedMismatch = fitted.mismatch;
        return undefined;
      }
      state.queue.shift();
      return fitted.value;
    };
    /** Electron passes an optional BrowserWindow first. */
    const split = (a: Loose, b: Loose) =>
      b !== undefined || (a && typeof a === 'object' && 'webContents' in a)
        ? { win: a, options: b ?? {} }
        : { win: undefined, options: a ?? {} };

    const wrapAsync = (type: string) => (original: Loose) =>
      function (this: Loose, a: Loose, b: Loose) {
        if (!live()) return original.call(this, a, b);
        const { win, options } = split(a, b);
        const record = describe(type, win, options, false);
        const queued = takeQueued(record);
        if (queued) {
          close(record, queued, 'queue');
          tellAction(record);
          return Promise.resolve(queued);
        }
        tellAction(record);
        return new Promise((resolve) => {
          const timer = setTimeout(() => close(record, cancelled(record), 'timeout'), request.options.dialogTimeoutMs);
          state.waiting.set(record.id, { resolve, timer });
          // showMessageBox's own AbortSignal closes it as if the user cancelled, as in Electron.
          const signal = options?.signal;
          if (signal && typeof signal.addEventListener === 'function') {
            const abort = () => record.state === 'open' && close(record, cancelled(record), 'app');
            if (signal.aborted) abort();
            else signal.addEventListener('abort', abort, { once: true });
          }
        });
      };
    const wrapSync = (type: string) => (original: Loose) =>
      function (this: Loose, a: Loose, b: Loose) {
        if (!live()) return original.call(this, a, b);
        const { win, options } = split(a, b);
        const record = describe(type, win, options, true);
        const queued = takeQueued(record);
        const value = queued ?? cancelled(record);
        close(record, value, queued ? 'queue' : 'sync');
        tellAction(record);
        return syncValue(record, value);
      };
    const replace = (owner: Loose, name: string, make: (original: Loose) => Loose) => {
      const original = owner?.[name];
      if (typeof original !== 'function') return;
      const own = Object.hasOwn(owner, name);
      const wrapper = make(original);
      try {
        owner[name] = wrapper;
      } catch {
        return;
      }
      state.restore.push(() => {
        if (owner[name] !== wrapper) return;
        if (own) owner[name] = original;
        else delete owner[name];
      });
    };
    const dialog = electron.dialog;
    replace(dialog, 'showOpenDialog', wrapAsync('open'));
    replace(dialog, 'showSaveDialog', wrapAsync('save'));
    replace(dialog, 'showMessageBox', wrapAsync('message'));
    replace(dialog, 'showOpenDialogSync', wrapSync('open'));
    replace(dialog, 'showSaveDialogSync', wrapSync('save'));
    replace(dialog, 'showMessageBoxSync', wrapSync('message'));
    // An error box has only OK and returns nothing: it is recorded, never drawn (on real Electron
    // it would block the main process until someone clicked OK).
    replace(
      dialog,
      'showErrorBox',
      (original) =>
        function (this: Loose, title: unknown, content: unknown) {
          if (!live()) return original.call(this, title, content);
          const record = describe('error', undefined, { title, message: content }, true);
          record.state = 'shown';
          tellAction(record);
        },
    );
    return state;
  };

  if (request.op === 'uninstall') {
    const state = g[slot];
    if (!state) return { uninstalled: false };
    // A detached app keeps running: its open dialogs are cancelled rather than left waiting.
    for (const record of state.dialogs) if (record.state === 'open') state.close(record, cancelled(record), 'detach');
    for (const restore of state.restore.reverse()) restore();
    delete g[slot];
    return { uninstalled: true };
  }
  const state = g[slot] ?? install();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Dialogs that timed out since the agent was last told, as a note. */
  const untold = () => {
    if (!state.untold.length) return {};
    const ids = state.untold.splice(0);
    return {
      note: `No answer within ${request.options.dialogTimeoutMs} ms: dialog ${ids.join(', ')} ${ids.length > 1 ? 'were' : 'was'} answered as cancelled.`,
    };
  };
  const answer = (result: object) => ('failure' in result ? result : { stage: state.stage, ...result, ...untold() });
  const openOnes = () => state.dialogs.filter((d: Loose) => d.state === 'open');

  switch (request.op) {
    case 'install':
      return { stage: state.stage };
    case 'list': {
      const open = openOnes().length;
      return answer({
        dialogs: state.dialogs.slice(-request.limit),
        open,
        ...(state.queue.length ? { queued: state.queue } : {}),
        ...(state.dropped ? { dropped: state.dropped } : {}),
      });
    }
    case 'peek': {
      const start = Date.now();
      const find = () => {
        const open = openOnes();
        return request.dialog === undefined ? open.at(-1) : open.find((d: Loose) => d.id === request.dialog);
      };
      const wait = async (): Promise<unknown> => {
        for (;;) {
          const found = find();
          const gone = request.dialog === undefined ? undefined : state.dialogs.find((d: Loose) => d.id === request.dialog);
          if (found) return { dialog: found, appPath: String(electron.app.getAppPath()) };
          if ((gone && gone.state !== 'open') || Date.now() - start >= request.timeoutMs) {
            const known = gone;
            const last = state.dialogs.at(-1);
            return fail(
              'NO_DIALOG',
              known
                ? `Dialog ${known.id} is no longer open (${known.state}${known.by ? ` by ${known.by}` : ''}).`
                : `No native dialog open${request.dialog === undefined ? '' : ` with id ${request.dialog}`} within ${request.timeoutMs} ms.`,
              {
                open: openOnes().map((d: Loose) => d.id),
                ...(last ? { last: { dialog: last.id, type: last.type, state: last.state } } : {}),
              },
            );
          }
          await sleep(20);
        }
      };
      return wait().then((result) => answer(result as object));
    }
    case 'answer': {
      const record = openOnes().find((d: Loose) => d.id === request.dialog);
      if (!record) return fail('NO_DIALOG', `Dialog ${request.dialog} is no longer open.`);
      const fitted = fitAnswer(record, request.answer);
      if ('mismatch' in fitted) {
        return fail('ANSWER_MISMATCH', fitted.mismatch, {
          dialog: record.id,
          type: record.type,
          ...(record.buttons ? { buttons: record.buttons } : {}),
        });
      }
      state.close(record, fitted.value, 'agent');
      return answer({
        answered: { dialog: record.id, type: record.type, ...(record.title ? { title: record.title } : {}), result: fitted.value },
      });
    }
    case 'app_path':
      return answer({ appPath: String(electron.app.getAppPath()) });
    case 'queue': {
      if (state.queue.length >= MAX_QUEUED) {
        return fail('ANSWER_MISMATCH', `${MAX_QUEUED} answers are already queued; the next dialogs take them in order.`, {
          queued: state.queue.length,
        });
      }
      state.queue.push(request.answer);
      return answer({ queued: state.queue.length });
    }
  }
}
