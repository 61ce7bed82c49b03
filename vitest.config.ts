import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; tests run server code directly.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty-module.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    // They start `npm run dev` itself: `npm run test:dev` (vitest.dev.config.ts).
    exclude: [...configDefaults.exclude, "tests/dev/**"],
    globalSetup: ["tests/support/store-snapshot.ts"],
    setupFiles: ["tests/support/fresh-store.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own store; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
    // Node.js 22 and later read drizzle-orm's 180 kB package.json again for each of its modules
    // (nodejs/node#60397): importing it natively took ~1.2 s in every file's new worker. Loaded
    // through vitest, it is transformed once a run and imported in ~0.3 s. Its better-auth
    // adapter comes along, so the process holds one copy of drizzle-orm, not two.
    server: {
      deps: {
        inline: [
          /\/node_modules\/drizzle-orm\//,
          /\/node_modules\/better-auth\/dist\/adapters\/drizzle-adapter\//,
          /\/node_modules\/@better-auth\/drizzle-adapter\//,
        ],
      },
    },
  },
});
