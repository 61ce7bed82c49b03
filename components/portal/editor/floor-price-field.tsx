"use client";

import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import type { CollectionFormValues } from "@/lib/portal/collection-form";
import { FieldMessages, controlClass, describe } from "@/components/ui/field";
import { useFieldError, useFieldId } from "./form-fields";

const NOT_SET = "notset";
type Mode = "notset" | "price";

/**
 * The floor price as one choice: "Not set" (the API's literal `notset`) or a price typed beside
 * "Price". Typing in the price chooses it; a collection stored without a floor price shows
 * "Not set" and keeps the field left out until the partner changes it.
 */
export function FloorPriceField() {
  const { control } = useFormContext<CollectionFormValues>();
  const id = useFieldId("floorPrice");
  const error = useFieldError("floorPrice");
  const hint = "A decimal number such as 0.25, in the chain's currency.";
  return (
    <Controller
      control={control}
      name="floorPrice"
      render={({ field }) => (
        <Controls
          id={id}
          error={error}
          hint={hint}
          value={field.value}
          name={field.name}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}

type ControlsProps = {
  id: string;
  error?: string;
  hint: string;
  value?: string;
  name: string;
  onChange: (value: string | undefined) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
};

function Controls({ id, error, hint, value, name, onChange, onBlur, inputRef }: ControlsProps) {
  const [mode, setMode] = useState<Mode>(value === undefined || value === NOT_SET ? "notset" : "price");
  const [price, setPrice] = useState(value === NOT_SET ? "" : (value ?? ""));
  const choose = (next: Mode) => {
    setMode(next);
    onChange(next === "notset" ? NOT_SET : price === "" ? undefined : price);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium">Floor price</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === "notset"}
            onChange={() => choose("notset")}
            className="size-4 accent-indigo-600"
          />
          Not set
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === "price"}
            onChange={() => choose("price")}
            className="size-4 accent-indigo-600"
          />
          Price
        </label>
        <input
          ref={inputRef}
          name={name}
          type="text"
          inputMode="decimal"
          aria-label="Floor price"
          placeholder="0.25"
          value={price}
          onChange={(event) => {
            const text = event.target.value;
            setPrice(text);
            setMode("price");
            onChange(text === "" ? undefined : text);
          }}
          onBlur={onBlur}
          {...describe(id, error, hint)}
          className={`${controlClass("sm")} w-32 flex-none`}
        />
      </div>
      <FieldMessages id={id} size="sm" error={error} hint={hint} />
    </fieldset>
  );
}
