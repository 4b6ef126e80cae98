/**
 * Demonstrations files: JSON Lines, a header line then one demonstration per line, written in a canonical form
 * (fixed key order) so that regenerating them gives the same bytes. Reading validates every line with a schema and
 * names the file and line of the first fault.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../../util/errors.js';
import { promptsDir } from '../prompting/templates.js';
import {
  DEMONSTRATIONS_FORMAT,
  DEMONSTRATIONS_VERSION,
  type Demonstration,
  type DemonstrationsHeader,
} from './types.js';

const name = z.string().min(1);

const headerSchema = z.strictObject({
  format: z.literal(DEMONSTRATIONS_FORMAT),
  version: z.literal(DEMONSTRATIONS_VERSION),
  domain: name,
  homes: z.array(name),
  count: z.number().int().min(0),
  generator: z.string(),
});

const demonstrationSchema = z.strictObject({
  id: name,
  domain: name,
  home: name,
  instructions: z.array(name).min(1),
  startRoom: name,
  visible: z.array(name),
  facts: z.array(name),
  steps: z
    .array(
      z.strictObject({
        action: name,
        objects: z.array(name),
        room: name,
      }),
    )
    .min(1),
});

export interface DemonstrationsFile {
  readonly header: DemonstrationsHeader;
  readonly demonstrations: readonly Demonstration[];
}

/** The shipped demonstrations of a domain: `prompts/demonstrations/<domain>.jsonl`. */
export function defaultDemonstrationsPath(domain: string, dir: string = promptsDir()): string {
  return join(dir, 'demonstrations', `${domain}.jsonl`);
}

export function readDemonstrations(file: string): DemonstrationsFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError('cannot read the demonstrations file (build it with `npm run demos`)', { file });
  }
  const lines = text.split('\n');
  const parseLine = <T>(index: number, schema: z.ZodType<T>): T => {
    let value: unknown;
    try {
      value = JSON.parse(lines[index]);
    } catch (error) {
      throw new InputError(`invalid JSON (${error instanceof Error ? error.message : error})`, {
        file,
        line: index + 1,
      });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputError(`${issue.path.join('.') || 'line'}: ${issue.message}`, { file, line: index + 1 });
    }
    return parsed.data;
  };
  if (lines[0] === undefined || lines[0].trim() === '') throw new InputError('empty demonstrations file', { file });
  const header = parseLine(0, headerSchema) as DemonstrationsHeader;
  const demonstrations: Demonstration[] = [];
  const ids = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const demo = parseLine(i, demonstrationSchema);
    if (ids.has(demo.id)) throw new InputError(`duplicate demonstration id '${demo.id}'`, { file, line: i + 1 });
    if (demo.domain !== header.domain) {
      throw new InputError(`demonstration of domain '${demo.domain}' in a '${header.domain}' file`, {
        file,
        line: i + 1,
      });
    }
    ids.add(demo.id);
    demonstrations.push(demo);
  }
  if (demonstrations.length !== header.count) {
    throw new InputError(`header says ${header.count} demonstrations, the file holds ${demonstrations.length}`, {
      file,
      line: 1,
    });
  }
  return { header, demonstrations };
}

/** The file's text: canonical key order, one line each, a final newline. */
export function formatDemonstrations(header: DemonstrationsHeader, demonstrations: readonly Demonstration[]): string {
  const head = {
    format: header.format,
    version: header.version,
    domain: header.domain,
    homes: header.homes,
    count: header.count,
    generator: header.generator,
  };
  const rows = demonstrations.map((d) =>
    JSON.stringify({
      id: d.id,
      domain: d.domain,
      home: d.home,
      instructions: d.instructions,
      startRoom: d.startRoom,
      visible: d.visible,
      facts: d.facts,
      steps: d.steps.map((s) => ({ action: s.action, objects: s.objects, room: s.room })),
    }),
  );
  return `${[JSON.stringify(head), ...rows].join('\n')}\n`;
}

export function writeDemonstrations(
  file: string,
  header: DemonstrationsHeader,
  demonstrations: readonly Demonstration[],
): void {
  writeFileSync(file, formatDemonstrations(header, demonstrations));
}
