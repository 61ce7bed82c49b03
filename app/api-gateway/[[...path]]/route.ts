import { unknownRoute } from "@/lib/http/server/gateway-routes";

/** Paths under /api-gateway that name no route, /api-gateway itself included, for every method. */
export {
  unknownRoute as GET,
  unknownRoute as HEAD,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
  unknownRoute as OPTIONS,
};
