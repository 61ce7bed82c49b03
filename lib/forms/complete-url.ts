// A host with a dot and no scheme, optionally a port and a path: "www.example.com:8080/x". A scheme
// (`https:`, `javascript:`) ends the first label with ":" instead of a dot, so it never matches.
const BARE_HOST = /^[^\s/:?#@]+\.[^\s/:?#@.]{2,}(?::\d+)?(?:[/?#]\S*)?$/;

/**
 * What a partner typed in a URL field, completed the way a browser's address bar would:
 * `moonlit-otters.io` becomes `https://moonlit-otters.io`. Anything with a scheme (including
 * ones the schema refuses, such as `javascript:`) or that does not look like a host is left as
 * typed, for validation to judge.
 */
export function completeUrl(typed: string): { value: string; added: boolean } {
  const value = typed.trim();
  if (value.startsWith("//")) return completeUrl(value.slice(2));
  if (!BARE_HOST.test(value)) return { value, added: false };
  return { value: `https://${value}`, added: true };
}
