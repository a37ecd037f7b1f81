/** Content rules by id: a shared base with each entry's own hooks over it, resolved once. */
export interface Registry<Rules> {
  readonly ids: readonly string[];
  get(id: string): Rules;
}

export function createRegistry<Rules extends object>(
  kind: string,
  base: Rules,
  hooks: Record<string, Partial<Rules>>,
): Registry<Rules> {
  const resolved = new Map<string, Rules>();
  return {
    ids: Object.keys(hooks),
    get(id) {
      let rules = resolved.get(id);
      if (!rules) {
        const own = hooks[id];
        if (!own) throw new Error(`${kind} "${id}" is not playable yet`);
        rules = { ...base, ...own };
        resolved.set(id, rules);
      }
      return rules;
    },
  };
}
