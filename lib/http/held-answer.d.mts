import type { ServerResponse } from "node:http";

export function callbackOf(...args: unknown[]): (() => void) | undefined;
export function toBuffer(chunk: unknown, encoding?: unknown): Buffer;
export function holdAnswer(
  res: ServerResponse,
  options: {
    finish: (body: Buffer, done?: () => void) => void;
    limit?: number;
    passThrough?: (res: ServerResponse) => boolean;
    overflow?: (held: Buffer[]) => boolean;
  },
): void;
export function varyWith(current: unknown, names: string[]): string;
export function takesEncoding(accepted: unknown, coding: string): boolean;
