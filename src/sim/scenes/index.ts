/** Homes: the procedural generator, the built-in homes, home specs, and checks on a home's shape. */
export { checkSeed, generateHome, type HomeOptions } from './generate.js';
export {
  type BuiltinHome,
  builtinHome,
  builtinHomes,
  DEFAULT_HOME,
  type LoadedHome,
  loadHome,
  loadHomes,
} from './homes.js';
export { BASE_ROOMS, EXTRA_ROOMS, GUARANTEED_CLASSES, MAX_ROOMS, MIN_ROOMS, ROOM_PROGRAMS } from './programs.js';
export {
  addPassagesFromBoxes,
  checkHome,
  type HomeCheckOptions,
  homeStats,
  PASSAGE_CLASSES,
  type RoomLink,
  reachableRooms,
  roomAdjacency,
} from './topology.js';
