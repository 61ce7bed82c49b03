import { jsonResponse } from "@/lib/http/server/error-response";

/** Unknown /api-gateway paths answer in the API's error format, not with the HTML 404 page. */
const unknownRoute = (request: Request) =>
  jsonResponse(404, { error: `no such route: ${request.method} ${new URL(request.url).pathname}` });

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
