import { describe } from "vitest";
import { searchAgreesWithRows } from "../support/search-property";

// Exact counts are promised at every moment; only an answer's age may lag, and here it may not.
process.env.SEARCH_CACHE_MS = "0";
process.env.SEARCH_BITMAPS = "1";

describe("search counted from the bitmaps", () => {
  searchAgreesWithRows({ bitmaps: true });
});
