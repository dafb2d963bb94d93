import { createHash } from 'node:crypto';
import type { MaskRect } from './capture.js';
import type { CaptureEnvironment } from './environment.js';

/** The sidecar kept next to every baseline (`<name>.json`): what makes a capture comparable. */
export interface BaselineSidecar {
  version: 1;
  name: string;
  /** `window`, or the ref/selector the element was captured by. */
  target: string;
  width: number;
  height: number;
  /** Masked areas of the approved capture, in its device pixels. */
  masks: MaskRect[];
  environment: CaptureEnvironment;
  approvedAt: string;
}

/** A capture this server kept as an artifact and that visual_approve may promote. */
export interface PendingCapture {
  actualFile: string;
  sha256: string;
  sidecar: Omit<BaselineSidecar, 'approvedAt'>;
}

/** Most captures waiting for approval per server; the oldest is forgotten first. */
const MAX_PENDING = 100;

/**
 * Per server instance: the last unapproved capture of each name. Approval promotes exactly the
 * bytes this server wrote (checked by hash), never a file someone else put in the artifact folder.
 */
export class PendingCaptures {
  private readonly byName = new Map<string, PendingCapture>();

  keep(name: string, capture: PendingCapture): void {
    this.byName.delete(name);
    this.byName.set(name, capture);
    if (this.byName.size > MAX_PENDING) this.byName.delete(this.byName.keys().next().value as string);
  }

  get(name: string): PendingCapture | undefined {
    return this.byName.get(name);
  }

  forget(name: string): void {
    this.byName.delete(name);
  }
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
