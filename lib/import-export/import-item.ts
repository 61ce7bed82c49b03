import type { CreateRequest } from "@/lib/schemas/create-request";
import type { Locate } from "./problems";

/** One create request of an import file, with the way back from its field paths to the file. */
export type ImportItem = {
  request: CreateRequest;
  /** The request as sent, for the echo. */
  submitted: Record<string, unknown>;
  locate: Locate;
};
