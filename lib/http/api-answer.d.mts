import type { IncomingMessage, ServerResponse } from "node:http";

export const HOLD_BYTES: number;
export const COMPRESS_FROM_BYTES: number;
export const INLINE_GZIP_BYTES: number;
export function isApiRequest(path: string): boolean;
export function answerApi(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): unknown;
