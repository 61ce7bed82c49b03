import { useEffect } from "react";

const MESSAGE = "You have unsaved changes. Leave this page and lose them?";

// How many mounted editors hold unsaved changes: actions outside them (sign-out) ask first too.
let activeWarnings = 0;

/** True when nothing is unsaved, or the partner agrees to lose it; for actions that are not links. */
export function confirmLosingUnsavedChanges(message = MESSAGE): boolean {
  return activeWarnings === 0 || window.confirm(message);
}

/**
 * While `active`, asks before the page is left: the browser's own prompt on reload, close and
 * external navigation, and a confirm for links inside the app (client-side navigation does not
 * unload the page, so beforeunload never sees it).
 */
export function useUnsavedChangesWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    activeWarnings += 1;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      // Other sites unload the page, where beforeunload asks; same-page anchors leave nothing.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!window.confirm(MESSAGE)) {
        event.preventDefault();
        // Captured on window, before React's listener on the document, so the router never sees it.
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      activeWarnings -= 1;
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [active]);
}
