/**
 * Reading and writing VirtualHome's native graph JSON (`{nodes: [...], edges: [...]}`), plain or gzip-compressed,
 * with validation that names the file, the node and the value at fault.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { InputError } from '../util/errors.js';
import { parseJsonText } from '../util/json-text.js';
import { type BoundingBox, EnvGraph } from './graph.js';
import {
  isProperty,
  isRelation,
  isState,
  PROPERTIES,
  type Property,
  RELATIONS,
  type Relation,
  ROOM_CATEGORY,
  STATES,
  type State,
} from './vocabulary.js';

/** The node shape of VirtualHome's JSON files. */
export interface NodeJson {
  id: number;
  class_name: string;
  category: string;
  properties: string[];
  states: string[];
  prefab_name?: string;
  bounding_box?: BoundingBox | null;
  [extra: string]: unknown;
}

export interface EdgeJson {
  from_id: number;
  relation_type: string;
  to_id: number;
}

export interface GraphJson {
  nodes: NodeJson[];
  edges: EdgeJson[];
}

export interface GraphLoadOptions {
  /** Name used in error messages (defaults to the file path, or `<graph>`). */
  source?: string;
  /** Check that every non-room node lies in a room (default true). */
  requireRooms?: boolean;
}

const KNOWN_NODE_KEYS = new Set([
  'id',
  'class_name',
  'category',
  'properties',
  'states',
  'prefab_name',
  'bounding_box',
]);

/** Reads a graph file (`.json` or `.json.gz`). */
export function loadGraph(path: string, options: GraphLoadOptions = {}): EnvGraph {
  const source = options.source ?? path;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new InputError(`cannot read graph file: ${(error as NodeJS.ErrnoException).code ?? error}`, {
      file: source,
    });
  }
  return parseGraphText(decodeGraphBytes(bytes, source), { ...options, source });
}

/** Gunzips when the bytes carry the gzip magic number, so a file's extension need not be trusted. */
export function decodeGraphBytes(bytes: Buffer, source = '<graph>'): string {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes).toString('utf8');
    } catch (error) {
      throw new InputError(`not a valid gzip file (${(error as Error).message})`, { file: source });
    }
  }
  return bytes.toString('utf8');
}

export function parseGraphText(text: string, options: GraphLoadOptions = {}): EnvGraph {
  const source = options.source ?? '<graph>';
  // Parsed without quoting the text in errors: a job or a stored episode may name this file (docs/security.md).
  return graphFromJson(parseJsonText(text, { file: source }), { ...options, source });
}

