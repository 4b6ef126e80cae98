/**
 * HEARTH_FULL_GRIDS=1 (`npm run test:full-grids`): tests that keep a representative sample of a grid in `npm test`
 * run their whole grid (docs/testing.md lists them). `npm test` must stay under 150 s on 2 cores.
 */
export const FULL_GRIDS = process.env.HEARTH_FULL_GRIDS === '1';
