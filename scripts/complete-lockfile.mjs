// Adds lockfile entries for optional platform-specific packages (native binaries for other
// operating systems and CPUs) that the registry in use could not describe. A lockfile written
// against the full npm registry holds such entries; without them `npm ci` refuses the lockfile
// as out of sync. Each entry carries the os/cpu/libc read from the package's name, so npm skips
// it on every other platform without fetching it. Run after `npm install`: node scripts/complete-lockfile.mjs
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = OS.find((candidate) => parts.includes(candidate));
  const cpu = CPU.find((candidate) => parts.includes(candidate) || (candidate === "arm" && parts.includes("armv7")));
  const libc = parts.some((part) => part.startsWith("musl")) ? "musl" : parts.some((part) => part.startsWith("gnu")) ? "glibc" : undefined;
  if (name.includes("wasm32") || name.includes("wasi")) return { cpu: ["wasm32"] };
  if (!os && !cpu) return null;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its parent first, then at the top level.
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