/** Builds a graph from parsed JSON, validating every node and edge. Duplicate edges are dropped. */
export function graphFromJson(data: unknown, options: GraphLoadOptions = {}): EnvGraph {
  const source = options.source ?? '<graph>';
  const fail = (message: string): never => {
    throw new InputError(message, { file: source });
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail('a graph must be a JSON object with "nodes" and "edges"');
  }
  const { nodes, edges } = data as { nodes?: unknown; edges?: unknown };
  if (!Array.isArray(nodes)) return fail('"nodes" must be an array');
  if (!Array.isArray(edges)) return fail('"edges" must be an array');

  const graph = new EnvGraph();
  nodes.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null) fail(`nodes[${index}] is not an object`);
    const n = raw as Record<string, unknown>;
    const label = `node ${typeof n.id === 'number' ? n.id : `at nodes[${index}]`}`;
    if (typeof n.id !== 'number' || !Number.isInteger(n.id))
      fail(`${label}: "id" must be an integer, got ${show(n.id)}`);
    if (typeof n.class_name !== 'string' || n.class_name === '') {
      fail(`${label}: "class_name" must be a non-empty string, got ${show(n.class_name)}`);
    }
    if (n.category !== undefined && typeof n.category !== 'string') {
      fail(`${label}: "category" must be a string, got ${show(n.category)}`);
    }
    const properties = checkNames(
      n.properties ?? [],
      isProperty,
      PROPERTIES,
      `${label} (${n.class_name})`,
      'property',
      fail,
    );
    const states = checkNames(n.states ?? [], isState, STATES, `${label} (${n.class_name})`, 'state', fail);
    if (n.bounding_box !== undefined && n.bounding_box !== null && !isBoundingBox(n.bounding_box)) {
      fail(`${label}: "bounding_box" must be {"center": [x, y, z], "size": [x, y, z]} or null`);
    }
    if (graph.has(n.id as number)) {
      // VirtualHome keeps the last of duplicate ids; a silent overwrite would hide broken data, so say so.
      fail(`${label}: duplicate node id`);
    }
    const extra: Record<string, unknown> = {};
    let hasExtra = false;
    for (const key of Object.keys(n)) {
      if (!KNOWN_NODE_KEYS.has(key)) {
        extra[key] = n[key];
        hasExtra = true;
      }
    }
    graph.addNode({
      id: n.id as number,
      className: n.class_name as string,
      category: (n.category as string | undefined) ?? '',
      properties: properties as Property[],
      states: states as State[],
      prefabName: typeof n.prefab_name === 'string' ? n.prefab_name : undefined,
      boundingBox: (n.bounding_box as BoundingBox | null | undefined) ?? undefined,
      extra: hasExtra ? extra : undefined,
    });
  });

  edges.forEach((raw, index) => {
    if (typeof raw !== 'object' || raw === null) fail(`edges[${index}] is not an object`);
    const e = raw as Record<string, unknown>;
    // Built only on failure: a graph has thousands of edges.
    const label = () => `edge ${index} (${show(e.from_id)} ${show(e.relation_type)} ${show(e.to_id)})`;
    if (typeof e.relation_type !== 'string' || !isRelation(e.relation_type.toUpperCase())) {
      fail(`${label()}: unknown relation ${show(e.relation_type)} (known: ${RELATIONS.join(', ')})`);
    }
    for (const end of ['from_id', 'to_id'] as const) {
      if (typeof e[end] !== 'number' || !graph.has(e[end] as number)) {
        fail(`${label()}: ${end} ${show(e[end])} is not a node of the graph`);
      }
    }
    graph.addEdge(e.from_id as number, (e.relation_type as string).toUpperCase() as Relation, e.to_id as number);
  });

  if (options.requireRooms !== false) {
    for (const node of graph.nodes()) {
      if (node.category !== ROOM_CATEGORY && graph.roomOf(node.id) === undefined) {
        fail(`node ${node.id} (${node.className}) is not INSIDE any room`);
      }
    }
  }
  return graph;
}

function checkNames(
  value: unknown,
  isKnown: (name: string) => boolean,
  known: readonly string[],
  label: string,
  kind: string,
  fail: (message: string) => never,
): string[] {
  if (!Array.isArray(value)) return fail(`${label}: ${kind === 'property' ? 'properties' : 'states'} must be an array`);
  const out: string[] = [];
  for (const item of value) {
    const name = typeof item === 'string' ? item.toUpperCase() : undefined;
    if (name === undefined || !isKnown(name)) {
      fail(`${label}: unknown ${kind} ${show(item)} (known: ${known.join(', ')})`);
    }
    if (!out.includes(name as string)) out.push(name as string);
  }
  return out;
}

/** A value of the file, for a message: cut short (a graph file may come from a job or a store). */
function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isBoundingBox(value: unknown): value is BoundingBox {
  const triple = (v: unknown) => Array.isArray(v) && v.length === 3 && v.every((x) => Number.isFinite(x));
  const box = value as Partial<BoundingBox>;
  return typeof value === 'object' && value !== null && triple(box.center) && triple(box.size);
}

/** The graph in VirtualHome's JSON shape (node order and extra keys preserved). */
export function graphToJson(graph: EnvGraph): GraphJson {
  const nodes: NodeJson[] = [];
  for (const node of graph.nodes()) {
    const json: NodeJson = {
      id: node.id,
      class_name: node.className,
      category: node.category,
      properties: [...node.properties],
      states: [...node.states],
    };
    if (node.prefabName !== undefined) json.prefab_name = node.prefabName;
    if (node.boundingBox !== undefined) json.bounding_box = node.boundingBox;
    if (node.extra) Object.assign(json, node.extra);
    nodes.push(json);
  }
  const edges: EdgeJson[] = [];
  for (const [from_id, relation_type, to_id] of graph.edges()) edges.push({ from_id, relation_type, to_id });
  return { nodes, edges };
}

/** Writes a graph; gzip-compressed when the path ends in `.gz`. */
export function saveGraph(graph: EnvGraph, path: string): void {
  const text = JSON.stringify(graphToJson(graph));
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(text) : text);
}
