"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useReloadRecord } from "@/lib/portal/client/use-collection-mutations";

type RecordReload = {
  /** Fetches the stored record, replacing this page's copy (and its Version). */
  reload: () => void;
  reloading: boolean;
  /** Why the last reload failed, until the next one starts. */
  error: Error | null;
};

// Outside an editor (a new collection has no Version yet) there is nothing to reload.
const RecordReloadContext = createContext<RecordReload>({ reload: () => undefined, reloading: false, error: null });

export const useRecordReload = () => useContext(RecordReloadContext);

type Props = {
  collectionId: string;
  /** After the fresh record is in the cache: the editor starts its forms again from it. */
  onReloaded: () => void;
  children: ReactNode;
};

/**
 * "Reload latest" for every part of the edit page: a conflict in any form, a failed removal or a
 * failed perk load all lead to the same reload, and all show that it is running.
 */
export function RecordReloadProvider({ collectionId, onReloaded, children }: Props) {
  const reloadRecord = useReloadRecord(collectionId);
  const [reloading, setReloading] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  const reload = async () => {
    if (reloading) return;
    setReloading(true);
    setError(null);
    try {
      await reloadRecord();
      onReloaded();
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setReloading(false);
    }
  };

  return <RecordReloadContext.Provider value={{ reload: () => void reload(), reloading, error }}>{children}</RecordReloadContext.Provider>;
}
