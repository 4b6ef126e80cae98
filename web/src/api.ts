/**
 * Talking to `hearth serve`: JSON requests that fail with the server's one-line message, a hook that loads an
 * address and loads it again when the store changes, and the store's change notifications (one event stream shared by
 * every component).
 */
import { useCallback, useEffect, useState } from 'preact/hooks';

export class ApiError extends Error {}

async function parse<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new ApiError(body.error ?? `${response.status} ${response.statusText}`);
  return body as T;
}

export async function getJson<T>(path: string): Promise<T> {
  return parse<T>(await fetch(path, { headers: { accept: 'application/json' } }));
}

export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  return parse<T>(
    await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
}

type Listener = () => void;
const listeners = new Set<Listener>();
let source: EventSource | undefined;

/** Calls `listener` whenever the store changes (a run in another terminal stored episodes). */
function onStoreChange(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) {
    source = new EventSource('/api/live');
    source.addEventListener('change', () => {
      for (const each of listeners) each();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = undefined;
    }
  };
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `path` (null: nothing yet); with `live`, again after each change of the store. A later answer replaces the
 * data only when it is for the address still wanted.
 */
export function useApi<T>(path: string | null, options: { live?: boolean } = {}): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; data?: T; error?: string; loading: boolean }>({
    path,
    loading: path !== null,
  });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (!options.live) return undefined;
    return onStoreChange(reload);
  }, [options.live, reload]);
  useEffect(() => {
    if (path === null) return undefined;
    let current = true;
    setState((old) => ({ ...old, path, loading: true }));
    getJson<T>(path).then(
      (data) => current && setState({ path, data, loading: false }),
      (error: Error) => current && setState({ path, error: error.message, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [path, version]);
  const fresh = state.path === path;
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : undefined,
    loading: state.loading || !fresh,
    reload,
  };
}
