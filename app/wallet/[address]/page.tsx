import type { Metadata } from "next";
import { Pagination } from "@/components/browse/pagination";
import { Notices } from "@/components/browse/states";
import { ClaimPerk } from "@/components/holders/claim-perk";
import { HolderSignIn } from "@/components/holders/holder-sign-in";
import { WalletForm } from "@/components/holders/wallet-form";
import { WalletPerkGroups } from "@/components/holders/wallet-perk-groups";
import { resolvePage } from "@/lib/search/resolve-page";
import { lastPageNote, normalizePage, pageNumberNote, rawPageOf } from "@/lib/browse/url-state";
import { ensNamesOf } from "@/lib/holders/ens-names";
import { heldTokenIds } from "@/lib/holders/held-tokens";
import { lookUpWallet } from "@/lib/holders/wallet-lookup";
import { walletPerks } from "@/lib/search/wallet-perks";
import type { WalletPerkDoc } from "@/lib/schemas/wallet-perks";
import { publicPageMetadata } from "@/lib/syndication/page-metadata";

type Props = {
  params: Promise<{ address: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const format = (n: number) => n.toLocaleString("en-US");

/** The path segment as typed: Next.js may hand it over still percent-encoded. */
function typedOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** For a perk that is not one-time: the vault whose delegated tokens the wallet needs, when its own are too few. */
function vaultNeeded({ Eligibility: { Holds, Delegated, TokensRequired } }: WalletPerkDoc): string | undefined {
  const own = Holds - Delegated.reduce((sum, part) => sum + part.Holds, 0);
  return own >= TokensRequired ? undefined : Delegated[0]?.Vault;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const typed = typedOf((await params).address);
  const title = `Perks for ${/^0x[0-9a-fA-F]{40}$/.test(typed) ? short(typed) : typed.slice(0, 60)}`;
  return { title, ...(await publicPageMetadata({ path: `/wallet/${encodeURIComponent(typed)}`, title })) };
}

/**
 * One wallet's perks, read in-process through the same code as the API: grouped by collection,
 * each with the figures and the block they are true at, then the perks it is a few tokens short
 * of. A typed ENS name is resolved first when an Ethereum RPC is configured.
 */
export default async function WalletPage({ params, searchParams }: Props) {
  const typed = typedOf((await params).address);
  // `page` or `pageNum`, read as the other public pages read it: the nearest page, and a note when it was not usable.
  const typedPage = rawPageOf(await searchParams);
  const asked = typedPage ? normalizePage(typedPage) : 1;
  const wallet = await lookUpWallet(typed);
  if ("problem" in wallet) {
    return (
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Perks for a wallet</h1>
        <WalletForm value={typed} error={wallet.problem} />
      </main>
    );
  }
  const { result, page } = await resolvePage(asked, (pageNum) => walletPerks(wallet.address, { pageNum }));
  const base = `/wallet/${encodeURIComponent(typed)}`;
  const pageNote = typedPage ? pageNumberNote(typedPage) : null;
  const notes = page !== asked ? [lastPageNote(result.NumPages)] : pageNote ? [pageNote] : [];
  // The token ids a one-time claim may name, for the collections with a one-time perk on this page.
  const oneTimeCollections = [...new Set(result.Docs.filter((doc) => doc.OneTime).map((doc) => doc.PlatformNFTId))];
  const tokens = await heldTokenIds(wallet.address, oneTimeCollections);
  // The wallet's and its vaults' ENS primary names, where Ethereum has them.
  const vaults = [...result.Docs, ...result.Close].flatMap((doc) => doc.Eligibility.Delegated.map((part) => part.Vault));
  const names = await ensNamesOf([wallet.address, ...vaults]);
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          Perks for {wallet.ensName ?? names.get(wallet.address) ?? short(wallet.checksummed)}
        </h1>
        <p className="font-mono text-sm break-all text-slate-600 dark:text-slate-400" data-testid="wallet-address">
          {wallet.checksummed}
        </p>
      </div>
      <Notices notes={notes} />
      {result.Docs.length > 0 ? <HolderSignIn wallet={wallet.checksummed} /> : null}
      <section aria-labelledby="eligible-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="eligible-title" className="text-lg font-semibold">
            Eligible perks
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {result.NumPages === 0 ? "None yet" : `Page ${format(page)} of ${format(result.NumPages)}`}
          </p>
        </div>
        {result.Docs.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
            <p className="text-lg font-medium">No perks for this wallet yet</p>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              It holds no tokens of a synced collection with perks, or not enough of them. Holdings show here once a collection&apos;s
              contract has been synced.
            </p>
          </div>
        ) : (
          <WalletPerkGroups
            docs={result.Docs}
            label="Eligible perks by collection"
            names={names}
            actionFor={(doc) =>
              doc.Status === "Past" ? null : (
                <ClaimPerk
                  perkId={doc.PlatformPerkId}
                  oneTime={doc.OneTime === true}
                  wallet={wallet.checksummed}
                  tokens={tokens.get(doc.PlatformNFTId) ?? []}
                  vault={vaultNeeded(doc)}
                />
              )
            }
          />
        )}
        <Pagination page={page} numPages={result.NumPages} hrefOf={(target) => (target === 1 ? base : `${base}?page=${target}`)} />
      </section>
      {result.Close.length > 0 ? (
        <section aria-labelledby="close-title" className="flex flex-col gap-4">
          <h2 id="close-title" className="text-lg font-semibold">
            Almost there
          </h2>
          <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">Perks this wallet holds some tokens for, but not yet enough.</p>
          <WalletPerkGroups docs={result.Close} label="Perks a few tokens away, by collection" names={names} />
        </section>
      ) : null}
      <section aria-labelledby="another-title" className="flex flex-col gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <h2 id="another-title" className="text-lg font-semibold">
          Another wallet
        </h2>
        <WalletForm />
      </section>
    </main>
  );
}
