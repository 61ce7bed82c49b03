/**
 * A page reached by a client navigation after an action (a created collection opening in its
 * editor) takes focus on its heading, so a keyboard or screen-reader user starts there instead of
 * at the top of the body. The flag lives in the module: it survives the client navigation only.
 */
let pending = false;

/** Says that the next page to ask should focus its heading. */
export function focusHeadingOnArrival(): void {
  pending = true;
}

/** True once after `focusHeadingOnArrival`. */
export function takeHeadingFocus(): boolean {
  const asked = pending;
  pending = false;
  return asked;
}
