/**
 * A skill: one high-level action with its object ids, the unit agents choose and planners produce, e.g.
 * `{ action: 'putin', objects: [12, 40] }`. A protocol's skill set maps it onto simulator actions.
 */
export interface Skill {
  readonly action: string;
  readonly objects: readonly number[];
}

/** The skill as a VirtualHome script line, e.g. `[putin] <mug> (12) <microwave> (40)`. */
export function formatSkill(skill: Skill, className: (id: number) => string | undefined = () => undefined): string {
  const args = skill.objects.map((id) => `<${className(id) ?? 'object'}> (${id})`).join(' ');
  return args ? `[${skill.action}] ${args}` : `[${skill.action}]`;
}

export const sameSkill = (a: Skill, b: Skill): boolean =>
  a.action === b.action && a.objects.length === b.objects.length && a.objects.every((id, i) => id === b.objects[i]);
