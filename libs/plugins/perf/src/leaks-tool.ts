import { Type, defineSessionTool } from '@stagewright/sdk';
import { rendererMemory, type RendererMemory } from './devtools.js';

const DEFAULT_TIMES = 6;
const CLICK_TIMEOUT_MS = 5_000;

/**
 * Growth per iteration that counts as a leak: a listener or a handful of nodes each time is
 * something kept, never noise (both are exact counts after a collection); heap figures move by a
 * few KB between collections, so the heap needs a clear trend.
 */
export const LEAK_LIMITS = { listeners: 0.5, nodes: 5, heapKB: 64 } as const;

type Growth = Record<keyof typeof LEAK_LIMITS, number>;

/** Least-squares slope of a series against its index: growth per iteration that one outlier does not decide. */
function slope(values: number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, v) => sum + v, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((v, x) => {
    num += (x - meanX) * (v - meanY);
    den += (x - meanX) ** 2;
  });
  return den ? num / den : 0;
}

/** Growth per iteration of each measure, and which of them pass their leak limit. */
export function leakVerdict(samples: RendererMemory[]): { growth: Growth; leaking: (keyof Growth)[] } {
  const growth = Object.fromEntries(
    (Object.keys(LEAK_LIMITS) as (keyof Growth)[]).map((k) => [k, Math.round(slope(samples.map((s) => s[k])) * 10) / 10]),
  ) as Growth;
  return { growth, leaking: (Object.keys(LEAK_LIMITS) as (keyof Growth)[]).filter((k) => growth[k] >= LEAK_LIMITS[k]) };
}

/** perf_leaks: repeat clicks, collect garbage after each round, and say whether memory keeps growing. */
export const leaksTool = () =>
  defineSessionTool({
    name: 'leaks',
    title: 'Leak check',
    description: 'Repeat clicks N times with garbage collected between, and report heap, DOM node and listener growth.',
    kind: 'action',
    effects: true,
    input: {
      clicks: Type.Array(Type.String({ maxLength: 1000 }), { minItems: 1, maxItems: 10 }),
      times: Type.Optional(Type.Integer({ minimum: 3, maximum: 30 })),
    },
    detail: {
      notes:
        `clicks: selectors clicked in order, one round (e.g. open then close a view). Runs a warm-up round, then times rounds (default ${DEFAULT_TIMES}); after each a full garbage collection, then the active window's heapKB, nodes and listeners. ` +
        `Returns { verdict: leak | flat, growth per round, leaking, samples }. leak when per round listeners grow >= ${LEAK_LIMITS.listeners}, nodes >= ${LEAK_LIMITS.nodes} or heapKB >= ${LEAK_LIMITS.heapKB}.`,
      errors: ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'ACTION_TIMEOUT'],
      example: { clicks: ['#open-settings', '#close-settings'], times: 8 },
    },
    async handle(args, { session, signal }) {
      const round = async () => {
        for (const selector of args.clicks) {
          const locator = await session.locate({ selector });
          // A failed click is the element's story (not found, hidden, covered...), told as core actions tell it.
          await locator.click({ timeout: CLICK_TIMEOUT_MS }).catch(async (error: unknown) => {
            throw await session.explainFailure(error, { locator, byRef: false, needs: { enabled: true } });
          });
        }
      };
      await round();
      const samples = [await rendererMemory(session, true)];
      for (let i = 0; i < (args.times ?? DEFAULT_TIMES) && !signal.aborted; i++) {
        await round();
        samples.push(await rendererMemory(session, true));
      }
      const { growth, leaking } = leakVerdict(samples);
      return {
        verdict: leaking.length ? 'leak' : 'flat',
        rounds: samples.length - 1,
        growth,
        ...(leaking.length ? { leaking } : {}),
        samples: samples.map((s) => [s.heapKB, s.nodes, s.listeners]),
        columns: ['heapKB', 'nodes', 'listeners'],
      };
    },
  });
