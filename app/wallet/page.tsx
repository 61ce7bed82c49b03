import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConnectWallet } from "@/components/holders/connect-wallet";
import { WalletForm } from "@/components/holders/wallet-form";
import { publicPageMetadata } from "@/lib/syndication/page-metadata";

const TITLE_AND_DESCRIPTION = {
  title: "Perks for your wallet",
  description: "Type or paste a wallet address or ENS name to see the perks its NFTs unlock across every synced collection.",
};

export async function generateMetadata(): Promise<Metadata> {
  return { ...TITLE_AND_DESCRIPTION, ...(await publicPageMetadata({ path: "/wallet" })) };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The wallet lookup: the form's answer (`?address=`) goes on to that wallet's page, where it is read and checked. */
export default async function WalletLookupPage({ searchParams }: Props) {
  const raw = (await searchParams).address;
  const typed = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (typed) redirect(`/wallet/${encodeURIComponent(typed)}`);
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">What do my NFTs unlock?</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          The perks a wallet is eligible for across every collection synced from its chain: events, merch, discounts and more. Nothing to
          sign: holdings are public, and read from the service&apos;s index of each contract. Type an address, or let your browser wallet
          tell it.
        </p>
      </div>
      <WalletForm />
      <ConnectWallet />
    </main>
  );
}
