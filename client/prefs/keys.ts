/** Keyboard helpers shared by the table's shortcuts. */

/** Whether a key press goes to a field the player types in (where shortcuts must stay quiet). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  const tag = element?.tagName;
  return (
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    element?.isContentEditable === true ||
    (tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(
        (element as HTMLInputElement).type,
      ))
  );
}

/** The seat (0 to 5) a key press asks to see: the keys 1 to 6, alone, outside a text field. */
export function seatKeyOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): number | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return null;
  return /^[1-6]$/.test(e.key) ? Number(e.key) - 1 : null;
}
