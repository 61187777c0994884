/**
 * Import rules that `npm test` enforces (docs/decisions/013-layout.md): no circles anywhere, product
 * modules of the API never reach demo content, and a module's tables are read only through its
 * service. Run on its own with `npm run check:imports`.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A circle makes load order matter and hides which module owns what; break it with a leaf module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "api-product-code-never-imports-demo",
      severity: "error",
      comment:
        "Demo stores, catalogues and art are wired in by app.ts, main.ts and tests; no product module depends on them.",
      from: {
        path: "^apps/api/src/",
        pathNot: [
          "^apps/api/src/demo/",
          "^apps/api/src/test/",
          "^apps/api/src/(app|main)\\.ts$",
          "\\.test\\.ts$",
        ],
      },
      to: { path: "^apps/api/src/demo/" },
    },
    {
      name: "api-tables-belong-to-their-module",
      severity: "error",
      comment:
        "Another module goes through the owner's service. Row types may be shared, and a table may name another in a foreign key. Allowed besides: the schema gatherer, the demo bulk loader, tests, and the session lookup's one-statement join of customers (decision 013).",
      from: {
        path: "^apps/api/src/([^/]+)/",
        pathNot: [
          "^apps/api/src/platform/db/schema\\.ts$",
          "^apps/api/src/demo/",
          "^apps/api/src/test/",
          "\\.test\\.ts$",
          "^apps/api/src/auth/sessions\\.ts$",
          "/tables\\.ts$",
        ],
      },
      to: {
        path: "^apps/api/src/([^/]+)/tables\\.ts$",
        pathNot: "^apps/api/src/$1/tables\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      comment: "The contract is shared by the API and the storefront; it imports neither.",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|\\.data|test-results)/" },
    // Type-only imports count: a component importing a type from a route module is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
