/**
 * The rendered pages of this process, by token (docs/tracking-page.md): at most `max` of them, each for `ttlMs`, the
 * least recently read forgotten first. Each page carries a tag (its tenant and order) so that a change of the order
 * (its parcel moved, its label voided) forgets its pages at once.
 */
export function createPageCache<T>(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; tag: string; until: number }>();
  const byTag = new Map<string, Set<string>>();

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byTag.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) byTag.delete(entry.tag);
  }

  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(key);
        return undefined;
      }
      // Map keeps insertion order: moving a read entry to the end keeps the oldest read first in line to go.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T, tag: string): void {
      drop(key);
      entries.set(key, { value, tag, until: now() + options.ttlMs });
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
      while (entries.size > options.max) drop(entries.keys().next().value!);
    },
    /** Forgets every page of a tag. */
    forget(tag: string): void {
      for (const key of [...(byTag.get(tag) ?? [])]) drop(key);
    },
    get size() {
      return entries.size;
    },
  };
}
