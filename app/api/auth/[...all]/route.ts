import { getAuth } from "@/lib/auth/portal-auth";

// better-auth answers sign-up, sign-in, sign-out and session reads under /api/auth/*.
async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(request);
}

export const GET = handle;
export const POST = handle;
