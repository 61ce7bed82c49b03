import type { ReleaseStatus } from "./collection";

/** A row of the portal's "My collections" list. */
export type ManagedCollection = {
  id: string;
  title: string;
  chain: string;
  releaseStatus: ReleaseStatus | null;
  imagePic: string | null;
  perkCount: number;
  lastmodified: number;
  version: number;
};
