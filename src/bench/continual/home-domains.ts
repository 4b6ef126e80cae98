/**
 * The domain each home of a continual run is run in. A home's name says what world it is: a built-in city
 * (`downtown`) or `gen-city:<seed>` is the delivery city (ExRAP's CARLA world, docs/city.md), a graph file is a city
 * when its rooms are road segments, every other home is a household. A household runs the VirtualHome instructions
 * unless `--domain alfred` asks for ALFRED's; a city runs the city's. `--domain` named against a home's world is
 * refused in one line; homes of both worlds in one run each run in their own domain, and the run says so in one line.
 */
import { builtinCity, GENERATED_CITY_PREFIX, isCity } from '../../sim/city/index.js';
import { InputError } from '../../util/errors.js';
import { homeGraph } from './episode.js';
import type { Domain } from './instructions/types.js';

/** The domains a household runs in (its default first). */
const HOUSEHOLD_DOMAINS: readonly Domain[] = ['virtualhome', 'alfred'];

/** Whether a `--homes` entry is a city: by its name, or for a graph file by its rooms (it is loaded). */
export function isCityHome(home: string): boolean {
  const name = home.trim().toLowerCase();
  if (builtinCity(name) || name.startsWith(GENERATED_CITY_PREFIX)) return true;
  if (/^gen:/.test(name) || !/\.json(\.gz)?$|[/\\]/i.test(name)) return false;
  return isCity(homeGraph(home));
}

export interface HomeDomains {
  /** The domain of each home, in the order given. */
  readonly byHome: ReadonlyMap<string, Domain>;
  /** The one domain of the run, or undefined when its homes are of both worlds. */
  readonly single?: Domain;
  /** For a run of both worlds: the line saying which home runs in which domain. */
  readonly note?: string;
}

/** Each home's domain; `named` is `--domain` when given. An InputError when `named` does not fit a home's world. */
export function homeDomains(homes: readonly string[], named?: Domain): HomeDomains {
  const byHome = new Map<string, Domain>();
  for (const home of homes) {
    const city = isCityHome(home);
    if (named !== undefined && city !== (named === 'city')) {
      throw new InputError(
        city
          ? `--domain ${named}: home ${home} is a city (its domain is city); leave out --domain, or name households`
          : `--domain city: home ${home} is a household (the city's are downtown, gen-city:<seed> and the like); ` +
              'leave out --domain, or name cities',
      );
    }
    byHome.set(home, city ? 'city' : (named ?? HOUSEHOLD_DOMAINS[0]));
  }
  const domains = [...new Set(byHome.values())];
  if (domains.length === 1) return { byHome, single: domains[0] };
  const listed = domains
    .map((domain) => {
      const of = homes.filter((home) => byHome.get(home) === domain);
      return `${of.join(', ')} in ${domain}`;
    })
    .join('; ');
  return {
    byHome,
    note: `note: the homes are of two worlds, each runs in its own domain: ${listed} (each home has its own tables)`,
  };
}
