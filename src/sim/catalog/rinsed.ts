/**
 * Classes that take CLEAN and DIRTY only so that they can be rinsed, as ALFRED's clean tasks rinse a tomato, a
 * lettuce, a soap bar or a sponge: they start CLEAN, and the home generator never leaves one DIRTY (nobody leaves a
 * dirty tomato about; it also keeps every generated home as it was before these classes could be washed).
 */
import type { ClassDef } from './types.js';

export const RINSED_ONLY: Pick<ClassDef, 'extraStates' | 'rinsedOnly'> = {
  extraStates: ['CLEAN', 'DIRTY'],
  rinsedOnly: true,
};
