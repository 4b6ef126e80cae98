/**
 * The last few episode views, as the JSON sent: replaying a long trace takes a tenth of a second or more, and a user
 * going back and forth between a run and its episodes asks for the same ones again. Keys say what the view was built
 * from, so a view is never served for a changed source.
 */
export class ViewCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly size = 8) {}

  get(key: string, build: () => unknown): string {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const json = JSON.stringify(build());
    this.entries.set(key, json);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }
}
