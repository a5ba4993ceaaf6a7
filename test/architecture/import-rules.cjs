/**
 * The import rules of docs/design/architecture.md, for dependency-cruiser
 * (test/architecture.test.ts runs them on src/ and fails on any violation):
 *   npx depcruise --config test/architecture/import-rules.cjs src
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No import cycles: every module can be read after the ones it imports.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "checker-not-search",
      comment:
        "A checker is the independent referee: neither it nor anything it imports reaches search code " +
        "(check.ts, referee.ts, and IPC's validate.ts in each rule set; the shared checker protocol).",
      severity: "error",
      from: { path: ["^src/(push|maze)/[^/]+/(check|referee|validate)\\.ts$", "^src/core/checker-protocol\\.ts$"] },
      to: { path: "^src/(push|maze)/[^/]+/search/", reachable: true },
    },
    {
      name: "core-imports-core",
      comment: "core is what every rule set shares: it imports no rule set, no command, no registry.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/", pathNot: ["^src/core/", "^src/generated/asp-parser\\.js$"] },
    },
    {
      name: "rule-set-imports-itself-and-core",
      comment: "A rule set imports core and its own folder, never another rule set (what two share moves into core).",
      severity: "error",
      from: { path: "^src/(push|maze)/([^/]+)/" },
      to: { path: "^src/", pathNot: ["^src/core/", "^src/$1/$2/", "^src/generated/"] },
    },
    {
      name: "family-has-no-loose-files",
      comment: "A family folder holds rule sets only: shared code lives in core.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^src/(push|maze)/[^/]+\\.ts$" },
    },
    {
      name: "renderers-read-the-model",
      comment: "Pictures read the model and the drawing parts (src/core/play.ts), never a rule set.",
      severity: "error",
      from: { path: "^src/show/(text|svg|html)\\.ts$" },
      to: { path: "^src/", pathNot: ["^src/core/"] },
    },
    {
      name: "commands-route-through-the-registry",
      comment: "The commands reach rule sets through src/registry.ts, which loads their parts when used.",
      severity: "error",
      from: { path: "^src/(cli|show|batch|queue)/" },
      to: { path: "^src/(push|maze)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },

  },
};
