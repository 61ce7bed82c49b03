import "server-only";
import type { z } from "zod";
import type { Snapshot } from "@/lib/db/read-cache";
import { badRequest, forbidden, notFound } from "@/lib/errors";
import { uncounted } from "@/lib/insights/counter";
import { REHEARSAL_PREVIEWS_ONLY } from "./rehearsal-principal";
import type { StoreAnswer } from "@/lib/idempotency/idempotency";
import { noteRequest, routeOf } from "@/lib/observability/request-facts";
import type { Bucket } from "@/lib/rate-limit/limiter";
import { LIMITS } from "@/lib/schemas/limits";
import { errorResponse, jsonResponse } from "./error-response";
import { idempotentReply } from "./idempotent-reply";
import { assertDeclaredLength, readJsonBodyWithBytes } from "./read-json";
import type { Role } from "@/lib/schemas/team-roles";
import { admitWallet, GATES, reads, type Account, type Auth, type Charged, type HolderAccount } from "./route-auth";

/** How a route reads its query string: the names it defines, and their parse. */
export type QuerySpec<Q> = { names: readonly string[]; parse: (params: URLSearchParams) => Q };

/** A query string read as one flat object (the last value of a repeated name) and parsed by `schema`. */
export const queryOf = <S extends z.ZodObject>(schema: S): QuerySpec<z.output<S>> => ({
  names: Object.keys(schema.shape),
  parse: (params) => schema.parse(Object.fromEntries(params)),
});

export type RouteDefinition<A extends Auth, P, Q, B> = {
  /** Who may call: an API key, a portal session, a holder signed in with their wallet, or anyone (budgeted by client address). */
  auth: A;
  /**
   * The least team role a key or session caller needs (owner > admin > editor > viewer; a read
   * key is a viewer, a write key an editor). Unset: a viewer for GET, an editor for other methods.
   */
  role?: A extends "key" | "session" ? Role : never;
  /** A session route an account in no team may call (its `account.teamId` is then empty): accepting an invitation. */
  teamless?: A extends "session" ? true : never;
  /** A holder route a visitor not signed in may call (its `account.holderId` is then empty): sign-in, its message, sign-out. */
  guests?: A extends "holder" ? true : never;
  /**
   * The wallet a holder's write acts for, read from its parsed body: one the holder signed in with
   * (else 403), whose budget it spends too.
   */
  wallet?: A extends "holder" ? (body: B) => string : never;
  budget: Bucket;
  /** Path ids; one that cannot exist is a 404 with `unknown`'s message, before any lookup. */
  params?: { schema: z.ZodType<P>; unknown: (raw: Record<string, string>) => string };
  query?: QuerySpec<Q>;
  /** A JSON body, read under `maxBytes` (declared or streamed) and parsed after the idempotency claim. */
  body?: { schema: z.ZodType<B>; maxBytes: number };
  /** A body the handler reads itself (a file upload) under `maxBytes`: only its envelope is checked here. */
  upload?: { maxBytes: number };
  /**
   * Runs once per `Idempotency-Key`. `secret` names a field of the answer that is never stored:
   * a replay answers it as null.
   */
  idempotent?: A extends "key" | "session" ? true | { secret: string } : never;
  /** A request this calls a preview runs without the idempotency claim: it stores nothing to replay. */
  preview?: (query: Q) => boolean;
};

export type RouteInput<A extends Auth, P, Q, B> = {
  request: Request;
  account: A extends "public" ? null : A extends "holder" ? HolderAccount : Account;
  params: P;
  query: Q;
  body: B;
  /** The body as sent, before parsing. */
  rawBody: unknown;
  /** Key routes read under the snapshot their key lookup used. */
  snapshot?: Snapshot;
  /** Stores the idempotent answer inside the handler's own write transaction. */
  storeAnswer?: StoreAnswer<unknown>;
};

type RouteContext = { params: Promise<Record<string, string>> };

