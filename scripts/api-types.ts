import fs from "node:fs";
import { apiTypesSource, API_TYPES_FILE } from "@/lib/api-client/generate";

// Writes the typed client's types from the OpenAPI document; a test fails when they are stale.
fs.writeFileSync(API_TYPES_FILE, await apiTypesSource());
console.error(`Wrote ${API_TYPES_FILE}`);
