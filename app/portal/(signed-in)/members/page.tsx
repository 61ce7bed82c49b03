import type { Metadata } from "next";
import { MembersView } from "@/components/portal/team/members-view";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Members" };

export default function MembersPage() {
  return (
    <main id="main">
      {/* Without a mail server (development only: production requires one) the link goes to the console. */}
      <MembersView linkInServerLog={!env().SMTP_URL} />
    </main>
  );
}
