import type { Session } from '@stagewright/sdk';
import { unresponsiveAfter, within } from '@stagewright/sdk';

/** What has to be equal for two captures to be compared pixel by pixel. */
export interface CaptureEnvironment {
  platform: string;
  electron: string;
  chrome: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  colorScheme: 'light' | 'dark';
}

const READ_TIMEOUT_MS = 10_000;

/** Reads the environment of the active window: versions from the session, the rest from the page (fixed code). */
export async function captureEnvironment(session: Session): Promise<CaptureEnvironment> {
  const info = await session.info();
  const view = await within(
    session.pageOrThrow().evaluate(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
      deviceScaleFactor: window.devicePixelRatio,
      colorScheme: window.matchMedia('(prefers-color-scheme: dark)').matches ? ('dark' as const) : ('light' as const),
    })),
    READ_TIMEOUT_MS,
    unresponsiveAfter(READ_TIMEOUT_MS),
  );
  return {
    platform: process.platform,
    electron: info.versions.electron ?? 'unknown',
    chrome: info.versions.chrome ?? 'unknown',
    viewport: { width: view.width, height: view.height },
    deviceScaleFactor: view.deviceScaleFactor,
    colorScheme: view.colorScheme,
  };
}

export interface EnvironmentDifference {
  field: keyof CaptureEnvironment;
  baseline: unknown;
  actual: unknown;
}

/** Every field that differs; a field the baseline lacks counts as different. */
export function environmentDifferences(
  baseline: Partial<CaptureEnvironment> | undefined,
  actual: CaptureEnvironment,
): EnvironmentDifference[] {
  const fields = Object.keys(actual) as (keyof CaptureEnvironment)[];
  return fields
    .filter((field) => JSON.stringify(baseline?.[field]) !== JSON.stringify(actual[field]))
    .map((field) => ({ field, baseline: baseline?.[field] ?? null, actual: actual[field] }));
}
