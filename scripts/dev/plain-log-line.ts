/** pino's numeric levels, as a person reads them; info and below print as the message alone. */
const LEVEL_WORDS: [number, string][] = [
  [60, "Fatal"],
  [50, "Error"],
  [40, "Warning"],
];

/**
 * A line of the dev server's output in plain words: the server logs JSON (pino) for machines,
 * which the terminal of `npm run dev` shows as its message, a level word above info, and an
 * error's message. Any other line is kept as it is.
 */
export function plainLogLine(line: string): string {
  if (!line.startsWith("{")) return line;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const { msg, level, err } = (entry ?? {}) as { msg?: unknown; level?: unknown; err?: { message?: unknown } };
  if (typeof msg !== "string" || typeof level !== "number") return line;
  const word = LEVEL_WORDS.find(([at]) => level >= at)?.[1];
  const cause = typeof err?.message === "string" && err.message !== msg ? ` (${err.message})` : "";
  return `${word ? `${word}: ` : ""}${msg}${cause}`;
}
