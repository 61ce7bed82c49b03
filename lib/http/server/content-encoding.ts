import "server-only";
import { AppError } from "@/lib/errors";

/**
 * Bodies are read as sent: a compressed body would be parsed as garbage, or, decompressed, could
 * expand far past the body limit. Anything but identity is refused up front (RFC 9110 §15.5.16).
 */
export function assertIdentityEncoding(request: Request): void {
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    throw new AppError(415, `Content-Encoding: ${JSON.stringify(encoding.slice(0, 50))} is not supported; send the body uncompressed`, {
      "Accept-Encoding": "identity",
    });
  }
}
