import { ensurePasswordAccount } from "@/lib/auth/demo-account";
import { closeDb } from "@/lib/db/client";

/** `tsx bench/password-account.ts <email> <password>`: a confirmed portal account, for benches that sign in. */
const [email, password] = process.argv.slice(2);
if (!email || !password) throw new Error("usage: bench/password-account.ts <email> <password>");
await ensurePasswordAccount(email, password);
await closeDb();
