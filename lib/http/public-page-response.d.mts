import type { IncomingMessage, ServerResponse } from "node:http";

export function answerPublicPage(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): unknown;
