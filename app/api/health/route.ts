import { healthRoute } from "@/lib/routes/operations";

export const GET = healthRoute;
