/**
 * hearth's layers, checked by `npm run lint` (dependency-cruiser). Each folder of src/ may import only from its own
 * layer and those below it; docs/architecture.md draws the same picture:
 *
 *   cli, server        the ways in (a terminal, a browser)
 *   bench              protocols, episodes, runner, store, reports
 *   agents             the methods and their shared pieces
 *   memory, planning,  what agents remember, how they plan,
 *   language           how instruction texts are read (the shared offline reader)
 *   sim, llm, retrieval the world, the language models, text retrieval
 *   util               no hearth import at all
 *
 * and no import cycle anywhere under src/ (a type-only import counts: a cycle of types is still two files that
 * cannot be read apart).
 */
const LAYERS = [
  ['util'],
  ['sim', 'llm', 'retrieval'],
  ['memory', 'planning', 'language'],
  ['agents'],
  ['bench'],
  ['server', 'cli'],
];

const folders = (layer) => `^src/(${layer.join('|')})/`;

/** One rule per layer: none of its folders imports from a folder of a layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => {
  const above = LAYERS.slice(index + 1).flat();
  return {
    name: `${layer.join('-')}-imports-no-layer-above`,
    comment: `src/{${layer.join(',')}} stands below src/{${above.join(',')}}: it must not import from them`,
    severity: 'error',
    from: { path: folders(layer) },
    to: { path: folders(above) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'files under src/ must not import each other in a loop: move the shared type to the file that owns it',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 (the project's compiler) has no JavaScript API that dependency-cruiser can call: swc parses.
    parser: 'swc',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
