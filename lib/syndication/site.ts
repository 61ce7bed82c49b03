/** The site's name and summary, as every page's metadata and every feed and calendar give them. */
export const SITE_NAME = "Utility Data Service";
export const SITE_DESCRIPTION = "Find the perks NFT collections give their holders: merch, events, discounts, airdrops and more.";

/** The site-wide link preview (public/og-image.png); a collection page has its own card. */
export const SITE_OPEN_GRAPH: {
  type: "website";
  siteName: string;
  title: string;
  description: string;
  images: { url: string; width: number; height: number; alt: string }[];
} = {
  type: "website",
  siteName: SITE_NAME,
  title: SITE_NAME,
  description: SITE_DESCRIPTION,
  images: [{ url: "/og-image.png", width: 1200, height: 630, alt: `${SITE_NAME}: find the perks NFT collections give their holders` }],
};
