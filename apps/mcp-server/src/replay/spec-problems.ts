/**
 * A spec or its parameters cannot run (exit code 2). Every problem found is listed, each naming
 * where it is (`steps/3/args/text`, `parameters/name`) and what to do.
 */
export class SpecInvalid extends Error {
  override name = 'SpecInvalid';

  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
  }
}

/** Collects problems and throws them together, so an author fixes a spec in one pass. */
export class Problems {
  readonly list: string[] = [];

  add(problem: string): void {
    this.list.push(problem);
  }

  throwIfAny(): void {
    if (this.list.length) throw new SpecInvalid(this.list);
  }
}
