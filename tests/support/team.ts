import { getSession, type Partner } from "./portal";
import { callRoute } from "./routes";

const ORIGIN = "http://localhost";

/** A portal request as the partner's browser sends it: their cookie, the site's origin, JSON. */
export function asPartner(partner: Pick<Partner, "cookie">, method: string, path: string, body?: unknown) {
  return callRoute(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { cookie: partner.cookie, origin: ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The id of the partner's portal session. */
export const sessionIdOf = async (partner: Pick<Partner, "cookie">) =>
  ((await (await getSession(partner.cookie)).json()) as { session: { id: string } }).session.id;

/** The token in an invitation link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
