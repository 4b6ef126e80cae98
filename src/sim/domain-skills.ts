/**
 * The skill set of a protocol domain in a world: the fixed VirtualHome and ALFRED-like sets, or the city's, which is
 * made from the city's road map (`citySkillSet`).
 */
import { citySkillSet } from './city/skills.js';
import type { EnvGraph } from './graph.js';
import { SKILL_SETS, type SkillSet } from './skill-sets.js';

export function skillSetFor(domain: string, world: EnvGraph): SkillSet {
  if (domain === 'city') return citySkillSet(world);
  const set = SKILL_SETS[domain];
  if (!set) throw new RangeError(`no skill set for domain ${JSON.stringify(domain)}`);
  return set;
}
