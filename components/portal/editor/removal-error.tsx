import { Alert } from "@/components/ui/alert";
import { failureText } from "@/lib/portal/client/once-only-write";
import { isConflict } from "@/lib/portal/client/use-collection-mutations";

type Props = {
  error: Error | null;
  /** Past participle of what did not happen: "removed", "deleted". */
  outcome: string;
  onReload: () => void;
};

/**
 * Why a removal in a dialog failed: someone else's change (with Reload latest, since retrying with
 * the old Version would only fail again) or any other failure in words, with a retry.
 */
export function RemovalError({ error, outcome, onReload }: Props) {
  if (!error) return null;
  const failed = `Not ${outcome}`;
  return (
    <Alert look="inline" className="mt-3">
      {isConflict(error) ? (
        <>
          This collection was changed by someone else; nothing was {outcome}.{" "}
          <button type="button" onClick={onReload} className="font-medium underline">
            Reload latest
          </button>
        </>
      ) : (
        <>
          {failed}: {failureText(error)}. Try again.
        </>
      )}
    </Alert>
  );
}
