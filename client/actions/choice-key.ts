/**
 * One text per choice, whatever the order of its fields: the controls mark each button with the
 * choice it sends (`data-choice`), so the course can point at the one it teaches.
 */
export function choiceKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(choiceKey).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${choiceKey(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
