import { readyRoute } from "@/lib/routes/operations";

export const GET = readyRoute;
