"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextField } from "@/components/ui/field";
import { panelClass } from "@/components/ui/panel";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useInvite } from "@/lib/portal/client/team";
import { invitationRequestSchema, type InvitationRequest } from "@/lib/schemas/team";
import { grantableRoles, type Role } from "@/lib/schemas/team-roles";

/**
 * Invites an address with a role. A member who may not invite sees the form disabled with the
 * reason; the server's refusal of a member or an address already invited shows at the field.
 */
export function InviteForm({ you, refusal }: { you: Role; refusal: string | null }) {
  const { register, handleSubmit, formState, reset, setError } = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: { email: "", role: "editor" },
  });
  const invite = useInvite();
  const sent = invite.isSuccess ? `Invitation sent to ${(invite.variables as InvitationRequest).email}.` : "";

  return (
    <form
      noValidate
      aria-labelledby="invite-heading"
      aria-describedby={refusal ? "invite-why" : undefined}
      onSubmit={handleSubmit((values) =>
        invite.mutateAsync(values).then(
          () => reset(),
          (failure: Error) => {
            // "email: … is already a member" belongs beside the address.
            if (failure.message.startsWith("email: ")) setError("email", { message: failure.message.slice(7) });
          },
        ),
      )}
      className={panelClass("flex flex-col gap-4 p-4 sm:p-6")}
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      {refusal ? (
        <p id="invite-why" className="text-sm text-slate-600 dark:text-slate-400">
          {refusal}.
        </p>
      ) : null}
      <Alert>
        {invite.error && !invite.error.message.startsWith("email: ") ? `The invitation was not sent: ${failureText(invite.error)}.` : null}
      </Alert>
      <fieldset disabled={refusal !== null} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            id="invite-email"
            label="Email address"
            type="email"
            autoComplete="off"
            hint="They get a link valid for 7 days, for this address only."
            error={formState.errors.email?.message}
            {...register("email")}
          />
        </div>
        <Field id="invite-role" label="Role" error={formState.errors.role?.message}>
          {(control) => (
            <select {...control} {...register("role")}>
              {grantableRoles(you).map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <div>
        {/* Outside the fieldset and disabled itself: axe exempts a disabled control from the contrast rule only then. */}
        <Button
          type="submit"
          tone="indigo"
          size="md"
          state="wait-disabled"
          spinner
          busy={invite.isPending}
          disabled={refusal !== null || invite.isPending}
        >
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </div>
      <StatusMessage>{sent}</StatusMessage>
    </form>
  );
}
