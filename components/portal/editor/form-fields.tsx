"use client";

import { panelClass } from "@/components/ui/panel";
import { createContext, useContext, useState, type FocusEvent, type ReactNode } from "react";
import { useFormContext, type FieldValues, type Path, type PathValue, type RegisterOptions } from "react-hook-form";
import { Field, TextField } from "@/components/ui/field";
import { completeUrl } from "@/lib/forms/complete-url";
import { URL_HINT } from "@/lib/schemas/friendly-messages";

/** Ids of the fields of one form start with its prefix, so two forms on a page never share one. */
export const FieldPrefix = createContext("field");

export function useFieldId(name: string) {
  return `${useContext(FieldPrefix)}-${name.replace(/\W/g, "-")}`;
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

type FormTextFieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  kind?: Kind;
  hint?: string;
  type?: "text" | "url" | "number";
  multiline?: boolean;
  className?: string;
  inputProps?: Record<string, string | number>;
};

/**
 * The kit's text field, registered with the surrounding form. A URL field completes a bare host
 * (`example.com`) to `https://example.com` when it is left, and says so. The hint stays under an
 * error here: in a long form it is the only place the expected format is spelled out.
 */
export function FormTextField<T extends FieldValues>({
  name,
  label,
  kind = "text",
  hint,
  type = "text",
  multiline,
  className,
  inputProps,
}: FormTextFieldProps<T>) {
  const { register, setValue, formState } = useFormContext<T>();
  const id = useFieldId(name);
  const error = useFieldError(name);
  const isUrl = type === "url";
  const [note, setNote] = useState("");
  const registration = register(name, {
    setValueAs: valueMapping[type === "number" ? "number" : kind],
    onChange: () => setNote(""),
  });
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (isUrl) {
      const completed = completeUrl(event.target.value);
      if (completed.added) {
        setValue(name, completed.value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: formState.isSubmitted });
        setNote(`We added https:// — the address is now ${completed.value}.`);
      }
    }
    return registration.onBlur(event);
  };
  return (
    <TextField
      id={id}
      label={label}
      size="sm"
      requiredMark={kind === "required"}
      errorReplacesHint={false}
      hint={hint ?? (isUrl ? URL_HINT : undefined)}
      note={isUrl ? note : undefined}
      error={error}
      className={className}
      multiline={multiline}
      type={multiline ? undefined : type}
      {...registration}
      onBlur={onBlur}
      {...inputProps}
    />
  );
}

type FormSelectFieldProps<T extends FieldValues> = { name: Path<T>; label: string; options: readonly string[]; className?: string };

/** A labelled choice among fixed values; the empty choice leaves the field unassigned. */
export function FormSelectField<T extends FieldValues>({ name, label, options, className }: FormSelectFieldProps<T>) {
  const { register } = useFormContext<T>();
  const id = useFieldId(name);
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} size="sm" error={error} errorReplacesHint={false} className={className}>
      {(control) => (
        <select {...register(name, { setValueAs: optionalText })} {...control}>
          <option value="">Not set</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={panelClass("px-5 pb-5 pt-2")}>
      <legend className="px-1 text-base font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
