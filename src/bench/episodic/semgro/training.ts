/**
 * SemGro's training, made once and cached on disk: the skill database learnt in a training home, and the homes of
 * the family's settings shifted from it (`settings.ts`). Building the database takes seconds (3-5 s of CPU for a
 * generated home, 5 s for the cottage's people's-words database: docs/semgro.md), each shifted home one to ten more;
 * before this cache every worker thread made them all again.
 *
 * - Which training home: the semgro families train in the home their episode runs in (its settings are shifts of
 *   it); every other family in the run's `--semgro-train` home, or in `SEMGRO_RESERVED_HOME`, a generated home that
 *   `hearth run` refuses in `--homes`, so that it is never evaluated in (`resources.ts`).
 * - A database's identity is its training home (its name and a hash of the home as prepared, so that an edited home
 *   file or a change of the home generator never reads an old database), the skill set, the seed, the build version
 *   (`SEMGRO_DATABASE_BUILD`) and the file format (`DATABASE_VERSION`); a shifted home's is the database's plus its
 *   type, degree and seed and `SHIFT_BUILD`. Files live in `<cache>/semgro/<home>-<hash of the identity>/`
 *   (`cacheDir()`: `.hearth/cache` unless `HEARTH_CACHE_DIR` or `--cache-dir` say otherwise), each made by whichever
 *   process or thread first needs it while the others wait (`util/file-cache.ts`).
 * - What a run uses is always what the file holds: a database or home just made is read back from its text, so that
 *   a run that made the file and one that read it behave identically (a graph read from JSON orders some edges
 *   differently from the graph it was written from). For the same reason the training home is never handed to what
 *   tries changes on it and undoes them (the build, the shifts, the demonstrations: an undone change can leave edges
 *   in another order): they get a copy.
 *
 * Everything is also kept per process (per worker thread) once loaded.
 */
import { createHash } from 'node:crypto';
import type { DemonstrationLibrary } from '../../../agents/demonstrations/library.js';
import {
  buildDatabase,
  SEMGRO_DATABASE_BUILD,
  SEMGRO_PEOPLE_DATABASE_BUILD,
} from '../../../agents/semgro/database/build.js';
import { DATABASE_VERSION, type SkillDatabase } from '../../../agents/semgro/database/database.js';
import { databaseText, parseDatabase } from '../../../agents/semgro/database/io.js';
import { semgroDemonstrations } from '../../../agents/semgro/demonstrations.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { graphToJson } from '../../../sim/graph-io.js';
import { VIRTUALHOME_SKILLS } from '../../../sim/skill-sets.js';
import { registerCache } from '../../../util/caches.js';
import { InputError } from '../../../util/errors.js';
import { cachedText } from '../../../util/file-cache.js';
import { cacheDir } from '../../cache.js';
import { homeGraph } from '../../continual/episode.js';
import { prepareTrainingHome, SEMGRO_DATABASE_SEED, type SemGroSetting } from './settings.js';
import { generateShift, parseShift, SHIFT_BUILD, type Shift, shiftText } from './shift.js';

/**
 * The training home of the families other than SemGro's own when the run names none (`--semgro-train`): a generated
 * home no default, demonstration or family uses, refused by `hearth run --homes`.
 */
export const SEMGRO_RESERVED_HOME = 'gen:3141';

/** What identifies a skill database (see the module comment). */
export interface DatabaseIdentity {
  readonly home: string;
  /** The database of the people's-words families (their things in the home, their skills): absent otherwise. */
  readonly people?: true;
  /** With `people`: `SEMGRO_PEOPLE_DATABASE_BUILD` (absent for build 1, whose cached databases named none). */
  readonly peopleBuild?: number;
  /** The first 16 hex digits of the SHA-256 of the prepared training home as VirtualHome JSON. */
  readonly graph: string;
  readonly skills: string;
  readonly seed: number;
  readonly build: number;
  readonly format: number;
}

/** What identifies SemGro's training besides its home, recorded in the run's configuration (`episodicGridConfig`). */
export const SEMGRO_TRAINING_IDENTITY = {
  database: SEMGRO_DATABASE_BUILD,
  format: DATABASE_VERSION,
  shifts: SHIFT_BUILD,
  seed: SEMGRO_DATABASE_SEED,
} as const;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A file-name-safe short form of a home spec (a path keeps its last part). */
function slug(home: string): string {
  const last = home.split(/[\\/]/).pop() ?? home;
  return last.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40) || 'home';
}

