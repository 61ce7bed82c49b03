"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import { useRenameTeam } from "@/lib/portal/client/team";
import { teamNameSchema, type TeamNameRequest } from "@/lib/schemas/team";
import { holds, type Role } from "@/lib/schemas/team-roles";
import { sendingTo, TeamForm } from "./team-form";

const NOT_OWNER = "Only owners rename the team";

/**
 * The team's name, which every member sees in the bar under the header and in the team switcher.
 * Owners rename it; others see the form disabled with the reason. The server's refusal of the
 * name shows at the field.
 */
export function TeamNameForm({ name, you }: { name: string; you: Role }) {
  const router = useRouter();
  const { register, handleSubmit, formState, setError, reset } = useForm<TeamNameRequest>({
    resolver: zodResolver(teamNameSchema),
    values: { name },
  });
  const rename = useRenameTeam();

  return (
    <TeamForm
      id="team-name"
      title="Team name"
      refusal={holds(you, "owner") ? null : NOT_OWNER}
      error={rename.error}
      field="name"
      failed="The team was not renamed"
      pending={rename.isPending}
      submit={{ idle: "Rename team", pending: "Renaming…" }}
      status={rename.isSuccess ? `The team is now called ${(rename.variables as TeamNameRequest).name}.` : ""}
      onSubmit={handleSubmit(
        sendingTo(rename.mutateAsync, "name", setError, (values) => {
          reset(values);
          // The bar under the header is rendered on the server: read it again.
          router.refresh();
        }),
      )}
    >
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
    </TeamForm>
  );
}
