/** SemGro's offline roles (named as such in every record and report). */

import type { SemGroConfig } from './config.js';
import { ObservationDetector, SimulationJudge } from './critic.js';
import { ImitationGenerator } from './generator.js';
import type { SemGroRoles } from './roles.js';
import { RemedyTaskRetriever } from './task-retriever.js';

export function offlineRoles(seed: number, config: SemGroConfig): SemGroRoles {
  return {
    generator: new ImitationGenerator(),
    detector: new ObservationDetector(seed, config.detectorNoise),
    judge: new SimulationJudge(),
    taskRetriever: new RemedyTaskRetriever(),
  };
}
