import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Leading underscores mark values destructured only to be left out.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    files: ["tests/**", "**/*.test.ts", "e2e/**", "bench/**"],
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    rules: { "@typescript-eslint/no-explicit-any": "off", "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
