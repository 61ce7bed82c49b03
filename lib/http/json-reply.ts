/** A handler's answer that needs headers of its own besides the wrapper's (e.g. Idempotent-Replayed). */
export class JsonReply {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
  ) {}
}
