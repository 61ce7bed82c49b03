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
    globalSetup: ["tests/support/pglite-snapshot.ts"],
    setupFiles: ["tests/support/fresh-store.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own store; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
  },
});
