/**
 * Values the rules guarantee: a listed choice's rover, an entry a loop has just set. Their absence
 * is a bug in the engine, never a player's error, so it fails loudly with what was missing instead
 * of going on with undefined.
 */

/** `value`, which the rules guarantee is there; `what` names it in the error when it is not. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Rules invariant broken: no ${what}.`);
  return value;
}

/** A listed choice in a shape its list never gives: the list and the code applying it disagree. */
export function unlistedShape(what: string, choice: unknown): never {
  throw new Error(
    `Rules invariant broken: ${what} received ${JSON.stringify(choice)}, a shape it never lists.`,
  );
}
