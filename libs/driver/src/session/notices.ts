/** Notices for the next tool response, bounded so a chatty app cannot grow them without limit. */
export class Notices {
  private items: string[] = [];

  constructor(private readonly max = 10) {}

  push(message: string): void {
    if (this.items.includes(message)) return;
    this.items.push(message);
    if (this.items.length > this.max) this.items.shift();
  }

  take(): string[] {
    const out = this.items;
    this.items = [];
    return out;
  }
}
