/** A failure the caller can act on: its status and message go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const notFound = (message: string) => new AppError(404, message);
export const forbidden = (message: string) => new AppError(403, message);
export const conflict = (message: string) => new AppError(409, message);

/** A write whose `Version` precondition failed: someone changed the collection since it was read. */
export const staleVersion = (field: string, stored: number | undefined, sent: number) =>
  conflict(
    `${field}: the collection is at version ${stored}, not ${sent}; it was changed by someone else. Read it again and reapply your change.`,
  );

export const BAD_API_KEY = "Bad API Key";
/** A 401 says how to authenticate (RFC 9110 §11.6.1). */
export const badApiKey = () => new AppError(401, BAD_API_KEY, { "WWW-Authenticate": "Bearer" });
export const CANT_UNMARSHAL = "Can't Unmarshal Body";
export const TOO_MANY_REQUESTS = "Too Many Requests";
