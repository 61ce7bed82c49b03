import { describe } from "vitest";
import { searchAgreesWithRows } from "../support/search-property";

// The same property with the bitmaps' counting off (SEARCH_BITMAPS=0): counts read rows.
process.env.SEARCH_CACHE_MS = "0";
process.env.SEARCH_BITMAPS = "0";

describe("search counted from rows", () => {
  searchAgreesWithRows({ bitmaps: false });
});
