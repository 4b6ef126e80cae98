/** `hearth plan <domain> <problem>`: solve a PDDL problem with hearth's planner. */
import type { Command } from 'commander';
import { planFromFiles } from '../../planning/plan.js';
import { isSearchConfig, SEARCH_CONFIGS, SEARCH_DESCRIPTIONS } from '../../planning/search/index.js';
import { InputError } from '../../util/errors.js';

interface PlanFlags {
  search: string;
  lenient?: boolean;
  strict?: boolean;
  timeLimit?: string;
  maxStates?: string;
  weight?: string;
  anytime: string;
  json?: boolean;
}

export function registerPlanCommand(program: Command): void {
  program
    .command('plan')
    .description('solve a PDDL planning problem (STRIPS, typing, ADL, action costs, derived predicates)')
    .argument('<domain>', 'PDDL domain file')
    .argument('<problem>', 'PDDL problem file')
    .option('--search <config>', `search configuration: ${SEARCH_CONFIGS.join(', ')}`, 'lazy-gbfs-ff')
    .option('--lenient', 'drop init facts that name undeclared predicates or objects (DANLI needs it for isVisible)')
    .option(
      '--strict',
      "warn, with file and line, about each deviation from PDDL read anyway (a ',' in a typed list, an undeclared constant, a mistyped argument)",
    )
    .option('--time-limit <seconds>', 'give up after this many seconds (grounding, search and the anytime phase)')
    .option('--max-states <n>', 'give up after storing this many states (the memory limit; default 5000000)')
    .option('--weight <w>', 'weight of h for wastar-ff (default 5)')
    .option(
      '--anytime <seconds|auto>',
      'after the first plan, look this long for cheaper ones (auto: as long as the first plan took, at least 0.1 s; 0: the first plan)',
      'auto',
    )
    .option('--json', 'print one JSON object instead of text')
    .action((domainPath: string, problemPath: string, flags: PlanFlags) => {
      if (!isSearchConfig(flags.search)) {
        const known = SEARCH_CONFIGS.map((c) => `${c}: ${SEARCH_DESCRIPTIONS[c]}`).join('; ');
        throw new InputError(`unknown search '${flags.search}' (expected one of ${known})`);
      }
      const result = planFromFiles(domainPath, problemPath, {
        search: flags.search,
        lenient: flags.lenient ?? false,
        strict: flags.strict ?? false,
        timeLimitMs: flags.timeLimit === undefined ? undefined : positiveNumber(flags.timeLimit, '--time-limit') * 1000,
        maxStates: flags.maxStates === undefined ? undefined : positiveNumber(flags.maxStates, '--max-states'),
        weight: flags.weight === undefined ? undefined : positiveNumber(flags.weight, '--weight'),
        anytimeMs: flags.anytime === 'auto' ? 'auto' : nonNegativeNumber(flags.anytime, '--anytime') * 1000,
      });
      if (flags.json) {
        const out = {
          solved: result.solved,
          plan: result.plan,
          cost: result.cost,
          costFirst: result.costFirst,
          improvements: result.improvements,
          length: result.length,
          expanded: result.expanded,
          generated: result.generated,
          timesMs: result.timesMs,
          status: result.status,
          evaluated: result.evaluated,
          search: flags.search,
          grounding: result.grounding,
          warnings: result.warnings,
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
      } else {
        const lines: string[] = [];
        for (const w of result.warnings) lines.push(`warning: ${w}`);
        if (result.solved) {
          lines.push(...result.plan, `; plan length ${result.length}, cost ${result.cost}`);
          if (result.improvements > 0) {
            lines.push(`; first plan cost ${result.costFirst}, ${result.improvements} cheaper plan(s) found after it`);
          }
        } else {
          lines.push(`; no plan: ${describeFailure(result.status)}`);
        }
        const t = result.timesMs;
        lines.push(
          `; expanded ${result.expanded}, generated ${result.generated}, evaluated ${result.evaluated} states`,
          `; ${result.grounding.operators} operators, ${result.grounding.facts} facts after grounding`,
          `; times: parse ${ms(t.parse)}, ground ${ms(t.ground)}, search ${ms(t.search)}, total ${ms(t.total)}`,
        );
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (!result.solved) process.exitCode = 1;
    });
}

function describeFailure(status: string): string {
  switch (status) {
    case 'unsolvable':
      return 'the problem is unsolvable (the reachable state space was exhausted)';
    case 'time-limit':
      return 'the time limit was reached';
    case 'state-limit':
      return 'the state limit was reached';
    default:
      return status;
  }
}

function ms(x: number): string {
  return `${x.toFixed(1)} ms`;
}

function nonNegativeNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new InputError(`${flag} expects a number >= 0, got '${text}'`);
  return value;
}

function positiveNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new InputError(`${flag} expects a positive number, got '${text}'`);
  return value;
}
