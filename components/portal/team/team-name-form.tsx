"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { panelClass } from "@/components/ui/panel";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useRenameTeam } from "@/lib/portal/client/team";
import { teamNameSchema, type TeamNameRequest } from "@/lib/schemas/team";
import { holds, type Role } from "@/lib/schemas/team-roles";

const NOT_OWNER = "Only owners rename the team";

/**
 * The team's name, which every member sees in the bar under the header and in the team switcher.
 * Owners rename it; others see the form disabled with the reason. The server's refusal of the
 * name shows at the field.
 */
export function TeamNameForm({ name, you }: { name: string; you: Role }) {
  const router = useRouter();
  const refusal = holds(you, "owner") ? null : NOT_OWNER;
  const { register, handleSubmit, formState, setError, reset } = useForm<TeamNameRequest>({
    resolver: zodResolver(teamNameSchema),
    values: { name },
  });
  const rename = useRenameTeam();
  const saved = rename.isSuccess ? `The team is now called ${(rename.variables as TeamNameRequest).name}.` : "";

  return (
    <form
      noValidate
      aria-labelledby="team-name-heading"
      aria-describedby={refusal ? "team-name-why" : undefined}
      onSubmit={handleSubmit((values) =>
        rename.mutateAsync(values).then(
          () => {
            reset(values);
            // The bar under the header is rendered on the server: read it again.
            router.refresh();
          },
          (failure: Error) => {
            if (failure.message.startsWith("name: ")) setError("name", { message: failure.message.slice(6) });
          },
        ),
      )}
      className={panelClass("flex flex-col gap-4 p-4 sm:p-6")}
    >
      <h2 id="team-name-heading" className="text-lg font-semibold">
        Team name
      </h2>
      {refusal ? (
        <p id="team-name-why" className="text-sm text-slate-600 dark:text-slate-400">
          {refusal}.
        </p>
      ) : null}
      <Alert>
        {rename.error && !rename.error.message.startsWith("name: ") ? `The team was not renamed: ${failureText(rename.error)}.` : null}
      </Alert>
      <fieldset disabled={refusal !== null} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            id="team-name"
            label="Name"
            autoComplete="organization"
            hint="Members see it in the bar under the header and when they switch teams."
            error={formState.errors.name?.message}
            {...register("name")}
          />
        </div>
      </fieldset>
      <div>
        {/* Outside the fieldset and disabled itself: axe exempts a disabled control from the contrast rule only then. */}
        <Button
          type="submit"
          tone="indigo"
          size="md"
          state="wait-disabled"
          spinner
          busy={rename.isPending}
          disabled={refusal !== null || rename.isPending}
        >
          {rename.isPending ? "Renaming…" : "Rename team"}
        </Button>
      </div>
      <StatusMessage>{saved}</StatusMessage>
    </form>
  );
}
