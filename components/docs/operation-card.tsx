import type { ApiDocument } from "@/lib/openapi/document";
import { CopyValue } from "@/components/collection/copy-value";
import { Table, type Column } from "@/components/ui/table";
import { InlineText } from "./inline-text";
import { describeSchema, fieldsOf } from "./schema-summary";

type Schema = Record<string, unknown>;
type Parameter = NonNullable<Operation["parameters"]>[number];
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema?: Schema; examples?: Record<string, { summary?: string; value: unknown }> }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Schema; example?: unknown }>; headers?: Record<string, unknown> }
  >;
  security?: unknown[];
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  post: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  delete: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0} className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** One route of the API: a curl example, parameters, request body with examples, and every answer. */
export function OperationCard({
  method,
  route,
  operation,
  components,
  curl,
}: {
  method: string;
  route: string;
  operation: Operation;
  components: Record<string, Schema>;
  curl: string;
}) {
  const id = operation.operationId ?? `${method}-${route}`;
  const body = operation.requestBody?.content["application/json"];
  return (
    <section
      id={id}
      data-doc-entry
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        <code className="break-all">{route}</code>
      </h3>
      {operation.summary ? <p className="mt-1 font-medium">{operation.summary}</p> : null}
      {operation.description ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          <InlineText text={operation.description} />
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {operation.security?.length === 0 ? "No key needed." : "Needs Authorization: Bearer <key>."}
      </p>

      <div className="mt-3">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-medium">Try it</h4>
          <CopyValue value={curl} label={`curl command for ${method.toUpperCase()} ${route}`} />
        </div>
        <pre
          aria-label={`curl command for ${method.toUpperCase()} ${route}`}
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
        >
          {curl}
        </pre>
      </div>

      {operation.parameters?.length ? (
        <Table
          caption="Parameters"
          showCaption
          columns={parameterColumns(components)}
          rows={operation.parameters}
          rowKey={(parameter) => `${parameter.in}-${parameter.name}`}
          empty={null}
          frame="plain"
          density="tight"
          className="mt-4"
        />
      ) : null}

      {body ? (
        <div className="mt-4">
          <h4 className="font-medium">Request body</h4>
          <FieldTable schema={body.schema} components={components} label="Request body fields" />
          {Object.entries(body.examples ?? {}).map(([name, example]) => (
            <details key={name} className="mt-2">
              <summary className="cursor-pointer text-sm">Example: {example.summary ?? name}</summary>
              <Json value={example.value} label={`Request example: ${example.summary ?? name}`} />
            </details>
          ))}
        </div>
      ) : null}

      <h4 className="mt-4 font-medium">Answers</h4>
      <ul className="mt-1 space-y-2">
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <details>
              <summary className="cursor-pointer text-sm">
                <strong>{status}</strong> <InlineText text={response.description} />
              </summary>
              {response.content?.["application/json"]?.example !== undefined ? (
                <Json value={response.content["application/json"].example} label={`${status} example`} />
              ) : null}
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Field = ReturnType<typeof fieldsOf>[number];

const FIELD_COLUMNS: Column<Field>[] = [
  {
    header: "Field",
    cell: (field) => (
      <>
        <code>{field.name}</code>
        {field.required ? " (required)" : ""}
      </>
    ),
  },
  {
    header: "Type",
    className: "break-all",
    cell: (field) => (
      <>
        {field.type}
        {field.description ? (
          <span className="block text-slate-600 dark:text-slate-400">
            <InlineText text={field.description} />
          </span>
        ) : null}
      </>
    ),
  },
];

const parameterColumns = (components: Record<string, Schema>): Column<Parameter>[] => [
  {
    header: "Name",
    cell: (parameter) => (
      <>
        <code>{parameter.name}</code>
        {parameter.required ? " (required)" : ""}
      </>
    ),
  },
  { header: "In", cell: (parameter) => parameter.in },
  { header: "Type", className: "break-all", cell: (parameter) => describeSchema(parameter.schema, components) },
];

export function FieldTable({ schema, components, label }: { schema?: Schema; components: Record<string, Schema>; label: string }) {
  return (
    <Table
      caption={label}
      columns={FIELD_COLUMNS}
      rows={fieldsOf(schema, components)}
      rowKey={(field) => field.name}
      empty={null}
      frame="plain"
      density="tight"
      className="mt-2"
    />
  );
}

export type { Operation };
export type DocumentPaths = NonNullable<ApiDocument["paths"]>;
