/**
 * A copier of the listed keys that an object defines, in the list's order. Used wherever a record
 * crosses a boundary (input to storage, storage to answer, record to form, form to request) so
 * that a field the schema does not own never passes, and answers list fields in the schema's
 * order whatever order jsonb or the caller used. The result is typed as `T` because its sources
 * were validated against the same schema; a copier checks nothing itself.
 */
export function pickKnown<T extends object>(keys: readonly (keyof T & string)[]): (source: object) => T {
  return (source) => {
    const from = source as Record<string, unknown>;
    const picked: Record<string, unknown> = {};
    for (const key of keys) if (from[key] !== undefined) picked[key] = from[key];
    return picked as T;
  };
}
