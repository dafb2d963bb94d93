import type { Dialog, Page } from 'playwright-core';
import type { DialogPolicy, DialogRecord } from '@stagewright/sdk';

const MAX_TEXT = 2_000;
const MAX_DIALOGS = 100;

/**
 * Answers alert/confirm/prompt/beforeunload so they never block automation, by policy (default:
 * dismiss, except beforeunload which is accepted so windows can close), and records each one.
 */
export class DialogAnswerer {
  private readonly seen: DialogRecord[] = [];
  private policy: DialogPolicy | undefined;
  /** Every dialog seen, including those the bounded record list has dropped. */
  private total = 0;

  watch(page: Page): void {
    page.on('dialog', (dialog) => void this.answer(dialog));
  }

  setPolicy(policy: DialogPolicy | undefined): void {
    this.policy = policy;
  }

  currentPolicy(): DialogPolicy | undefined {
    return this.policy;
  }

  records(): readonly DialogRecord[] {
    return this.seen;
  }

  /** How many dialogs have been seen so far (a mark for recordsAfter). */
  get count(): number {
    return this.total;
  }

  /** The dialogs seen since `count` was `mark`, as far as the bounded list still holds them. */
  recordsAfter(mark: number): readonly DialogRecord[] {
    const fresh = this.total - mark;
    return fresh > 0 ? this.seen.slice(-fresh) : [];
  }

  private async answer(dialog: Dialog): Promise<void> {
    const type = dialog.type() as DialogRecord['type'];
    const policy = this.policy;
    const action = policy?.action ?? (type === 'beforeunload' ? 'accept' : 'dismiss');
    const record: DialogRecord = { time: new Date().toISOString(), type, message: dialog.message().slice(0, MAX_TEXT), action };
    if (action === 'accept' && type === 'prompt' && policy?.promptText !== undefined) record.promptText = policy.promptText;
    this.seen.push(record);
    this.total++;
    if (this.seen.length > MAX_DIALOGS) this.seen.shift();
    if (policy?.oneShot) this.policy = undefined;
    try {
      if (action === 'accept') await dialog.accept(record.promptText);
      else await dialog.dismiss();
    } catch {
      // The page closed while the dialog was open; nothing left to answer.
    }
  }
}
