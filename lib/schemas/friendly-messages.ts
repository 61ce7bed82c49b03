/**
 * What the portal forms say when a field is refused. The schemas keep the API's precise
 * messages (`nftData.Title: required, must not be empty`); these maps turn the same issues into
 * sentences a partner understands. Keyed by field path without array indices (`Location.latitude`,
 * `Tags`); a function gets the issue when one field can fail in more than one way.
 */
export type FieldIssue = { code: string; message: string };
export type FriendlyMessage = string | ((issue: FieldIssue) => string);
export type FriendlyMessages = Readonly<Record<string, FriendlyMessage>>;

/** The friendly sentence for an issue on `path`, or undefined when the map has none. */
export function friendlyMessage(messages: FriendlyMessages, path: string, issue: FieldIssue): string | undefined {
  const entry = messages[path.replace(/\.\d+(?=\.|$)/g, "")];
  if (entry === undefined) return undefined;
  return typeof entry === "string" ? entry : entry(issue);
}

/** "Keep the title to 200 characters or fewer." for a too-long text; `fallback` for anything else. */
export function textMessage(what: string, max: number, fallback: string): (issue: FieldIssue) => string {
  return (issue) => {
    if (issue.code === "too_big") return `Keep the ${what} to ${max.toLocaleString("en-US")} characters or fewer.`;
    if (issue.message.includes("NUL")) return `Remove the invisible control characters from the ${what}.`;
    return fallback;
  };
}

export const URL_MESSAGE = "Enter a web address such as https://example.com.";
export const URL_HINT = "An http:// or https:// address; example.com becomes https://example.com.";
