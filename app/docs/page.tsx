import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { curlExample } from "@/components/docs/curl-example";
import { DocsFilter } from "@/components/docs/docs-filter";
import { InlineText } from "@/components/docs/inline-text";
import { FieldTable, OperationCard, type Operation } from "@/components/docs/operation-card";
import { env } from "@/lib/env";
import { apiDocument } from "@/lib/openapi/document";
import { publicPageMetadata } from "@/lib/syndication/page-metadata";
import { LIMITS } from "@/lib/schemas/limits";
import { MAX_PAGE_SIZE, PAGE_SIZE, RESULT_WINDOW } from "@/lib/schemas/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: "API reference · Utility Data Service", ...(await publicPageMetadata({ path: "/docs" })) };
}

/** What each status means to a caller; the list shown is every status the API can answer. */
const STATUS_MEANING: Record<string, string> = {
  "400": "bad input",
  "401": "bad key",
  "403": "not a manager of the collection, or an unconfirmed account writing",
  "404": "unknown id or route",
  "405": "a method the route does not take (with `Allow`)",
  "409": "stale `Version`, or an `Idempotency-Key` still being processed",
  "413": `body over ${LIMITS.bodyBytes / (1024 * 1024)} MiB`,
  "415": "a compressed body",
  "422": "an `Idempotency-Key` reused for a different request",
  "429": "rate limit",
  "500": "unexpected error",
  "503": "database unreachable (retry later)",
};

/** The document's statuses plus 405, which the gateway's route table answers before any operation. */
function errorStatuses(document: ReturnType<typeof apiDocument>): string[] {
  const codes = new Set(["405"]);
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      for (const code of Object.keys((operation as { responses?: object }).responses ?? {})) if (Number(code) >= 400) codes.add(code);
    }
  }
  return [...codes].sort();
}

const LINK = "text-indigo-700 underline dark:text-indigo-300";

/** This server's own address, for commands a reader pastes: the public URL when set, else the request's. */
async function serverOrigin(): Promise<string> {
  const publicUrl = env().BETTER_AUTH_URL;
  if (publicUrl) return new URL(publicUrl).origin;
  const request = await headers();
  const host = request.get("x-forwarded-host") ?? request.get("host") ?? "localhost:3000";
  const proto = request.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}

type GuideSection = { title: string; lead?: ReactNode; lines: string[] };
const anchor = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const guide = (statuses: string[], origin: string): GuideSection[] => [
  {
    title: "Getting a key",
    lead: (
      <>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Sign in to the partner portal and open{" "}
          <Link href="/portal/keys" className={LINK}>
            API keys
          </Link>
          : give the key a label and create it. The key is shown once, so copy it then; revoke it there when it is no longer needed.
        </p>
        <pre aria-label="Set your key" tabIndex={0} className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
          {`export KEY=uds_…   # the key you copied\ncurl "${origin}/api-gateway/search?query=club" -H "Authorization: Bearer $KEY"`}
        </pre>
      </>
    ),
    lines: [
      `Every route below has a curl command for this server (\`${origin}\`) that works once \`KEY\` is set.`,
      "Every route needs `Authorization: Bearer <key>`. Keys are `uds_` followed by 40 letters and digits, shown once and stored only as a hash.",
      "On the server, `npm run -s keys:create -- you@example.com` mints one for an account from the command line.",
    ],
  },
  {
    title: "Edits replace the whole record",
    lines: [
      "An edit of a collection or a perk replaces it whole: a field you leave out is removed. Unknown fields are refused, so a misspelt `title` cannot wipe `Title`.",
      "To change one field safely: read the record with `GET /api-gateway/collections/{PlatformNFTId}`, change it, and send it back to `POST /api-gateway/create` as it is, `Version` included.",
      "If someone changed the collection in between, the answer is 409 and nothing is stored: read it again and reapply your change.",
    ],
  },
  {
    title: "Paging",
    lines: [
      `Search answers ${PAGE_SIZE} collections a page with \`NumPages\` (\`pageSize\` up to ${MAX_PAGE_SIZE}); ask for more with \`pageNum=2\`, \`3\`, … A page past the last answers \`Docs: []\`.`,
      `Only the first ${RESULT_WINDOW.toLocaleString("en-US")} results of a query are served, so \`NumPages\` is at most ${RESULT_WINDOW / PAGE_SIZE} at ${PAGE_SIZE} a page; \`facets\` count those results.`,
    ],
  },
  {
    title: "Rate limits",
    lines: [
      "Each account has a budget per minute, shared by all its keys: search and retrieval together, and writes (create, edits, deletes) on their own. Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.",
      "Past the budget the answer is 429 with `Retry-After` (seconds).",
    ],
  },
  {
    title: "Errors",
    lines: [
      'Every error is `{"error": "<message>"}`. Validation messages name the field path, e.g. `perkData[2].Tags[0]: unknown category "Cooking"`.',
      statuses.map((code) => `${code} ${STATUS_MEANING[code] ?? "see the operation"}`).join(", ") + ".",
    ],
  },
];

