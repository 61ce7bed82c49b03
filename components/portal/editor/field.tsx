"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useFormContext, type FieldValues, type Path, type RegisterOptions } from "react-hook-form";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-400 dark:aria-[invalid=true]:border-red-400";

/** Ids of the fields of one form start with its prefix, so two forms on a page never share one. */
export const FieldPrefix = createContext("field");

export function useFieldId(name: string) {
  return `${useContext(FieldPrefix)}-${name.replace(/\W/g, "-")}`;
}

/** The attributes that tie an input to its hint and error, for screen readers. */
export function describe(id: string, error?: string, hint?: string) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The error of a field in the surrounding form, as a message. */
export function useFieldError(name: string): string | undefined {
  const { getFieldState, formState } = useFormContext();
  return getFieldState(name, formState).error?.message;
}

// Empty inputs mean "not assigned", which the API expresses by leaving the field out.
const optionalText = (value: unknown) => (value === "" || value === null ? undefined : value);
const optionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));

type Kind = "text" | "required" | "number";
const valueMapping: Record<Kind, RegisterOptions["setValueAs"]> = {
  text: optionalText,
  required: (value: unknown) => value,
  number: optionalNumber,
};

type TextFieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  kind?: Kind;
  hint?: string;
  type?: "text" | "url" | "number";
  multiline?: boolean;
  className?: string;
  inputProps?: Record<string, string | number>;
};

/** A labelled text, URL, number or multi-line input registered with the surrounding form. */
export function TextField<T extends FieldValues>({ name, label, kind = "text", hint, type = "text", multiline, className, inputProps }: TextFieldProps<T>) {
  const { register } = useFormContext<T>();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const registration = register(name, { setValueAs: valueMapping[type === "number" ? "number" : kind] });
  const common = { ...registration, ...describe(id, error, hint), ...inputProps, className: inputClass };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {kind === "required" ? <span className="text-slate-600 dark:text-slate-400"> (required)</span> : null}
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

type SelectFieldProps<T extends FieldValues> = { name: Path<T>; label: string; options: readonly string[]; className?: string };

/** A labelled choice among fixed values; the empty choice leaves the field unassigned. */
export function SelectField<T extends FieldValues>({ name, label, options, className }: SelectFieldProps<T>) {
  const { register } = useFormContext<T>();
  const id = useFieldId(name);
  const error = useFieldError(name);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select {...register(name, { setValueAs: optionalText })} {...describe(id, error)} className={inputClass}>
        <option value="">Not set</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white px-5 pb-5 pt-2 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
