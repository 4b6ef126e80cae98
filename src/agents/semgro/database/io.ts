/**
 * Skill database files: JSON lines, the header first (`DatabaseHeader`: format, version, training home, seed,
 * builder, level sizes), then one entry per line, level by level (`{"id":1,"level":1,"text":"walk apple",
 * "objects":["apple"],"plan":[]}`). A file that is not one (another format, a newer version, a broken line, an entry
 * whose plan names a missing entry or one not on the level below, a level-1 text that is not a primitive) is an
 * InputError naming the file, the line and the value.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { InputError } from '../../../util/errors.js';
import { parsePrimitive } from '../primitives.js';
import {
  DATABASE_FORMAT,
  DATABASE_VERSION,
  type DatabaseHeader,
  LEVELS,
  SkillDatabase,
  type SkillEntry,
} from './database.js';

export function databaseText(database: SkillDatabase): string {
  const lines = [JSON.stringify(database.header), ...database.entries.map((e) => JSON.stringify(e))];
  return `${lines.join('\n')}\n`;
}

export function writeDatabase(file: string, database: SkillDatabase): void {
  writeFileSync(file, databaseText(database));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Reads a database from its text (`file` names it in errors). */
export function parseDatabase(text: string, file: string): SkillDatabase {
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const fail = (line: number, message: string): never => {
    throw new InputError(message, { file, line });
  };
  const json = (line: number): unknown => {
    try {
      return JSON.parse(lines[line - 1]);
    } catch {
      return fail(line, `not JSON: ${JSON.stringify(lines[line - 1].slice(0, 60))}`);
    }
  };
  if (lines.length === 0) fail(1, 'empty file: not a SemGro skill database');
  const header = json(1);
  if (!isObject(header) || header.format !== DATABASE_FORMAT) {
    const format = isObject(header) ? JSON.stringify(header.format ?? null) : 'none';
    fail(1, `not a SemGro skill database (format ${format}, expected "${DATABASE_FORMAT}")`);
  }
  const h = header as Record<string, unknown>;
  if (h.version !== DATABASE_VERSION) {
    fail(1, `skill database version ${JSON.stringify(h.version)}, this hearth reads version ${DATABASE_VERSION}`);
  }
  if (typeof h.home !== 'string' || typeof h.seed !== 'number' || typeof h.builder !== 'string') {
    fail(1, 'the header needs home (text), seed (number) and builder (text)');
  }
  const entries: SkillEntry[] = [];
  const byId = new Map<number, SkillEntry>();
  for (let line = 2; line <= lines.length; line++) {
    const raw = json(line);
    if (!isObject(raw)) fail(line, 'an entry must be a JSON object');
    const entry = raw as Record<string, unknown>;
    const { id, level, text, objects, plan } = entry;
    if (!Number.isInteger(id) || (id as number) < 1)
      fail(line, `entry id must be a positive integer, got ${JSON.stringify(id)}`);
    if (byId.has(id as number)) fail(line, `entry id ${id} appears twice`);
    if (!Number.isInteger(level) || (level as number) < 1 || (level as number) > LEVELS) {
      fail(line, `entry ${id}: level must be 1 to ${LEVELS}, got ${JSON.stringify(level)}`);
    }
    if (typeof text !== 'string' || text.trim() === '') fail(line, `entry ${id}: text must be a non-empty string`);
    if (!isStringArray(objects)) fail(line, `entry ${id}: objects must be a list of class names`);
    if (!Array.isArray(plan) || !plan.every((p) => Number.isInteger(p)))
      fail(line, `entry ${id}: plan must be a list of entry ids`);
    const children = plan as number[];
    if (level === 1) {
      if (children.length > 0) fail(line, `entry ${id}: a level-1 skill has no plan`);
      if (!parsePrimitive(text as string))
        fail(line, `entry ${id}: '${text}' is not a primitive skill (e.g. "put apple fridge")`);
    } else {
      if (children.length === 0) fail(line, `entry ${id}: a level-${level} skill needs a plan`);
      for (const child of children) {
        const below = byId.get(child);
        if (!below) fail(line, `entry ${id}: its plan names entry ${child}, which is not on a line above`);
        if (below!.level !== (level as number) - 1) {
          fail(
            line,
            `entry ${id}: its plan names entry ${child} of level ${below!.level}, not ${(level as number) - 1}`,
          );
        }
      }
    }
    const made: SkillEntry = {
      id: id as number,
      level: level as number,
      text: text as string,
      objects: objects as string[],
      plan: children,
    };
    entries.push(made);
    byId.set(made.id, made);
  }
  const sizes = Array.from({ length: LEVELS }, (_, i) => entries.filter((e) => e.level === i + 1).length);
  const stated = h.levels;
  if (!Array.isArray(stated) || stated.length !== LEVELS || stated.some((n, i) => n !== sizes[i])) {
    fail(1, `the header's level sizes ${JSON.stringify(stated)} do not match the entries (${JSON.stringify(sizes)})`);
  }
  return new SkillDatabase(h as unknown as DatabaseHeader, entries);
}

export function readDatabase(file: string): SkillDatabase {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError('cannot read the skill database', { file });
  }
  return parseDatabase(text, file);
}