export default async function DocsPage() {
  const document = apiDocument();
  const origin = await serverOrigin();
  const components = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const operations = Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => {
      const typed = operation as unknown as Operation;
      return { route, method, operation: typed, id: typed.operationId ?? `${method}-${route}` };
    }),
  );
  const sections = guide(errorStatuses(document), origin);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        The <code>/api-gateway</code> API, generated from the same schemas the service validates with. The machine-readable OpenAPI 3.1
        document is at{" "}
        <a className={LINK} href="/api-gateway/openapi.json">
          /api-gateway/openapi.json
        </a>
        .
      </p>

      <nav aria-label="On this page" data-toc className="mt-6 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800">
        <h2 className="font-semibold">On this page</h2>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <div data-toc-group>
            <a href="#guide" className={`font-medium ${LINK}`}>
              Guide
            </a>
            <ul className="mt-1 space-y-1">
              {sections.map((section) => (
                <li key={section.title} data-toc-for={anchor(section.title)}>
                  <a href={`#${anchor(section.title)}`} className={LINK}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div data-toc-group>
            <a href="#routes" className={`font-medium ${LINK}`}>
              Routes
            </a>
            <ul className="mt-1 space-y-1">
              {operations.map(({ route, method, id }) => (
                <li key={id} data-toc-for={id}>
                  <a href={`#${id}`} className={`break-all ${LINK}`}>
                    <span className="font-mono text-xs uppercase">{method}</span> {route.replace("/api-gateway", "")}
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-2" data-toc-for="objects">
              <a href="#objects" className={`font-medium ${LINK}`}>
                Objects
              </a>{" "}
              <span className="text-slate-600 dark:text-slate-400">({Object.keys(components).length} shapes)</span>
            </p>
          </div>
        </div>
      </nav>

      <DocsFilter />

      <div data-doc-group>
        <h2 id="guide" className="mt-8 scroll-mt-24 text-2xl font-semibold">
          Guide
        </h2>
        {sections.map((section) => (
          <section key={section.title} id={anchor(section.title)} data-doc-entry className="mt-4 scroll-mt-24">
            <h3 className="text-lg font-semibold">{section.title}</h3>
            {section.lead}
            {section.lines.map((line) => (
              <p key={line} className="mt-1 text-slate-700 dark:text-slate-300">
                <InlineText text={line} />
              </p>
            ))}
          </section>
        ))}
      </div>

      <div data-doc-group>
        <h2 id="routes" className="mt-12 scroll-mt-24 text-2xl font-semibold">
          Routes
        </h2>
        <div className="mt-4 space-y-6">
          {operations.map(({ route, method, operation, id }) => (
            <OperationCard
              key={id}
              method={method}
              route={route}
              operation={operation}
              components={components}
              curl={curlExample(origin, method, route, operation)}
            />
          ))}
        </div>
      </div>

      <div data-doc-group id="objects" className="scroll-mt-24">
        <h2 className="mt-12 text-2xl font-semibold">Objects</h2>
        <div className="mt-4 space-y-6">
          {Object.entries(components).map(([name, schema]) => (
            <section
              key={name}
              id={`schema-${name}`}
              data-doc-entry
              aria-labelledby={`schema-${name}-title`}
              className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
            >
              <h3 id={`schema-${name}-title`} className="text-lg font-semibold">
                {name}
              </h3>
              {typeof schema.description === "string" ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  <InlineText text={schema.description} />
                </p>
              ) : null}
              <FieldTable schema={schema} components={components} label={`${name} fields`} />
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
