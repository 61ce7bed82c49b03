import "server-only";
import { isbot } from "isbot";

/**
 * Known bots (isbot's maintained list) are not counted, and neither is a request with no user agent
 * at all: every browser sends one, scripts often do not. The user agent is read here and never stored.
 */
export const isBotAgent = (userAgent: string | null): boolean => !userAgent || isbot(userAgent);
