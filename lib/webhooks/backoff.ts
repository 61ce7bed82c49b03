/** How long after its event a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The wait after each failed attempt (the Standard Webhooks guide's schedule): 5 s, 5 min, 30 min,
 * 2 h, 5 h, then 10 h. Waits never reach past the 24-hour window: the last attempt is at its end.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000] as const;

/**
 * The wait before the next attempt after attempt number `attempt` (1 is the first) failed, for an
 * event `ageMs` old; null when the window is over. `scale` shortens every wait (tests only).
 */
export function nextRetryDelayMs(attempt: number, ageMs: number, scale = 1): number | null {
  const window = RETRY_WINDOW_MS * scale;
  if (attempt < 1 || ageMs >= window) return null;
  const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]! * scale;
  return Math.min(delay, window - ageMs);
}
