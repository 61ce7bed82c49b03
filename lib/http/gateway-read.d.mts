import type { IncomingMessage, ServerResponse } from "node:http";

type ConfigHeaders = { key: string; value: string }[];
type Handle = (req: IncomingMessage, res: ServerResponse) => void;

export function webRequestOf(req: IncomingMessage, url: URL): Request;
export function writeAnswer(answer: Response, res: ServerResponse, configHeaders: ConfigHeaders): Promise<void>;
export function gatewayReadHandle(
  reads: ((path: string) => ((request: Request) => Promise<Response>) | null) | undefined,
  req: IncomingMessage,
  path: string,
  configHeaders: ConfigHeaders,
  fail: (error: unknown, res: ServerResponse) => void,
): Handle | null;
