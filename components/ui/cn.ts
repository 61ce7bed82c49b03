import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * The kit's one way to put classes together: conditional pieces as clsx takes them, and a later
 * Tailwind class winning over an earlier one of the same property (`px-4` then `px-0`), so a
 * caller's `className` can override a component's default instead of fighting it.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
