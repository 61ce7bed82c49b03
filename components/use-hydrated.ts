import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML (and so without JavaScript), true once the page runs in the browser. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
