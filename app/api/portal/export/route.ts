import { exportRoute } from "@/lib/routes/import-export";

/** The partner's own collections as a download: JSON create requests (edits) or CSV. */
export const GET = exportRoute("session");
