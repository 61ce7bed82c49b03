import { importRoute } from "@/lib/routes/import-export";

/** Import a JSON or CSV file (`?format=`). */
export const POST = importRoute("session");
