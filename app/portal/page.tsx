import { redirect } from "next/navigation";

// The portal's front door is the partner's collection list; its layout sends strangers to sign in.
export default function PortalIndex() {
  redirect("/portal/collections");
}
