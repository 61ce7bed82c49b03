import type { FormEventHandler, ReactNode } from "react";
import { cn } from "./cn";
import { panelClass } from "./panel";

type Props = {
  /** Names the heading `<id>-heading`, which labels the form. */
  id: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  describedBy?: string;
  /** The box's own layout classes, over the default column. */
  className?: string;
  children: ReactNode;
};

/** A form boxed in a panel and named by its heading; its fields, alerts and buttons are the caller's. */
export function PanelForm({ id, title, onSubmit, describedBy, className, children }: Props) {
  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      aria-describedby={describedBy}
      onSubmit={onSubmit}
      className={panelClass(cn("flex flex-col gap-4 p-4 sm:p-6", className))}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </form>
  );
}