function readQuery(request: Request, auth: Auth, query: QuerySpec<unknown> | undefined): unknown {
  const params = new URL(request.url).searchParams;
  // The API refuses parameters it does not define, as it refuses unknown body fields: a caller who
  // misspells `?dryRun=1` must not have the edit silently applied. The site's own routes
  // read what their own pages put in the URL.
  if (auth === "key") {
    for (const name of params.keys()) {
      if (!query?.names.includes(name)) throw badRequest(`${name}: unknown query parameter`, { code: "unknown_field", field: name });
    }
  }
  return query ? query.parse(params) : {};
}

/** A handler's result is the 200 JSON answer, unless it built its own response (a download, a stream). */
function answer(result: unknown, headers: Record<string, string>): Response {
  if (!(result instanceof Response)) return jsonResponse(200, result, headers);
  for (const [name, value] of Object.entries(headers)) result.headers.set(name, value);
  return result;
}

/**
 * Every JSON route handler: the gate of its `auth` (lib/http/server/route-auth.ts) and its team role, then the query, the
 * body, the idempotency claim, the path ids and the body's schema (and the wallet a holder route
 * names), then the handler, whose result
 * is the 200 answer. Every answer, errors included, carries the RateLimit headers once a budget
 * was charged, and every error goes through `errorResponse`.
 */
export function defineRoute<A extends Auth, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  definition: RouteDefinition<A, P, Q, B>,
  handler: (input: RouteInput<A, P, Q, B>) => Promise<unknown>,
) {
  const { auth, role, budget, params, query, body, upload, idempotent, preview, wallet } = definition;
  // The portal's envelope: a session route refuses a larger declared body before its session lookup.
  const envelopeBytes = Math.max(LIMITS.smallBodyBytes, body?.maxBytes ?? 0, upload?.maxBytes ?? 0);

  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const charged: Charged = { headers: {} };
    try {
      if (auth === "session") assertDeclaredLength(request, envelopeBytes);
      const rawParams = (await context?.params) ?? {};
      noteRequest(request, { route: routeOf(request, rawParams) });
      const rule = { budget, role, teamless: definition.teamless, guests: definition.guests };
      const { account, snapshot, rehearsal } = await GATES[auth](request, rule, charged);
      const parsedQuery = readQuery(request, auth, query as QuerySpec<unknown> | undefined);
      if (rehearsal && !reads(request) && !preview?.(parsedQuery as Q)) throw forbidden(REHEARSAL_PREVIEWS_ONLY);
      const sent = body ? await readJsonBodyWithBytes(request, body.maxBytes) : null;

      const run = async (storeAnswer?: StoreAnswer<unknown>) => {
        const parsedParams = params ? params.schema.safeParse(rawParams) : { success: true as const, data: {} };
        if (!parsedParams.success) throw notFound(params!.unknown(rawParams));
        const parsedBody = (body ? body.schema.parse(sent!.value) : undefined) as B;
        if (wallet) await admitWallet(account as HolderAccount, wallet(parsedBody), budget);
        return handler({
          request,
          account: account as RouteInput<A, P, Q, B>["account"],
          params: parsedParams.data as P,
          query: parsedQuery as Q,
          body: parsedBody,
          rawBody: sent?.value,
          snapshot,
          storeAnswer,
        });
      };

      // The start-up rehearsal's requests count no insight: nobody searched or viewed anything.
      if (rehearsal) return answer(await uncounted(run), charged.headers);
      if (!idempotent || !account || preview?.(parsedQuery as Q)) return answer(await run(), charged.headers);
      const secret = idempotent === true ? undefined : idempotent.secret;
      const reply = await idempotentReply((account as Account).teamId, request, sent?.bytes ?? null, run, secret);
      return jsonResponse(200, reply.body, { ...charged.headers, ...reply.headers });
    } catch (error) {
      return errorResponse(error, charged.headers, request);
    }
  };
}
