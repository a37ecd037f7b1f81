/**
 * A seat id as boardgame.io writes them: "0", "1", … (no sign, leading zero, space or fraction).
 * Every route, socket and option that names a seat holds it to this rule, so two spellings never
 * name one seat.
 */
export const SEAT_ID = /^(0|[1-9]\d?)$/;

export const isSeatId = (value: unknown): value is string => typeof value === 'string' && SEAT_ID.test(value);
