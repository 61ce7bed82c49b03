import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { WalletPerkGroups } from "@/components/holders/wallet-perk-groups";
import type { WalletPerkDoc } from "@/lib/schemas/wallet-perks";
import { validPerk } from "../support/api";

/* The wallet page's perk list names each vault a perk's tokens are delegated from: its ENS name beside the short address when it has one. */

const NAMED = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const UNNAMED = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const doc = {
  ...validPerk({ ShortDescription: "Backstage pass" }),
  PlatformNFTId: "c1",
  PlatformPerkId: "p1",
  CollectionTitle: "Otters",
  Eligibility: {
    Eligible: true,
    Holds: 3,
    TokensRequired: 1,
    Block: 12,
    Delegated: [
      { Vault: NAMED, Holds: 2, Block: 12 },
      { Vault: UNNAMED, Holds: 1, Block: 12 },
    ],
  },
} as WalletPerkDoc;

const delegatedLines = (markup: string) =>
  [...markup.matchAll(/data-testid="delegated-from">(.*?)<\/p>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));

it("names a vault by its ENS name and short address, and one without a name by its short address", () => {
  const markup = renderToStaticMarkup(
    createElement(WalletPerkGroups, { docs: [doc], label: "Eligible", names: new Map([[NAMED.toLowerCase(), "vault.eth"]]) }),
  );
  expect(delegatedLines(markup)).toEqual(["via vault.eth (0x7099…79C8) (delegated)", "via 0x3C44…93BC (delegated)"]);
});

it("shows short addresses alone when no names were read", () => {
  const markup = renderToStaticMarkup(createElement(WalletPerkGroups, { docs: [doc], label: "Eligible" }));
  expect(delegatedLines(markup)).toEqual(["via 0x7099…79C8 (delegated)", "via 0x3C44…93BC (delegated)"]);
});
