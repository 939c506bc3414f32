// Dependency boundaries, checked on the import string. Cross-folder imports go through the aliases
// of package.json `imports` (#app/, #server/, #common/), never `../`, so the string names the folder.
// Every file matches exactly one block below: flat config would let a later block replace an
// earlier one's list instead of adding to it.

/** The server's capability folders: each owns its services, queries and jobs. */
export const CAPABILITIES = [
  'auth',
  'billing',
  'booking',
  'contact',
  'insights',
  'projects',
  'proposals',
  'samples',
  'site-content',
  'uploads',
];
/** Infrastructure every capability may use; it depends on no capability. */
const INFRASTRUCTURE = [
  'archive',
  'audio',
  'backup',
  'cookies',
  'crypto',
  'db',
  'email',
  'jobs',
  'metrics',
  'pdf',
  'rate-limits',
  'storage',
];

const rule = (regex, message) => ({ regex, message });

const noParentImports = rule('^\\.\\./', 'Import across folders through #app/, #server/ or #common/ (package.json imports), not ../');
const noApp = rule('^#app/', 'Only the browser app imports app/: move shared facts to common/ or pass them in through config.');
const noServer = rule('^#server/', 'Browser code must not import server/: call the API, or use a *.server.ts module.');
const noHttp = rule(
  '^#server/(http|api)/',
  'Capabilities return outcomes; only server/api and server/http speak HTTP. Take what you need as arguments.',
);
const noMetrics = rule(
  '^#server/metrics/',
  'Capabilities do not count themselves: server/services.ts hands their numbers to the metrics as callbacks.',
);
const noWholeServices = rule(
  '^#server/(context|services)\\.ts$',
  'A capability takes the parts it uses (types in server/core-services.ts, its own), not Services from server/context.ts: the floor above.',
);
const noFlows = rule(
  '^#server/flows/',
  'Flows sit above the capabilities: they call capabilities, never the other way. Pass what the code needs in as an argument.',
);
const noServicesInFlows = rule(
  '^#server/(context|services)\\.ts$',
  'A flow takes the capability slices it spans (Pick<BillingCapability, ...>), not Services: its signature names what it joins.',
);
const noCapabilities = (except = []) =>
  rule(
    `^#server/(${CAPABILITIES.filter((name) => !except.includes(name)).join('|')})/`,
    'Do not reach into a capability from here: pass what the code needs in as an argument or through services.',
  );

// `no-restricted-imports` reads `import … from` and `export … from` only, never `import('…')`. The same
// patterns, turned into selectors for `no-restricted-syntax`, refuse a dynamic import (a literal or a
// template without placeholders) and an `import('…')` type with the same message: a lazy import
// crosses a boundary as much as a static one.
const asSelectorRegex = (regex) => `/${regex.replace(/(?<!\\)\//g, '\\/')}/`;
const dynamicImportSelectors = ({ regex, message }) => {
  const pattern = asSelectorRegex(regex);
  return [
    `ImportExpression[source.value=${pattern}]`,
    `ImportExpression[source.expressions.length=0][source.quasis.0.value.cooked=${pattern}]`,
    `TSImportType[argument.literal.value=${pattern}]`,
  ].map((selector) => ({ selector, message }));
};

const block = (files, patterns, ignores = []) => {
  const all = [noParentImports, ...patterns];
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: all }],
      'no-restricted-syntax': ['error', ...all.flatMap(dynamicImportSelectors)],
    },
  };
};

export const importBoundaries = [
  block(['common/**/*.ts'], [noApp, noServer]),
  block(['app/**/*.{ts,tsx}'], [noServer], ['app/**/*.server.{ts,tsx}']),
  block(['app/**/*.server.{ts,tsx}'], []),
  block(['server/*.ts', 'server/api/**/*.ts', 'server/test-support/**/*.ts'], [noApp], ['server/core-services.ts']),
  // What capabilities stand on: it knows none of them, so importing it makes no circle.
  block(['server/core-services.ts'], [noApp, noCapabilities(), noFlows, noWholeServices]),
  block(
    ['server/http/**/*.ts'],
    [noApp, noCapabilities(), noFlows, rule(`^#server/(${INFRASTRUCTURE.join('|')})/`, 'Middleware gets services as arguments.')],
  ),
  // Use cases that span capabilities (server/flows/CONTEXT.md): they may import any capability, the
  // infrastructure and common/, and return outcomes; routers and page loaders call them.
  block(['server/flows/**/*.ts'], [noApp, noHttp, noServicesInFlows]),
  ...CAPABILITIES.map((name) =>
    block(
      [`server/${name}/**/*.ts`],
      [noApp, noHttp, noMetrics, noWholeServices, noFlows, noCapabilities([name])],
      [`server/${name}/**/*.test.ts`],
    ),
  ),
  ...CAPABILITIES.map((name) => block([`server/${name}/**/*.test.ts`], [noApp, noFlows, noCapabilities([name])])),
  block(
    INFRASTRUCTURE.map((name) => `server/${name}/**/*.ts`),
    [noApp, noHttp, noWholeServices, noFlows, noCapabilities()],
  ),
];
