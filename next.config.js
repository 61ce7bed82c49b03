/** @type {import('next').NextConfig} */
const nextConfig = {
  // Both database drivers load native/WASM assets at run time and must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ioredis"],
  poweredByHeader: false,
};

export default nextConfig;
