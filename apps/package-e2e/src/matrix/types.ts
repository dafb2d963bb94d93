// The shape of the tool matrix (tool-matrix.ts): groups of rows that share one app launch, each
// row one call of one tool with what it proves and what it must answer.

/**
 * A tool's answer as the harness parses it: `{ ok: true, ...fields }` or `{ ok: false, code, error, ... }`.
 * Its fields are checked by the rows' expectations, so they are read without casts.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers whose documented fields the rows assert on.
export type Answer = Record<string, any>;
export type Args = Record<string, unknown>;

/** What the rows' hooks can use: the server the matrix runs against, and what earlier rows kept. */
export interface MatrixContext {
  /** Calls a tool; resolves with its parsed answer (ok or not). */
  call(tool: string, args?: Args): Promise<Answer>;
  /** Calls a tool that must succeed (a setup or read-back step); throws with the answer otherwise. */
  must(tool: string, args?: Args): Promise<Answer>;
  /**
   * The group's app session (from its launch, attach or inject). `call` and `must` pass it as
   * `sessionId` to every tool that takes one, so a group's calls never reach another group's app
   * (the next group's app starts while this one runs).
   */
  sessionId?: string;
  /** Values rows hand to later rows of their group (a state token, a trace file...). */
  state: Record<string, string>;
  /** What the test prepared outside the server. */
  env: MatrixEnv;
}

export interface MatrixEnv {
  /** Origin of the loopback API the main-net app calls (support/api-server.ts). */
  api: { origin: string; received: string[] };
  /** A folder of small files for file inputs and drops. */
  files: string;
  /** The screenshot folder the server writes under (--screenshot-dir). */
  screenshots: string;
  /** The trace plugin's folder (plugin config dir). */
  traces: string;
  /** The working directory of the installed server (its trace folder is relative to it). */
  serverCwd: string;
  /** A packaged-app folder for the production plugin (committed fixture). */
  packagedApp: string;
  /** The app started outside the server, for attach / inject (support/outside-app.ts). */
  outside?: { pid: number; cdp: number; alive(): boolean };
}

/** The call must succeed, and its answer must have the documented success shape. */
export interface Succeeds {
  kind: 'ok';
  /** Assertions on the documented success fields (TOOL-REFERENCE.md "Returns ..."). */
  shape(answer: Answer, ctx: MatrixContext): void;
}

/** The call cannot succeed here; it must still answer a structured error with this code. */
export interface Refused {
  kind: 'error';
  code: string;
  /** Why the tool cannot succeed on the stand-in (the matrix row says it). */
  why: string;
}

export interface Row {
  tool: string;
  /** `core`, or the first-party plugin that adds the tool. */
  plugin: string;
  /** What the call did, in a few words, for docs/tool-matrix.md. */
  did: string;
  args: Args | ((ctx: MatrixContext) => Args);
  /** Steps that must run first (a click that makes a request, a right-click that opens a menu). */
  before?(ctx: MatrixContext): Promise<unknown>;
  /**
   * Runs while the call is in flight, for tools that wait for something (an event) the app only
   * does after being asked; resolves when `settled()` says the call answered.
   */
  during?(ctx: MatrixContext, settled: () => boolean): Promise<unknown>;
  result: Succeeds | Refused;
  /** Reads the call's effect back through other tools (the stub then hit, the write then read). */
  readBack?(answer: Answer, ctx: MatrixContext): Promise<unknown>;
}

export interface Group {
  /** The fixture app (or what stands for it) every row of the group runs on. */
  app: string;
  /**
   * Launches the group's app and resolves with the launch answer (its sessionId becomes the
   * group's); absent when a row launches or attaches itself, or no app is needed. The test starts
   * it while the previous group runs.
   */
  setup?(ctx: MatrixContext): Promise<Answer>;
  rows: Row[];
  /** Ends what setup started (stops the app); runs even when a row failed, without holding up the next group. */
  teardown?(ctx: MatrixContext): Promise<unknown>;
}
