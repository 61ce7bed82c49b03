import { beaconRoute } from "@/lib/routes/insights";

export const POST = beaconRoute;
