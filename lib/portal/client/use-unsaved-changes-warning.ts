import { useEffect } from "react";
import { askToLeave, LEAVE_PAGE, type LeaveQuestion } from "./leave-confirmation";

// How many mounted editors hold unsaved changes: actions outside them (sign-out) ask first too.
let activeWarnings = 0;
// A link click the partner already agreed to: let it through once, and do not ask again on unload.
let agreedClick: Element | null = null;
let agreedToLeave = false;

/** True when nothing is unsaved, or the partner agrees to lose it; for actions that are not links. */
export function confirmLosingUnsavedChanges(question: LeaveQuestion = LEAVE_PAGE): Promise<boolean> {
  return activeWarnings === 0 ? Promise.resolve(true) : askToLeave(question);
}

/**
 * While `active`, asks before the page is left: the browser's own prompt where only it can ask
 * (reload, closing the tab, other sites), and the portal's dialog for links inside the app (a
 * client-side navigation does not unload the page, so beforeunload never sees it). The click is
 * held back while the dialog is open and replayed on the same link once the partner agrees, so
 * the link behaves exactly as it would have.
 */
export function useUnsavedChangesWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    activeWarnings += 1;
    agreedToLeave = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (agreedToLeave) return;
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (agreedClick === link) {
        agreedClick = null;
        return;
      }
      const url = new URL(link.href, window.location.href);
      // Other sites unload the page, where beforeunload asks; same-page anchors leave nothing.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      // Captured on window, before React's listener on the document, so the router never sees it.
      event.stopPropagation();
      void askToLeave(LEAVE_PAGE).then((leave) => {
        if (!leave || !link.isConnected) return;
        agreedClick = link;
        agreedToLeave = true;
        link.click();
      });
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
