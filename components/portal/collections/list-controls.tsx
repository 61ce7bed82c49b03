import { Field } from "@/components/ui/field";
import { SORTS, STATUS_FILTERS, type ManagedSort, type StatusFilter } from "@/lib/schemas/managed-list";

type Props = {
  draft: string;
  maxLength: number;
  onDraft: (value: string) => void;
  onSubmit: () => void;
  status: StatusFilter | null;
  onStatus: (value: StatusFilter | null) => void;
  sort: ManagedSort;
  onSort: (value: ManagedSort) => void;
};

const STATUS_LABELS: Record<StatusFilter, string> = { Upcoming: "Upcoming", Available: "Available", none: "Not set" };
// One height for the search box and the selects: left to themselves, a search input and a select
// of the same padding and font differ by a few pixels in Chromium, and the row's edges no longer meet.
const rowControl = "h-11";
const SORT_LABELS: Record<ManagedSort, string> = { recent: "Last change", title: "Title" };

/** Title filter, release status and sort of My collections. */
export function ListControls({ draft, maxLength, onDraft, onSubmit, status, onStatus, sort, onSort }: Props) {
  return (
    <form role="search" onSubmit={(event) => (event.preventDefault(), onSubmit())} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field id="my-collections-filter" label="Find by title" className="max-w-md flex-1">
        {(control) => (
          <input
            type="search"
            value={draft}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(event) => onDraft(event.target.value)}
            {...control}
            className={`${control.className} ${rowControl}`}
          />
        )}
      </Field>
      <Choice
        id="my-collections-status"
        label="Release status"
        value={status ?? ""}
        values={STATUS_FILTERS}
        labels={STATUS_LABELS}
        all="All"
        onChange={(value) => onStatus((value || null) as StatusFilter | null)}
      />
      <Choice
        id="my-collections-sort"
        label="Sort by"
        value={sort}
        values={SORTS}
        labels={SORT_LABELS}
        onChange={(value) => onSort(value as ManagedSort)}
      />
    </form>
  );
}

type ChoiceProps<V extends string> = {
  id: string;
  label: string;
  value: string;
  values: readonly V[];
  labels: Record<V, string>;
  /** The label of an empty first option that chooses nothing. */
  all?: string;
  onChange: (value: string) => void;
};

function Choice<V extends string>({ id, label, value, values, labels, all, onChange }: ChoiceProps<V>) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...control}
          className={`${control.className} ${rowControl}`}
        >
          {all === undefined ? null : <option value="">{all}</option>}
          {values.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
