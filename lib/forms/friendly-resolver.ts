import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { friendlyMessage, type FriendlyMessages } from "@/lib/schemas/friendly-messages";

type Node = Record<string, unknown>;

function isLeaf(value: Node): boolean {
  return typeof value.type === "string" && typeof value.message === "string";
}

/** The same errors with each message replaced by its friendly sentence, where the map has one. */
export function friendlyErrors(errors: Node, messages: FriendlyMessages, prefix = ""): Node {
  const result: Node = Array.isArray(errors) ? ([] as unknown as Node) : {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") {
      result[key] = value;
      continue;
    }
    const node = value as Node;
    const path = /^\d+$/.test(key) ? prefix : prefix ? `${prefix}.${key}` : key;
    if (isLeaf(node)) {
      const message = friendlyMessage(messages, path, { code: node.type as string, message: node.message as string });
      result[key] = message ? { ...node, message } : node;
    } else {
      result[key] = friendlyErrors(node, messages, path);
    }
  }
  return result;
}

/** A form resolver (the schema's own) whose errors speak to people; the values are untouched. */
export function withFriendlyMessages<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  messages: FriendlyMessages,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: friendlyErrors(result.errors as Node, messages) as FieldErrors<TValues> };
  };
}
