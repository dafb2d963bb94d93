import { MainAgent, Type, defineSessionTool, mainAgentBody, privateFolder, type Session } from '@stagewright/sdk';
import { dialogAgent } from '../agent/dialog-agent.js';
import type { DialogAnswer, DialogOp, DialogOptions, Stage } from '../agent/dialog-protocol.js';
import { fileInsideRoots } from './open-file-path.js';

/** One server instance's dialog agent (ADR-0042). */
export type DialogAgent = MainAgent<DialogOp, DialogOptions>;

export function createDialogAgent(options: DialogOptions): DialogAgent {
  return new MainAgent({ plugin: 'native', body: mainAgentBody(dialogAgent), options, undo: { op: 'uninstall' } });
}

async function callDialogs(agent: DialogAgent, session: Session, op: DialogOp): Promise<Record<string, unknown>> {
  const { stage, ...rest } = await agent.call<{ stage?: Stage } & Record<string, unknown>>(session, op);
  if (stage === undefined || stage === 'launch') return rest;
  const when = stage === 'connect' ? 'when the packaged app was reached' : 'at the first native_* call on this app';
  const late = `Dialog hooks went in ${when}: a dialog opened before then is not seen.`;
  return { ...rest, note: rest.note ? `${rest.note} ${late}` : late };
}

interface Peeked {
  dialog: { id: number; type: 'open' | 'save' | 'message' };
  appPath: string;
}

/** native_dialogs and native_dialog_answer: the app's native dialogs, recorded and answered. */
export function dialogTools(agent: DialogAgent) {
  const list = defineSessionTool({
    name: 'dialogs',
    title: 'Native dialogs',
    description: 'Native dialogs the app opened (file open/save, message boxes), waiting and answered.',
    kind: 'read',
    input: { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) },
    detail: {
      notes:
        'Returns { dialogs (newest last, limit default 10), open: count, queued?: answers, note? }. ' +
        'The app gets no answer until native_dialog_answer gives one, as when a user looks at the dialog; one left unanswered past the dialogTimeoutMs config (30 s) is cancelled and a note says so. ' +
        'A Sync dialog blocks main: it takes a queued answer or is cancelled at once. The action that opened one says so in caused.nativeDialogs.',
      shapes: {
        dialog:
          '{ id, at, type: "open"|"save"|"message"|"error", sync?, window?, title?, message?, detail?, buttons?, defaultId?, cancelId?, checkbox?: { label, checked }, kind?, defaultPath?, buttonLabel?, filters?, properties?, state: "open"|"answered"|"cancelled"|"shown", by?: "agent"|"queue"|"timeout"|"sync"|"app"|"detach", answer? (what the app got), queuedMismatch? }',
      },
      example: { limit: 5 },
    },
    handle: (args, { session }) => callDialogs(agent, session, { op: 'list', limit: args.limit ?? 10 }),
  });

  const answer = defineSessionTool({
    name: 'dialog_answer',
    title: 'Answer a native dialog',
    description: 'Answer the open native dialog (or queue it for the next): a button, file paths, or cancel.',
    kind: 'action',
    effects: true,
    input: {
      button: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 200 })])),
      checked: Type.Optional(Type.Boolean()),
      paths: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1, maxItems: 50 })),
      cancel: Type.Optional(Type.Literal(true)),
      queue: Type.Optional(Type.Literal(true)),
      dialog: Type.Optional(Type.Integer({ minimum: 1 })),
      timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    },
    rules: [{ exactlyOne: ['button', 'paths', 'cancel'] }, { atMostOne: ['queue', 'dialog'] }],
    detail: {
      notes:
        'button: index or label (any case, "&" and curly quotes ignored) of a message box, with checked for its checkbox. ' +
        'paths, checked after symlinks: an open dialog takes existing files (several with multiSelections) inside the app folder, --app-root or the screenshot folder, relative to the app folder; a save dialog takes one file inside the screenshot folder only (it may be new), relative to it, so the app never writes over its own code. Otherwise PATH_OUTSIDE_ROOT and the dialog stays open. ' +
        'Answers the open dialog (newest, or `dialog` id), waiting up to timeoutMs (default 2000) for one; queue: true queues the answer for the next dialog instead (give it before the action that opens it). ' +
        'Returns { answered: { dialog, type, title?, result: what the app got } } or { queued: count }, and caused (e.g. the next dialog the app opened).',
      errors: ['native.NO_DIALOG', 'native.ANSWER_MISMATCH', 'PATH_OUTSIDE_ROOT', 'BAD_ARGUMENT'],
      example: { button: "Don't Save", checked: true },
    },
    handle: async (args, { session, config }) => {
      const given: DialogAnswer = args.cancel
        ? { cancel: true }
        : args.paths
          ? {}
          : { button: args.button as number | string, ...(args.checked === undefined ? {} : { checked: args.checked }) };
      if (args.checked !== undefined && given.button === undefined) given.checked = args.checked;
      const paths = args.paths;
      // Reading (open): the app folder, --app-root or the screenshot folder, relative to the app
      // folder. Writing (save): only the screenshot folder, relative to it, so the agent never
      // makes the app write into its own code (ADR-0042).
      const forOpen = (appPath: string) =>
        Promise.all(
          (paths ?? []).map((path) => fileInsideRoots(path, { appPath, appRoot: config.appRoot, screenshotDir: config.screenshotDir })),
        );
      const forSave = async () => {
        if (paths?.length !== 1) return undefined;
        const folder = await privateFolder(config.screenshotDir, 'screenshot folder');
        return fileInsideRoots(paths[0], { appPath: folder }, true);
      };
      if (args.queue) {
        if (paths) {
          const { appPath } = (await callDialogs(agent, session, { op: 'app_path' })) as { appPath: string };
          const [open, save] = await Promise.allSettled([forOpen(appPath), forSave()]);
          if (open.status === 'rejected' && (save.status === 'rejected' || save.value === undefined)) throw open.reason;
          if (open.status === 'fulfilled') given.paths = open.value;
          if (save.status === 'fulfilled' && save.value !== undefined) given.savePath = save.value;
        }
        return callDialogs(agent, session, { op: 'queue', answer: given });
      }
      const peeked = (await callDialogs(agent, session, {
        op: 'peek',
        dialog: args.dialog,
        timeoutMs: args.timeoutMs ?? 2_000,
      })) as unknown as Peeked;
      if (paths && peeked.dialog.type === 'save') {
        given.savePath = await forSave();
        if (given.savePath === undefined) given.paths = paths;
      } else if (paths) given.paths = await forOpen(peeked.appPath);
      return callDialogs(agent, session, { op: 'answer', dialog: peeked.dialog.id, answer: given });
    },
  });

  return [list, answer];
}
