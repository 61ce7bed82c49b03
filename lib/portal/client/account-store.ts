import { useSyncExternalStore } from "react";

/** Who the header says is signed in: unknown until asked, then an account or nobody. */
export type Account = { name: string; email: string };
type State = { known: false } | { known: true; account: Account | null };

let state: State = { known: false };
const listeners = new Set<() => void>();

export function setAccount(account: Account | null) {
  const current = state.known ? state.account : undefined;
  if (state.known && current?.email === account?.email && current?.name === account?.name) return;
  state = { known: true, account };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const UNKNOWN: State = { known: false };

/** The account as the browser knows it; on the server (and in the first browser render) unknown. */
export function useAccount(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
}

/**
 * Asks better-auth's session endpoint once per page load. A plain fetch, not the auth client,
 * so public pages do not load the auth library for a header link.
 */
export async function loadAccount(): Promise<void> {
  if (state.known) return;
  try {
    const response = await fetch("/api/auth/get-session", { credentials: "same-origin", cache: "no-store" });
    const body = response.ok ? ((await response.json()) as { user?: Account } | null) : null;
    if (state.known) return;
    setAccount(body?.user ? { name: body.user.name, email: body.user.email } : null);
  } catch {
    // Offline or the auth route failed: the header offers the sign-in link, which still works.
    if (!state.known) setAccount(null);
  }
}
