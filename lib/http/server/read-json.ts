import "server-only";
import { AppError, CANT_UNMARSHAL } from "@/lib/errors";

const tooLarge = (maxBytes: number) => new AppError(413, `body: larger than the limit of ${maxBytes} bytes`, {}, { field: null });
const cantUnmarshal = () => new AppError(400, CANT_UNMARSHAL, {}, { code: "malformed_body" });

/**
 * Reads a JSON body, refusing anything over `maxBytes` before it is held in memory: a declared
 * length is checked up front, and a chunked body is counted as it streams.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  return (await readJsonBodyWithBytes(request, maxBytes)).value;
}

/** As `readJsonBody`, also returning the bytes as sent (what an idempotency key is bound to). */
export async function readJsonBodyWithBytes(request: Request, maxBytes: number): Promise<{ value: unknown; bytes: Uint8Array }> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return { value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)), bytes };
  } catch {
    throw cantUnmarshal();
  }
}

/** Refuses a request whose declared length is over `maxBytes`, before anything reads it. */
export function assertDeclaredLength(request: Request, maxBytes: number): void {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge(maxBytes);
}

/**
 * The same request with its body read under `maxBytes` (declared or streamed), for handlers that
 * read the body themselves without a limit (better-auth's).
 */
export async function withBodyLimit(request: Request, maxBytes: number): Promise<Request> {
  assertDeclaredLength(request, maxBytes);
  if (!request.body) return request;
  const body = await readBodyBytes(request, maxBytes);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body as Uint8Array<ArrayBuffer>,
    signal: request.signal,
  });
}

/** The body's bytes, under the same limit rules; for handlers that pass the body on as it is. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  assertDeclaredLength(request, maxBytes);
  if (!request.body) throw cantUnmarshal();

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body; nobody will read this answer, but it must not look like a server fault.
      throw new AppError(400, "body: the connection closed before the body was complete", {}, { code: "malformed_body", field: null });
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
