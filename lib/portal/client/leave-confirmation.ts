/*
 * The question asked before unsaved changes are lost inside the app (a link, sign-out, another
 * perk), answered in the portal's own dialog (components/portal/leave-dialog.tsx). The browser's
 * prompt is left to what only it can ask about: reload, closing the tab, other sites.
 */

export type LeaveQuestion = { title: string; text: string; leave: string; stay: string };

type Pending = LeaveQuestion & { answer: (leave: boolean) => void };

let pending: Pending | null = null;
let hosts = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const LEAVE_PAGE: LeaveQuestion = {
  title: "Leave without saving?",
  text: "You have unsaved changes. Leave this page and lose them?",
  leave: "Leave and lose changes",
  stay: "Stay on this page",
};

/** Resolves true when the partner chooses to lose the changes; one question at a time. */
export function askToLeave(question: LeaveQuestion): Promise<boolean> {
  // Without the dialog on the page (never in the portal), the browser's confirm still protects the work.
  if (hosts === 0) return Promise.resolve(window.confirm(question.text));
  if (pending) return Promise.resolve(false);
  return new Promise((resolve) => {
    pending = {
      ...question,
      answer: (leave) => {
        pending = null;
        notify();
        resolve(leave);
      },
    };
    notify();
  });
}

/** For the dialog: the open question, and its mounting (so askToLeave knows someone will show it). */
export const leaveStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    hosts += 1;
    return () => {
      listeners.delete(listener);
      hosts -= 1;
    };
  },
  current: () => pending,
  none: () => null,
};
