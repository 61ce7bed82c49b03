"use client";

import { useWatch } from "react-hook-form";
import { CollectionImage } from "@/components/collection-image";
import type { CollectionFormValues } from "@/lib/portal/collection-form";

/** The collection's picture as visitors will see it, updated while the image URL is typed. */
export function ImagePreview() {
  const [src, title] = useWatch<CollectionFormValues, ["ImagePic", "Title"]>({ name: ["ImagePic", "Title"] });
  return (
    <figure className="flex flex-col items-start gap-2">
      {/* Remounted per URL, so a new address gets a fresh try after an old one failed. */}
      <CollectionImage key={src ?? ""} src={src} title={title || "?"} size={160} className="w-40 rounded-2xl shadow-sm" />
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">Image preview</figcaption>
    </figure>
  );
}
