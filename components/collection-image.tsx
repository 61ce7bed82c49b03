"use client";

import { useCallback, useState } from "react";
import { hueOf, initials, safeHref } from "@/lib/browse/links";

type Props = { src: string | null | undefined; title: string; size: number; className?: string };

/**
 * A collection's picture at a fixed size (no layout shift), loaded lazily. When there is no image,
 * or it fails to load, the title's initials on a colour of its own stand in.
 */
export function CollectionImage({ src, title, size, className = "" }: Props) {
  const href = safeHref(src);
  const [failed, setFailed] = useState(false);
  // An image that failed before React hydrated fired its error event unheard; catch it here.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  const hue = hueOf(title);
  return (
    <div
      className={`@container relative overflow-hidden ${className}`}
      style={{ aspectRatio: "1 / 1", background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 50) % 360} 70% 30%))` }}
    >
      <span aria-hidden="true" className="collection-initials">
        {initials(title)}
      </span>
      {href && !failed ? (
        // Partner images come from any host: a plain <img> avoids running the image optimizer as
        // an open proxy (see docs/decisions/020-plain-img-for-partner-images.md).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          ref={checkLoaded}
          src={href}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="relative size-full object-cover"
        />
      ) : null}
    </div>
  );
}
