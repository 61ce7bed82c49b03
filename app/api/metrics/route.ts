import { metricsRoute } from "@/lib/routes/operations";

export const GET = metricsRoute;
