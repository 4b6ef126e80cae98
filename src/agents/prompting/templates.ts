/**
 * Prompt templates are files in the repository's `prompts/` folder (shipped with the package), read at run time so
 * that a researcher can read, diff and change every word a method sends to a model without touching code. A
 * template is plain text with `{{name}}` slots; code fills the slots with text it has built (instructions, observed
 * objects, retrieved memory, demonstrations rendered with their own template).
 *
 * `HEARTH_PROMPTS_DIR` (or the `dir` argument) points at another folder with the same layout, to try prompt
 * variants without editing the installed package. Every template has a `version` (a hash of its text) that runs
 * record, so results made with different prompts are never mixed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerCache } from '../../util/caches.js';
import { InputError, lineColumnAt } from '../../util/errors.js';

/** The `prompts/` folder of the package (from `src/agents/prompting` or `dist/agents/prompting`, three levels up). */
export const PACKAGE_PROMPTS_DIR = fileURLToPath(new URL('../../../prompts/', import.meta.url));

export function promptsDir(env: Record<string, string | undefined> = process.env): string {
  const override = env.HEARTH_PROMPTS_DIR;
  return override !== undefined && override !== '' ? resolve(override) : PACKAGE_PROMPTS_DIR;
}

export interface PromptTemplate {
  /** Path inside the prompts folder, without extension, e.g. `saycan/prompt`. */
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** The slot names, in order of first appearance. */
  readonly slots: readonly string[];
  /** First 12 hex digits of the SHA-256 of the text. */
  readonly version: string;
}

const SLOT = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g;
const cache = new Map<string, PromptTemplate>();
registerCache('prompts: templates', () => cache.clear());

/** Reads `<dir>/<name>.txt` (cached per file). A missing file is an `InputError` naming it. */
export function loadTemplate(name: string, dir: string = promptsDir()): PromptTemplate {
  const file = join(dir, `${name}.txt`);
  const cached = cache.get(file);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError(`prompt template '${name}' not found (set HEARTH_PROMPTS_DIR to a folder holding it)`, {
      file,
    });
  }
  // Files end with a newline by convention; the prompt does not (a completion-style prompt ends mid-line).
  const template = parseTemplate(name, text.replace(/\r\n/g, '\n').replace(/\n$/, ''), file);
  cache.set(file, template);
  return template;
}

/** A template from text (for tests and for callers that build prompts from strings). */
export function parseTemplate(name: string, text: string, file = `${name}.txt`): PromptTemplate {
  const slots: string[] = [];
  for (const match of text.matchAll(/\{\{[^{}]*\}\}|\{\{|\}\}/g)) {
    const slot = /^\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}$/.exec(match[0]);
    if (!slot) {
      throw new InputError(`malformed slot ${JSON.stringify(match[0])} (write {{name}}, a letter first)`, {
        file,
        ...lineColumnAt(text, match.index ?? 0),
      });
    }
    if (!slots.includes(slot[1])) slots.push(slot[1]);
  }
  const version = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { name, file, text, slots, version };
}

/**
 * Fills every slot. A slot without a value is an `InputError` naming the template's file and line (a prompt file
 * asking for something the method does not provide); values the template does not use are ignored, so that a
 * prompt variant may leave information out. Runs of three or more newlines (from empty slots) become two.
 */
export function renderTemplate(template: PromptTemplate, values: Readonly<Record<string, string>>): string {
  for (const slot of template.slots) {
    if (!Object.hasOwn(values, slot)) {
      const at = template.text.search(new RegExp(`\\{\\{\\s*${slot}\\s*\\}\\}`));
      const known = Object.keys(values).sort().join(', ');
      throw new InputError(`unknown slot {{${slot}}} (this prompt can use: ${known || 'none'})`, {
        file: template.file,
        line: lineColumnAt(template.text, at).line,
      });
    }
  }
  return template.text.replace(SLOT, (_, slot: string) => values[slot]).replace(/\n{3,}/g, '\n\n');
}

/** The templates a method uses, loaded together, and one version string for all of them. */
export class PromptSet<Names extends string> {
  readonly templates: Readonly<Record<Names, PromptTemplate>>;
  /** `name@version` of every template, sorted, joined by spaces: record it with results. */
  readonly version: string;

  constructor(paths: Readonly<Record<Names, string>>, dir: string = promptsDir()) {
    const templates = {} as Record<Names, PromptTemplate>;
    for (const key of Object.keys(paths).sort() as Names[]) templates[key] = loadTemplate(paths[key], dir);
    this.templates = templates;
    this.version = Object.values<PromptTemplate>(templates)
      .map((t) => `${t.name}@${t.version}`)
      .sort()
      .join(' ');
  }

  render(name: Names, values: Readonly<Record<string, string>>): string {
    return renderTemplate(this.templates[name], values);
  }
}
