import type { MouseEvent } from "react";

/**
 * Runs `navigate` instead of following a link on a plain left click; a click with a modifier
 * (new tab, new window, download) is left to the browser, so links stay real links.
 */
export function onPlainClick(navigate: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate();
  };
}
