/**
 * What carrying out (part of) a skill has done, in the database's terms: the texts of the skill and of every skill
 * of its plan, down to level 1, whose chain segment ran to its end, in the order they finished (a skill after the
 * skills of its plan). The offline generator aligns in-context examples of any level with this list.
 */
import type { SkillDatabase } from './database/database.js';

/** The texts completed when the first `ran` level-1 skills of entry `id`'s chain have run. */
export function completedTexts(database: SkillDatabase, id: number, ran: number): string[] {
  const out: string[] = [];
  const visit = (entryId: number, start: number): number => {
    const entry = database.get(entryId);
    let end = start;
    if (entry.level === 1) end = start + 1;
    else for (const child of entry.plan) end = visit(child, end);
    if (end <= ran) out.push(entry.text);
    return end;
  };
  visit(id, 0);
  return out;
}

/** The text of the last level-1 skill of entry `id`'s chain (the step that completes it: "put bananas kitchentable"). */
export function lastStepText(database: SkillDatabase, id: number): string {
  let entry = database.get(id);
  while (entry.level > 1 && entry.plan.length > 0) entry = database.get(entry.plan[entry.plan.length - 1]);
  return entry.text;
}
