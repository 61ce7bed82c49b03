import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";

/** What the dev start-up prints once the server listens: where things are, and when they are quick. */
export function banner({ origin, kind, key, holder }: { origin: string; kind: string; key: string | null; holder?: string }): string {
  const wallet = holder
    ? `
  Demo holder:   ${holder} (holds the local chain's demo tokens)
  Its perks:     ${origin}/wallet/${holder}
`
    : "";
  const demo = key
    ? `
  Demo account:  ${DEMO_ACCOUNT.email}
  Demo password: ${DEMO_ACCOUNT.password}
  Demo API key:  ${key}

  curl -H "Authorization: Bearer ${key}" "${origin}/api-gateway/search?query=club&category=Merch"
${wallet}`
    : "";
  return `
  Utility Data Service (dev, ${kind} store)
  App:           ${origin}
  Portal:        ${origin}/portal
${demo}
  The dev server compiles each page on its first visit: the main pages and API routes are being
  compiled now, one by one (about a minute on two busy cores). They answer meanwhile, only slower;
  "Ready to use" below says when all of them are quick.
`;
}
