import { buttonClass } from "@/components/ui/button";
import { controlClass, describe } from "@/components/ui/field";

type Props = { value?: string; error?: string };

/**
 * A wallet to look up, typed or pasted: a plain GET form to /wallet, which goes on to the wallet's
 * page, so it works before (or without) any script.
 */
export function WalletForm({ value = "", error }: Props) {
  const id = "wallet-lookup";
  const hint = "A 0x address, or an ENS name like name.eth.";
  return (
    <form action="/wallet" method="get" role="search" aria-label="Look up a wallet" className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Wallet address or ENS name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          {...describe(id, error, hint)}
          name="address"
          type="text"
          defaultValue={value}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="0x… or name.eth"
          className={`${controlClass("md")} font-mono`}
        />
        <button type="submit" className={buttonClass({ tone: "indigo", size: "md", className: "shrink-0" })}>
          Show perks
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
