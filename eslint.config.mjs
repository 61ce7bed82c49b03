import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Leading underscores mark values destructured only to be left out.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Modules the browser may load (docs/decisions/026): a server import here would ship server
    // code to the browser or break the build, so the lint refuses it first.
    files: ["components/**", "lib/*/client/**", "lib/browse/*.ts", "lib/portal/*.ts", "lib/import-export/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "server-only",
                "node:*",
                "**/server/*",
                "@/lib/db/*",
                "@/lib/collections/*",
                "@/lib/search/*",
                "@/lib/rate-limit/*",
                "@/lib/observability/*",
                "@/lib/startup/*",
                "@/lib/idempotency/idempotency",
                "@/lib/auth/*",
                "!@/lib/auth/demo-credentials",
                "!@/lib/auth/return-path",
                "@/lib/env",
              ],
              message: "Server code: a module the browser loads may import only client/, shared and zod-free modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // Chain clients are made in one place (lib/chain/server/rpc.ts), which turns CCIP-Read off: a
    // client made elsewhere would follow whatever URLs a contract's OffchainLookup names.
    files: ["lib/**", "app/**", "components/**", "scripts/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["lib/chain/server/rpc.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^viem/] > ImportSpecifier[imported.name=/^create\\w*Client$/]",
          message: "Chain clients come from lib/chain/server/rpc.ts (chainClient, ensClient), which keeps CCIP-Read off.",
        },
      ],
    },
  },
  {
    files: ["tests/**", "**/*.test.ts", "e2e/**", "bench/**"],
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    rules: { "@typescript-eslint/no-explicit-any": "off", "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
