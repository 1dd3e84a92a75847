// The server's layer order (docs/architecture.md §2), checked by `npm run lint`.
// A module imports its own layer or the layers below it, never one above, and no import closes a
// circle. tests/layer-rules.test.ts proves both rules fail on a bad import.

/** Top to bottom; each entry is one layer, its folders and files under src/. */
export const LAYERS = [
  { name: 'entry', path: ['^src/server/(main|dev)\\.ts$', '^scripts/'] },
  { name: 'app', path: ['^src/server/(app|start-up|error-handler|fastify-types|logging)\\.ts$'] },
  { name: 'routes', path: ['^src/server/routes/'] },
  { name: 'ssr and cache', path: ['^src/server/(ssr|cache)/'] },
  { name: 'services', path: ['^src/server/services/'] },
  { name: 'domain', path: ['^src/server/(translation|ai|media|revisions|backup)/'] },
  { name: 'db', path: ['^src/server/db/'] },
  {
    name: 'base',
    path: [
      '^src/server/(config|config-env|config-types|paths|errors|info-pages-config)\\.ts$',
      '^src/server/(geo|security|types)/',
      '^src/shared/',
    ],
  },
];

const upward = LAYERS.slice(1).map((layer, index) => ({
  name: 'layer-order',
  comment: `${layer.name} imports from a layer above it (${LAYERS.slice(0, index + 1)
    .map((above) => above.name)
    .join(', ')}); move the code down or pass it in`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(0, index + 1).flatMap((above) => above.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...upward,
    {
      name: 'no-circular',
      comment: 'this import closes a circle of imports; one side must not know the other',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'layer-unknown',
      comment: 'a server module outside every layer: add its folder to LAYERS in .dependency-cruiser.mjs',
      severity: 'error',
      from: { path: '^src/server/', pathNot: LAYERS.flatMap((layer) => layer.path) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/client/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
