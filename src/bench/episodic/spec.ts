/**
 * The episodic protocol's episode spec (`spec-schema.ts`): agent, home, task and its family, and the run's settings
 * that reach episodes (execution noise, a step cap, SemGro's training home off its families, a dialogue file, a
 * learning memory, the model). Files a spec can name: a home's or the training home's graph file, a dialogue file,
 * a learning memory (which a handed spec may not name: `refuseLearning`).
 */
import { z } from 'zod';
import { homeFile } from '../../sim/scenes/homes.js';
import { InputError } from '../../util/errors.js';
import { episodeLlmSchema } from '../llm.js';
import type { EpisodeSpec } from '../protocol.js';
import { agentName, filePath, homeSpec, MAX_EPISODE_STEPS, type SpecFile, specSchema } from '../spec-schema.js';
import { DATA_FAMILIES, FILE_FAMILIES, NAMED_FAMILIES, TASK_FAMILIES } from './task.js';

const FAMILIES = [...TASK_FAMILIES, ...NAMED_FAMILIES, ...DATA_FAMILIES, ...FILE_FAMILIES] as const;

export const EPISODIC_SPEC = specSchema({
  agent: agentName,
  home: homeSpec,
  task: z.string().min(1).max(512),
  family: z.enum(FAMILIES),
  slip: z.number().min(0).lt(1).optional(),
  maxSteps: z.number().int().min(1).max(MAX_EPISODE_STEPS).optional(),
  semgroTrain: homeSpec.optional(),
  dialogues: filePath.optional(),
  learning: z.strictObject({ file: filePath, pass: z.number().int().min(1).max(1_000_000) }).optional(),
  llm: episodeLlmSchema.optional(),
});

/** The files an episodic spec names for its episode to read. */
export function episodicSpecFiles(spec: EpisodeSpec): SpecFile[] {
  const files: SpecFile[] = [];
  for (const field of ['home', 'semgroTrain'] as const) {
    const path = typeof spec[field] === 'string' ? homeFile(spec[field] as string) : undefined;
    if (path !== undefined) files.push({ field, path });
  }
  if (typeof spec.dialogues === 'string') files.push({ field: 'dialogues', path: spec.dialogues });
  return files;
}

/**
 * A learning episode (`--helper-memory`) reads what the episodes before it learned and writes its memory file: it
 * belongs to the run that made it, in its order, and is never run from a job or again from a store.
 */
export function refuseLearning(spec: EpisodeSpec): void {
  if (spec.learning !== undefined) {
    throw new InputError(
      "a learning episode (--helper-memory) runs only in the run that made it: it reads and writes that run's memory file",
    );
  }
}
