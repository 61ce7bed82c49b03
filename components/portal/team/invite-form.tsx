"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Field, TextField } from "@/components/ui/field";
import { useInvite } from "@/lib/portal/client/team";
import { invitationRequestSchema, type InvitationRequest } from "@/lib/schemas/team";
import { grantableRoles, type Role } from "@/lib/schemas/team-roles";
import { sendingTo, TeamForm } from "./team-form";

/** What the page says once an invitation is made; without a mail server (development), where its link is. */
function sentText(email: string, linkInServerLog: boolean): string {
  if (!linkInServerLog) return `Invitation sent to ${email}.`;
  return (
    `Invitation made for ${email}. Development: no email is sent, because SMTP_URL is not set. The link is in the server's ` +
    `console (the terminal running npm run dev), on the line “Team invitation link for ${email}”.`
  );
}

/**
 * Invites an address with a role. A member who may not invite sees the form disabled with the
 * reason; the server's refusal of a member or an address already invited shows at the field.
 * `linkInServerLog`: no mail server is set (development), so the link is printed by the server.
 */
export function InviteForm({ you, refusal, linkInServerLog = false }: { you: Role; refusal: string | null; linkInServerLog?: boolean }) {
  const { register, handleSubmit, formState, reset, setError } = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: { email: "", role: "editor" },
  });
  const invite = useInvite();

  return (
    <TeamForm
      id="invite"
      title="Invite someone"
      refusal={refusal}
      // "email: … is already a member" belongs beside the address.
      error={invite.error}
      field="email"
      failed="The invitation was not sent"
      pending={invite.isPending}
      submit={{ idle: "Send invitation", pending: "Sending…" }}
      status={invite.isSuccess ? sentText((invite.variables as InvitationRequest).email, linkInServerLog) : ""}
      onSubmit={handleSubmit(sendingTo(invite.mutateAsync, "email", setError, () => reset()))}
    >
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
    </TeamForm>
  );
}
