/**
 * Skills as the text a model reads and writes, and that text read back:
 * - phrases (`walk to kitchen.10`, `put mug.31 in microwave.40`): SayCan's options, ZSP's admissible actions,
 *   LLM-Planner's plan steps, the demonstrations;
 * - calls (`putin('mug.31', 'microwave.40')`): ProgPrompt's program lines.
 * `parseSkillText` reads either form (and `(walk, kitchen.10)` pairs) with a small grammar: the action must be one of
 * the skill set's and every object must resolve to a known node, or the text is rejected with the reason.
 */
import type { Skill } from '../../sim/skill.js';
import { registerCache } from '../../util/caches.js';
import type { ObjectNames } from './object-names.js';

/** `{0}`, `{1}` are the skill's objects. */
export type PhraseTable = Readonly<Record<string, string>>;

const VIRTUALHOME_PHRASES: PhraseTable = {
  walk: 'walk to {0}',
  grab: 'grab {0}',
  switchon: 'switch on {0}',
  switchoff: 'switch off {0}',
  put: 'put {0} on {1}',
  putin: 'put {0} in {1}',
  open: 'open {0}',
  close: 'close {0}',
};

const ALFRED_PHRASES: PhraseTable = {
  goto: 'go to {0}',
  pickup: 'pick up {0}',
  toggle: 'toggle {0}',
  put: 'put {0} in {1}',
  open: 'open {0}',
  close: 'close {0}',
};

/** The city's (ExRAP B.3): a turn names the road it leads onto. */
const CITY_PHRASES: PhraseTable = {
  turnleft: 'turn left onto {0}',
  turnright: 'turn right onto {0}',
  gostraight: 'go straight onto {0}',
  load: 'load {0}',
  unload: 'unload {0} at {1}',
};

const PHRASES_BY_SKILL_SET: Readonly<Record<string, PhraseTable>> = {
  virtualhome: VIRTUALHOME_PHRASES,
  alfred: ALFRED_PHRASES,
  city: CITY_PHRASES,
};

/** The phrase table of a skill set (by its name); actions it lacks read as `<action> {0} {1}`. */
export function phrasesFor(skillSet: string, actions: readonly string[]): PhraseTable {
  const known = PHRASES_BY_SKILL_SET[skillSet] ?? {};
  const table: Record<string, string> = {};
  for (const action of actions) table[action] = known[action] ?? `${action} {0} {1}`;
  return table;
}

/** A skill as a phrase, objects named by `name` (e.g. `ObjectNames.name`). */
export function skillPhrase(skill: Skill, phrases: PhraseTable, name: (id: number) => string): string {
  return actionPhrase(skill.action, skill.objects.map(name), phrases);
}

/** An action on named objects as a phrase: `put mug.31 in microwave.40`. */
export function actionPhrase(action: string, objects: readonly string[], phrases: PhraseTable): string {
  const pattern = phrases[action] ?? `${action} {0} {1}`;
  return pattern
    .replace(/\{(\d)\}/g, (_, i: string) => objects[Number(i)] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A skill as a ProgPrompt call: `putin('mug.31', 'microwave.40')`. */
export function skillCall(skill: Skill, name: (id: number) => string): string {
  return actionCall(skill.action, skill.objects.map(name));
}

export function actionCall(action: string, objects: readonly string[]): string {
  return `${action}(${objects.map((o) => `'${o}'`).join(', ')})`;
}

export type ParsedSkill = { ok: true; skill: Skill } | { ok: false; reason: string };

/**
 * Reads one step of model output as a skill. Accepted forms, after list markers (`1.`, `-`, `Step 3:`) and a
 * trailing period are dropped:
 * - a phrase of the table (`Walk to the kitchen.10`), case and articles ignored;
 * - a call `walk('kitchen.10')` / `walk(kitchen)`;
 * - a pair `(walk, kitchen.10)`.
 * Objects resolve through `names` (an entity name, or a class meaning the nearest known instance).
 */
export function parseSkillText(text: string, phrases: PhraseTable, names: ObjectNames): ParsedSkill {
  const line = stripStepMarker(text);
  if (line === '') return { ok: false, reason: 'empty step' };
  const call = /^\(?\s*([a-z_][a-z0-9_]*)\s*(?:\(\s*(.*?)\s*\)|,\s*(.*?)\s*\))$/i.exec(line);
  if (call) {
    const action = call[1].toLowerCase();
    const args = (call[2] ?? call[3] ?? '').split(',').map((a) => a.trim().replace(/^['"]|['"]$/g, ''));
    return resolveSkill(action, args[0] === '' ? [] : args, phrases, names, line);
  }
  for (const [action, pattern] of Object.entries(phrases)) {
    const match = phraseRegex(pattern).exec(line);
    if (match) return resolveSkill(action, match.slice(1), phrases, names, line);
  }
  return { ok: false, reason: `"${line}" is not a skill (${Object.keys(phrases).join(', ')})` };
}

function resolveSkill(
  action: string,
  args: readonly string[],
  phrases: PhraseTable,
  names: ObjectNames,
  line: string,
): ParsedSkill {
  if (!Object.hasOwn(phrases, action)) {
    return { ok: false, reason: `"${line}": unknown action '${action}' (${Object.keys(phrases).join(', ')})` };
  }
  const arity = (phrases[action].match(/\{\d\}/g) ?? []).length;
  if (args.length !== arity) {
    return { ok: false, reason: `"${line}": ${action} takes ${arity} object(s), got ${args.length}` };
  }
  const objects: number[] = [];
  for (const arg of args) {
    const id = names.resolve(arg);
    if (id === undefined) return { ok: false, reason: `"${line}": no known object '${arg}'` };
    objects.push(id);
  }
  return { ok: true, skill: { action, objects } };
}

const regexCache = new Map<string, RegExp>();
registerCache('prompts: skill phrase patterns', () => regexCache.clear());

/** `put {0} in {1}` -> /^put\s+(?:the\s+)?(.+?)\s+in\s+(?:the\s+)?(.+?)$/i */
function phraseRegex(pattern: string): RegExp {
  let regex = regexCache.get(pattern);
  if (!regex) {
    const parts = pattern
      .trim()
      .split(/\s+/)
      .map((word) => (/^\{\d\}$/.test(word) ? '(?:(?:the|a|an)\\s+)?(.+?)' : escapeRegex(word)));
    regex = new RegExp(`^${parts.join('\\s+')}$`, 'i');
    regexCache.set(pattern, regex);
  }
  return regex;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Drops list markers and a trailing period: `Step 3: walk to kitchen.` -> `walk to kitchen`. */
export function stripStepMarker(text: string): string {
  return text
    .trim()
    .replace(/^(?:step\s*\d+\s*[:.)-]?|\d+\s*[.):-]|[-*•]|robot\s*:|next\s+(?:step|plans?)\s*:)\s*/i, '')
    .replace(/[.;!]+$/, '')
    .trim();
}
