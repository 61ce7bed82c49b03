import "server-only";
import { AppError, CANT_UNMARSHAL } from "@/lib/errors";

const tooLarge = (maxBytes: number) =>
  new AppError(413, `body: larger than the limit of ${maxBytes} bytes`);

/**
 * Reads a JSON body, refusing anything over `maxBytes` before it is held in memory: a declared
 * length is checked up front, and a chunked body is counted as it streams.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError(400, CANT_UNMARSHAL);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body; nobody will read this answer, but it must not look like a server fault.
      throw new AppError(400, "body: the connection closed before the body was complete");
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    throw new AppError(400, CANT_UNMARSHAL);
  }
}
