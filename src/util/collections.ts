/** What `getOrCreate` needs of a map: a `Map` or a `WeakMap`. */
export interface MapLike<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value of a key, created with `make` the first time. */
export function getOrCreate<K, V>(map: MapLike<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
