/**
 * Bot seats per creating address: each bot seat holds a socket client and about 1 MB in the
 * server until its match ends, so one address may hold at most so many in unfinished matches.
 * Counted in memory from the creation until the match leaves the match index (over, abandoned or
 * removed); a restart forgets the counts (docs/server.md, Threat model).
 */
export class BotSeatQuota {
  /** Bot seats by address, then by match id (or a reservation's token while its create runs). */
  private readonly held = new Map<string, Map<string, number>>();
  /** The address of each match or reservation. */
  private readonly owner = new Map<string, string>();
  private nextToken = 0;

  constructor(readonly max: number) {}

  private heldBy(address: string): number {
    let sum = 0;
    for (const n of this.held.get(address)?.values() ?? []) sum += n;
    return sum;
  }

  /**
   * Hold `seats` bot seats for `address` while its create runs: a token to `confirm` with the
   * match id, or to `cancel`; null when the address already holds too many.
   */
  reserve(address: string, seats: number): string | null {
    if (this.heldBy(address) + seats > this.max) return null;
    const token = `reservation:${++this.nextToken}`;
    this.add(address, token, seats);
    return token;
  }

  confirm(token: string, matchID: string): void {
    const address = this.owner.get(token);
    if (address === undefined) return;
    const seats = this.release(token);
    this.add(address, matchID, seats);
  }

  cancel(token: string): void {
    this.release(token);
  }

  /** The match left play: its bot seats no longer count. */
  release(key: string): number {
    const address = this.owner.get(key);
    if (address === undefined) return 0;
    this.owner.delete(key);
    const mine = this.held.get(address);
    const seats = mine?.get(key) ?? 0;
    mine?.delete(key);
    if (mine?.size === 0) this.held.delete(address);
    return seats;
  }

  private add(address: string, key: string, seats: number): void {
    let mine = this.held.get(address);
    if (!mine) this.held.set(address, (mine = new Map()));
    mine.set(key, seats);
    this.owner.set(key, address);
  }

  /** Addresses holding bot seats (for the server's figures). */
  get addresses(): number {
    return this.held.size;
  }
}
