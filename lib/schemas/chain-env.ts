import { z } from "zod";
import { CHAINS } from "./chains";

/** Comma-separated JSON-RPC URLs, tried in order; each must be http(s):// or ws(s)://. */
const rpcList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .refine((urls) => urls.every((url) => URL.canParse(url) && /^(https?|wss?):$/.test(new URL(url).protocol)), {
    error: "must be comma-separated http(s):// or ws(s):// URLs",
  });

const startBlock = z.coerce.number({ error: "must be a block number" }).int().min(0, { error: "must be a block number" });

/** The parsed chain variables, by the names the table gives them. */
export type ChainEnv = { [name: `CHAIN_RPC_${string}`]: string[] | undefined } & {
  [name: `CHAIN_START_BLOCK_${string}`]: number | undefined;
};

/** One `CHAIN_RPC_<LABEL>` and one `CHAIN_START_BLOCK_<LABEL>` per chain of the table, both optional. */
export const chainEnvShape = Object.fromEntries(
  CHAINS.flatMap((chain) => [
    [`CHAIN_RPC_${chain.envName}`, rpcList.optional()],
    [`CHAIN_START_BLOCK_${chain.envName}`, startBlock.optional()],
  ]),
) as Record<string, z.ZodOptional<typeof rpcList> | z.ZodOptional<typeof startBlock>>;
