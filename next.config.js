/** Headers every answer carries; pages add their nonce-based Content-Security-Policy in proxy.ts. */
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// API answers are data, never documents: nothing in them may load, run or be framed.
const API_POLICY = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }];

/** What an API answer gets from the rules below: server.mjs adds them to the answers it makes without Next.js. */
export const API_ANSWER_HEADERS = [...SECURITY_HEADERS, ...API_POLICY];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Both database drivers load native/WASM assets at run time and must not be bundled (nor pg-boss,
  // which loads pg itself); prom-client must be the same module instance server.mjs records its metrics in,
  // and rate-limiter-flexible the same in proxy.ts and the routes, which share its limiters (a refusal is
  // recognised by its class).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "ioredis", "prom-client", "pino", "rate-limiter-flexible"],
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // "Near me" asks for the visitor's position on this page alone (the later entry wins).
      { source: "/perks", headers: [{ key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self), payment=()" }] },
      { source: "/api/:path*", headers: API_POLICY },
      { source: "/api-gateway/:path*", headers: API_POLICY },
    ];
  },
};

export default nextConfig;
