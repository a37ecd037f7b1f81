/**
 * Who is connected to which match, tracked by the server from its own sockets: a seat counts as
 * connected once its socket has synced with valid credentials, until that socket disconnects.
 * boardgame.io's `isConnected` metadata races and survives restarts (STACK §2.4), so it is not used.
 * Per instance: with several instances, a match's sockets all go to one instance (docs/server.md).
 */
export interface MatchPresence {
  /** Open sockets per seat id. */
  seats: Record<string, number>;
  /** Open sockets without a seat. */
  spectators: number;
}

export class Presence {
  private readonly bySocket = new Map<string, { matchID: string; playerID: string | null }>();
  private readonly byMatch = new Map<string, MatchPresence>();

  connect(socketID: string, matchID: string, playerID: string | null): void {
    this.disconnect(socketID);
    this.bySocket.set(socketID, { matchID, playerID });
    let match = this.byMatch.get(matchID);
    if (!match) this.byMatch.set(matchID, (match = { seats: {}, spectators: 0 }));
    if (playerID === null) match.spectators++;
    else match.seats[playerID] = (match.seats[playerID] ?? 0) + 1;
  }

  disconnect(socketID: string): void {
    const entry = this.bySocket.get(socketID);
    if (!entry) return;
    this.bySocket.delete(socketID);
    const match = this.byMatch.get(entry.matchID);
    if (!match) return;
    if (entry.playerID === null) match.spectators--;
    else if (--(match.seats[entry.playerID] as number) <= 0) delete match.seats[entry.playerID];
    if (match.spectators <= 0 && Object.keys(match.seats).length === 0) this.byMatch.delete(entry.matchID);
  }

  of(matchID: string): MatchPresence {
    const match = this.byMatch.get(matchID);
    return { seats: { ...(match?.seats ?? {}) }, spectators: match?.spectators ?? 0 };
  }

  /** The sockets bound to one seat of a match. */
  socketsOn(matchID: string, playerID: string): string[] {
    const ids: string[] = [];
    for (const [id, b] of this.bySocket) if (b.matchID === matchID && b.playerID === playerID) ids.push(id);
    return ids;
  }

  /** The match and seat a socket synced to, if it did. */
  binding(socketID: string): { matchID: string; playerID: string | null } | undefined {
    return this.bySocket.get(socketID);
  }

  get sockets(): number {
    return this.bySocket.size;
  }
}
