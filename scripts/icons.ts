import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "./chromium";

/**
 * `npx tsx scripts/icons.ts`: draws the PNG app icons, favicon.ico and the Open Graph image in
 * public/ from public/icon.svg, with the machine's Chromium (no image tool needed). Run it again
 * after changing the SVG, and commit what it writes.
 */
const PUBLIC = "public";
const svg = fs.readFileSync(path.join(PUBLIC, "icon.svg"), "utf8");
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

const ICONS: [string, number][] = [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
];

const OG_HTML = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  background:linear-gradient(135deg,#eef2ff,#ffffff 60%);font-family:'DejaVu Sans',Arial,sans-serif;color:#0f172a">
  <div style="display:flex;align-items:center;gap:28px"><img src="${svgUrl}" width="112" height="112">
    <span style="font-size:52px;font-weight:700">Utility Data Service</span></div>
  <div style="font-size:64px;font-weight:700;line-height:1.15;max-width:980px">Find the perks NFT collections give their holders</div>
  <div style="font-size:32px;color:#475569">Merch, events, discounts, airdrops and more</div>
</div></body></html>`;

/** An .ico holding PNG images (supported by every current browser), sizes ascending. */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  const drawIcon = async (size: number) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${svgUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    return page.screenshot({ omitBackground: true, type: "png" });
  };
  for (const [name, size] of ICONS) fs.writeFileSync(path.join(PUBLIC, name), await drawIcon(size));
  fs.writeFileSync(
    path.join(PUBLIC, "favicon.ico"),
    ico([
      { size: 16, png: await drawIcon(16) },
      { size: 32, png: await drawIcon(32) },
      { size: 48, png: await drawIcon(48) },
    ]),
  );
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(OG_HTML);
  fs.writeFileSync(path.join(PUBLIC, "og-image.png"), await page.screenshot({ type: "png" }));
} finally {
  await browser.close();
}
console.log("wrote public/{icon-192,icon-512,apple-touch-icon,og-image}.png and public/favicon.ico");
