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

export const BAD_API_KEY = "Bad API Key";
export const CANT_UNMARSHAL = "Can't Unmarshal Body";
export const TOO_MANY_REQUESTS = "Too Many Requests";
