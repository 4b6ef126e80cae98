/** The problems of ../shared/data/pddl, one domain per directory (DANLI's TEACh problems under problems/). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface Instance {
  suite: string;
  domainDir: string;
  domainName: string;
  instance: string;
  problemPath: string;
  lenient: boolean;
}

export function findInstances(data: string): Instance[] {
  const found: Instance[] = [];
  for (const dir of readdirSync(data).sort()) {
    const domainDir = join(data, dir);
    if (!existsSync(join(domainDir, 'domain.pddl'))) continue;
    const danli = dir === 'danli-teach';
    const problemDir = existsSync(join(domainDir, 'problems')) ? join(domainDir, 'problems') : domainDir;
    const problems = readdirSync(problemDir)
      .filter((f) => f.endsWith('.pddl') && f !== 'domain.pddl')
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    for (const f of problems) {
      found.push({
        suite: danli ? 'danli' : 'ipc',
        domainDir,
        domainName: danli ? 'danli' : dir,
        instance: f.replace(/\.pddl$/, ''),
        problemPath: join(problemDir, f),
        lenient: danli,
      });
    }
  }
  return found;
}
