/** The delivery city (ExRAP appendix B.3): its graph, named and generated cities, its skills (docs/city.md). */
export {
  type BuiltinCity,
  builtinCities,
  builtinCity,
  cityPlan,
  DEFAULT_CITY,
  GENERATED_CITY_PREFIX,
  generateCity,
} from './cities.js';
export { CITY_ACTIONS, CITY_MOVES, type CityMove, citySkillSet, LOAD_BAYS, turnBetween } from './skills.js';
export {
  BUILDINGS,
  buildCity,
  buildingOf,
  type CityPlan,
  isCalling,
  isCity,
  loadsOf,
  type Point,
  type Segment,
  segmentOf,
  sharedEnd,
} from './world.js';
