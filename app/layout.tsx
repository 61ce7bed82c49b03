import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { SiteHeader } from "@/components/site-header";
import { env } from "@/lib/env";
import "./globals.css";

const DESCRIPTION = "Find the perks NFT collections give their holders: merch, events, discounts, airdrops and more.";

// The files are in public/ (drawn by scripts/icons.ts). Link previews need absolute URLs: the
// site's public address is BETTER_AUTH_URL when set, else Next.js uses localhost.
export const metadata: Metadata = {
  metadataBase: env().BETTER_AUTH_URL ? new URL(env().BETTER_AUTH_URL!) : undefined,
  title: { default: "Utility Data Service", template: "%s · Utility Data Service" },
  description: DESCRIPTION,
  applicationName: "Utility Data Service",
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: { url: "/apple-touch-icon.png", sizes: "180x180" },
  },
  openGraph: {
    type: "website",
    siteName: "Utility Data Service",
    title: "Utility Data Service",
    description: DESCRIPTION,
    images: [
      { url: "/og-image.png", width: 1200, height: 630, alt: "Utility Data Service: find the perks NFT collections give their holders" },
    ],
  },
  twitter: { card: "summary_large_image", images: ["/og-image.png"] },
};

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts must carry that request's CSP nonce (proxy.ts),
  // which a page prerendered at build time could not.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <Providers>
          <SiteHeader />
          {children}
        </Providers>
      </body>
    </html>
  );
}
