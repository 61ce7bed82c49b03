"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { CollectionFormValues } from "@/lib/portal/collection-form";
import { CHAINS, nearChain } from "@/lib/schemas/chains";
import { FormTextField } from "./form-fields";

const LIST_ID = "known-chains";
const SYNCED = CHAINS.filter((chain) => chain.explorer).map((chain) => chain.label);

/**
 * The chain: the known chains offered as the partner types, any other name still allowed (the API
 * keeps any label), and "Did you mean Ethereum?" on a near miss, which would otherwise be saved
 * silently and never match the browser's chain filter.
 */
export function ChainField() {
  const { setValue, formState } = useFormContext<CollectionFormValues>();
  const typed = useWatch<CollectionFormValues, "ContractChain">({ name: "ContractChain" });
  const near = typed ? nearChain(typed) : undefined;
  return (
    <div className="flex flex-col gap-1">
      <FormTextField<CollectionFormValues>
        name="ContractChain"
        label="Chain"
        kind="required"
        hint={`${SYNCED.join(", ")} or any other name.`}
        inputProps={{ list: LIST_ID, autoComplete: "off" }}
      />
      <datalist id={LIST_ID}>
        {CHAINS.map((chain) => (
          <option key={chain.label} value={chain.label} />
        ))}
      </datalist>
      {/* A live region, not a status: the form's one status is its save feedback. */}
      <div aria-live="polite">
        {near ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-300">
            Did you mean {near.label}?
            <Button
              tone="secondary"
              size="xs"
              onClick={() => setValue("ContractChain", near.label, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
            >
              Use {near.label}
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
