/**
 * The continual protocol's episode spec (`spec-schema.ts`): the standard grid's fields (agent, home,
 * non-stationarity, instruction scale, steps) and the run's domain, text style and reading of referents (absent in
 * stores older than each: the episode takes the defaults), and the run's model (`episodeLlm`). The one file a spec
 * can name is a home's graph file.
 */
import { z } from 'zod';
import { homeFile } from '../../sim/scenes/homes.js';
import { GRID_SPEC_FIELDS } from '../grid.js';
import { episodeLlmSchema } from '../llm.js';
import type { EpisodeSpec } from '../protocol.js';
import { type SpecFile, specSchema } from '../spec-schema.js';
import { DOMAINS, REFERENTS, TEXT_STYLES } from './instructions/types.js';

export const CONTINUAL_SPEC = specSchema({
  ...GRID_SPEC_FIELDS,
  domain: z.enum(DOMAINS).optional(),
  style: z.enum(TEXT_STYLES).optional(),
  referents: z.enum(REFERENTS).optional(),
  llm: episodeLlmSchema.optional(),
});

/** The graph file a continual spec's home names, if any. */
export function continualSpecFiles(spec: EpisodeSpec): SpecFile[] {
  const home = homeFile(String(spec.home));
  return home === undefined ? [] : [{ field: 'home', path: home }];
}
