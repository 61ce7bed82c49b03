"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { SubmitButton } from "@/components/ui/button";
import { StatusMessage } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { PanelForm } from "@/components/ui/panel-form";
import { fetchJson } from "@/lib/http/client/fetch-json";
import { portalKeys } from "@/lib/portal/client/queries";
import { redeemRequestSchema, showCode, type Claim, type RedeemRequest } from "@/lib/schemas/claims";

/**
 * "Check a code" for venue staff: a code a holder shows is redeemed once. The answer names the
 * perk, the wallet and the token; a code redeemed before says when, next to the field.
 */
export function RedeemForm() {
  const client = useQueryClient();
  const { register, handleSubmit, formState, setError, reset } = useForm<RedeemRequest>({
    resolver: zodResolver(redeemRequestSchema),
    defaultValues: { Code: "" },
  });
  const redeem = useMutation({
    mutationFn: (values: RedeemRequest) => fetchJson<Claim>("/api/portal/claims/redeem", { method: "POST", json: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...portalKeys.all, "claims"] }),
  });
  const done = redeem.data;

  return (
    <PanelForm
      id="redeem"
      title="Check a code"
      className="gap-3"
      onSubmit={handleSubmit((values) =>
        redeem.mutateAsync(values).then(
          () => reset(),
          (error: Error) => setError("Code", { message: error.message }),
        ),
      )}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            id="redeem-code"
            label="Claim code"
            hint="The 10 characters the holder shows; case, spaces and dashes do not matter. A code is redeemed once."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={formState.errors.Code?.message}
            {...register("Code")}
          />
        </div>
        <div className="sm:pt-7">
          <SubmitButton pending={redeem.isPending} pendingLabel="Checking…">
            Redeem
          </SubmitButton>
        </div>
      </div>
      <StatusMessage>
        {done
          ? `Redeemed ${showCode(done.Code)}: ${done.PerkDescription ?? "a deleted perk"}, for ${done.Wallet}${done.TokenId === null ? "" : ` (token #${done.TokenId})`}.`
          : ""}
      </StatusMessage>
    </PanelForm>
  );
}
