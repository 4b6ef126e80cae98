/**
 * A registry of named entries (agents; protocols and families may follow): one name check, one lookup whose refusal
 * suggests the nearest name and lists the known ones, one listing in registration order, and an override for tests
 * that undoes itself. Names are the closed set a process knows: what a flag, a job or a stored run names is looked
 * up here, never loaded from where it points.
 */
import { editDistance } from './edit-distance.js';
import { InputError } from './errors.js';

export interface Named {
  readonly name: string;
}

export interface RegistryOptions {
  /** What the entries are, for messages ("agent", "protocol"). */
  readonly kind: string;
  /** The form every name must have, and the words that say it (`lower-case letters, digits and dashes`). */
  readonly pattern: RegExp;
  readonly patternWords: string;
  /** A line added to the refusal of an unknown name: how to make one known (e.g. `--agents ./my-agent.js`). */
  readonly unknownHint?: string;
}

export class Registry<T extends Named> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly options: RegistryOptions,
    initial: Iterable<T> = [],
  ) {
    for (const entry of initial) this.add(entry);
  }

  /** Whether a name has the registry's form (checked before an entry is added or a name is looked up). */
  validName(name: string): boolean {
    return this.options.pattern.test(name);
  }

  /** Adds an entry, or replaces the one of the same name. A name of the wrong form is a programming error. */
  add(entry: T): void {
    if (!this.validName(entry.name)) {
      throw new Error(`${this.options.kind} name '${entry.name}' must be ${this.options.patternWords}`);
    }
    this.entries.set(entry.name, entry);
  }

  /** Takes an entry away (tests that add their own take them away after). */
  remove(name: string): void {
    this.entries.delete(name);
  }

  /** Sets an entry for a while: the returned function puts back what was there before (or nothing). */
  override(entry: T): () => void {
    const before = this.entries.get(entry.name);
    this.add(entry);
    return () => {
      if (before) this.entries.set(entry.name, before);
      else this.entries.delete(entry.name);
    };
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry of that name; an InputError naming the nearest known name and listing them all otherwise. */
  get(name: string): T {
    const entry = this.entries.get(name);
    if (entry) return entry;
    throw new InputError(this.unknown(name));
  }

  /** The refusal of a name this registry does not know, as `get` words it. */
  unknown(name: string): string {
    const { kind, unknownHint } = this.options;
    const shown = name.length > 80 ? `${name.slice(0, 77)}...` : name;
    const near = this.nearest(name);
    return (
      `unknown ${kind} '${shown}' (${near ? `did you mean ${near}? ` : ''}known: ${this.names().join(', ')})` +
      (unknownHint ? `; ${unknownHint}` : '')
    );
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  values(): T[] {
    return [...this.entries.values()];
  }

  /** The known name nearest in spelling, when near enough to be a slip (at most a third of its letters changed). */
  private nearest(name: string): string | undefined {
    if (name.length > 80) return undefined;
    let best: { name: string; distance: number } | undefined;
    for (const known of this.entries.keys()) {
      const distance = editDistance(name, known);
      if (distance <= Math.max(1, Math.floor(known.length / 3)) && (!best || distance < best.distance)) {
        best = { name: known, distance };
      }
    }
    return best?.name;
  }
}
