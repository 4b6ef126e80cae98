/**
 * ExRAP's task directives in words, for the LLM roles' prompts: a query as a yes/no question ("Is any tv off?"),
 * an execution as a command ("make every tv on"), retrieved quadruples as lines, skills as phrases. Conditions of
 * the shapes the interpreters produce get plain sentences; anything else is described generically.
 */
import { formatQuadruples, type Quadruple } from '../../../memory/quadruple.js';
import { type Condition, describeCondition, type Quantifier } from '../../../sim/conditions.js';
import type { Skill } from '../../../sim/skill.js';
import { type PhraseTable, phrasesFor, skillPhrase } from '../../prompting/skill-text.js';
import type { ExrapMemory } from '../memory.js';
import type { ExrapStep } from '../roles.js';

const classes = (list: readonly string[]) => list.join(' or ');
/** A quantifier's things: `tv`, `bookshelf in the bedroom`, `book book.24` (a reading narrowed to one thing). */
const things = (q: Quantifier) => {
  const room = q.room === undefined ? '' : ` in the ${q.room.replace(/_/g, ' ')}`;
  const only = q.only === undefined ? '' : ` ${q.only.map((id) => `${q.classes[0]}.${id}`).join(' or ')}`;
  return `${classes(q.classes)}${only}${room}`;
};
const relationWord = (relation: string) => (relation === 'INSIDE' ? 'in' : relation.toLowerCase().replace(/_/g, ' '));

/** `every tv is on`, `every book is on some bookshelf`, or undefined for other shapes. */
function universalSentence(c: Condition): { subject: string; predicate: string } | undefined {
  if (c.kind !== 'forall') return undefined;
  const inner = c.condition;
  if (inner.kind === 'state') return { subject: things(c), predicate: inner.state.toLowerCase() };
  if (inner.kind === 'exists' && inner.condition.kind === 'edge') {
    return {
      subject: things(c),
      predicate: `${relationWord(inner.condition.relation)} a ${things(inner)}`,
    };
  }
  return undefined;
}

/** A query as a yes/no question. */
export function questionText(condition: Condition): string {
  if (condition.kind === 'exists' && condition.condition.kind === 'state') {
    return `Is any ${things(condition)} ${condition.condition.state.toLowerCase()}?`;
  }
  if (condition.kind === 'not') {
    const sentence = universalSentence(condition.condition);
    if (sentence) return `Is some ${sentence.subject} not ${sentence.predicate}?`;
  }
  return `Does this hold: ${describeCondition(condition)}?`;
}

/** An execution as a command. */
export function commandText(goal: Condition): string {
  if (goal.kind === 'exists' && goal.condition.kind === 'state') {
    return `make some ${things(goal)} ${goal.condition.state.toLowerCase()}`;
  }
  const sentence = universalSentence(goal);
  if (sentence) {
    return sentence.predicate.includes(' a ')
      ? `put every ${sentence.subject} ${sentence.predicate}`
      : `make every ${sentence.subject} ${sentence.predicate}`;
  }
  return `make this hold: ${describeCondition(goal)}`;
}

/** Retrieved quadruples, one per line, or a note that nothing was retrieved. */
export function memoryLines(quadruples: readonly Quadruple[]): string {
  return quadruples.length > 0 ? formatQuadruples(quadruples) : '(nothing remembered about this yet)';
}

/** Skill phrases with the memory's entity names (`walk to kitchen.1`, `switch on tv.63`). */
export class SkillWords {
  private readonly phrases: PhraseTable;

  constructor(step: Pick<ExrapStep, 'skills'>) {
    this.phrases = phrasesFor(step.skills.name, step.skills.actions);
  }

  get table(): PhraseTable {
    return this.phrases;
  }

  phrase(skill: Skill, memory: ExrapMemory): string {
    return skillPhrase(skill, this.phrases, (id) => memory.entityOf(id) ?? `thing.${id}`);
  }
}
