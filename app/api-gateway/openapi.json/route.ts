import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { openApiDocumentRoute } from "@/lib/routes/openapi";

/** The API's OpenAPI document: anyone may read it, no key needed. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: openApiDocumentRoute });
