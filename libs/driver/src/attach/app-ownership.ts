import type { AppOwnership } from '@stagewright/sdk';

/**
 * The apps launched in one server process (main pid to the manager that launched it). Created by
 * the composition root that serves several clients and handed to each manager through
 * DriverOptions; never a module-level singleton, so two servers in one process stay apart.
 */
export class AppOwnershipRegistry implements AppOwnership {
  private readonly owners = new Map<number, symbol>();

  claim(pid: number, owner: symbol): void {
    this.owners.set(pid, owner);
  }

  release(pid: number, owner: symbol): void {
    if (this.owners.get(pid) === owner) this.owners.delete(pid);
  }

  claimedByOthers(owner: symbol): number[] {
    return [...this.owners].filter(([, by]) => by !== owner).map(([pid]) => pid);
  }
}
