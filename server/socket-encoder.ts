/**
 * socket.io's packet encoder without the binary scan, for the packets that carry match states.
 *
 * The stock encoder walks every outgoing EVENT and ACK packet in full looking for Buffers (and
 * calls each `toJSON` twice) before it stringifies it; a match state is ~18 kB of plain JSON sent
 * to every socket of the match on every move, so the walk costs as much as a tenth of the server's
 * CPU and never finds anything. The events boardgame.io builds from a match (states, patches,
 * metadata) never hold binary: a state is JSON data (boardgame.io stores it as JSON, and the packet
 * guard only lets plain JSON move arguments in). Those are encoded straight to their string.
 * Everything else (chat, which relays what a client sent, acks, socket.io's own packets, a Buffer
 * at the top level) goes through the stock encoder, binary attachments included. The wire format is
 * the stock encoder's own string encoding, so the bytes are the same (test/server/socket-encoder.test.ts);
 * it uses the stock encoder's string step, so package.json pins socket.io-parser.
 *
 * Use: `new Server({ parser: plainJsonParser })`; the decoder is the stock one.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { stateJSON } from './state-json';

/** The events whose arguments are built by the server from a match's JSON data. */
export const PLAIN_JSON_EVENTS: ReadonlySet<string> = new Set(['update', 'sync', 'patch', 'matchData']);

/** The stock encoder's string step (private in its typings; same pinned version). */
type StringEncoder = { encodeAsString(packet: Packet): string };

const isBinaryValue = (value: unknown): boolean =>
  value instanceof ArrayBuffer ||
  ArrayBuffer.isView(value) ||
  (typeof Blob === 'function' && value instanceof Blob);

/** Whether a packet is a match event that needs no scan: a named event on a game namespace. */
export function isPlainJsonPacket(packet: Packet): boolean {
  if (packet.type !== PacketType.EVENT || packet.nsp === '/' || packet.id !== undefined) return false;
  const data: unknown = packet.data;
  if (!Array.isArray(data) || typeof data[0] !== 'string' || !PLAIN_JSON_EVENTS.has(data[0])) return false;
  // A cheap guard against a Buffer passed as an argument itself; nested ones are out of contract.
  for (let i = 1; i < data.length; i++) if (isBinaryValue(data[i])) return false;
  return true;
}

/** The stock encoder's string for an `update` packet (`["update", matchID, state, ...]`). */
function updateString(packet: Packet): string {
  const data = packet.data as unknown[];
  let out = '' + packet.type;
  if (packet.nsp && packet.nsp !== '/') out += packet.nsp + ',';
  const items = data.map((item, i) => (i === 2 ? stateJSON(item) : JSON.stringify(item)) ?? 'null');
  return out + '[' + items.join(',') + ']';
}

export class PlainJsonEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    if (!isPlainJsonPacket(packet)) return super.encode(packet);
    // (A replacer would apply to every value: only the stock string step knows it.)
    const replacer = (this as unknown as { replacer?: unknown }).replacer;
    if ((packet.data as unknown[])[0] === 'update' && replacer === undefined) return [updateString(packet)];
    return [(this as unknown as StringEncoder).encodeAsString(packet)];
  }
}

/** socket.io's `parser` server option: this encoder and the stock decoder. */
export const plainJsonParser = { Encoder: PlainJsonEncoder, Decoder };
