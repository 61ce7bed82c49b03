import { outboundRoute } from "@/lib/routes/insights";

export const GET = outboundRoute;
