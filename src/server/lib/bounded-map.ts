/**
 * Sets a key as the newest of a map kept in the order of use: at `maxEntries`, the oldest entry
 * (the first in the map's order) makes room. The per-process caches keep their entries this way.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}