/** The identity of the database learnt in a training home (`graph`: as prepared, with the family's things). */
export function databaseIdentity(home: string, graph: EnvGraph, people = false): DatabaseIdentity {
  return {
    home,
    ...(people && { people: true as const, peopleBuild: SEMGRO_PEOPLE_DATABASE_BUILD }),
    graph: sha(JSON.stringify(graphToJson(graph))).slice(0, 16),
    skills: VIRTUALHOME_SKILLS.name,
    seed: SEMGRO_DATABASE_SEED,
    build: SEMGRO_DATABASE_BUILD,
    format: DATABASE_VERSION,
  };
}

/** The folder of a training's files, relative to the cache folder: `semgro/<home>-<hash of the identity>`. */
export const trainingFolder = (identity: DatabaseIdentity): string =>
  `semgro/${slug(identity.home)}-${sha(JSON.stringify(identity)).slice(0, 16)}`;

/** Reads a cached file; a broken one (a disk error, an edit) is an InputError that says how to mend it. */
function fromCache<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(`${error.message} (a file of the cache: delete it and it is made again)`);
  }
}

/** How a training was obtained, for the run's notes. */
export interface TrainingReport {
  readonly home: string;
  readonly skills: number;
  readonly made: boolean;
  readonly ms: number;
  readonly folder: string;
}

export class SemGroTraining {
  readonly identity: DatabaseIdentity;
  /** The folder of its files, relative to the cache folder. */
  readonly folder: string;
  /** The training home with the family's things (`prepareTrainingHome`). */
  readonly graph: EnvGraph;
  readonly database: SkillDatabase;
  /** How the database was obtained by this process. */
  readonly report: TrainingReport;
  private readonly shifts = new Map<string, Shift>();
  private library: DemonstrationLibrary | undefined;

  /** The training in `home` (its graph as loaded), its database read from the cache or made there. */
  constructor(
    readonly home: string,
    loaded: EnvGraph,
    private readonly dir = cacheDir(),
    /** The training of the people's-words families (`prepareTrainingHome`'s and `buildDatabase`'s `people`). */
    readonly people = false,
  ) {
    this.graph = prepareTrainingHome(loaded, home, { people });
    this.identity = databaseIdentity(home, this.graph, people);
    this.folder = trainingFolder(this.identity);
    const file = `${this.folder}/database.jsonl`;
    const cached = cachedText(
      dir,
      file,
      () => databaseText(buildDatabase(this.graph.clone(), { home, seed: SEMGRO_DATABASE_SEED, people })),
      { label: `the skill database of ${home} (seed ${SEMGRO_DATABASE_SEED}, build ${SEMGRO_DATABASE_BUILD})` },
    );
    this.database = fromCache(() => parseDatabase(cached.text, `${dir}/${file}`));
    this.report = {
      home,
      skills: this.database.entries.length,
      made: cached.made,
      ms: cached.ms,
      folder: `${dir}/${this.folder}`,
    };
  }

  /** The shifted home of a setting (made on first use, cached). */
  shift(setting: SemGroSetting & { type: Shift['type'] }): Shift {
    let shift = this.shifts.get(setting.id);
    if (!shift) {
      const options = { type: setting.type, degree: setting.degree, seed: setting.seed };
      const file = `${this.folder}/shift-${setting.type}-${setting.degree}-s${setting.seed}-b${SHIFT_BUILD}.json`;
      const make = () => shiftText(generateShift(this.database, this.graph.clone(), options));
      const { text } = cachedText(this.dir, file, make, {
        label: `the ${setting.id} shift of ${this.home}`,
      });
      shift = fromCache(() => parseShift(text, `${this.dir}/${file}`));
      this.shifts.set(setting.id, shift);
    }
    return shift;
  }

  /** The home of a setting: the training home for `none`, its shift otherwise. */
  settingHome(setting: SemGroSetting): EnvGraph {
    return setting.type === 'none' ? this.graph : this.shift(setting as SemGroSetting & { type: Shift['type'] }).graph;
  }

  /** The in-context examples of the LLM baselines, drawn from the database (made on first use, per process). */
  demonstrations(): DemonstrationLibrary {
    this.library ??= semgroDemonstrations(this.database, this.graph.clone(), this.home);
    return this.library;
  }
}

const TRAININGS = new Map<string, SemGroTraining>();
registerCache('semgro: trainings (databases, shifts)', () => TRAININGS.clear());

/**
 * The training in a home (a home spec: `gen:2718`, a built-in name, a file), loaded once per process and cache folder
 * (`cacheDir()`).
 */
export function semgroTraining(
  home: string,
  loaded: EnvGraph = homeGraph(home),
  options: { readonly people?: boolean } = {},
): SemGroTraining {
  const dir = cacheDir();
  const people = options.people ?? false;
  const key = `${dir}\u0000${home}\u0000${people}`;
  let training = TRAININGS.get(key);
  if (!training) {
    training = new SemGroTraining(home, loaded, dir, people);
    TRAININGS.set(key, training);
  }
  return training;
}
