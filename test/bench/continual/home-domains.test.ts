import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeDomains, isCityHome } from '../../../src/bench/continual/home-domains.js';
import { saveGraph } from '../../../src/sim/graph-io.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { InputError } from '../../../src/util/errors.js';
import { scratchDir } from '../../helpers/scratch.js';

const dir = scratchDir('home-domains');

describe("a home's name picks its domain", () => {
  it('cities by name (built-in, gen-city:<seed>), graph files by their rooms, everything else a household', () => {
    const city = join(dir, 'my-city.json');
    const house = join(dir, 'my-house.json');
    saveGraph(loadHome('gen-city:5').graph, city);
    saveGraph(loadHome('gen:5').graph, house);
    for (const home of ['downtown', 'gen-city:9801', 'GEN-CITY:3', city]) expect(isCityHome(home), home).toBe(true);
    for (const home of ['cottage', 'gen:9801', 'gen:4:6', house, 'no-such-home'])
      expect(isCityHome(home), home).toBe(false);
  });

  it('runs a city in the city and a household in virtualhome with no --domain; --domain alfred keeps households', () => {
    expect(homeDomains(['gen-city:9801']).single).toBe('city');
    expect(homeDomains(['cottage', 'gen:3']).single).toBe('virtualhome');
    expect(homeDomains(['cottage'], 'alfred').single).toBe('alfred');
    expect(homeDomains(['downtown'], 'city')).toMatchObject({ single: 'city' });
    expect(homeDomains(['cottage']).note).toBeUndefined();
  });

  it('runs homes of both worlds each in its own domain and says so in one line', () => {
    const mixed = homeDomains(['cottage', 'downtown', 'gen:2', 'gen-city:4']);
    expect(mixed.single).toBeUndefined();
    expect(Object.fromEntries(mixed.byHome)).toEqual({
      cottage: 'virtualhome',
      downtown: 'city',
      'gen:2': 'virtualhome',
      'gen-city:4': 'city',
    });
    expect(mixed.note).toBe(
      'note: the homes are of two worlds, each runs in its own domain: cottage, gen:2 in virtualhome; ' +
        'downtown, gen-city:4 in city (each home has its own tables)',
    );
  });

  it('refuses a --domain that a home is not of, in one line naming the home', () => {
    const refusal = (homes: string[], domain: 'virtualhome' | 'alfred' | 'city') => {
      try {
        homeDomains(homes, domain);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(['cottage', 'gen-city:9801'], 'virtualhome')).toBe(
      '--domain virtualhome: home gen-city:9801 is a city (its domain is city); leave out --domain, or name households',
    );
    expect(refusal(['gen-city:1', 'cottage'], 'city')).toMatch(/^--domain city: home cottage is a household/);
    expect(refusal(['downtown'], 'alfred')).toMatch(/^--domain alfred: home downtown is a city/);
  });
});
