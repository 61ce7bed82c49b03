import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run test:dev`: the tests that start `npm run dev` itself, too slow for `npm test`. */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: { include: ["tests/dev/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 900_000, maxWorkers: 1 },
});
